// hir.embedding C2: result element type differs from the table's
func.func @embedding_result_dtype(%ids: tensor<4xi64>, %t: tensor<100x8xf32>) -> tensor<4x8xf16> {
  %0 = hir.embedding %ids, %t : (tensor<4xi64>, tensor<100x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

//===----------------------------------------------------------------------===//
// hir.activation
//===----------------------------------------------------------------------===//
