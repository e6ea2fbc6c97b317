//===- Compiler.cpp - Module text or HIR to a CPU artifact ----------------===//
#include "api/Compiler.h"
#include "api/CodeGen.h"
#include "api/ManifestFromLIR.h"
#include "conversion/LIRToLLVM/LIRToLLVM.h"
#include "conversion/Passes.h"
#include "dialects/Common/InputLimits.h"
#include "dialects/RlxDialects.h"
#include "passes/Pipelines/Pipelines.h"
#include "runtime/cpu/CpuExecutable.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include <algorithm>

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;

const DialectRegistry &compilerRegistry() {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    // The lowering passes load what else they need (dependent dialects).
    registerRlxDialects(r);
    return r;
  }();
  return registry;
}

static const char *precisionPolicy(::rlx::Precision p) {
  switch (p) {
  case ::rlx::Precision::f32:
    return "always-f32";
  case ::rlx::Precision::f16:
    return "always-f16";
  case ::rlx::Precision::autoMixed:
    return "auto-mixed";
  case ::rlx::Precision::autoMixedConservative:
    return "auto-mixed-conservative";
  case ::rlx::Precision::autoMixedBf16:
    return "auto-mixed-bf16";
  case ::rlx::Precision::custom:
    return "custom";
  }
  return "always-f32";
}

/// Collects every diagnostic emitted while it lives, one per line.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &d) {
          llvm::raw_string_ostream os(text);
          if (!text.empty())
            os << "\n";
          // "file:line:col: message", as compilers print it.
          if (auto file = d.getLocation()->findInstanceOf<FileLineColLoc>())
            os << file.getFilename().getValue() << ":" << file.getLine() << ":"
               << file.getColumn() << ": " << d;
          else
            os << d.getLocation() << ": " << d;
          for (Diagnostic &note : d.getNotes())
            os << "\n  note: " << note;
          return success();
        }) {}
  /// The collected text, or `fallback` if nothing was emitted.
  std::string message(StringRef fallback) const {
    return text.empty() ? fallback.str() : text;
  }

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// The status code that fits a failed compilation's diagnostics.
static StatusCode codeFor(StringRef message) {
  if (message.contains("is not supported by target"))
    return StatusCode::unimplemented;
  return StatusCode::invalid_argument;
}

::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options) {
  if (options.options.nativeMatmul && !::rlx::runtime::hasNativeMatmul())
    return Status(StatusCode::unimplemented,
                  "CompileOptions::nativeMatmul needs OpenBLAS, and this rlx "
                  "was built without it: install libopenblas-dev and "
                  "configure with -DRLX_ENABLE_OPENBLAS=ON");
  MLIRContext *ctx = module.getContext();
  DiagnosticCollector diagnostics(ctx);
  if (failed(verify(module)))
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module does not verify"));

  MirPipelineOptions mir;
  mir.target = options.target;
  mir.policy =
      options.policy == ::rlx::LoweringPolicy::direct ? "direct" : "fusable";
  mir.precision = precisionPolicy(options.precision);
  mir.customPrecision = options.options.customPrecision;
  for (auto &[symbol, size] : options.options.dims)
    mir.bind +=
        (mir.bind.empty() ? "" : ",") + symbol + "=" + std::to_string(size);
  mir.fuse = options.options.fuse;
  mir.foldConstants = options.options.foldConstants;
  mir.report = options.options.report;
  mir.assertFusionClean = options.options.assertFusionClean;
  mir.dumpDir = options.options.dumpDir;

  PassManager pm(ctx);
  buildMirToLirPipeline(pm, mir, options.options.arenaAlignment,
                        options.options.nativeMatmul);
  if (failed(pm.run(module))) {
    std::string message = diagnostics.message("compilation failed");
    return Status(codeFor(message), message);
  }
  ::rlx::Expected<::rlx::Manifest> manifest = manifestFromLIR(module);
  if (!manifest)
    return manifest.status();

  PassManager lower(ctx);
  LIRToLLVMOptions llvmOptions;
  llvmOptions.tileMatmul = true;
  llvmOptions.vectorize = true;
  buildLIRToLLVMPipeline(lower, llvmOptions);
  if (failed(lower.run(module)))
    return Status(StatusCode::internal,
                  diagnostics.message("lowering to LLVM failed"));
  ::rlx::runtime::Artifact artifact;
  artifact.manifest = std::move(*manifest);
  // One piece of object code per core, compiled in parallel.
  FailureOr<std::vector<std::string>> objects = emitObjectCode(
      module, artifact.triple, artifact.cpuFeatures,
      std::max(1u, llvm::hardware_concurrency().compute_thread_count()));
  if (failed(objects))
    return Status(StatusCode::internal,
                  diagnostics.message("object code generation failed"));
  for (const std::string &object : *objects)
    artifact.objects.emplace_back(object.begin(), object.end());
  return artifact;
}

::rlx::Expected<::rlx::runtime::Artifact>
compileText(MLIRContext *ctx, std::string_view text,
            const CompilerOptions &options) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return Status(StatusCode::invalid_argument, "the module text is empty");
  std::string tooDeep = checkNestingDepth(StringRef(text.data(), text.size()));
  if (!tooDeep.empty())
    return Status(StatusCode::resource_exhausted, tooDeep);
  DiagnosticCollector diagnostics(ctx);
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(StringRef(text.data(), text.size()),
                                           "<module>"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, ctx);
  if (!module)
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module text does not parse"));
  return compileModule(*module, options);
}

} // namespace mlir::rlx
