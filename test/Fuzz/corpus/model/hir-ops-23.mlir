// Sliding-window attention with every optional attribute present.
func.func @attention_sliding_window_all_attrs(%q: tensor<1x8x16xf32>, %k: tensor<1x8x8xf32>, %v: tensor<1x8x8xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 kv_heads = 1 head_dim = 8 window = 4 scale = 0.125 softcap = 50.0 : (tensor<1x8x16xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}
