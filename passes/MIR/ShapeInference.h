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
/// with a diagnostic on `op` naming the result and dim that cannot be
/// inferred.
///
/// `op` must have verified before its operands' dims changed: ranks, axes
/// and attributes are trusted, only dim sizes are new. Element types are
/// kept from the current result types. A dim that depends on a dynamic
/// operand dim stays dynamic; a dynamic result dim no operand determines
/// (a reshape with several `?`, a broadcast to `?` from a dim of 1) is an
/// error. Operand rules that do not shape a result (matmul K, norm gamma
/// sizes, concat's other dims, ...) are left to the op's verifier.
/// Handles every MIR op and `func.return`; any other op is an error.
FailureOr<SmallVector<Type>> inferResultTypes(Operation *op);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_SHAPEINFERENCE_H
