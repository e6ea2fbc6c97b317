// A result type compatible with the inferred one: the sum's `?` dim stands
// for the input's 8.
func.func @residual_norm_compatible_result(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x?xf32> {
  %n, %s = hir.residual_norm rms %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x?xf32>)
  return %s : tensor<4x?xf32>
}
