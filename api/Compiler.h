//===- Compiler.h - Module text or HIR to a CPU artifact --------*- C++ -*-===//
#ifndef RLX_API_COMPILER_H
#define RLX_API_COMPILER_H

#include "rlx/Session.h"
#include "runtime/Artifact.h"

#include "mlir/IR/BuiltinOps.h"
#include <string_view>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::rlx {

struct CompilerOptions {
  ::rlx::CompileOptions options;
  ::rlx::Precision precision = ::rlx::Precision::f32;
  ::rlx::LoweringPolicy policy = ::rlx::LoweringPolicy::fusable;
  /// Fusion and legalization target.
  std::string target = "cpu";
};

/// Every dialect and translation interface the compiler needs, registered
/// once.
const DialectRegistry &compilerRegistry();

/// Parses `text` (HIR or MIR; its nesting is checked first) and compiles it.
/// Syntax errors are invalid_argument with line:col.
::rlx::Expected<::rlx::runtime::Artifact>
compileText(MLIRContext *ctx, std::string_view text,
            const CompilerOptions &options);

/// Verifies and compiles `module` (HIR or MIR, one function) to an artifact:
/// the MIR pipeline, convert-mir-to-lir, convert-lir-to-llvm, object code.
/// Diagnostics become the returned Status's message.
::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options);

} // namespace mlir::rlx

#endif // RLX_API_COMPILER_H
