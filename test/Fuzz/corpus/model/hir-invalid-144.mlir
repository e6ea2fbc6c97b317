// Generic: missing required attribute `name`
func.func @generic_missing_name() -> tensor<4xf32> {
  %0 = "hir.param"() : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
