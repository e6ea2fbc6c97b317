// Generic form may omit the default-valued attributes (softmax/topk axis -1, gather axis 0, fused_matmul act none).
func.func @default_attrs(%x: tensor<4x8xf32>, %ids: tensor<3xi32>, %w: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>) {
  %0 = "mir.softmax"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v, %i = "mir.topk"(%x) {k = 2 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  %1 = "mir.gather"(%x, %ids) : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  %2 = "mir.fused_matmul"(%x, %w) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0, %v, %1, %2 : tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>
}
