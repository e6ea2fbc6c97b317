func.func @f(%x: tensor<4x12xf32> {mir.name = "x"}, %z: tensor<4x3xf32> {mir.name = "z"}) -> (tensor<4x3xf32> {mir.name = "y"}) {
  %s = mir.slice %x offsets = [0, 12] sizes = [4, 0] strides = [1, 1] : tensor<4x12xf32> -> tensor<4x0xf32>
  %c = mir.concat %s, %z axis = 1 : (tensor<4x0xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %c : tensor<4x3xf32>
}
