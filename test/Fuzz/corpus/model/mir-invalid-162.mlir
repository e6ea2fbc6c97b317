// mir.pool C3: the result has another element type.
func.func @pool_c3_dtype(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf16> {
  %0 = mir.pool avg %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf16>
  return %0 : tensor<1x4x4x4xf16>
}
