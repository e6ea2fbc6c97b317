//===----------------------------------------------------------------------===//
// mir.shared_matmul
//===----------------------------------------------------------------------===//

// mir.shared_matmul C1: one weight.
func.func @shared_matmul_c1_one_weight(%x: tensor<16x64xf32>, %w: tensor<64x32xf32>) -> tensor<16x32xf32> {
  %0 = mir.shared_matmul %x, %w : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
