// Rope with the defaults (rotary_dim = head_dim, theta = 10000).
func.func @rope(%x: tensor<1x128x256xf32>, %pos: tensor<128xi64>) -> tensor<1x128x256xf32> {
  %r = hir.rope %x, %pos heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<128xi64>) -> tensor<1x128x256xf32>
  return %r : tensor<1x128x256xf32>
}
