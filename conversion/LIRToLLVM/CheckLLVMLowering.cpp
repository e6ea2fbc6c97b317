//===- CheckLLVMLowering.cpp - rlx-check-llvm-lowering --------------------===//
#include "conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CHECKLLVMLOWERING
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {
struct CheckLLVMLowering
    : mlir::rlx::impl::CheckLLVMLoweringBase<CheckLLVMLowering> {
  void runOnOperation() override {
    bool lowered = true;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ModuleOp, UnrealizedConversionCastOp>(op) ||
          isa<LLVM::LLVMDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("could not be lowered to the LLVM dialect");
      lowered = false;
      // Its nested ops were not lowered either: one error per op tree.
      return WalkResult::skip();
    });
    if (!lowered)
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
