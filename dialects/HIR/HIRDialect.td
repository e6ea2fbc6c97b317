//===- HIRDialect.td - The rlx HIR dialect -----------------*- tablegen -*-===//
#ifndef RLX_HIR_DIALECT
#define RLX_HIR_DIALECT

include "mlir/IR/OpBase.td"

def HIR_Dialect : Dialect {
  let name = "hir";
  let cppNamespace = "::mlir::rlx::hir";
  let summary = "rlx's model-level IR: the blocks a model author writes";
  let description = [{
    HIR holds model-level blocks (linear, attention, norms, rope, swiglu,
    embedding, ...) on ranked tensors. Weights are named `hir.param` values,
    distinct from the per-run inputs (the function's arguments). Dims may be
    dynamic (`?`) and named by a `hir.dims` argument annotation; a binding
    of those symbols specializes the model. HIR may also contain MIR ops.

    Function arguments may carry `hir.name` and `hir.dims`; results may
    carry `hir.name`.
  }];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

#endif // RLX_HIR_DIALECT
