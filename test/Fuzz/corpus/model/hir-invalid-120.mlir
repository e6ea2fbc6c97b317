// hir.binary C1: result element type differs from the operands'
func.func @binary_result_dtype(%x: tensor<4xi32>) -> tensor<4xi64> {
  %0 = hir.binary mul %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
