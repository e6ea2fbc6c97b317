// Every binary kind on floats, with broadcasting of a lower-rank operand.
func.func @binary_every_kind(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {
  %b0 = hir.binary add %x, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b1 = hir.binary sub %b0, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b2 = hir.binary mul %y, %b1 : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b3 = hir.binary div %b2, %b2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b4 = hir.binary max %b3, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b5 = hir.binary min %b4, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b6 = hir.binary pow %b5, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %b6 : tensor<4x8xf32>
}
