// Softmax along the last and the first axis.
func.func @softmax(%x: tensor<4x8xf32>, %y: tensor<?x8xf16>) -> (tensor<4x8xf32>, tensor<?x8xf16>) {
  %0 = mir.softmax %x axis = -1 : tensor<4x8xf32>
  %1 = mir.softmax %y axis = 0 : tensor<?x8xf16>
  return %0, %1 : tensor<4x8xf32>, tensor<?x8xf16>
}
