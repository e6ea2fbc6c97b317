// hir.rope C4: negative theta
func.func @rope_negative_theta(%x: tensor<1x8x16xf32>, %p: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 theta = -10000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
