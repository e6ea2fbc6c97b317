// x [2, SIZE] times a splat constant [SIZE, SIZE] of 1.0 (huge-splat.test
// substitutes SIZE). Not a test by itself.
func.func @f(%x: tensor<2xSIZExf32> {mir.name = "x"}) -> (tensor<2xSIZExf32> {mir.name = "y"}) {
  %c = mir.constant dense<1.0> : tensor<SIZExSIZExf32>
  %y = mir.matmul %x, %c : (tensor<2xSIZExf32>, tensor<SIZExSIZExf32>) -> tensor<2xSIZExf32>
  return %y : tensor<2xSIZExf32>
}
