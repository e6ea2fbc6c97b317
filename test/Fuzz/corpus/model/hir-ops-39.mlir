// Softmax along the last axis (negative) and the first axis (positive).
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = hir.softmax %x axis = -1 : tensor<4x8xf32>
  %b = hir.softmax %a axis = 0 : tensor<4x8xf32>
  %c = hir.softmax %b axis = -2 : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
