// Shared matmul with two and with three weights.
func.func @shared_matmul(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %0:2 = mir.shared_matmul %x, %wq, %wk : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  %1:3 = mir.shared_matmul %x, %wq, %wk, %wv : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0, %1#1, %1#2 : tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
