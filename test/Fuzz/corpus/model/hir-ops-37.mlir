// Residual layer norm without beta.
func.func @residual_norm_layer_no_beta(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = hir.residual_norm layer %x, %r, %g eps = 0.25 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %s, %n : tensor<4x8xf32>, tensor<4x8xf32>
}
