//===----------------------------------------------------------------------===//
// mir.param
//===----------------------------------------------------------------------===//

// mir.param C1: the name is empty.
func.func @param_c1_empty_name() -> tensor<4xf32> {
  %0 = mir.param "" : tensor<4xf32>
  return %0 : tensor<4xf32>
}
