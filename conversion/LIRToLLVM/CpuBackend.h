//===- CpuBackend.h - The CPU backend's face to the compiler ----*- C++ -*-===//
//
// The CPU backend is this folder (LIR -> LLVM dialect -> object code) plus
// runtime/cpu. Its target-specific policy lives here, behind interfaces the
// target-neutral layers ask: the kernel configuration of `#rlx.cpu` targets
// (conversion/MIRToLIR/KernelConfig.td).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H
#define RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::rlx {

/// Attaches the CPU backend's interfaces to `#rlx.cpu` target attributes.
void registerCpuBackend(DialectRegistry &registry);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_CPUBACKEND_H
