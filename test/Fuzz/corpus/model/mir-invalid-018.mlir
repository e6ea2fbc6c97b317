//===----------------------------------------------------------------------===//
// mir.binary
//===----------------------------------------------------------------------===//

// mir.binary C1: the operands have different element types.
func.func @binary_c1_operands(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xf32> {
  %0 = mir.binary add %x, %y : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
