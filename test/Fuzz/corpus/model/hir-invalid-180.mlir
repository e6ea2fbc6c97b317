// hir.attention C5: a negative window (I64Attr getters are unsigned; the
// verifier must compare the signed value)
func.func @attention_window_negative(%q: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.attention sliding_window %q, %q, %q heads = 2 head_dim = 8 window = -3 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
