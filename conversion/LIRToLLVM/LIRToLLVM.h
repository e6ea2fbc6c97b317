//===- LIRToLLVM.h - LIR programs to the LLVM dialect -----------*- C++ -*-===//
//
// convert-lir-to-llvm turns each lir.dispatch into one exported function
// `void rlx_dispatch_<i>(void *arena, const void *const *inputs, int64_t x,
// int64_t y, int64_t z)`
// (docs/CPUBackend.md) and lowers it to the LLVM dialect. This header is
// light on purpose: the API and rlx-opt include it, and the Linalg/LLVM
// headers the implementation needs stay in LIRToLLVM.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_LIRTOLLVM_H
#define RLX_CONVERSION_LIRTOLLVM_LIRTOLLVM_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::rlx {

/// Options of the LIR -> LLVM lowering (the pass and the pipeline).
struct LIRToLLVMOptions {
  /// f32 matmuls as packed register-tile vector code with the epilogue in
  /// registers (rlx-cpu-matmul-microkernel).
  bool tileMatmul = false;
  /// Vectorize innermost elementwise and reduction loops
  /// (rlx-cpu-vectorize-loops).
  bool vectorize = false;
  /// f32 lanes per vector; 0: the host's widest (hostF32Lanes).
  int64_t lanes = 0;
};

/// The exported symbol of dispatch `index` (schedule order) of `program`:
/// `rlx_dispatch_<index>`, or `<program>_rlx_dispatch_<index>` when the
/// module holds several programs. The index is the last `_`-separated field
/// and is all digits, so distinct (program, index) pairs never share a name.
std::string dispatchSymbolName(llvm::StringRef program, unsigned index,
                               bool prefixWithProgram);

/// Appends the whole LIR -> LLVM dialect lowering to `pm` (anchored on
/// builtin.module). The API and `-rlx-lir-to-llvm` both use it.
void buildLIRToLLVMPipeline(OpPassManager &pm,
                            const LIRToLLVMOptions &options = {});

/// Registers `-rlx-lir-to-llvm{tile-matmul=...}`.
void registerLIRToLLVMPipeline();

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_LIRTOLLVM_H
