// Layer norm whose feature dim is dynamic against a static gamma.
func.func @layer_norm_dynamic_features(%x: tensor<4x?xf32>, %g: tensor<8xf32>, %b: tensor<?xf32>) -> tensor<4x?xf32> {
  %y = hir.layer_norm %x, %g, %b eps = 0.5 : (tensor<4x?xf32>, tensor<8xf32>, tensor<?xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}
