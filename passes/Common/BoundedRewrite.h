//===- BoundedRewrite.h - Greedy rewrites that always end -------*- C++ -*-===//
//
// Every greedy pattern driver rlx runs is bounded (iterations and rewrites)
// and a run that does not converge is an error naming the pass, never a
// hang (RELIABILITY.md contract 3).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_COMMON_BOUNDEDREWRITE_H
#define RLX_PASSES_COMMON_BOUNDEDREWRITE_H

#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {

/// The bounds rlx's greedy drivers run with.
inline GreedyRewriteConfig boundedRewriteConfig() {
  GreedyRewriteConfig config;
  config.maxIterations = 10;
  config.maxNumRewrites = 1000000;
  return config;
}

/// Applies `patterns` greedily to `op` within `config`'s bounds; emits
/// "<pass> did not converge" on `op` and fails when they are hit.
inline LogicalResult
applyBoundedPatterns(Operation *op, const FrozenRewritePatternSet &patterns,
                     StringRef pass,
                     GreedyRewriteConfig config = boundedRewriteConfig()) {
  if (succeeded(applyPatternsAndFoldGreedily(op, patterns, config)))
    return success();
  return op->emitError() << pass << " did not converge within "
                         << config.maxIterations << " iterations and "
                         << config.maxNumRewrites << " rewrites";
}

} // namespace mlir::rlx

#endif // RLX_PASSES_COMMON_BOUNDEDREWRITE_H
