//===- KernelConfig.h - How a target wants its kernels ----------*- C++ -*-===//
//
// The per-target kernel configuration convert-mir-to-lir consults
// (KernelConfig.td): library routines and workgroup splits.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H
#define RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include <cstdint>
#include <optional>

namespace mlir::rlx {

/// How a kernel's work splits into workgroups, each writing its own rows of
/// one result dim (docs/CPUBackend.md, "Workgroups").
struct KernelSplitPolicy {
  /// One workgroup does everything.
  bool whole = false;
  /// Split along this result dim instead of the default one (it must be
  /// one the op's work is independent along).
  std::optional<int64_t> dim;
  /// Each workgroup takes at least this many indices of the dim...
  int64_t minChunk = 1;
  /// ...and at least this many elements of its largest operand or result
  /// row range (0: no such minimum).
  int64_t minElements = 0;
};

/// The launch shape of a kernel a target built itself.
struct KernelShape {
  /// Workgroups per dim (1 to 3 entries, each >= 1).
  SmallVector<int64_t, 3> grid;
  /// Invocations per workgroup per dim; empty: one invocation (CPU-style).
  SmallVector<int64_t, 3> workgroupSize;
};

} // namespace mlir::rlx

#include "conversion/MIRToLIR/KernelConfig.h.inc"

#endif // RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H
