//===- Passes.td - Passes on LIR ---------------------------*- tablegen -*-===//
#ifndef RLX_PASSES_LIR_PASSES
#define RLX_PASSES_LIR_PASSES

include "mlir/Pass/PassBase.td"

def LIRVerifyContract : Pass<"lir-verify-contract", "::mlir::ModuleOp"> {
  let summary = "check the LIR boundary contract (docs/Contracts.md)";
  let description = [{
    Input and output: LIR, unchanged. Fails when the module holds anything
    but `lir.program` ops, or a kernel body holds an op outside the dialects
    both backends lower (arith, math, memref, scf, linalg, affine, vector and
    lir) or a tensor value.
  }];
}

#endif // RLX_PASSES_LIR_PASSES
