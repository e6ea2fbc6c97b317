// hir.layer_norm C3: eps = 0
func.func @layer_norm_zero_eps(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = hir.layer_norm %x, %g eps = 0.0 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
