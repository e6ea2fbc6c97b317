// Concat of three inputs, of one input, and with a dynamic axis dim.
func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x2xf32>, %c: tensor<?x8xf32>) -> (tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %0 = mir.concat %a, %b, %b axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x12xf32>
  %1 = mir.concat %a axis = -1 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = mir.concat %a, %c axis = 0 : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0, %1, %2 : tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}
