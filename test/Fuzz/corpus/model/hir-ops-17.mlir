// Batched matmul whose batch dims broadcast (1 against 4, missing against 3).
func.func @matmul_broadcast_batch(%a: tensor<3x1x16x32xf32>, %b: tensor<4x32x8xf32>) -> tensor<3x4x16x8xf32> {
  %c = hir.matmul %a, %b : (tensor<3x1x16x32xf32>, tensor<4x32x8xf32>) -> tensor<3x4x16x8xf32>
  return %c : tensor<3x4x16x8xf32>
}
