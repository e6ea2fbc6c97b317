//===- ConstantEvaluation.h - MIR ops on dense constants --------*- C++ -*-===//
#ifndef RLX_PASSES_MIR_CONSTANTEVALUATION_H
#define RLX_PASSES_MIR_CONSTANTEVALUATION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace mlir::rlx::mir {

/// The value of `op` (unary, binary, compare, select, cast, reshape,
/// transpose, broadcast, slice, concat or gather; result type `type`, static)
/// on the dense constants `operands`, one per operand. Fails for other ops
/// and for values the op leaves undefined (integer x / 0, NaN to int): the
/// op then stays.
FailureOr<DenseElementsAttr>
evaluateOnConstants(Operation *op, ArrayRef<DenseElementsAttr> operands,
                    RankedTensorType type);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_CONSTANTEVALUATION_H
