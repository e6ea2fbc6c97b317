// Binary with two-sided broadcasting ([4, 1] and [1, 8]) and with dynamic dims.
func.func @binary_broadcast_dynamic(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>, %c: tensor<?x8xf32>, %d: tensor<4x?xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x?xf32>) {
  %x = hir.binary add %a, %b : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %y = hir.binary mul %c, %d : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<4x8xf32>
  %z = hir.binary sub %c, %d : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %x, %y, %z : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x?xf32>
}
