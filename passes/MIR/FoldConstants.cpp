//===- FoldConstants.cpp - mir-fold-constants -----------------------------===//
//
// Replaces each op whose operands are all dense constants by its value
// (ConstantEvaluation.h), in program order.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/ConstantEvaluation.h"
#include "passes/MIR/Passes.h"

#include "dialects/MIR/MIROps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFOLDCONSTANTS
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

namespace {
struct FoldConstants
    : mlir::rlx::mir::impl::MIRFoldConstantsBase<FoldConstants> {
  using MIRFoldConstantsBase::MIRFoldConstantsBase;

  void runOnOperation() override {
    // A forward walk rather than the greedy driver: in MLIR 19 the driver
    // also runs the ops' own folders, which ignore max-elements. In program
    // order a chain of constant ops folds in one sweep.
    SmallVector<Operation *> candidates;
    getOperation().walk([&](Operation *op) {
      if (isa<UnaryOp, BinaryOp, CompareOp, SelectOp, CastOp, ReshapeOp,
              TransposeOp, BroadcastOp, SliceOp, ConcatOp, GatherOp>(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : candidates) {
      // Scalars (region bodies) and dynamic shapes are not folded.
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!type || !type.hasStaticShape() ||
          type.getNumElements() > maxElements)
        continue;
      SmallVector<DenseElementsAttr> operands;
      for (Value operand : op->getOperands()) {
        Attribute attr;
        if (!matchPattern(operand, m_Constant(&attr)) ||
            !isa<DenseIntOrFPElementsAttr>(attr))
          break;
        operands.push_back(cast<DenseElementsAttr>(attr));
      }
      if (operands.size() != op->getNumOperands())
        continue;
      FailureOr<DenseElementsAttr> value = evaluateOnConstants(op, operands, type);
      if (failed(value))
        continue;
      llvm::SetVector<Operation *> producers;
      for (Value operand : op->getOperands())
        producers.insert(operand.getDefiningOp());
      rewriter.setInsertionPoint(op);
      rewriter.replaceOpWithNewOp<ConstantOp>(op, *value);
      // Constants nothing reads any more would only be noise.
      for (Operation *producer : producers)
        if (isOpTriviallyDead(producer))
          rewriter.eraseOp(producer);
    }
  }
};
} // namespace
