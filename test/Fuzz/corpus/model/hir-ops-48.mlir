// Embedding of rank-2 i32 ids.
func.func @embedding(%ids: tensor<1x128xi32>, %t: tensor<32000x256xf32>) -> tensor<1x128x256xf32> {
  %e = hir.embedding %ids, %t : (tensor<1x128xi32>, tensor<32000x256xf32>) -> tensor<1x128x256xf32>
  return %e : tensor<1x128x256xf32>
}
