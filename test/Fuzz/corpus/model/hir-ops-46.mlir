// An explicit default theta is elided when printed.
func.func @rope_default_theta_elided(%x: tensor<1x8x16xf32>, %pos: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 theta = 10000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %r : tensor<1x8x16xf32>
}
