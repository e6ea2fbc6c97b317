//===- HIRToMIR.cpp - convert-hir-to-mir ------------------------------------===//
#include "conversion/Passes.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTHIRTOMIR
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
struct ConvertHIRToMIR : mlir::rlx::impl::ConvertHIRToMIRBase<ConvertHIRToMIR> {
  using ConvertHIRToMIRBase::ConvertHIRToMIRBase;
  void runOnOperation() override {
    getOperation()->emitError("convert-hir-to-mir is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
