// An explicit `act = none` is the default and is elided when printed.
func.func @linear_act_none_elided(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = hir.linear %x, %w act = none : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
