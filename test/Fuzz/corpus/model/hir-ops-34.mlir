// RMS norm on a dynamic rank-3 bf16 input.
func.func @rms_norm_dynamic(%x: tensor<?x?x?xbf16>, %g: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %y = hir.rms_norm %x, %g eps = 0.0625 : (tensor<?x?x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}
