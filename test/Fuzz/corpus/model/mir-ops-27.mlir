// Conv2d with a dynamic filter window on a static input, and grouped with dynamic output channels.
func.func @conv2d_dynamic_filter(%x: tensor<1x6x8x8xf32>, %w: tensor<4x6x?x?xf32>, %v: tensor<?x2x3x3xf32>) -> (tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>) {
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x6x8x8xf32>, tensor<4x6x?x?xf32>) -> tensor<1x4x?x?xf32>
  %1 = mir.conv2d %x, %v strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 3 : (tensor<1x6x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x?x6x6xf32>
  return %0, %1 : tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>
}
