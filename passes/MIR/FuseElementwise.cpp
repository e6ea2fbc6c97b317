//===- FuseElementwise.cpp - mir-fuse-elementwise ---------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEELEMENTWISE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FuseElementwise : mlir::rlx::mir::impl::MIRFuseElementwiseBase<FuseElementwise> {
  using MIRFuseElementwiseBase::MIRFuseElementwiseBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse-elementwise is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
