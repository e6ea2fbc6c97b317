// Partial rope (rotary_dim) with a custom theta and i32 positions.
func.func @rope_rotary_dim_theta(%x: tensor<1x8x16xf32>, %pos: tensor<8xi32>) -> tensor<1x8x16xf32> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 rotary_dim = 4 theta = 500000.0 : (tensor<1x8x16xf32>, tensor<8xi32>) -> tensor<1x8x16xf32>
  return %r : tensor<1x8x16xf32>
}
