// mir.reduce C2: with keep_dim the reduced dim must be 1.
func.func @reduce_c2_keep_dim(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
