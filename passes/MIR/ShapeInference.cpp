//===- ShapeInference.cpp - Result shapes of MIR ops ----------------------===//
#include "passes/MIR/ShapeInference.h"

namespace mlir::rlx::mir {

FailureOr<SmallVector<Type>> inferResultTypes(Operation *op) {
  op->emitOpError("shape inference is not implemented yet");
  return failure();
}

} // namespace mlir::rlx::mir
