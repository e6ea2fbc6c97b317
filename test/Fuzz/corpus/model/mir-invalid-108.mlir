// mir.slice C1: sizes has the wrong length.
func.func @slice_c1_sizes(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3, 1] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
