//===- Passes.td - Passes on HIR ---------------------------*- tablegen -*-===//
#ifndef RLX_PASSES_HIR_PASSES
#define RLX_PASSES_HIR_PASSES

include "mlir/Pass/PassBase.td"

def HIRVerifyContract : Pass<"hir-verify-contract", "::mlir::ModuleOp"> {
  let summary = "check the HIR boundary contract (docs/Contracts.md)";
  let description = [{
    Input and output: HIR, unchanged. Fails when a function holds an op
    outside func, hir and mir, has no results, or duplicates an input or
    output name.
  }];
}

#endif // RLX_PASSES_HIR_PASSES
