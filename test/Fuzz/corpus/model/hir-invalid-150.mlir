// Generic: a non-string param name
func.func @generic_param_integer_name() -> tensor<4xf32> {
  %0 = "hir.param"() <{name = 3 : i64}> : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
