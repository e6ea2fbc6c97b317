// Linear whose input's last dim is dynamic against a static K, and whose
// result refines a dynamic dim to a static one.
func.func @linear_dynamic_k(%x: tensor<4x?xf16>, %w: tensor<16x8xf16>) -> tensor<?x8xf16> {
  %y = hir.linear %x, %w : (tensor<4x?xf16>, tensor<16x8xf16>) -> tensor<?x8xf16>
  return %y : tensor<?x8xf16>
}
