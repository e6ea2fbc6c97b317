// hir.residual_norm C1: sum result of another shape than the input (a `?`
// dim would be compatible, see ops.mlir)
func.func @residual_norm_sum_type(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x9xf32> {
  %n, %s = hir.residual_norm layer %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x9xf32>)
  return %s : tensor<4x9xf32>
}
