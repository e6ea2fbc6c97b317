//===- ExpandArith.cpp - rlx-expand-arith ---------------------------------===//
#include "conversion/Passes.h"
#include "passes/Common/BoundedRewrite.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_EXPANDARITH
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using mlir::rlx::applyBoundedPatterns;
using mlir::rlx::boundedRewriteConfig;

namespace {
struct ExpandArith : mlir::rlx::impl::ExpandArithBase<ExpandArith> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    if (failed(applyBoundedPatterns(getOperation(), std::move(patterns),
                                    "rlx-expand-arith")))
      signalPassFailure();
  }
};
} // namespace
