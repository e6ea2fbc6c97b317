// hir.dims: an empty symbol name
func.func @dims_empty_symbol(%x: tensor<?x784xf32> {hir.dims = ["", 784]}) {
  return
}
