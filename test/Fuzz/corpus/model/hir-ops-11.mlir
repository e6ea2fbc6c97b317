// Every fused activation kind.
func.func @linear_every_act(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %a = hir.linear %x, %w act = relu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = hir.linear %a, %w act = gelu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = hir.linear %b, %w act = gelu_tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = hir.linear %c, %w act = silu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = hir.linear %d, %w act = sigmoid : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %f = hir.linear %e, %w act = tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}
