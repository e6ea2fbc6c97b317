// The same name with another type in another block (function) is allowed (C2).
func.func @param_same_name_other_block() -> tensor<8xf16> {
  %a = hir.param "w" : tensor<8xf16>
  return %a : tensor<8xf16>
}
