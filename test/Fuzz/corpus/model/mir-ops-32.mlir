// SwiGLU on a 2-D and a 3-D input.
func.func @swiglu(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>, %y: tensor<2x?x64xf32>) -> (tensor<16x256xf32>, tensor<2x?x256xf32>) {
  %0 = mir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %1 = mir.swiglu %y, %wg, %wu : (tensor<2x?x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<2x?x256xf32>
  return %0, %1 : tensor<16x256xf32>, tensor<2x?x256xf32>
}
