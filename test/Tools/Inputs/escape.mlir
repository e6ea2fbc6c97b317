func.func @f(%x: tensor<4xf32> {hir.name = "x"}) -> (tensor<4xf32> {hir.name = "../escape"}) {
  return %x : tensor<4xf32>
}
