// mir.fused_matmul C2: the contraction dims differ.
func.func @fused_matmul_c2_k(%a: tensor<4x8xf32>, %b: tensor<6x5xf32>) -> tensor<4x5xf32> {
  %0 = mir.fused_matmul %a, %b act = relu : (tensor<4x8xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
