// mir.concat C2: an input of another rank.
func.func @concat_c2_rank(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x16xf32> {
  %0 = mir.concat %a, %b axis = 1 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
