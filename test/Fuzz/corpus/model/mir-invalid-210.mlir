// mir.elementwise C4: mir.matmul is not a scalar step (its operands come from a disallowed mir.param, reported first).
func.func @elementwise_c4_matmul(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    %a = mir.param "a" : tensor<2x2xf32>
    %m = mir.matmul %a, %a : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    mir.yield %e : f32
  }
  return %0 : tensor<4xf32>
}
