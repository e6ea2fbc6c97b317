// Matmul with dynamic batch, M, K and N.
func.func @matmul_dynamic(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = hir.matmul %a, %b : (tensor<?x?x?xf16>, tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}
