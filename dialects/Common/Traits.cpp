//===- Traits.cpp - Op traits shared by rlx dialects ----------------------===//
#include "dialects/Common/Traits.h"
#include "dialects/Common/ShapeRules.h"

namespace mlir::rlx::detail {

LogicalResult verifyBoundedShapes(Operation *op) {
  auto emit = [op] { return op->emitOpError(); };
  for (Type t : op->getOperandTypes())
    if (failed(verifyBoundedType(emit, t)))
      return failure();
  for (Type t : op->getResultTypes())
    if (failed(verifyBoundedType(emit, t)))
      return failure();
  return success();
}

} // namespace mlir::rlx::detail
