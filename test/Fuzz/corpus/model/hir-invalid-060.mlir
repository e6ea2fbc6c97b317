// hir.layer_norm C2: gamma of rank 2
func.func @layer_norm_gamma_rank2(%x: tensor<4x8xf32>, %g: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %0 = hir.layer_norm %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
