func.func @f(%x: tensor<?x4xf32> {hir.name = "x", hir.dims = ["batch", 4]}) -> (tensor<?x4xf32> {hir.name = "y"}) {
  %y = hir.softmax %x axis = 1 : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
