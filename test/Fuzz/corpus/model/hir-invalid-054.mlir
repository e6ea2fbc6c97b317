// hir.attention C6: softcap = 0
func.func @attention_zero_softcap(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention causal %q, %q, %q heads = 2 head_dim = 8 softcap = 0.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
