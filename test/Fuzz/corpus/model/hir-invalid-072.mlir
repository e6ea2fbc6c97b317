// hir.rms_norm C2: gamma of another element type
func.func @rms_norm_gamma_dtype(%x: tensor<4x8xbf16>, %g: tensor<8xf32>) -> tensor<4x8xbf16> {
  %0 = hir.rms_norm %x, %g eps = 0.5 : (tensor<4x8xbf16>, tensor<8xf32>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}
