// Linear on a rank-3 input with dynamic dims (the mlp example's shape), in bf16.
func.func @linear_dynamic(%x: tensor<?x?x784xbf16>, %w: tensor<784x?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %y = hir.linear %x, %w, %b act = silu : (tensor<?x?x784xbf16>, tensor<784x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}
