// y = x w + b, 2x3 by 3x2 (test/Install/install.test).
func.func @linear(%x: tensor<2x3xf32> {hir.name = "x"})
    -> (tensor<2x2xf32> {hir.name = "y"}) {
  %w = hir.param "w" : tensor<3x2xf32>
  %b = hir.param "b" : tensor<2xf32>
  %y = hir.linear %x, %w, %b : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
