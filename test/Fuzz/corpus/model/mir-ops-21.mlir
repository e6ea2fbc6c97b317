// Slices: a window, a strided slice, an empty slice and a dynamic input dim.
func.func @slice(%x: tensor<4x8xf32>, %d: tensor<?x8xi32>) -> (tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>) {
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  %1 = mir.slice %x offsets = [1, 0] sizes = [2, 4] strides = [2, 2] : tensor<4x8xf32> -> tensor<2x4xf32>
  %2 = mir.slice %x offsets = [4, 0] sizes = [0, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<0x8xf32>
  %3 = mir.slice %d offsets = [100, 0] sizes = [2, 8] strides = [3, 1] : tensor<?x8xi32> -> tensor<2x8xi32>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>
}
