//===- Compiler.h - Module text or HIR to an artifact -----------*- C++ -*-===//
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

struct PipelineOptions;

struct CompilerOptions {
  /// The device the code is for: cpu (the module's #rlx.cpu target, else
  /// options.cpuTarget) or vulkan (the module's #rlx.vulkan target, else the
  /// runtime's Vulkan device).
  ::rlx::Device device = ::rlx::Device::cpu;
  ::rlx::CompileOptions options;
  ::rlx::Precision precision = ::rlx::Precision::f32;
  ::rlx::LoweringPolicy policy = ::rlx::LoweringPolicy::fusable;
};

/// Every dialect and interface the compiler needs, registered once.
const DialectRegistry &compilerRegistry();

/// The pipeline options (conversion/Pipelines/PipelineOptions.h) the API
/// compiles with: `options` field by field, typed, nothing spelled as text.
void fillPipelineOptions(PipelineOptions &pipeline,
                         const CompilerOptions &options);

/// Parses `text` (HIR or MIR; its nesting is checked first) and compiles it.
/// Syntax errors are invalid_argument with line:col.
::rlx::Expected<::rlx::runtime::Artifact>
compileText(MLIRContext *ctx, std::string_view text,
            const CompilerOptions &options);

/// Gives `module` its target: the one it names, else the one the options ask
/// for (Device::cpu: CompileOptions::cpuTarget, this machine by default;
/// Device::vulkan: the runtime's Vulkan device). A module target of another
/// device, or one that differs from an explicit cpuTarget, is an error.
::rlx::Status attachTarget(ModuleOp module, const CompilerOptions &options);

/// Verifies `module` (HIR or MIR, one function), gives it its target and
/// runs the MIR pipeline and convert-mir-to-lir: the module is LIR after.
::rlx::Status compileToLIR(ModuleOp module, const CompilerOptions &options);

/// Verifies and compiles `module` (HIR or MIR, one function) to an artifact:
/// compileToLIR, the manifest, then for the CPU -rlx-lir-to-llvm and object
/// code, for Vulkan the kernels' bindings, -rlx-lir-to-spirv and validated
/// SPIR-V. Diagnostics become the returned Status's message.
::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options);

} // namespace mlir::rlx

#endif // RLX_API_COMPILER_H
