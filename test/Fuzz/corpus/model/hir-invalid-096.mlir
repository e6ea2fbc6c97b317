// hir.rope C1: input of rank 2
func.func @rope_input_rank2(%x: tensor<8x16xf32>, %p: tensor<8xi64>) -> tensor<8x16xf32> {
  %0 = hir.rope %x, %p heads = 2 head_dim = 8 : (tensor<8x16xf32>, tensor<8xi64>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
