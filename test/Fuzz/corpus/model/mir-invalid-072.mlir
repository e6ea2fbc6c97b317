//===----------------------------------------------------------------------===//
// mir.softmax
//===----------------------------------------------------------------------===//

// mir.softmax C1: operand and result types differ (generic form).
func.func @softmax_c1(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  %0 = "mir.softmax"(%x) <{axis = 1 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}
