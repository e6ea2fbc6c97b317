// Binary on integer tensors (every kind but pow is allowed).
func.func @binary_integer(%a: tensor<4xi32>, %b: tensor<i32>, %c: tensor<2x2xi8>) -> (tensor<4xi32>, tensor<2x2xi8>) {
  %x = hir.binary max %a, %b : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %y = hir.binary div %c, %c : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
  return %x, %y : tensor<4xi32>, tensor<2x2xi8>
}
