// Grouped-query attention (kv_heads < heads) with S = 1 against T = 128.
func.func @attention_gqa(%q: tensor<2x1x256xf16>, %k: tensor<2x128x64xf16>, %v: tensor<2x128x64xf16>) -> tensor<2x1x256xf16> {
  %o = hir.attention causal %q, %k, %v heads = 8 kv_heads = 2 head_dim = 32 : (tensor<2x1x256xf16>, tensor<2x128x64xf16>, tensor<2x128x64xf16>) -> tensor<2x1x256xf16>
  return %o : tensor<2x1x256xf16>
}
