// mir.layer_norm C2: a rank-0 input has no last dim.
func.func @layer_norm_c2_rank0(%x: tensor<f32>, %g: tensor<1xf32>) -> tensor<f32> {
  %0 = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
