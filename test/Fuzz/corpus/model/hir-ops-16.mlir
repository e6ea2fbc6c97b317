// Plain 2-D matmul.
func.func @matmul_2d(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %c = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %c : tensor<16x8xf32>
}
