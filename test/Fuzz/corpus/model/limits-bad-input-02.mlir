// An op of a dialect rlx-opt does not register.
func.func @unknown_dialect(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = torch.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
