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
#include <vector>

namespace mlir::rlx {

/// Translates `llvmDialectModule` (LLVM dialect only) to LLVM IR in up to
/// `parts` pieces (its functions spread over them by size, each piece
/// declaring the rest), optimizes and compiles each piece for the host CPU
/// on its own thread (LLVM's O2 module pipeline; see CodeGen.cpp), and
/// returns one object file per piece; linked together they define every
/// function. On success `triple` is the target triple and `cpuFeatures` the
/// host features the code may use, sorted and comma-separated
/// (`+avx,+avx2,+fma,...`, enabled ones only): what the artifact records
/// and the loader checks. On failure a diagnostic is emitted at the
/// module's location. Registers the builtin and LLVM dialect translations
/// in the module's context.
FailureOr<std::vector<std::string>> emitObjectCode(ModuleOp llvmDialectModule,
                                                   std::string &triple,
                                                   std::string &cpuFeatures,
                                                   unsigned parts = 1);

} // namespace mlir::rlx

#endif // RLX_API_CODEGEN_H
