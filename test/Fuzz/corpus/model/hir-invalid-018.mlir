// hir.matmul C2: rhs of rank 1
func.func @matmul_rhs_rank1(%a: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<16xf32> {
  %0 = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
