//===- CodeGen.h - LLVM dialect to host object code -------------*- C++ -*-===//
//
// The last compiler step of the CPU backend: the LLVM-dialect module that
// convert-lir-to-llvm produces becomes an ELF/Mach-O/COFF object for the
// host, in memory, ready for the artifact (docs/CPUBackend.md).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_CODEGEN_H
#define RLX_API_CODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include <string>

namespace mlir::rlx {

/// Translates `llvmDialectModule` (LLVM dialect only) to LLVM IR, optimizes
/// it with LLVM's default O3 module pipeline for the host CPU, and returns
/// the object code. On success `triple` is the target triple and
/// `cpuFeatures` the host features the code may use, sorted and
/// comma-separated (`+avx,+avx2,+fma,...`, enabled ones only): what the
/// artifact records and the loader checks. On failure a diagnostic is
/// emitted at the module's location. Registers the builtin and LLVM
/// dialect translations in the module's context.
FailureOr<std::string> emitObjectCode(ModuleOp llvmDialectModule,
                                      std::string &triple,
                                      std::string &cpuFeatures);

} // namespace mlir::rlx

#endif // RLX_API_CODEGEN_H
