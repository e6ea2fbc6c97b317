// hir.linear C4: weight element type differs from the input's
func.func @linear_weight_dtype(%x: tensor<8x16xf32>, %w: tensor<16x4xf16>) -> tensor<8x4xf32> {
  %0 = hir.linear %x, %w : (tensor<8x16xf32>, tensor<16x4xf16>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
