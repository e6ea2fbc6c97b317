// hir.linear C1: a rank-0 input has no last dim
func.func @linear_scalar_input(%x: tensor<f32>, %w: tensor<16x4xf32>) -> tensor<4xf32> {
  %0 = hir.linear %x, %w : (tensor<f32>, tensor<16x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
