//===- ExpandGpuMath.cpp - rlx-expand-gpu-math ----------------------------===//
#include "conversion/Passes.h"
#include "passes/Common/BoundedRewrite.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_EXPANDGPUMATH
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {

Value floatConstant(PatternRewriter &b, Location loc, Type type, double v) {
  return b.create<arith::ConstantOp>(loc, b.getFloatAttr(type, v));
}

/// tan(x) = sin(x) / cos(x).
struct ExpandTan : OpRewritePattern<math::TanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TanOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value sin = rewriter.create<math::SinOp>(loc, op.getOperand());
    Value cos = rewriter.create<math::CosOp>(loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, sin, cos);
    return success();
  }
};

/// C's pow around a Pow of a non-negative base (GLSL's Pow is undefined for
/// x < 0, and for x = 0 with y <= 0).
struct ExpandPow : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!isa<FloatType>(type))
      return rewriter.notifyMatchFailure(op, "vector pow is not built");
    Value x = op.getLhs(), y = op.getRhs();
    Value zero = floatConstant(rewriter, loc, type, 0.0);
    Value one = floatConstant(rewriter, loc, type, 1.0);
    Value two = floatConstant(rewriter, loc, type, 2.0);
    Value magnitude = rewriter.create<math::PowFOp>(
        loc, rewriter.create<math::AbsFOp>(loc, x), y);
    auto cmp = [&](arith::CmpFPredicate p, Value a, Value b) {
      return rewriter.create<arith::CmpFOp>(loc, p, a, b);
    };
    // y is an integer, and odd.
    Value isInteger = cmp(arith::CmpFPredicate::OEQ,
                          rewriter.create<math::FloorOp>(loc, y), y);
    Value half = rewriter.create<arith::DivFOp>(loc, y, two);
    Value isOdd = rewriter.create<arith::AndIOp>(
        loc, isInteger,
        cmp(arith::CmpFPredicate::ONE,
            rewriter.create<math::FloorOp>(loc, half), half));
    Value negativeBase = cmp(arith::CmpFPredicate::OLT, x, zero);
    Value nan = floatConstant(rewriter, loc, type,
                              std::numeric_limits<double>::quiet_NaN());
    Value inf = floatConstant(rewriter, loc, type,
                              std::numeric_limits<double>::infinity());
    Value signed_ = rewriter.create<arith::SelectOp>(
        loc, isOdd, rewriter.create<arith::NegFOp>(loc, magnitude), magnitude);
    Value negative =
        rewriter.create<arith::SelectOp>(loc, isInteger, signed_, nan);
    Value result = rewriter.create<arith::SelectOp>(loc, negativeBase, negative,
                                                    magnitude);
    // 0^y: +inf for y < 0 (C's pole), 1 for y = 0 (as any x^0).
    Value zeroBase = cmp(arith::CmpFPredicate::OEQ, x, zero);
    Value pole = rewriter.create<arith::AndIOp>(
        loc, zeroBase, cmp(arith::CmpFPredicate::OLT, y, zero));
    result = rewriter.create<arith::SelectOp>(loc, pole, inf, result);
    result = rewriter.create<arith::SelectOp>(
        loc, cmp(arith::CmpFPredicate::OEQ, y, zero), one, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ExpandGpuMath : mlir::rlx::impl::ExpandGpuMathBase<ExpandGpuMath> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::ErfOp, math::AtanOp, math::TanOp, math::PowFOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    patterns.add<ExpandTan, ExpandPow>(&getContext(), /*benefit=*/2);
    GreedyRewriteConfig config = mlir::rlx::boundedRewriteConfig();
    // Only the ops found: what their expansions create stays as it is.
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    if (failed(applyOpPatternsAndFold(ops, std::move(patterns), config))) {
      getOperation().emitError("rlx-expand-gpu-math did not converge");
      return signalPassFailure();
    }
  }
};
} // namespace
