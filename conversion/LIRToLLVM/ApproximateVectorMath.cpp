//===- ApproximateVectorMath.cpp - rlx-approximate-vector-math ------------===//
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
struct ApproximateVectorMath
    : mlir::rlx::impl::ApproximateVectorMathBase<ApproximateVectorMath> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::ExpOp, math::LogOp, math::Log2Op, math::ErfOp>(op) &&
          isa<VectorType>(op->getResult(0).getType()))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
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
