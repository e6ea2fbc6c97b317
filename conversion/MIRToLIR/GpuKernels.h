//===- GpuKernels.h - MIR ops as GPU kernels --------------------*- C++ -*-===//
//
// Kernel bodies written for GPUs, for backends whose kernel configuration
// builds whole kernels (KernelConfig.td, buildKernel): many invocations per
// workgroup (`gpu.thread_id`), workgroup memory and barriers, no loop a
// single invocation runs over a whole tensor. The families
// (docs/VulkanBackend.md, "Kernels"):
//   - per element: elementwise ops and regions, broadcast, casts, copies,
//     transpose, slice, concat, gather: one invocation per output element;
//   - rows: reduce, softmax, layer_norm, rms_norm: one workgroup per row,
//     its invocations striding over the row and reducing through workgroup
//     memory (and subgroup operations where the target has them);
//   - matmul, fused_matmul: a workgroup per output tile, A and B staged
//     through workgroup memory, a register tile per invocation, the
//     epilogue (bias, activation) applied before the one store.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_GPUKERNELS_H
#define RLX_CONVERSION_MIRTOLIR_GPUKERNELS_H

#include "conversion/MIRToLIR/KernelConfig.h"

#include "mlir/IR/Builders.h"
#include <optional>

namespace mlir::rlx {

/// What the GPU kernels are sized by: the target's limits.
struct GpuLimits {
  /// Most invocations per workgroup.
  int64_t maxInvocations = 128;
  /// Most workgroups along one grid dim.
  int64_t maxWorkgroups = 65535;
  /// Bytes of workgroup memory.
  int64_t sharedMemoryBytes = 16384;
  /// Invocations per subgroup, and whether subgroup add / max / min may be
  /// used (the target has the capability).
  int64_t subgroupSize = 32;
  bool subgroupArithmetic = false;
};

/// Builds the GPU kernel of `op` (null: an output copy) at `b` on the
/// kernel's `operands` (memrefs, or scalars for folded splats) and
/// `results`; returns its grid and workgroup size, or failure() after a
/// diagnostic (an op without a GPU kernel is one).
FailureOr<std::optional<KernelShape>>
buildGpuKernel(OpBuilder &b, Operation *op, ValueRange operands,
               ValueRange results, const GpuLimits &limits);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_GPUKERNELS_H
