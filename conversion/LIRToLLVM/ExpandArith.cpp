//===- ExpandArith.cpp - rlx-expand-arith ---------------------------------===//
#include "conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_EXPANDARITH
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
struct ExpandArith : mlir::rlx::impl::ExpandArithBase<ExpandArith> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    // Each pattern removes the op it matches: a bound only guards against a
    // bug (RELIABILITY.md contract 3).
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    config.maxNumRewrites = 1000000;
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                            config))) {
      getOperation().emitError("rlx-expand-arith did not converge");
      signalPassFailure();
    }
  }
};
} // namespace
