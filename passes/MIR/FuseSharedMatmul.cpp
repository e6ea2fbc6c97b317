//===- FuseSharedMatmul.cpp - mir-fuse-shared-matmul ------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSESHAREDMATMUL
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FuseSharedMatmul : mlir::rlx::mir::impl::MIRFuseSharedMatmulBase<FuseSharedMatmul> {
  using MIRFuseSharedMatmulBase::MIRFuseSharedMatmulBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse-shared-matmul is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
