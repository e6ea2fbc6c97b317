// Residual RMS norm with dynamic dims.
func.func @residual_norm_rms(%x: tensor<?x?x8xf32>, %r: tensor<?x?x8xf32>, %g: tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x8xf32>) {
  %n, %s = hir.residual_norm rms %x, %r, %g eps = 1.0e-06 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x8xf32>)
  return %n, %s : tensor<?x?x8xf32>, tensor<?x?x8xf32>
}
