//===- Passes.td - Conversions between rlx levels ----------*- tablegen -*-===//
#ifndef RLX_CONVERSION_PASSES
#define RLX_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertHIRToMIR : Pass<"convert-hir-to-mir", "::mlir::ModuleOp"> {
  let summary = "lower HIR blocks to MIR";
  let description = [{
    Input: HIR (which may already contain MIR). Output: MIR without any
    `hir.*` op or attribute: `hir.param` becomes `mir.param`, `hir.name` /
    `hir.dims` become `mir.name` / `mir.dims`, and each block becomes MIR
    ops. With `policy=fusable` blocks become the primitive chains the fusion
    passes recognise (linear: matmul + add + activation); with
    `policy=direct` they become fused MIR ops (`mir.fused_matmul`,
    `mir.residual_norm`, `mir.swiglu`). Both compute the same values.
    Attention, rope and embedding are decomposed into primitives under both
    policies.
  }];
  let options = [
    Option<"policy", "policy", "std::string", /*default=*/"\"fusable\"",
           "fusable (primitive chains) or direct (fused ops)">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

#endif // RLX_CONVERSION_PASSES
