//===- MIRToLIR.h - One MIR function to one LIR program ---------*- C++ -*-===//
#ifndef RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H
#define RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H

#include "conversion/MIRToLIR/KernelConfig.h"

#include "mlir/Support/LogicalResult.h"
#include <cstdint>

namespace mlir {
namespace func {
class FuncOp;
} // namespace func

namespace rlx {

/// Knobs of convert-mir-to-lir.
struct MIRToLIROptions {
  /// Byte alignment of every slot and buffer (a power of two).
  int64_t alignment = 64;
  /// A kernel splits into workgroups of at least this many elements of its
  /// largest operand or result row range; 0: the target's minimum.
  int64_t workgroupElements = 0;
  /// Compute matmul products with the target's native library where its
  /// kernel configuration has one (CPU: cblas_sgemm, LibraryCall.h).
  bool nativeMatmul = false;
};

/// The kernel configuration of the target of `op`'s module
/// (KernelConfig.h), or an error on `op` when the target has none.
FailureOr<KernelConfigAttrInterface> kernelConfigOf(Operation *op);

/// Replaces `fn` (static-shaped MIR) by a lir.program of the same name. On
/// failure emits a diagnostic naming the offending op or value and leaves
/// `fn` in place.
LogicalResult convertFunctionToProgram(func::FuncOp fn,
                                       const MIRToLIROptions &options);

} // namespace rlx
} // namespace mlir

#endif // RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H
