// Reshapes: flatten, to rank 0, and with dynamic dims.
func.func @reshape(%x: tensor<4x8xf32>, %s: tensor<1x1xi8>, %d: tensor<?x8xf32>) -> (tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>) {
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<32xf32>
  %1 = mir.reshape %s : tensor<1x1xi8> to tensor<i8>
  %2 = mir.reshape %d : tensor<?x8xf32> to tensor<?x2x4xf32>
  return %0, %1, %2 : tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>
}
