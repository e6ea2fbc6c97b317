//===- FoldConstants.cpp - mir-fold-constants -------------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFOLDCONSTANTS
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FoldConstants : mlir::rlx::mir::impl::MIRFoldConstantsBase<FoldConstants> {
  using MIRFoldConstantsBase::MIRFoldConstantsBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fold-constants is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
