// Every compare kind, including a broadcast and an integer compare.
func.func @compare_kinds(%x: tensor<4xf32>, %y: tensor<4xf32>, %s: tensor<f32>, %i: tensor<2x4xi8>, %j: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>) {
  %0 = mir.compare eq %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = mir.compare ne %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = mir.compare lt %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %3 = mir.compare le %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = mir.compare gt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = mir.compare ge %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = mir.compare eq %i, %j : (tensor<2x4xi8>, tensor<4xi8>) -> tensor<2x4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>
}
