// ODS: an unranked tensor operand (hir.linear)
func.func @ods_linear_unranked(%x: tensor<*xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = hir.linear %x, %w : (tensor<*xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
