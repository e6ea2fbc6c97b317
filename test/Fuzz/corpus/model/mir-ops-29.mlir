// Top-k along the last axis (i64 indices) and along axis 0 (i32 indices).
func.func @topk(%x: tensor<4x8xf32>, %y: tensor<?x3xi32>) -> (tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>) {
  %v0, %i0 = mir.topk %x k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
  %v1, %i1 = mir.topk %y k = 5 axis = 0 : tensor<?x3xi32> -> tensor<5x3xi32>, tensor<5x3xi32>
  return %v0, %i0, %v1, %i1 : tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>
}
