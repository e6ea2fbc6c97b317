// Every reduce kind, with and without keep_dim, negative and multiple axes.
func.func @reduce(%x: tensor<4x8xf32>, %i: tensor<2x?x6xi32>) -> (tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>) {
  %0 = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %1 = mir.reduce mean %x axes = [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %2 = mir.reduce max %x axes = [-2] : tensor<4x8xf32> -> tensor<8xf32>
  %3 = mir.reduce min %i axes = [1] keep_dim : tensor<2x?x6xi32> -> tensor<2x1x6xi32>
  %4 = mir.reduce prod %i axes = [2, 0] : tensor<2x?x6xi32> -> tensor<?xi32>
  return %0, %1, %2, %3, %4 : tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>
}
