// mir.transpose C2: the result is not the permuted shape.
func.func @transpose_c2_shape(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
