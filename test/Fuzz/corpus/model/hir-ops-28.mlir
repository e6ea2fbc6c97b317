// Custom mask of lower rank that broadcasts ([S, T] and [B, 1, 1, T]).
func.func @attention_custom_mask_broadcast(%q: tensor<2x8x16xf32>, %kv: tensor<2x4x16xf32>, %m2: tensor<8x4xi1>, %m4: tensor<2x1x1x4xi1>) -> tensor<2x8x16xf32> {
  %a = hir.attention custom %q, %kv, %kv mask(%m2) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<8x4xi1>) -> tensor<2x8x16xf32>
  %b = hir.attention custom %a, %kv, %kv mask(%m4) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<2x1x1x4xi1>) -> tensor<2x8x16xf32>
  return %b : tensor<2x8x16xf32>
}
