// hir.name and hir.dims on arguments (symbol and static size), hir.name on a result.
func.func @annotations(%x: tensor<?x784xf32> {hir.name = "x", hir.dims = ["batch", 784]})
    -> (tensor<?x784xf32> {hir.name = "y"}) {
  return %x : tensor<?x784xf32>
}
