// ODS: float positions where i32/i64 are required (hir.rope)
func.func @ods_rope_float_positions(%x: tensor<1x8x16xf32>, %p: tensor<8xf32>) -> tensor<1x8x16xf32> {
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<8xf32>) -> tensor<1x8x16xf32>
  return %0 : tensor<1x8x16xf32>
}
