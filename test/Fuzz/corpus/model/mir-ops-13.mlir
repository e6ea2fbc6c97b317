// Matmul: plain 2-D, broadcast batch dims, dynamic M and batch.
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<8x64x32xf32>, %d: tensor<?x1x?x32xi32>, %e: tensor<3x32x16xi32>) -> (tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>) {
  %0 = mir.matmul %a, %b : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %1 = mir.matmul %c, %b : (tensor<8x64x32xf32>, tensor<32x16xf32>) -> tensor<8x64x16xf32>
  %2 = mir.matmul %d, %e : (tensor<?x1x?x32xi32>, tensor<3x32x16xi32>) -> tensor<?x3x?x16xi32>
  return %0, %1, %2 : tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>
}
