// mir.fused_matmul: ODS rejects integer operands.
func.func @fused_matmul_int(%a: tensor<4x8xi32>, %b: tensor<8x5xi32>) -> tensor<4x5xi32> {
  %0 = mir.fused_matmul %a, %b : (tensor<4x8xi32>, tensor<8x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
