//===- Passes.h - Conversions between rlx levels ----------------*- C++ -*-===//
#ifndef RLX_CONVERSION_PASSES_H
#define RLX_CONVERSION_PASSES_H

#include "dialects/MIR/MIRDialect.h"
#include "dialects/Target/TargetDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "passes/Common/PolicyOptions.h"

namespace mlir::rlx {

#define GEN_PASS_DECL
#include "conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "conversion/Passes.h.inc"

} // namespace mlir::rlx

#endif // RLX_CONVERSION_PASSES_H
