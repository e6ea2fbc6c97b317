// mir.residual_norm (generic form): operandSegmentSizes is missing.
func.func @residual_norm_segments_missing(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n, %s = "mir.residual_norm"(%x, %x, %g) <{kind = 0 : i32, eps = 1.0e-05 : f32}> : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}
