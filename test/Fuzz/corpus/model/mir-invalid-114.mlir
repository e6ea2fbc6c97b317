// mir.slice C3: a strided window outside the input dim.
func.func @slice_c3_strided(%x: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %0 = mir.slice %x offsets = [1, 0] sizes = [2, 8] strides = [3, 1] : tensor<4x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
