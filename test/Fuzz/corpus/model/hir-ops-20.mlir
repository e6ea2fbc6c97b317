// Attention with mask kind `none` and only the required attributes.
func.func @attention_none(%q: tensor<1x128x256xf32>, %k: tensor<1x128x256xf32>, %v: tensor<1x128x256xf32>) -> tensor<1x128x256xf32> {
  %o = hir.attention none %q, %k, %v heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<1x128x256xf32>, tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
  return %o : tensor<1x128x256xf32>
}
