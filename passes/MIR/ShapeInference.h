//===- ShapeInference.h - Result shapes of MIR ops --------------*- C++ -*-===//
//
// Recomputes the result types of MIR ops from their operand types; used by
// specialization after argument types become static.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_SHAPEINFERENCE_H
#define RLX_PASSES_MIR_SHAPEINFERENCE_H

#include "mlir/IR/Operation.h"

namespace mlir::rlx::mir {

/// The result types `op` has given its current operand types, or failure
/// with a diagnostic on `op` naming the dim that cannot be inferred.
FailureOr<SmallVector<Type>> inferResultTypes(Operation *op);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_SHAPEINFERENCE_H
