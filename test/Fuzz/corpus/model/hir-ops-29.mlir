// Additive-bias mask in q's element type, with dynamic dims and scale.
func.func @attention_additive_bias(%q: tensor<?x?x16xbf16>, %kv: tensor<?x?x16xbf16>, %m: tensor<?x?xbf16>) -> tensor<?x?x16xbf16> {
  %o = hir.attention additive_bias %q, %kv, %kv mask(%m) heads = 2 head_dim = 8 scale = 0.5 : (tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?xbf16>) -> tensor<?x?x16xbf16>
  return %o : tensor<?x?x16xbf16>
}
