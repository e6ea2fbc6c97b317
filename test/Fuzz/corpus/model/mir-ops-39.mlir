// Attention: token-major operands, causal with more keys than queries, and
// one block with query and key tails.
func.func @attention(%q: tensor<1x5x2x8xf32>, %k: tensor<1x7x2x8xf32>, %v: tensor<1x7x2x8xf32>, %x: tensor<1x130x1x16xf32>) -> (tensor<1x5x2x8xf32>, tensor<1x130x1x16xf32>) {
  %0 = mir.attention %q, %k, %v scale = 0.35 causal : tensor<1x5x2x8xf32>, tensor<1x7x2x8xf32>, tensor<1x7x2x8xf32>
  %1 = mir.attention %x, %x, %x scale = 0.25 : tensor<1x130x1x16xf32>, tensor<1x130x1x16xf32>, tensor<1x130x1x16xf32>
  return %0, %1 : tensor<1x5x2x8xf32>, tensor<1x130x1x16xf32>
}
