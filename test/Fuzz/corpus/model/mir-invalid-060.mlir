// mir.matmul: ODS rejects i1 operands.
func.func @matmul_i1(%a: tensor<4x8xi1>, %b: tensor<8x5xi1>) -> tensor<4x5xi1> {
  %0 = mir.matmul %a, %b : (tensor<4x8xi1>, tensor<8x5xi1>) -> tensor<4x5xi1>
  return %0 : tensor<4x5xi1>
}
