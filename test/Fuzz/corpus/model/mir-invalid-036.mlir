// mir.binary (generic form): no result.
func.func @binary_no_result(%x: tensor<4xf32>) {
  "mir.binary"(%x, %x) <{kind = 0 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}
