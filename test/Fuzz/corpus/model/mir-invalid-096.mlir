// mir.cumsum C2: axis out of range.
func.func @cumsum_c2(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.cumsum %x axis = 5 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
