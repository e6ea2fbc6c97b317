// hir.attention C3: kv_heads greater than heads
func.func @attention_kv_heads_above_heads(%q: tensor<1x8x16xf32>, %kv: tensor<1x8x32xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention none %q, %kv, %kv heads = 2 kv_heads = 4 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x32xf32>, tensor<1x8x32xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
