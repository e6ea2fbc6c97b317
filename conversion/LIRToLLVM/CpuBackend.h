//===- CpuBackend.h - The CPU backend's face to the compiler ----*- C++ -*-===//
//
// The CPU backend is this folder (LIR -> LLVM dialect -> object code) plus
// runtime/cpu. Its target-specific policy lives here, behind interfaces the
// target-neutral layers ask: the kernel configuration of `#rlx.cpu` targets
// (conversion/MIRToLIR/KernelConfig.td) and the host target of the rlx
// dialect (this machine's CPU, the default target).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H
#define RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H

#include "dialects/Target/TargetDialect.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::rlx {

/// Attaches the CPU backend's interfaces to `#rlx.cpu` target attributes
/// and makes this machine's CPU the rlx dialect's host target.
void registerCpuBackend(DialectRegistry &registry);

/// This machine's CPU: its triple and CPU name, every feature LLVM knows for
/// it signed (+ / -), and its vector width. HostTarget.cpp.
CpuTargetAttr hostCpuTarget(MLIRContext *ctx);

/// Gives `dialect` hostCpuTarget as its HostTargetInterface.
void registerHostCpuTarget(RLXDialect *dialect);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H
