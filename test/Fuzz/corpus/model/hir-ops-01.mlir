// hir.dims with only symbols, only static sizes, and empty for a rank-0 tensor.
func.func @annotations_dims_variants(%a: tensor<?x?xf32> {hir.dims = ["batch", "seq"]},
                                     %b: tensor<2x3xi32> {hir.dims = [2, 3]},
                                     %c: tensor<f32> {hir.dims = []}) -> tensor<?x?xf32> {
  return %a : tensor<?x?xf32>
}
