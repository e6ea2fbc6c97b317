// mir.residual_norm C2: beta has rank 2.
func.func @residual_norm_c2_beta(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %be: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %n, %s = mir.residual_norm layer %x, %x gamma(%g) beta(%be) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}
