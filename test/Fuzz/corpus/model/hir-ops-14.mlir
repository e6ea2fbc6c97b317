// Linear on a rank-1 input in f64.
func.func @linear_rank1_f64(%x: tensor<16xf64>, %w: tensor<16x4xf64>) -> tensor<4xf64> {
  %y = hir.linear %x, %w : (tensor<16xf64>, tensor<16x4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}
