//===- ApproximateVectorMath.cpp - rlx-approximate-vector-math ------------===//
#include "conversion/AccurateTanh.h"
#include "conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_APPROXIMATEVECTORMATH
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {

/// tanh on f32 vectors (conversion/AccurateTanh.h): upstream's
/// approximation is tens of ulps off, and libm's tanhf is a call per lane.
struct AccurateVectorTanh : OpRewritePattern<math::TanhOp> {
  AccurateVectorTanh(MLIRContext *ctx)
      : OpRewritePattern<math::TanhOp>(ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rw) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || !type.getElementType().isF32())
      return failure();
    rw.replaceOp(
        op, mlir::rlx::buildAccurateTanh(rw, op.getLoc(), op.getOperand()));
    return success();
  }
};

struct ApproximateVectorMath
    : mlir::rlx::impl::ApproximateVectorMathBase<ApproximateVectorMath> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::ExpOp, math::LogOp, math::Log2Op, math::ErfOp,
              math::TanhOp>(op) &&
          isa<VectorType>(op->getResult(0).getType()))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    patterns.add<AccurateVectorTanh>(&getContext());
    // Only the chosen ops (and what their expansion creates) are rewritten:
    // scalar math and the inexact vector approximations stay.
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    config.maxNumRewrites = 1000000;
    config.strictMode = GreedyRewriteStrictness::ExistingAndNewOps;
    if (failed(applyOpPatternsAndFold(ops, std::move(patterns), config))) {
      getOperation().emitError("rlx-approximate-vector-math did not converge");
      signalPassFailure();
    }
  }
};
} // namespace
