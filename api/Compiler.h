//===- Compiler.h - Module text or HIR to an artifact -----------*- C++ -*-===//
#ifndef RLX_API_COMPILER_H
#define RLX_API_COMPILER_H

#include "rlx/Session.h"
#include "runtime/Artifact.h"

#include "rlx/Model.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include <memory>
#include <set>
#include <string>
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
            const CompilerOptions &options,
            std::string_view sourceName = "<module>");

/// Gives `module` its target through the backend of options.device
/// (Backend::attachTarget): the one it names, else the device's (Device::
/// cpu: CompileOptions::cpuTarget, this machine by default; Device::vulkan:
/// the runtime's Vulkan device). A module target of another device, or one
/// that differs from an explicit cpuTarget, is an error; a device without a
/// backend is unavailable.
::rlx::Status attachTarget(ModuleOp module, const CompilerOptions &options);

/// ok when `module` holds exactly one func.func (a model); otherwise
/// invalid_argument naming the functions it has.
::rlx::Status checkModelShape(ModuleOp module);

/// The dim symbols the arguments of `module`'s functions declare
/// (`hir.dims` / `mir.dims`), sorted: what a binding may name.
std::set<std::string> dimSymbols(ModuleOp module);

/// ok when every symbol options.options.dims binds is one of `module`'s
/// dimSymbols; otherwise invalid_argument naming the binding and the
/// symbols the model has (a misspelling is an error, not a size to ignore).
::rlx::Status checkBindings(ModuleOp module, const CompilerOptions &options);

/// Verifies `module` (HIR or MIR, one function), gives it its target and
/// runs the binding-independent half of the MIR pipeline
/// (buildTemplatePipeline): the module is MIR after, its dims possibly
/// still symbolic. A ModelCompilePipeline template.
::rlx::Status compileTemplate(ModuleOp module, const CompilerOptions &options);

/// On what compileTemplate left (a template's clone): binds
/// options.options.dims and runs the rest of the MIR pipeline and
/// convert-mir-to-lir (buildSpecializationToLirPipeline): LIR after.
::rlx::Status specializeToLIR(ModuleOp module, const CompilerOptions &options);

/// The two halves of specializeToLIR: binding and the rest of the MIR
/// pipeline (optimized MIR after), then convert-mir-to-lir (LIR after).
::rlx::Status optimizeMIR(ModuleOp module, const CompilerOptions &options);
::rlx::Status lowerMIRToLIR(ModuleOp module, const CompilerOptions &options);

/// compileTemplate, then specializeToLIR: the module is LIR after.
::rlx::Status compileToLIR(ModuleOp module, const CompilerOptions &options);

/// LIR `module` to an artifact: its manifest, then the device's backend
/// (Backend::compileLIR).
::rlx::Expected<::rlx::runtime::Artifact>
compileLIRToArtifact(ModuleOp module, const CompilerOptions &options);

/// Verifies and compiles `module` (HIR or MIR, one function) to an artifact:
/// compileToLIR, the manifest, then the device's backend (Backend::
/// compileLIR: for the CPU -rlx-lir-to-llvm and object code, for Vulkan
/// the kernels' bindings, -rlx-lir-to-spirv and validated SPIR-V).
/// Diagnostics become the returned Status's message.
::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options);

/// A context with every dialect the compiler needs, its passes' threads
/// the process's shared pool, and diagnostics without IR dumps (they
/// become Status messages).
std::unique_ptr<MLIRContext> makeCompilerContext();

/// Parses `text` (HIR or MIR; its nesting is checked first), naming
/// `sourceName` in diagnostics. invalid_argument with file:line:col.
::rlx::Expected<OwningOpRef<ModuleOp>>
parseModuleText(MLIRContext *ctx, std::string_view text,
                std::string_view sourceName = "<module>");

/// The module of `model`: its graph translated to HIR, or its text parsed.
::rlx::Expected<OwningOpRef<ModuleOp>> modelModule(MLIRContext *ctx,
                                                   const ::rlx::Model &model);

/// `options` with the device, precision and lowering policy they are
/// compiled with.
CompilerOptions compilerOptionsFor(::rlx::Device device,
                                   const ::rlx::CompileOptions &options,
                                   ::rlx::Precision precision,
                                   ::rlx::LoweringPolicy policy);

/// The compiler options `model` asks for on `device` (an ONNX model's
/// without the options its import consumed).
CompilerOptions compilerOptionsFor(const ::rlx::Model &model,
                                   ::rlx::Device device);

/// Clears what importing an ONNX model applies (dims, constants): the
/// imported MIR has them as static shapes and constants, and a binding of a
/// symbol the module no longer has is an error (checkBindings).
void withoutImportOptions(::rlx::CompileOptions &options);

/// Collects every diagnostic emitted while it lives, one per line,
/// "file:line:col: message" as compilers print them.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *ctx);
  ~DiagnosticCollector();
  /// The collected text, or `fallback` if nothing was emitted.
  std::string message(StringRef fallback) const;

private:
  std::string text;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};

/// The status code that fits a failed compilation's diagnostics:
/// unimplemented when the target lacks what the code needs.
::rlx::StatusCode statusCodeFor(StringRef message);

/// "the module's rlx.target #rlx.vulkan<...>".
std::string describeTarget(Attribute target);

} // namespace mlir::rlx

#endif // RLX_API_COMPILER_H
