// Attention with scale but no softcap.
func.func @attention_scale(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention none %q, %k, %v heads = 2 head_dim = 8 scale = 0.25 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}
