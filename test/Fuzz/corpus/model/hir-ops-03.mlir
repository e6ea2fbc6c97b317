// The same name twice with the same type in one block is allowed (C2).
func.func @param_same_name_same_type() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hir.param "w" : tensor<4xf32>
  %b = hir.param "w" : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
