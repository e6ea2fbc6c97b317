//===- VerifyContract.cpp - hir-verify-contract -----------------------------===//
#include "passes/HIR/Passes.h"

namespace mlir::rlx::hir {
#define GEN_PASS_DEF_HIRVERIFYCONTRACT
#include "passes/HIR/Passes.h.inc"
} // namespace mlir::rlx::hir

using namespace mlir;

namespace {
struct VerifyContract : mlir::rlx::hir::impl::HIRVerifyContractBase<VerifyContract> {
  using HIRVerifyContractBase::HIRVerifyContractBase;
  void runOnOperation() override {
    getOperation()->emitError("hir-verify-contract is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
