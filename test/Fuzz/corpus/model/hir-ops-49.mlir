// Embedding of dynamic i64 ids, and of rank-0 ids.
func.func @embedding_dynamic_and_scalar(%ids: tensor<?x?xi64>, %id: tensor<i64>, %t: tensor<?x?xf16>) -> (tensor<?x?x?xf16>, tensor<?xf16>) {
  %a = hir.embedding %ids, %t : (tensor<?x?xi64>, tensor<?x?xf16>) -> tensor<?x?x?xf16>
  %b = hir.embedding %id, %t : (tensor<i64>, tensor<?x?xf16>) -> tensor<?xf16>
  return %a, %b : tensor<?x?x?xf16>, tensor<?xf16>
}
