//===- Specialize.cpp - mir-specialize --------------------------------------===//
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRSPECIALIZE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct Specialize : mlir::rlx::mir::impl::MIRSpecializeBase<Specialize> {
  using MIRSpecializeBase::MIRSpecializeBase;
  void runOnOperation() override {
    getOperation()->emitError("mir-specialize is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
