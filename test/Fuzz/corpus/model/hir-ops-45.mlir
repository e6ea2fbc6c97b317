// Rope with rotary_dim only (the smallest, 2) and with theta only.
func.func @rope_one_optional(%x: tensor<1x8x16xf32>, %pos: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %a = hir.rope %x, %pos heads = 2 head_dim = 8 rotary_dim = 2 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  %b = hir.rope %a, %pos heads = 2 head_dim = 8 theta = 1000000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %b : tensor<1x8x16xf32>
}
