// Residual layer norm with beta; both results are used.
func.func @residual_norm_layer_beta(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = hir.residual_norm layer %x, %r, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
