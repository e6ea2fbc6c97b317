// hir.attention C1: k and v of rank 4
func.func @attention_kv_rank4(%q: tensor<1x8x16xf32>, %kv: tensor<1x2x8x8xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention none %q, %kv, %kv heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
