// A name with characters that need escaping.
func.func @param_escaped_name() -> tensor<2xf32> {
  %a = hir.param "layers.0 \"q\"\n" : tensor<2xf32>
  return %a : tensor<2xf32>
}
