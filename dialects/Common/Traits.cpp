//===- Traits.cpp - Op traits shared by rlx dialects ----------------------===//
#include "dialects/Common/Traits.h"
#include "dialects/Common/ShapeRules.h"
#include "mlir/IR/RegionKindInterface.h"

namespace mlir::rlx::detail {

LogicalResult verifyDominanceRegion(Operation *op) {
  Region *region = op->getParentRegion();
  if (op->getNumOperands() == 0 || !region || !mayBeGraphRegion(*region))
    return success();
  return op->emitOpError()
         << "uses values, so it must be in a region with dominance (a "
            "function body), not in the graph region of '"
         << region->getParentOp()->getName() << "'";
}

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
