// mir.name on an argument: not a string.
func.func @name_not_string(%x: tensor<4xf32>, %y: tensor<4xf32> {mir.name = 7 : i64}) {
  return
}
