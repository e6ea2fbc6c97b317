// hir.residual_norm C4: eps = 0
func.func @residual_norm_zero_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n, %s = hir.residual_norm layer %x, %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}
