// One case per numbered constraint (C1)...(Cn) of each op in HIROps.td, one
// per branch where a constraint has several; then ODS type and structure
// errors, type inference on generic-form ops, the BoundedShapes trait and the
// function annotations.
//
// A constraint the result-type inference checks fails with two errors: the
// reason, or MLIR's "inferred type(s) ... are incompatible with return
// type(s) of operation ..." when only the declared result type is wrong; then
// MLIR's "failed to infer returned types".

//===----------------------------------------------------------------------===//
// hir.param
//===----------------------------------------------------------------------===//

// hir.param C1: empty name
func.func @param_empty_name() -> tensor<4xf32> {
  %0 = hir.param "" : tensor<4xf32>
  return %0 : tensor<4xf32>
}
