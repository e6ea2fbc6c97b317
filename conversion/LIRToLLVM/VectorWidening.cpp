//===- VectorWidening.cpp - Scalar arithmetic to vector arithmetic --------===//
#include "conversion/LIRToLLVM/VectorWidening.h"
#include "dialects/Target/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

FailureOr<int64_t> mlir::rlx::targetF32Lanes(Operation *op) {
  TargetAttrInterface target = getTargetOrDefault(op);
  auto cpu = dyn_cast<CpuTargetAttr>(target);
  if (!cpu)
    return op->emitError() << "the CPU code generators need a CPU target "
                              "(#rlx.cpu<...>); the module's is "
                           << target;
  return cpu.getF32Lanes();
}

bool mlir::rlx::isWidenableScalarType(Type type) {
  return type.isF32() || type.isInteger(1);
}

bool mlir::rlx::isWidenableMemoryType(Type type) {
  return type.isF32() || type.isF16() || type.isBF16();
}

bool mlir::rlx::isWidenableElementwise(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  if (isa<arith::ConstantOp>(op) || op->getNumRegions() != 0 ||
      !op->hasTrait<OpTrait::Elementwise>() || !isPure(op) ||
      op->getNumResults() != 1)
    return false;
  if (isa<arith::ExtFOp, arith::TruncFOp>(op))
    return isWidenableMemoryType(op->getOperand(0).getType()) &&
           isWidenableMemoryType(op->getResult(0).getType());
  auto widenable = [](Type t) { return isWidenableScalarType(t); };
  return llvm::all_of(op->getOperandTypes(), widenable) &&
         llvm::all_of(op->getResultTypes(), widenable);
}

VectorType mlir::rlx::VectorWidener::vectorOf(Type scalar) const {
  return VectorType::get({lanes}, scalar);
}

Value mlir::rlx::VectorWidener::widen(Value scalar) {
  if (Value vector = vectors.lookupOrNull(scalar))
    return vector;
  Value uniform = scalars.lookupOrDefault(scalar);
  Value splat = builder.create<vector::BroadcastOp>(
      uniform.getLoc(), vectorOf(scalar.getType()), uniform);
  vectors.map(scalar, splat);
  return splat;
}

Operation *mlir::rlx::VectorWidener::cloneWidened(Operation *op) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(widen(operand));
  SmallVector<Type> types;
  for (Type t : op->getResultTypes())
    types.push_back(vectorOf(t));
  OperationState state(op->getLoc(), op->getName(), operands, types,
                       op->getAttrs());
  Operation *clone = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
    vectors.map(from, to);
  return clone;
}
