//===- LibraryCall.h - Contractions computed by a native library -*- C++
//-*-===//
//
// convert-mir-to-lir{native-matmul=true} marks the f32 linalg.matmul and
// linalg.batch_matmul ops it builds with the discardable attribute
// `rlx.library_call = "cblas_sgemm"`. The kernel body stays ordinary linalg
// (the LIR verifies, and a backend that ignores the mark computes the same
// values); convert-lir-to-llvm replaces each marked op by calls of the CBLAS
// routine, declared in the module and resolved by the runtime at load time
// (docs/CPUBackend.md, "Native matmul").
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIBRARYCALL_H
#define RLX_CONVERSION_LIBRARYCALL_H

#include "llvm/ADT/StringRef.h"

namespace mlir::rlx {

/// The attribute that names the library routine of a linalg contraction.
inline constexpr llvm::StringLiteral kLibraryCallAttrName = "rlx.library_call";

/// OpenBLAS's row-major C interface: `void cblas_sgemm(order, transA, transB,
/// M, N, K, alpha, A, lda, B, ldb, beta, C, ldc)`, enums and sizes as 32-bit
/// ints.
inline constexpr llvm::StringLiteral kCblasSgemm = "cblas_sgemm";

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIBRARYCALL_H
