//===- MIRToLIR.h - One MIR function to one LIR program ---------*- C++ -*-===//
#ifndef RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H
#define RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H

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
  /// largest operand or result row range (>= 1).
  int64_t workgroupElements = 16384;
  /// Compute f32 matmul products with cblas_sgemm (conversion/LibraryCall.h).
  bool nativeMatmul = false;
};

/// Replaces `fn` (static-shaped MIR) by a lir.program of the same name. On
/// failure emits a diagnostic naming the offending op or value and leaves
/// `fn` in place.
LogicalResult convertFunctionToProgram(func::FuncOp fn,
                                       const MIRToLIROptions &options);

} // namespace rlx
} // namespace mlir

#endif // RLX_CONVERSION_MIRTOLIR_MIRTOLIR_H
