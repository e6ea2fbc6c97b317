//===----------------------------------------------------------------------===//
// mir.matmul
//===----------------------------------------------------------------------===//

// mir.matmul C1: the operands have different element types.
func.func @matmul_c1_operands(%a: tensor<4x8xf32>, %b: tensor<8x5xf16>) -> tensor<4x5xf32> {
  %0 = mir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x5xf16>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
