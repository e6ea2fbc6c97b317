// mir.unary C2: a float-only kind on an integer tensor.
func.func @unary_c2_int_tensor(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = mir.unary exp %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}
