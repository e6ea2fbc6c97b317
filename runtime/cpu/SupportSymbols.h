//===- SupportSymbols.h - What compiled CPU code may call -----------------===//
//
// The one allow-list of functions outside an artifact that its object code
// may call (RELIABILITY.md contract 5): the libm functions the math lowering
// calls (rlx-math-to-libm and LLVM's own libcalls for math intrinsics), the
// memory functions and f16 / powi helpers LLVM's code generator calls, and,
// when the runtime has OpenBLAS, cblas_sgemm (rlx-lower-library-calls).
// CpuExecutable resolves an object's undefined references against this list
// only; a dispatch symbol never resolves to any of them.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_CPU_SUPPORTSYMBOLS_H
#define RLX_RUNTIME_CPU_SUPPORTSYMBOLS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace rlx::runtime {

/// The process functions object code may call, besides cblas_sgemm (which
/// the loader defines itself when OpenBLAS is in: isSupportSymbol).
llvm::ArrayRef<llvm::StringLiteral> processSupportSymbols();

/// Whether object code may call `name` (unmangled): one of
/// processSupportSymbols(), or cblas_sgemm.
bool isSupportSymbol(llvm::StringRef name);

} // namespace rlx::runtime

#endif // RLX_RUNTIME_CPU_SUPPORTSYMBOLS_H
