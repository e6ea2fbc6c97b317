// mir.attention C5: causal with more queries than keys.
func.func @attention(%q: tensor<1x6x2x8xf32>, %k: tensor<1x4x2x8xf32>) -> tensor<1x6x2x8xf32> {
  %0 = mir.attention %q, %k, %k scale = 1.0 causal : tensor<1x6x2x8xf32>, tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>
  return %0 : tensor<1x6x2x8xf32>
}
