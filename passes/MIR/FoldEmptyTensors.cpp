//===- FoldEmptyTensors.cpp - mir-fold-empty-tensors ----------------------===//
//
// Takes zero-element tensors out of the computation once shapes are static,
// so no kernel on any device reads or writes one (docs/MIR.md, "Empty
// tensors"): a value with no elements is an empty constant, and an op that
// reads one but has elements to produce is replaced by what it computes.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/Passes.h"

#include "dialects/MIR/MIROps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFOLDEMPTYTENSORS
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

/// The static tensor type of `v` if it has no elements.
static RankedTensorType emptyType(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (type && type.hasStaticShape() && type.getNumElements() == 0)
    return type;
  return {};
}

/// A splat of `type` holding the float `value`, or the integer `integer` for
/// an integer element type.
static DenseElementsAttr splat(RankedTensorType type, double value,
                               int64_t integer) {
  Type element = type.getElementType();
  if (auto f = dyn_cast<FloatType>(element)) {
    APFloat v(value);
    bool lost = false;
    v.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return DenseElementsAttr::get(type, v);
  }
  unsigned width = element.getIntOrFloatBitWidth();
  return DenseElementsAttr::get(type, APInt(width, integer, /*isSigned=*/true));
}

namespace {
struct FoldEmptyTensors
    : mlir::rlx::mir::impl::MIRFoldEmptyTensorsBase<FoldEmptyTensors> {
  using MIRFoldEmptyTensorsBase::MIRFoldEmptyTensorsBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    // The top level of the body only: an elementwise region's steps are
    // scalars. Program order, so a replacement is seen by its users.
    SmallVector<Operation *> ops;
    for (Operation &op : func.getBody().front())
      ops.push_back(&op);
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops)
      if (failed(fold(rewriter, op)))
        return signalPassFailure();
  }

  LogicalResult fold(IRRewriter &rewriter, Operation *op) {
    // Params and inputs keep their (empty) slots; constants are the goal.
    if (isa<ConstantOp, ParamOp>(op) || op->getNumResults() == 0 ||
        op->getDialect() != op->getContext()->getLoadedDialect<MIRDialect>())
      return success();
    rewriter.setInsertionPoint(op);
    if (llvm::all_of(op->getResults(),
                     [](Value r) { return bool(emptyType(r)); })) {
      SmallVector<Value> constants;
      for (Value r : op->getResults())
        constants.push_back(rewriter.create<ConstantOp>(
            op->getLoc(),
            DenseElementsAttr::get(emptyType(r), ArrayRef<Attribute>())));
      rewriter.replaceOp(op, constants);
      return success();
    }
    if (llvm::none_of(op->getOperands(),
                      [](Value v) { return bool(emptyType(v)); }))
      return success();
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](ReduceOp reduce) { return foldReduce(rewriter, reduce); })
        .Case([&](ConcatOp concat) { return foldConcat(rewriter, concat); })
        .Case<MatmulOp, AttentionOp, SwigluOp>([&](Operation *zero) {
          // An empty contraction (K, or the key length) sums nothing (and
          // silu(0) * 0 is 0).
          return replaceBySplat(rewriter, zero, 0.0, 0);
        })
        .Case([&](SharedMatmulOp shared) -> LogicalResult {
          if (shared.getBiases().empty())
            return replaceBySplat(rewriter, shared, 0.0, 0);
          return unsupported(op);
        })
        .Case([&](FusedMatmulOp fused) -> LogicalResult {
          if (!fused.getBias() && fused.getAct() == Activation::none)
            return replaceBySplat(rewriter, fused, 0.0, 0);
          return unsupported(op);
        })
        .Case([&](Conv2dOp conv) -> LogicalResult {
          // No input channels, or windows over padding only: every output
          // sums nothing.
          if (!conv.getBias())
            return replaceBySplat(rewriter, conv, 0.0, 0);
          return unsupported(op);
        })
        .Default([&](Operation *) { return unsupported(op); });
  }

  /// Replaces each result of `op` by `value` (`integer` for integers), an
  /// empty result by an empty constant.
  static LogicalResult replaceBySplat(IRRewriter &rewriter, Operation *op,
                                      double value, int64_t integer) {
    if (!llvm::all_of(op->getResultTypes(), [](Type t) {
          return cast<RankedTensorType>(t).hasStaticShape();
        }))
      return success();
    SmallVector<Value> constants;
    for (Value r : op->getResults()) {
      auto type = cast<RankedTensorType>(r.getType());
      DenseElementsAttr attr =
          type.getNumElements() == 0
              ? DenseElementsAttr::get(type, ArrayRef<Attribute>())
              : splat(type, value, integer);
      constants.push_back(rewriter.create<ConstantOp>(op->getLoc(), attr));
    }
    rewriter.replaceOp(op, constants);
    return success();
  }

  /// A reduction over an empty axis: the identity of its kind (sum 0,
  /// product 1, max -inf, min +inf, mean NaN as 0/0). Integer max and min
  /// have no such value and are refused.
  static LogicalResult foldReduce(IRRewriter &rewriter, ReduceOp reduce) {
    auto type = cast<RankedTensorType>(reduce.getType());
    bool isFloat = isa<FloatType>(type.getElementType());
    double inf = std::numeric_limits<double>::infinity();
    switch (reduce.getKind()) {
    case ReduceKind::sum:
      return replaceBySplat(rewriter, reduce, 0.0, 0);
    case ReduceKind::prod:
      return replaceBySplat(rewriter, reduce, 1.0, 1);
    case ReduceKind::max:
      if (isFloat)
        return replaceBySplat(rewriter, reduce, -inf, 0);
      break;
    case ReduceKind::min:
      if (isFloat)
        return replaceBySplat(rewriter, reduce, inf, 0);
      break;
    case ReduceKind::mean: // of floats only (mir.reduce C4)
      return replaceBySplat(rewriter, reduce,
                            std::numeric_limits<double>::quiet_NaN(), 0);
    }
    return reduce.emitOpError()
           << stringifyReduceKind(reduce.getKind())
           << " over an empty axis of integers has no value (the input is "
           << reduce.getInput().getType() << ")";
  }

  /// Empty operands add nothing to a concatenation.
  static LogicalResult foldConcat(IRRewriter &rewriter, ConcatOp concat) {
    SmallVector<Value> kept;
    for (Value v : concat.getInputs())
      if (!emptyType(v))
        kept.push_back(v);
    if (kept.size() == 1 && kept.front().getType() == concat.getType()) {
      rewriter.replaceOp(concat, kept.front());
      return success();
    }
    rewriter.replaceOpWithNewOp<ConcatOp>(concat, concat.getType(), kept,
                                          concat.getAxisAttr());
    return success();
  }

  static LogicalResult unsupported(Operation *op) {
    std::string operands;
    llvm::raw_string_ostream os(operands);
    llvm::interleaveComma(op->getOperandTypes(), os);
    return op->emitOpError()
           << "reads an empty tensor but has elements to produce, which rlx "
              "does not compute (operands: "
           << operands << ")";
  }
};
} // namespace
