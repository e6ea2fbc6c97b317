//===- Compiler.cpp - Module text or HIR to an artifact -------------------===//
#include "api/Compiler.h"

#include "api/Backend.h"
#include "api/GraphToHIR.h"
#include "api/ManifestFromLIR.h"
#include "api/OnnxImport.h"
#include "conversion/Pipelines/Pipelines.h"
#include "dialects/Common/InputLimits.h"
#include "dialects/Target/Target.h"
#include "passes/Common/Log.h"
#include "rlx/PrintableText.h"
#include <cstdlib>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include <algorithm>

namespace mlir::rlx {

using ::rlx::Status;
using ::rlx::StatusCode;

const DialectRegistry &compilerRegistry() {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    // The lowering passes load what else they need (dependent dialects).
    registerRlxCompiler(r);
    return r;
  }();
  return registry;
}

void fillPipelineOptions(PipelineOptions &p, const CompilerOptions &options) {
  const ::rlx::CompileOptions &o = options.options;
  p.policy = options.policy;
  p.precision = options.precision;
  p.customPrecision = o.customPrecision;
  SmallVector<SymbolBinding> bind;
  for (const auto &[symbol, size] : o.dims)
    bind.push_back({symbol, size});
  p.bind = bind;
  p.fuse = o.fuse;
  p.foldConstants = o.foldConstants;
  p.report = o.report;
  p.assertFusionClean = o.assertFusionClean;
  p.dumpDir = o.dumpDir;
  p.alignment = o.arenaAlignment;
  p.nativeMatmul = o.nativeMatmul;
  p.packParams = o.packParams;
}

DiagnosticCollector::DiagnosticCollector(MLIRContext *ctx) {
  handler = std::make_unique<ScopedDiagnosticHandler>(
      ctx, [this, ctx](Diagnostic &d) {
        // Warnings and remarks do not fail a compilation: they go to the
        // context's log (the Session's handler, else stderr).
        if (d.getSeverity() == DiagnosticSeverity::Warning ||
            d.getSeverity() == DiagnosticSeverity::Remark) {
          std::string line;
          llvm::raw_string_ostream los(line);
          if (auto file = d.getLocation()->findInstanceOf<FileLineColLoc>())
            los << file.getFilename().getValue() << ":" << file.getLine() << ":"
                << file.getColumn() << ": ";
          los << (d.getSeverity() == DiagnosticSeverity::Warning ? "warning: "
                                                                 : "remark: ")
              << d;
          log(ctx,
              d.getSeverity() == DiagnosticSeverity::Warning
                  ? ::rlx::LogLevel::warning
                  : ::rlx::LogLevel::report,
              ::rlx::escapeUnprintable(line));
          return success();
        }
        llvm::raw_string_ostream os(text);
        if (!text.empty())
          os << "\n";
        // "file:line:col: error: message", as compilers print it.
        const char *severity =
            d.getSeverity() == DiagnosticSeverity::Error     ? "error: "
            : d.getSeverity() == DiagnosticSeverity::Warning ? "warning: "
                                                             : "note: ";
        if (auto file = d.getLocation()->findInstanceOf<FileLineColLoc>())
          os << file.getFilename().getValue() << ":" << file.getLine() << ":"
             << file.getColumn() << ": " << severity << d;
        else if (auto name = d.getLocation()->findInstanceOf<NameLoc>())
          os << name.getName().getValue() << ": " << severity << d;
        else
          os << d.getLocation() << ": " << severity << d;
        for (Diagnostic &note : d.getNotes())
          os << "\n  note: " << note;
        return success();
      });
}

DiagnosticCollector::~DiagnosticCollector() = default;

std::string DiagnosticCollector::message(StringRef fallback) const {
  // Names in diagnostics come from the model (a node name, a file name):
  // escaped, so a control byte never reaches a terminal.
  return text.empty() ? fallback.str() : ::rlx::escapeUnprintable(text);
}

StatusCode statusCodeFor(StringRef message) {
  if (message.contains("is not supported by target"))
    return StatusCode::unimplemented;
  return StatusCode::invalid_argument;
}

std::string describeTarget(Attribute target) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the module's rlx.target " << target;
  return text;
}

/// The backend of `device`, or unavailable.
static ::rlx::Expected<Backend *> backendOf(::rlx::Device device) {
  if (Backend *backend = backendFor(device))
    return backend;
  return Status(StatusCode::unavailable,
                std::string("rlx has no backend for device '") +
                    ::rlx::deviceName(device) +
                    "' (built in: cpu, vulkan; a program may register one, "
                    "docs/Devices.md)");
}

Status attachTarget(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  return (*backend)->attachTarget(module, options);
}

Status checkModelShape(ModuleOp module) {
  SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
  if (functions.size() == 1)
    return Status::ok();
  std::string names;
  for (func::FuncOp f : functions)
    names += (names.empty() ? "@" : ", @") + f.getSymName().str();
  std::string where;
  if (auto file = dyn_cast<FileLineColLoc>(module.getLoc()))
    where = file.getFilename().str() + ": ";
  return Status(StatusCode::invalid_argument,
                where + "a model is one func.func; the module has " +
                    (functions.empty() ? std::string("none")
                                       : std::to_string(functions.size()) +
                                             " (" + names + ")"));
}

/// Runs `build`'s passes on `module` with `options`' pipeline options for
/// its backend; diagnostics become the Status.
static Status runPipeline(
    ModuleOp module, Backend &backend, const CompilerOptions &options,
    function_ref<void(OpPassManager &, const PipelineOptions &)> build) {
  MLIRContext *ctx = module.getContext();
  DiagnosticCollector diagnostics(ctx);
  PipelineOptions pipeline;
  fillPipelineOptions(pipeline, options);
  pipeline.alignment = backend.arenaAlignment(pipeline.alignment);
  PassManager pm(ctx);
  build(pm, pipeline);
  if (failed(pm.run(module))) {
    std::string message = diagnostics.message("compilation failed");
    return Status(statusCodeFor(message), message);
  }
  return Status::ok();
}

std::set<std::string> dimSymbols(ModuleOp module) {
  std::set<std::string> symbols;
  module.walk([&](func::FuncOp func) {
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      for (StringRef attr : {"hir.dims", "mir.dims"})
        if (auto dims = func.getArgAttrOfType<ArrayAttr>(i, attr))
          for (Attribute d : dims)
            if (auto symbol = dyn_cast<StringAttr>(d))
              symbols.insert(symbol.getValue().str());
  });
  return symbols;
}

Status checkBindings(ModuleOp module, const CompilerOptions &options) {
  const auto &dims = options.options.dims;
  if (dims.empty())
    return Status::ok();
  std::set<std::string> symbols = dimSymbols(module);
  for (const auto &[symbol, size] : dims) {
    if (symbols.count(symbol))
      continue;
    std::string known;
    for (const std::string &s : symbols)
      known += (known.empty() ? "" : ", ") + s;
    return Status(StatusCode::invalid_argument,
                  "bind entry '" + symbol + "=" + std::to_string(size) +
                      "': the model has no symbol '" + symbol +
                      "' (its symbols: " + (known.empty() ? "none" : known) +
                      ")");
  }
  return Status::ok();
}

Status compileTemplate(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  {
    DiagnosticCollector diagnostics(module.getContext());
    if (failed(verify(module)))
      return Status(StatusCode::invalid_argument,
                    diagnostics.message("the module does not verify"));
  }
  if (Status s = checkModelShape(module); !s)
    return s;
  if (Status s = (*backend)->attachTarget(module, options); !s)
    return s;
  return runPipeline(module, **backend, options,
                     [](OpPassManager &pm, const PipelineOptions &p) {
                       buildTemplatePipeline(pm, p);
                     });
}

Status specializeToLIR(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  if (Status s = checkBindings(module, options); !s)
    return s;
  return runPipeline(module, **backend, options,
                     buildSpecializationToLirPipeline);
}

Status optimizeMIR(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  if (Status s = checkBindings(module, options); !s)
    return s;
  return runPipeline(module, **backend, options,
                     [](OpPassManager &pm, const PipelineOptions &p) {
                       buildSpecializationPipeline(pm, p,
                                                   /*staticShapes=*/true);
                     });
}

Status lowerMIRToLIR(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  return runPipeline(module, **backend, options, buildMirToLirConversion);
}

Status compileToLIR(ModuleOp module, const CompilerOptions &options) {
  if (Status s = compileTemplate(module, options); !s)
    return s;
  return specializeToLIR(module, options);
}

::rlx::Expected<::rlx::runtime::Artifact>
compileLIRToArtifact(ModuleOp module, const CompilerOptions &options) {
  ::rlx::Expected<Backend *> backend = backendOf(options.device);
  if (!backend)
    return backend.status();
  ::rlx::Expected<::rlx::Manifest> manifest = manifestFromLIR(module);
  if (!manifest)
    return manifest.status();
  return (*backend)->compileLIR(module, options, std::move(*manifest));
}

::rlx::Expected<::rlx::runtime::Artifact>
compileModule(ModuleOp module, const CompilerOptions &options) {
  if (Status s = compileToLIR(module, options); !s)
    return s;
  return compileLIRToArtifact(module, options);
}

/// The threads every compiler context shares: MLIR's pass manager runs the
/// per-function pipelines (one function per dispatch) on them. One pool for
/// the process, never destroyed (a Session may outlive static destructors);
/// a pool per context would start a thread per core for each Session.
static llvm::ThreadPoolInterface &compilerThreads() {
  static auto *pool = new llvm::DefaultThreadPool(llvm::hardware_concurrency());
  return *pool;
}

std::unique_ptr<MLIRContext> makeCompilerContext() {
  auto context = std::make_unique<MLIRContext>(
      compilerRegistry(), MLIRContext::Threading::DISABLED);
  context->setThreadPool(compilerThreads());
  context->loadAllAvailableDialects();
  // Diagnostics become Status messages: no IR dumps inside them.
  context->printOpOnDiagnostic(false);
  return context;
}

::rlx::Expected<OwningOpRef<ModuleOp>>
parseModuleText(MLIRContext *ctx, std::string_view text,
                std::string_view sourceName) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return Status(StatusCode::invalid_argument, "the module text is empty");
  std::string tooDeep = checkNestingDepth(StringRef(text.data(), text.size()));
  if (!tooDeep.empty())
    return Status(StatusCode::resource_exhausted,
                  std::string(sourceName) + ": " + tooDeep);
  DiagnosticCollector diagnostics(ctx);
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          StringRef(text.data(), text.size()),
          StringRef(sourceName.data(), sourceName.size())),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, ctx);
  if (!module)
    return Status(StatusCode::invalid_argument,
                  diagnostics.message("the module text does not parse"));
  return std::move(module);
}

::rlx::Expected<OwningOpRef<ModuleOp>> modelModule(MLIRContext *ctx,
                                                   const ::rlx::Model &model) {
  if (model.isGraph)
    return translateGraphToHIR(ctx, model.graph, "graph");
  if (model.isOnnx)
    return importOnnxModel(ctx, model.onnx, model.options);
  return parseModuleText(ctx, model.text, model.sourceName);
}

CompilerOptions compilerOptionsFor(::rlx::Device device,
                                   const ::rlx::CompileOptions &options,
                                   ::rlx::Precision precision,
                                   ::rlx::LoweringPolicy policy) {
  CompilerOptions c;
  c.device = device;
  c.options = options;
  c.precision = precision;
  c.policy = policy;
  // RLX_NO_FUSION (set, not empty, not "0") turns the fusion passes off for
  // every compile, as CompileOptions::fuse = false would; the cache key
  // sees the option as changed.
  if (const char *noFusion = std::getenv("RLX_NO_FUSION");
      noFusion && *noFusion && StringRef(noFusion) != "0")
    c.options.fuse = false;
  return c;
}

CompilerOptions compilerOptionsFor(const ::rlx::Model &model,
                                   ::rlx::Device device) {
  CompilerOptions c = compilerOptionsFor(device, model.options,
                                         model.precision, model.policy);
  // The importer has applied an ONNX model's bindings and constants: its
  // MIR has no symbol left for them to name.
  if (model.isOnnx)
    withoutImportOptions(c.options);
  return c;
}

void withoutImportOptions(::rlx::CompileOptions &options) {
  options.dims.clear();
  options.constants.clear();
}

::rlx::Expected<::rlx::runtime::Artifact>
compileText(MLIRContext *ctx, std::string_view text,
            const CompilerOptions &options, std::string_view sourceName) {
  ::rlx::Expected<OwningOpRef<ModuleOp>> module =
      parseModuleText(ctx, text, sourceName);
  if (!module)
    return module.status();
  return compileModule(**module, options);
}

} // namespace mlir::rlx
