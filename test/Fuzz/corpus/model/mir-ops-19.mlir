// Transposes: 2-D, 3-D with a dynamic dim, i1 elements.
func.func @transpose(%x: tensor<4x8xf32>, %y: tensor<2x?x6xi1>) -> (tensor<8x4xf32>, tensor<6x2x?xi1>) {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = mir.transpose %y permutation = [2, 0, 1] : tensor<2x?x6xi1> -> tensor<6x2x?xi1>
  return %0, %1 : tensor<8x4xf32>, tensor<6x2x?xi1>
}
