// Linear with a bias and an activation.
func.func @linear_bias_act(%x: tensor<64x784xf32>, %w: tensor<784x512xf32>, %b: tensor<512xf32>) -> tensor<64x512xf32> {
  %y = hir.linear %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  return %y : tensor<64x512xf32>
}
