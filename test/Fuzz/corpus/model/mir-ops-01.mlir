// Rank-0 tensor constant with a discardable attribute.
func.func @constant_rank0() -> tensor<i64> {
  %0 = mir.constant {note = "x"} dense<7> : tensor<i64>
  return %0 : tensor<i64>
}
