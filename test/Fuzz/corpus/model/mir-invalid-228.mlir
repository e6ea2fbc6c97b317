// mir.transpose C1 (generic form): an empty permutation.
func.func @generic_transpose_empty(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %0 = "mir.transpose"(%x) <{permutation = array<i64>}> : (tensor<4x8xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
