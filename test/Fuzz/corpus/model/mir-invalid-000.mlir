// One case per numbered constraint (and per branch of it) of every mir op,
// named `mir.<op> Cn` after dialects/MIR/MIROps.td; then ODS type and
// structure errors, type inference on generic-form ops, the BoundedShapes
// trait, and the mir.name / mir.dims annotations. -allow-unregistered-dialect
// is only needed for what no registered dialect provides: a typed scalar
// attribute that is neither a float nor an integer (mir.constant C2), a
// terminator other than mir.yield that has no parent constraint
// (mir.elementwise C5), and a few `foo.*` ops used as arbitrary foreign ops.
//
// A constraint the result-type inference checks fails with two errors: the
// reason, or MLIR's "inferred type(s) ... are incompatible with return
// type(s) of operation ..." when only the declared result type is wrong; then
// MLIR's "failed to infer returned types".

//===----------------------------------------------------------------------===//
// mir.constant
//===----------------------------------------------------------------------===//

// mir.constant C1: the value's type is not the result type.
func.func @constant_c1_type() -> tensor<2xf32> {
  %0 = "mir.constant"() <{value = dense<1.0> : tensor<3xf32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
