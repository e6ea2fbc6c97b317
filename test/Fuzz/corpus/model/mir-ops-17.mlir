// RMS norm, with a dynamic last dim.
func.func @rms_norm(%x: tensor<2x?xbf16>, %g: tensor<?xbf16>) -> tensor<2x?xbf16> {
  %0 = mir.rms_norm %x, %g eps = 1.000000e-06 : (tensor<2x?xbf16>, tensor<?xbf16>) -> tensor<2x?xbf16>
  return %0 : tensor<2x?xbf16>
}
