//===- VerifyContract.cpp - mir-verify-contract ---------------------------===//
#include "passes/Common/ModelContract.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRVERIFYCONTRACT
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;

namespace {
struct VerifyContract
    : mlir::rlx::mir::impl::MIRVerifyContractBase<VerifyContract> {
  using MIRVerifyContractBase::MIRVerifyContractBase;
  void runOnOperation() override {
    markAllAnalysesPreserved();
    mlir::rlx::ModelContract contract{"MIR", {"mir"}, "mir", staticShapes};
    if (failed(mlir::rlx::verifyModelContract(getOperation(), contract)))
      signalPassFailure();
  }
};
} // namespace
