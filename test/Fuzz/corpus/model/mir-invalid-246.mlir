// mir.dims: an empty symbol name.
func.func @dims_empty_symbol(%x: tensor<?x4xf32> {mir.dims = ["", 4]}) {
  return
}
