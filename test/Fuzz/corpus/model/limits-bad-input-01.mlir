// An unknown op of a known dialect.
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = mir.frobnicate %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
