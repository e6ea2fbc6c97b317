// SwiGLU on a dynamic rank-3 input in f16.
func.func @swiglu_dynamic(%x: tensor<?x?x64xf16>, %wg: tensor<64x?xf16>, %wu: tensor<64x?xf16>) -> tensor<?x?x?xf16> {
  %h = hir.swiglu %x, %wg, %wu : (tensor<?x?x64xf16>, tensor<64x?xf16>, tensor<64x?xf16>) -> tensor<?x?x?xf16>
  return %h : tensor<?x?x?xf16>
}
