// Binary on integers and on dynamic dims (? against n gives n, ? against ? gives ?).
func.func @binary_dynamic(%a: tensor<?x8xi32>, %b: tensor<4x8xi32>, %c: tensor<?xi64>, %d: tensor<?xi64>) -> (tensor<4x8xi32>, tensor<?xi64>) {
  %0 = mir.binary max %a, %b : (tensor<?x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
  %1 = mir.binary add %c, %d : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  return %0, %1 : tensor<4x8xi32>, tensor<?xi64>
}
