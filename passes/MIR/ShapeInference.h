//===- ShapeInference.h - Result shapes of MIR ops --------------*- C++ -*-===//
//
// Recomputes the result types of MIR ops from their operand types; used by
// specialization after argument types become static.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_SHAPEINFERENCE_H
#define RLX_PASSES_MIR_SHAPEINFERENCE_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::rlx::mir {

/// The result types `op` has given its current operand types, or failure
/// with a diagnostic on `op` naming what cannot be inferred.
///
/// `op` must have verified before its operands' dims changed: ranks and
/// attributes are trusted, only dim sizes are new. A MIR op with
/// InferTypeOpInterface gets its inferred shapes (element types are kept
/// from the current result types), so its inference's checks apply to the
/// new sizes (matmul K, broadcasting, windows, ...). For the ops whose
/// result types are declared (mir.constant, param, cast, reshape, broadcast,
/// elementwise), a dim that depends on a dynamic operand dim stays dynamic
/// and a dynamic result dim no operand determines (a reshape with several
/// `?` beyond the leading ones it keeps, a broadcast to `?` from a dim of 1) is
/// an error. Operand rules that do not shape a result (norm gamma sizes, ...)
/// are left to the op's verifier. Handles every MIR op and `func.return`; any
/// other op is an error. `passThrough` is what passThroughDims gave for `op`
/// before its operands changed.
FailureOr<SmallVector<Type>> inferResultTypes(Operation *op,
                                              ArrayRef<bool> passThrough = {});

/// For a mir.broadcast or mir.elementwise, which result dims are `?` where
/// the operand dim aligned with them is `?` too (for a region, in the
/// broadcast of its inputs). By the MIR contract (docs/Contracts.md) such a
/// dim is not an expansion: once bound it takes the operand's size, 1
/// included. For a mir.reshape with two or more `?` result dims, the `?`
/// dims of the leading prefix where input and result agree dim by dim: the
/// reshape keeps them. Empty for any other op. Asked before the operands'
/// dims change.
SmallVector<bool> passThroughDims(Operation *op);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_SHAPEINFERENCE_H
