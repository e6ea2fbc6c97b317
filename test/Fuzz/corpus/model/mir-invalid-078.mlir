//===----------------------------------------------------------------------===//
// mir.layer_norm
//===----------------------------------------------------------------------===//

// mir.layer_norm C1: input and result types differ.
func.func @layer_norm_c1(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x4xf32> {
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
