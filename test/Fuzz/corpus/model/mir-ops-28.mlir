// Max and average pooling, one with padding and a dynamic batch.
func.func @pool(%x: tensor<1x4x8x8xf32>, %y: tensor<?x2x5x5xf64>) -> (tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>) {
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %1 = mir.pool avg %y kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<?x2x5x5xf64> -> tensor<?x2x3x3xf64>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>
}
