// Sliding-window attention with only the window.
func.func @attention_sliding_window(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 8 window = 1 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}
