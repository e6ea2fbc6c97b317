//===- Fuse.cpp - mir-fuse --------------------------------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct Fuse : mlir::rlx::mir::impl::MIRFuseBase<Fuse> {
  using MIRFuseBase::MIRFuseBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
