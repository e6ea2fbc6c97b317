// Annotations on a bodiless function declaration.
func.func private @annotations_declaration(tensor<?x?xf32> {hir.name = "ids", hir.dims = ["b", "s"]})
    -> (tensor<?xf32> {hir.name = "out"}, tensor<4xf32>)

//===----------------------------------------------------------------------===//
// hir.param
//===----------------------------------------------------------------------===//

// Params of float, integer and i1 element types, and of rank 0.
func.func @param() -> (tensor<784x512xf32>, tensor<16xi32>, tensor<4x4xi1>, tensor<bf16>) {
  %w = hir.param "fc1.weight" : tensor<784x512xf32>
  %t = hir.param "table" : tensor<16xi32>
  %m = hir.param "mask" : tensor<4x4xi1>
  %s = hir.param "scale" : tensor<bf16>
  return %w, %t, %m, %s : tensor<784x512xf32>, tensor<16xi32>, tensor<4x4xi1>, tensor<bf16>
}
