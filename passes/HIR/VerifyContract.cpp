//===- VerifyContract.cpp - hir-verify-contract ---------------------------===//
#include "passes/Common/ModelContract.h"
#include "passes/HIR/Passes.h"

namespace mlir::rlx::hir {
#define GEN_PASS_DEF_HIRVERIFYCONTRACT
#include "passes/HIR/Passes.h.inc"
} // namespace mlir::rlx::hir

using namespace mlir;

namespace {
struct VerifyContract
    : mlir::rlx::hir::impl::HIRVerifyContractBase<VerifyContract> {
  void runOnOperation() override {
    markAllAnalysesPreserved();
    // HIR may contain MIR ops (the escape hatch).
    rlx::ModelContract contract{"HIR", {"hir", "mir"}, "hir", false};
    if (failed(rlx::verifyModelContract(getOperation(), contract)))
      signalPassFailure();
  }
};
} // namespace
