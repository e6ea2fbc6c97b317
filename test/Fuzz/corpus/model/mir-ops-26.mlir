// Conv2d with dynamic batch, spatial and filter dims.
func.func @conv2d_dynamic(%x: tensor<?x3x?x8xf32>, %w: tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32> {
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<?x3x?x8xf32>, tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32>
  return %0 : tensor<?x4x?x6xf32>
}
