//===- Passes.h - Passes of every level -------------------------*- C++ -*-===//
#ifndef RLX_PASSES_COMMON_PASSES_H
#define RLX_PASSES_COMMON_PASSES_H

#include "dialects/Target/TargetDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::rlx {

#define GEN_PASS_DECL
#include "passes/Common/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Common/Passes.h.inc"

} // namespace mlir::rlx

#endif // RLX_PASSES_COMMON_PASSES_H
