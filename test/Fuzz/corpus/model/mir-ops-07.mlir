// Every binary kind, with equal shapes.
func.func @binary_kinds(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.binary add %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mir.binary sub %0, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = mir.binary mul %1, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = mir.binary div %2, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = mir.binary max %3, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = mir.binary min %4, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = mir.binary pow %5, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %6 : tensor<4xf32>
}
