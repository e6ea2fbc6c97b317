// Rank 16 (the limit) and an i1 tensor of int64-max elements (byte size fits).
func.func @bounded_shapes_at_limit() -> (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<9223372036854775807xi1>) {
  %a = hir.param "rank16" : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
  %b = hir.param "huge" : tensor<9223372036854775807xi1>
  return %a, %b : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<9223372036854775807xi1>
}
