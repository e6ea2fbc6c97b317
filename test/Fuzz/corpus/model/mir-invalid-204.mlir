//===----------------------------------------------------------------------===//
// mir.elementwise and mir.yield
//===----------------------------------------------------------------------===//

// mir.elementwise C1: no inputs.
func.func @elementwise_c1() -> tensor<4xf32> {
  %0 = "mir.elementwise"() ({
  ^bb0:
    %c = mir.constant 1.0 : f32
    mir.yield %c : f32
  }) : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
