//===- Passes.h - Passes on MIR ---------------------------------*- C++ -*-===//
#ifndef RLX_PASSES_MIR_PASSES_H
#define RLX_PASSES_MIR_PASSES_H

#include "dialects/MIR/MIRDialect.h"
#include "dialects/Target/TargetDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "passes/Common/PolicyOptions.h"
#include "passes/MIR/SymbolBinding.h"

namespace mlir::rlx::mir {

#define GEN_PASS_DECL
#include "passes/MIR/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/MIR/Passes.h.inc"

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_PASSES_H
