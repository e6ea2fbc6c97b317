//===- UnfuseElementwise.cpp - mir-unfuse-elementwise -----------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRUNFUSEELEMENTWISE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct UnfuseElementwise : mlir::rlx::mir::impl::MIRUnfuseElementwiseBase<UnfuseElementwise> {
  using MIRUnfuseElementwiseBase::MIRUnfuseElementwiseBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-unfuse-elementwise is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
