// Binary broadcasting: trailing vector, size-1 dims on both sides, rank 0.
func.func @binary_broadcast(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x1xf32>, %d: tensor<1x8xf32>, %s: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = mir.binary mul %c, %d : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %2 = mir.binary sub %s, %x : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
