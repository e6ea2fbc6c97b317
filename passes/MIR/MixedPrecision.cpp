//===- MixedPrecision.cpp - mir-mixed-precision -----------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRMIXEDPRECISION
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct MixedPrecision : mlir::rlx::mir::impl::MIRMixedPrecisionBase<MixedPrecision> {
  using MIRMixedPrecisionBase::MIRMixedPrecisionBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-mixed-precision is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
