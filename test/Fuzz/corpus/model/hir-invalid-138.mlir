// Generic: too many operands (two in the optional bias group)
func.func @generic_too_many_operands(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = "hir.linear"(%x, %w, %b, %b) : (tensor<8x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
