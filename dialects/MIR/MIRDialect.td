//===- MIRDialect.td - The rlx MIR dialect -----------------*- tablegen -*-===//
#ifndef RLX_MIR_DIALECT
#define RLX_MIR_DIALECT

include "mlir/IR/OpBase.td"

def MIR_Dialect : Dialect {
  let name = "mir";
  let cppNamespace = "::mlir::rlx::mir";
  let summary = "rlx's tensor-level IR: primitives, fused ops, regions";
  let description = [{
    MIR is the tensor graph rlx's optimizer works on: primitive tensor ops
    with explicit broadcasting, the fused ops that fusion passes form, and an
    elementwise region op whose body is a chain of scalar steps. Values are
    ranked tensors of f16, bf16, f32, f64, i8, i32, i64 or i1. Dims may be
    dynamic (`?`) until specialization binds them.

    Function arguments may carry `mir.name` (the input's name) and
    `mir.dims` (one entry per dim: a symbol name for a dynamic dim, the size
    of a static one); results may carry `mir.name`.
  }];
  let hasConstantMaterializer = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

#endif // RLX_MIR_DIALECT
