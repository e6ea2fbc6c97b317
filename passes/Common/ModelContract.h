//===- ModelContract.h - Whole-function checks of a level -------*- C++ -*-===//
//
// The part of a level's contract (docs/Contracts.md) that no single op can
// check: which dialects a model function may use, that it has outputs, that
// input, output and parameter names are unique, and (when required) that
// every shape is static. Used by hir-verify-contract and mir-verify-contract.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_COMMON_MODELCONTRACT_H
#define RLX_PASSES_COMMON_MODELCONTRACT_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::rlx {

struct ModelContract {
  /// The level's name, for messages ("HIR", "MIR").
  StringRef level;
  /// Dialects whose ops a model function may contain (func is implied).
  SmallVector<StringRef> dialects;
  /// The prefix of name annotations and param ops ("hir", "mir").
  StringRef prefix;
  /// Require every tensor shape to be static.
  bool staticShapes = false;
};

/// Checks every function of `module`; emits one error per violation and
/// returns failure if there was any.
LogicalResult verifyModelContract(ModuleOp module,
                                  const ModelContract &contract);

} // namespace mlir::rlx

#endif // RLX_PASSES_COMMON_MODELCONTRACT_H
