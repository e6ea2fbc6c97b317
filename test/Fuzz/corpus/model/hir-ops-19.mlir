// Integer matmuls (i8 and i32 are numeric).
func.func @matmul_integer(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x3xi32>, %d: tensor<3x4xi32>) -> (tensor<2x4xi8>, tensor<2x4xi32>) {
  %x = hir.matmul %a, %b : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi8>
  %y = hir.matmul %c, %d : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return %x, %y : tensor<2x4xi8>, tensor<2x4xi32>
}
