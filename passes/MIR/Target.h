//===- Target.h - What a target claims to run natively ----------*- C++ -*-===//
//
// A target declares the MIR ops it has kernels for (its op claims) and its
// limits on elementwise regions. The claims are keyed by the backend name of
// the module's target attribute (dialects/Target). Fusion patterns fire only
// when the target claims the fused op they would produce; legalization rewrites
// every op the target does not claim.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_TARGET_H
#define RLX_PASSES_MIR_TARGET_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringSet.h"
#include <string>

namespace mlir::rlx::mir {

struct Target {
  std::string name;
  /// Op names ("mir.fused_matmul") the target runs natively.
  llvm::StringSet<> claimed;
  /// Most scalar steps and most inputs of one mir.elementwise region.
  int64_t maxRegionSteps = 0;
  int64_t maxRegionInputs = 0;

  bool claims(StringRef opName) const { return claimed.contains(opName); }
  bool claims(Operation *op) const {
    return claims(op->getName().getStringRef());
  }
  bool hasRegionKernels() const { return claims("mir.elementwise"); }
};

/// The built-in targets: "cpu" (every MIR op), "vulkan" (no shared_matmul,
/// residual_norm, swiglu, attention: legalization un-fuses them) and "test" (a
/// reduced set without softmax, norms, any fused op and regions, so that every
/// legalization rewrite has a target that needs it). Returns null for an
/// unknown name.
const Target *lookupTarget(StringRef name);

/// "cpu, vulkan, test", for diagnostics.
std::string knownTargetNames();

/// The claims of the target of `op`'s module (its `rlx.target`, or the
/// default target: dialects/Target/Target.h), looked up by the target's
/// backend name; on failure emits an error on `op` naming the known ones.
const Target *lookupTargetOrEmit(Operation *op);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_TARGET_H
