// hir.swiglu C1: w_gate and w_up of different types
func.func @swiglu_weight_types_differ(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x128xf32>) -> tensor<16x256xf32> {
  %0 = hir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x128xf32>) -> tensor<16x256xf32>
  return %0 : tensor<16x256xf32>
}
