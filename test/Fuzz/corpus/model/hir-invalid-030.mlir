// hir.attention C2: heads * head_dim overflows int64 (it would wrap to 0)
func.func @attention_features_overflow(%q: tensor<1x8x0xf32>) -> tensor<1x8x0xf32> {
  %0 = hir.attention none %q, %q, %q heads = 4611686018427387904 head_dim = 4 : (tensor<1x8x0xf32>, tensor<1x8x0xf32>, tensor<1x8x0xf32>) -> tensor<1x8x0xf32>
  return %0 : tensor<1x8x0xf32>
}
