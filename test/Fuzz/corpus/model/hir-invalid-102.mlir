// hir.rope C2: rotary_dim = 0
func.func @rope_zero_rotary_dim(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 rotary_dim = 0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
