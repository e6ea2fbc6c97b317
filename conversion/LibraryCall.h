//===- LibraryCall.h - Contractions computed by a native library -*- C++
//-*-===//
//
// convert-mir-to-lir{native-matmul=true} marks the linalg.matmul and
// linalg.batch_matmul ops whose routine the target's kernel configuration
// chose with the discardable attribute `rlx.library_call = "<routine>"`
// (CPU: "cblas_sgemm"). The kernel body stays ordinary linalg (the LIR
// verifies, and a backend that ignores the mark computes the same values);
// rlx-lower-library-calls replaces each marked op by calls of the routine,
// declared in the module and resolved by the runtime at load time
// (docs/CPUBackend.md, "Native matmul").
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIBRARYCALL_H
#define RLX_CONVERSION_LIBRARYCALL_H

#include "dialects/Target/Target.h"

#include "llvm/ADT/StringRef.h"

namespace mlir::rlx {

// kLibraryCallAttrName ("rlx.library_call") is an attribute of the rlx
// dialect (dialects/Target/Target.h), which verifies it is a string.

/// OpenBLAS's row-major C interface: `void cblas_sgemm(order, transA, transB,
/// M, N, K, alpha, A, lda, B, ldb, beta, C, ldc)`, enums and sizes as 32-bit
/// ints.
inline constexpr llvm::StringLiteral kCblasSgemm = "cblas_sgemm";

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIBRARYCALL_H
