//===- MathToLibm.cpp - rlx-math-to-libm ----------------------------------===//
#include "conversion/Passes.h"
#include "passes/Common/BoundedRewrite.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_MATHTOLIBM
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using mlir::rlx::applyBoundedPatterns;
using mlir::rlx::boundedRewriteConfig;

namespace {
struct MathToLibm : mlir::rlx::impl::MathToLibmBase<MathToLibm> {
  void runOnOperation() override {
    // Upstream's pass marks the whole math dialect illegal and fails on the
    // first op it cannot lower; the patterns alone leave such an op for
    // rlx-check-llvm-lowering, which names it.
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    GreedyRewriteConfig config = boundedRewriteConfig();
    config.maxIterations = 4;
    if (failed(applyBoundedPatterns(getOperation(), std::move(patterns),
                                    "rlx-math-to-libm", config)))
      signalPassFailure();
  }
};
} // namespace
