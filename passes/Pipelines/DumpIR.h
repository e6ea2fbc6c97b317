//===- DumpIR.h - Write each pipeline stage's IR to a file ------*- C++ -*-===//
#ifndef RLX_PASSES_PIPELINES_DUMPIR_H
#define RLX_PASSES_PIPELINES_DUMPIR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rlx {

#define GEN_PASS_DECL
#include "passes/Pipelines/Passes.h.inc"

/// Registers rlx-dump-ir.
void registerDumpIRPasses();

} // namespace mlir::rlx

#endif // RLX_PASSES_PIPELINES_DUMPIR_H
