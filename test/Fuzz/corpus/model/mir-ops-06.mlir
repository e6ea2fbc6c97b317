// A declared result type need only be compatible with the inferred one: a
// `?` dim stands for the inferred size (and an inferred `?` for any size).
func.func @compatible_result_types(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>) {
  %0 = mir.binary add %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x?xf32>
  %1 = mir.binary add %y, %x : (tensor<?x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %w = mir.param "w" : tensor<8x5xf32>
  %2 = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
  return %0, %1, %2 : tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>
}
