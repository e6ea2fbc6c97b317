// Rope with a dynamic batch and sequence length.
func.func @rope_dynamic(%x: tensor<?x?x16xbf16>, %pos: tensor<?xi64>) -> tensor<?x?x16xbf16> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 : (tensor<?x?x16xbf16>, tensor<?xi64>) -> tensor<?x?x16xbf16>
  return %r : tensor<?x?x16xbf16>
}
