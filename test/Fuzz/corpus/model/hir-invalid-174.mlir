// hir.name: a non-string argument name
func.func @name_not_string(%x: tensor<4xf32> {hir.name = 1 : i64}) {
  return
}
