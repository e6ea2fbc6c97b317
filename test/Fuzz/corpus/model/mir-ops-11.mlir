// Select with a broadcast condition and a rank-0 choice; select of i1 values.
func.func @select(%c: tensor<4xi1>, %a: tensor<2x4xf32>, %b: tensor<f32>, %p: tensor<4xi1>, %q: tensor<4xi1>) -> (tensor<2x4xf32>, tensor<4xi1>) {
  %0 = mir.select %c, %a, %b : (tensor<4xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %1 = mir.select %c, %p, %q : (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<2x4xf32>, tensor<4xi1>
}
