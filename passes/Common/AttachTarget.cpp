//===- AttachTarget.cpp - rlx-attach-target -------------------------------===//
#include "dialects/Target/Target.h"
#include "passes/Common/Passes.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_ATTACHTARGET
#include "passes/Common/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {
struct AttachTarget : rlx::impl::AttachTargetBase<AttachTarget> {
  using AttachTargetBase::AttachTargetBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!replace && module->hasAttr(kTargetAttrName))
      return markAllAnalysesPreserved();
    FailureOr<TargetAttrInterface> parsed =
        parseTarget(target, &getContext(), [&] {
          return module.emitError() << "rlx-attach-target: ";
        });
    if (failed(parsed))
      return signalPassFailure();
    setTarget(module, *parsed);
  }
};
} // namespace
