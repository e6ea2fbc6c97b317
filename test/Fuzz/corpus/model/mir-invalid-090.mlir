//===----------------------------------------------------------------------===//
// mir.rms_norm
//===----------------------------------------------------------------------===//

// mir.rms_norm C1: input and result types differ.
func.func @rms_norm_c1(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf16> {
  %0 = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}
