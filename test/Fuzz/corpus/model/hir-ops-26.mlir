// Attention with softcap but no scale.
func.func @attention_softcap(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 8 softcap = 30.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}
