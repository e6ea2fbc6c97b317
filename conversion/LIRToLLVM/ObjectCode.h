//===- ObjectCode.h - LLVM dialect to object code for a CPU target -*- C++
//-*-===//
//
// The last compiler step of the CPU backend: the LLVM-dialect module that
// -rlx-lir-to-llvm produces becomes relocatable object files for the
// module's CPU target (its `rlx.target`), in memory, ready for the artifact
// (docs/CPUBackend.md).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_OBJECTCODE_H
#define RLX_CONVERSION_LIRTOLLVM_OBJECTCODE_H

#include "dialects/Target/TargetDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include <string>
#include <vector>

namespace mlir::rlx {

/// Object code and what it needs of the CPU that runs it.
struct CpuObjectCode {
  /// The LLVM target triple the code was compiled for.
  std::string triple;
  /// Every feature the code may use ("+avx,+avx2,..."), sorted: the CPU
  /// name's implied features and the target's "+" features, without its
  /// "-" features, as the compiled subtarget has them.
  std::string features;
  /// Relocatable object files; linked together they define every function.
  std::vector<std::string> objects;
  /// Where the time went (ms): translation to LLVM IR (on the calling
  /// thread), and LLVM's optimization and code generation summed over the
  /// parts (which run in parallel), and the wall time of the whole call.
  double translateMillis = 0, optimizeMillis = 0, codegenMillis = 0,
         wallMillis = 0;
};

/// The CPU target named by `triple` (empty: the default target's), `cpu`
/// (empty: "generic") and `features` ("+a,-b"), with the vector width its
/// effective features give (512 bits with avx512f, 256 with avx, else 128).
/// An unknown triple, CPU or feature is an error through `emitError`.
FailureOr<CpuTargetAttr>
resolveCpuTarget(MLIRContext *ctx, StringRef triple, StringRef cpu,
                 StringRef features,
                 function_ref<InFlightDiagnostic()> emitError);

/// Translates `llvmDialectModule` (LLVM dialect only) to LLVM IR in up to
/// `parts` pieces (its functions spread over them by size, each piece
/// declaring the rest), optimizes and compiles each piece for the module's
/// CPU target (`rlx.target`, or the default target) on its own thread
/// (LLVM's O2 module pipeline; see ObjectCode.cpp). On failure (a target
/// that is not a CPU or names no triple LLVM knows) a diagnostic is emitted
/// at the module's location. Registers the builtin and LLVM dialect
/// translations in the module's context.
FailureOr<CpuObjectCode> emitObjectCode(ModuleOp llvmDialectModule,
                                        unsigned parts = 1);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_OBJECTCODE_H
