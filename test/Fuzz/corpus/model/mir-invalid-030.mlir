// mir.binary (generic form): the required kind attribute is missing.
func.func @binary_missing_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mir.binary"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
