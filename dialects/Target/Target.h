//===- Target.h - The module's compilation target ---------------*- C++ -*-===//
//
// The one source of "what are we compiling for": the `rlx.target` attribute
// of the enclosing module. A module without one is compiled for the default
// target, the machine the compiler runs on; the dialect never asks about the
// machine itself: the backend that knows it registers a HostTargetInterface
// (the CPU backend's is the host CPU, conversion/LIRToLLVM/CpuBackend.h).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_TARGET_TARGET_H
#define RLX_DIALECTS_TARGET_TARGET_H

#include "dialects/Target/TargetDialect.h"

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Operation.h"

namespace mlir::rlx {

/// The module attribute that holds the target.
inline constexpr llvm::StringLiteral kTargetAttrName = "rlx.target";

/// The discardable attribute that names the library routine computing a
/// linalg contraction (conversion/LibraryCall.h).
inline constexpr llvm::StringLiteral kLibraryCallAttrName = "rlx.library_call";

/// The discardable attribute on a `lir.kernel` that computes a contraction:
/// its floating-point operations over all workgroups, a non-negative i64
/// (mir::ContractionOpInterface's rule), which the manifest's
/// `Dispatch::flops` reports. A kernel without it computes no contraction.
inline constexpr llvm::StringLiteral kFlopsAttrName = "rlx.flops";

/// The target of `op` if it is a module, else of its nearest enclosing
/// module that has one; null when none does.
TargetAttrInterface getTarget(Operation *op);

/// The machine the compiler runs on, as a target: what a backend registers
/// on the rlx dialect (DialectRegistry::addExtension) so that the dialect
/// and the passes can name the host without querying it.
class HostTargetInterface : public DialectInterface::Base<HostTargetInterface> {
public:
  explicit HostTargetInterface(Dialect *dialect) : Base(dialect) {}
  virtual TargetAttrInterface getHostTarget(MLIRContext *ctx) const = 0;
};

/// The registered host target; null when no backend registered one.
TargetAttrInterface getHostTarget(MLIRContext *ctx);

/// getTarget(op), or the default target when there is none: the host
/// target, else (no backend registered) `#rlx.target<"none">`, which has no
/// claims, so passes name it in their error.
TargetAttrInterface getTargetOrDefault(Operation *op);

/// What every Vulkan 1.1 device runs: SPIR-V 1.3, the Shader capability and
/// the storage-buffer extension, upstream's minimum resource limits (16 KiB
/// of shared memory, 128 invocations per workgroup, subgroups of 32).
VulkanTargetAttr baselineVulkanTarget(MLIRContext *ctx);

/// A target from its command-line spelling: "host" (getHostTarget),
/// "vulkan" (baselineVulkanTarget), an attribute (`#rlx.cpu<...>`), or any
/// other name, a claims-only `#rlx.target<"name">`. Errors name the text.
FailureOr<TargetAttrInterface>
parseTarget(StringRef text, MLIRContext *ctx,
            function_ref<InFlightDiagnostic()> emitError);

/// Sets `module`'s target.
void setTarget(Operation *module, TargetAttrInterface target);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_TARGET_TARGET_H
