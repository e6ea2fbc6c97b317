// mir.select C2: the result shape is not the broadcast of all three operands.
func.func @select_c2_result_shape(%c: tensor<2x1xi1>, %a: tensor<4xf32>, %b: tensor<f32>) -> tensor<4xf32> {
  %0 = mir.select %c, %a, %b : (tensor<2x1xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
