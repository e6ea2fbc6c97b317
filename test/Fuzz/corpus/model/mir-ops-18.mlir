// Cumsum on a float and an integer tensor.
func.func @cumsum(%x: tensor<4x8xf32>, %i: tensor<5xi64>) -> (tensor<4x8xf32>, tensor<5xi64>) {
  %0 = mir.cumsum %x axis = 1 : tensor<4x8xf32>
  %1 = mir.cumsum %i axis = -1 : tensor<5xi64>
  return %0, %1 : tensor<4x8xf32>, tensor<5xi64>
}
