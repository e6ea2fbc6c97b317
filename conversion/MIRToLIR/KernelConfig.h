//===- KernelConfig.h - How a target wants its kernels ----------*- C++ -*-===//
//
// The per-target kernel configuration convert-mir-to-lir consults
// (KernelConfig.td): library routines and workgroup splits.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H
#define RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H

#include "mlir/IR/Attributes.h"
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

} // namespace mlir::rlx

#include "conversion/MIRToLIR/KernelConfig.h.inc"

#endif // RLX_CONVERSION_MIRTOLIR_KERNELCONFIG_H
