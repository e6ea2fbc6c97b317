//===- UnfuseElementwise.cpp - mir-unfuse-elementwise ---------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Decompose.h"
#include "passes/MIR/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRUNFUSEELEMENTWISE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx::mir;

namespace {
struct UnfuseElementwise
    : mlir::rlx::mir::impl::MIRUnfuseElementwiseBase<UnfuseElementwise> {
  void runOnOperation() override {
    // Regions do not nest, so one walk finds every one.
    SmallVector<ElementwiseOp> regions;
    getOperation().walk([&](ElementwiseOp op) { regions.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (ElementwiseOp region : regions) {
      rewriter.setInsertionPoint(region);
      rewriter.replaceOp(region, buildUnfusedRegion(rewriter, region));
    }
  }
};
} // namespace
