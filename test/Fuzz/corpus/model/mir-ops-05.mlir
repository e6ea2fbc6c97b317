// Unary on f16, bf16 and f64 tensors with dynamic dims.
func.func @unary_dtypes(%a: tensor<?x8xf16>, %b: tensor<?xbf16>, %c: tensor<2x?xf64>) -> (tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>) {
  %0 = mir.unary exp %a : tensor<?x8xf16>
  %1 = mir.unary sigmoid %b : tensor<?xbf16>
  %2 = mir.unary sqrt %c : tensor<2x?xf64>
  return %0, %1, %2 : tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>
}
