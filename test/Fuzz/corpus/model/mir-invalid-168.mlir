// mir.topk C3: the values shape is wrong.
func.func @topk_c3_values(%x: tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x2xi64>) {
  %v, %i = mir.topk %x k = 2 axis = 1 : tensor<4x8xf32> -> tensor<4x3xf32>, tensor<4x2xi64>
  return %v, %i : tensor<4x3xf32>, tensor<4x2xi64>
}
