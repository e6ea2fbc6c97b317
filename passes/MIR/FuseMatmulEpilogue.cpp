//===- FuseMatmulEpilogue.cpp - mir-fuse-matmul-epilogue --------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEMATMULEPILOGUE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct FuseMatmulEpilogue : mlir::rlx::mir::impl::MIRFuseMatmulEpilogueBase<FuseMatmulEpilogue> {
  using MIRFuseMatmulEpilogueBase::MIRFuseMatmulEpilogueBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-fuse-matmul-epilogue is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
