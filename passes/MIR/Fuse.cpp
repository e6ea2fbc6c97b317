//===- Fuse.cpp - mir-fuse ------------------------------------------------===//
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx::mir;

namespace {
struct Fuse : mlir::rlx::mir::impl::MIRFuseBase<Fuse> {
  using MIRFuseBase::MIRFuseBase;
  void runOnOperation() override {
    // Order matters: activations written out first (the epilogues take
    // them as one op); attention next (the epilogue fusion would otherwise
    // take its scores' matmul); swiglu before shared-matmul (its two matmuls
    // share x) and before the epilogue (which would take the silu);
    // shared-matmul before the epilogue, which would turn each Q/K/V projection
    // into its own fused matmul; norms written out before the residual norm
    // that takes them.
    static constexpr FusionStage stages[] = {
        kActivationStage,   kAttentionStage,      kSwigluStage,
        kSharedMatmulStage, kMatmulEpilogueStage, kNormStage,
        kResidualNormStage};
    if (failed(runFusionPass(getOperation(), stages, {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
