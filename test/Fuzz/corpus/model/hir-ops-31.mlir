// Layer norm without beta, dynamic leading dims.
func.func @layer_norm_no_beta(%x: tensor<?x?x8xf16>, %g: tensor<8xf16>) -> tensor<?x?x8xf16> {
  %y = hir.layer_norm %x, %g eps = 0.125 : (tensor<?x?x8xf16>, tensor<8xf16>) -> tensor<?x?x8xf16>
  return %y : tensor<?x?x8xf16>
}
