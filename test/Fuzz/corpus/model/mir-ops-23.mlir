// Broadcasts: new leading dims, size-1 expansion, to a dynamic dim.
func.func @broadcast(%x: tensor<8xf32>, %y: tensor<4x1xi64>) -> (tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>) {
  %0 = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf32>
  %1 = mir.broadcast %y : tensor<4x1xi64> to tensor<2x4x5xi64>
  %2 = mir.broadcast %x : tensor<8xf32> to tensor<?x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>
}
