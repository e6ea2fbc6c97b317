//===- MakeBroadcastsExplicit.cpp - mir-make-broadcasts-explicit ------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRMAKEBROADCASTSEXPLICIT
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct MakeBroadcastsExplicit : mlir::rlx::mir::impl::MIRMakeBroadcastsExplicitBase<MakeBroadcastsExplicit> {
  using MIRMakeBroadcastsExplicitBase::MIRMakeBroadcastsExplicitBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-make-broadcasts-explicit is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
