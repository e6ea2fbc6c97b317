// hir.dims: more entries than the argument's rank
func.func @dims_too_many_entries(%x: tensor<?x784xf32> {hir.dims = ["batch", 784, 1]}) {
  return
}
