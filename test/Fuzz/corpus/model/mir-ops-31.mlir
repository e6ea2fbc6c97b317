// Residual norm: layer with bias and beta, layer bare, rms with bias.
func.func @residual_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n0, %s0 = mir.residual_norm layer %x, %r bias(%b) gamma(%g) beta(%be) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n1, %s1 = mir.residual_norm layer %s0, %r gamma(%g) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n2, %s2 = mir.residual_norm rms %s1, %r bias(%b) gamma(%g) eps = 1.000000e-06 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n3, %s3 = mir.residual_norm layer %s2, %r gamma(%g) beta(%be) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n0, %n3 : tensor<4x8xf32>, tensor<4x8xf32>
}
