// The mlp example: params feeding linears, with annotations.
func.func @mlp(%x: tensor<?x784xf32> {hir.name = "x", hir.dims = ["batch", 784]})
    -> (tensor<?x10xf32> {hir.name = "logits"}) {
  %w1 = hir.param "fc1.weight" : tensor<784x512xf32>
  %b1 = hir.param "fc1.bias" : tensor<512xf32>
  %w2 = hir.param "fc2.weight" : tensor<512x10xf32>
  %b2 = hir.param "fc2.bias" : tensor<10xf32>
  %h = hir.linear %x, %w1, %b1 act = relu : (tensor<?x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<?x512xf32>
  %y = hir.linear %h, %w2, %b2 : (tensor<?x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}
