//===- Passes.h - Passes on HIR ---------------------------------*- C++ -*-===//
#ifndef RLX_PASSES_HIR_PASSES_H
#define RLX_PASSES_HIR_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rlx::hir {

#define GEN_PASS_DECL
#include "passes/HIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/HIR/Passes.h.inc"

} // namespace mlir::rlx::hir

#endif // RLX_PASSES_HIR_PASSES_H
