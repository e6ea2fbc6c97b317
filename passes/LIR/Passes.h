//===- Passes.h - Passes on LIR ---------------------------------*- C++ -*-===//
#ifndef RLX_PASSES_LIR_PASSES_H
#define RLX_PASSES_LIR_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rlx::lir {

#define GEN_PASS_DECL
#include "passes/LIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/LIR/Passes.h.inc"

} // namespace mlir::rlx::lir

#endif // RLX_PASSES_LIR_PASSES_H
