// Causal attention with dynamic batch and sequence lengths (S != T).
func.func @attention_causal_dynamic(%q: tensor<?x?x256xf32>, %k: tensor<?x?x256xf32>, %v: tensor<?x?x256xf32>) -> tensor<?x?x256xf32> {
  %o = hir.attention causal %q, %k, %v heads = 4 head_dim = 64 : (tensor<?x?x256xf32>, tensor<?x?x256xf32>, tensor<?x?x256xf32>) -> tensor<?x?x256xf32>
  return %o : tensor<?x?x256xf32>
}
