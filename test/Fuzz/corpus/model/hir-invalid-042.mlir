// hir.attention C4: custom mask that is not i1
func.func @attention_custom_mask_dtype(%q: tensor<1x8x16xf32>, %m: tensor<8x8xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention custom %q, %q, %q mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<8x8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
