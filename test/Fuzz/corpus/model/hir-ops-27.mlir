// Custom (i1) mask of the full scores shape [B, heads, S, T].
func.func @attention_custom_mask(%q: tensor<1x8x16xf32>, %k: tensor<1x4x16xf32>, %v: tensor<1x4x16xf32>, %m: tensor<1x2x8x4xi1>) -> tensor<1x8x16xf32> {
  %o = hir.attention custom %q, %k, %v mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1x2x8x4xi1>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}
