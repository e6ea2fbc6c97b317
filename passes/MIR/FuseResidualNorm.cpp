//===- FuseResidualNorm.cpp - mir-fuse-residual-norm ------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSERESIDUALNORM
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FuseResidualNorm : mlir::rlx::mir::impl::MIRFuseResidualNormBase<FuseResidualNorm> {
  using MIRFuseResidualNormBase::MIRFuseResidualNormBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse-residual-norm is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
