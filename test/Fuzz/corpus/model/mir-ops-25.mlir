// Conv2d with bias and padding, and grouped, strided, dilated without bias.
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %y: tensor<2x4x9x9xf16>, %v: tensor<6x2x3x3xf16>) -> (tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>) {
  %0 = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %1 = mir.conv2d %y, %v strides = [2, 3] padding = [0, 0, 0, 0] dilations = [2, 1] groups = 2 : (tensor<2x4x9x9xf16>, tensor<6x2x3x3xf16>) -> tensor<2x6x3x3xf16>
  return %0, %1 : tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>
}
