//===- LegalizeForTarget.cpp - mir-legalize-for-target ----------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRLEGALIZEFORTARGET
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct LegalizeForTarget : mlir::rlx::mir::impl::MIRLegalizeForTargetBase<LegalizeForTarget> {
  using MIRLegalizeForTargetBase::MIRLegalizeForTargetBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-legalize-for-target is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
