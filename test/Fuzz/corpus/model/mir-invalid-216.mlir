// mir.elementwise C5: the yielded type is not the result's element type.
func.func @elementwise_c5_type(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xi1> {
  ^bb0(%e: f32):
    mir.yield %e : f32
  }
  return %0 : tensor<4xi1>
}
