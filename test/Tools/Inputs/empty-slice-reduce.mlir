func.func @f(%x: tensor<4x12xf32> {mir.name = "x"}) -> (tensor<4xf32> {mir.name = "y"}) {
  %s = mir.slice %x offsets = [0, 12] sizes = [4, 0] strides = [1, 1] : tensor<4x12xf32> -> tensor<4x0xf32>
  %r = mir.reduce sum %s axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
