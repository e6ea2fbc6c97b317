// mir.binary C2: the result shape is not the broadcast shape.
func.func @binary_c2_result_shape(%x: tensor<4x1xf32>, %y: tensor<8xf32>) -> tensor<4x4xf32> {
  %0 = mir.binary add %x, %y : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
