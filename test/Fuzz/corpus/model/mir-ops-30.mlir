// Fused matmul: no bias and default act, bias with every activation.
func.func @fused_matmul(%x: tensor<64x784xf32>, %w: tensor<784x512xf32>, %b: tensor<512xf32>) -> tensor<64x512xf32> {
  %0 = mir.fused_matmul %x, %w : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
  %1 = mir.fused_matmul %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %2 = mir.fused_matmul %x, %w, %b act = gelu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %3 = mir.fused_matmul %x, %w, %b act = gelu_tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %4 = mir.fused_matmul %x, %w act = silu : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
  %5 = mir.fused_matmul %x, %w, %b act = sigmoid : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %6 = mir.fused_matmul %x, %w, %b act = tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %7 = mir.fused_matmul %x, %w, %b act = none : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  return %7 : tensor<64x512xf32>
}
