// mir.pool C2: a zero kernel entry.
func.func @pool_c2_kernel_zero(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %0 = mir.pool avg %x kernel = [0, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}
