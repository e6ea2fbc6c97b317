//===- FuseSwiglu.cpp - mir-fuse-swiglu -------------------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSESWIGLU
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FuseSwiglu : mlir::rlx::mir::impl::MIRFuseSwigluBase<FuseSwiglu> {
  using MIRFuseSwigluBase::MIRFuseSwigluBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse-swiglu is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
