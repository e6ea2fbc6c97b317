// Softmax in generic form without `axis` takes the default -1.
func.func @softmax_generic_default_axis(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %y = "hir.softmax"(%x) : (tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  return %y : tensor<?x?x?xf16>
}
