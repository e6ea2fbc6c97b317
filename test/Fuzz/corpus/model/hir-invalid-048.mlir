// hir.attention C5: sliding_window without a window
func.func @attention_sliding_window_without_window(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention sliding_window %q, %q, %q heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
