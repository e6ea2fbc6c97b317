//===- Session.cpp - Compile graphs and run them --------------------------===//
//
// The glue between compiler and runtime: Session owns the MLIRContext and
// turns a Graph or module text into an Artifact (Compiler.cpp), which it
// hands to the runtime in memory (runtime/Runtime.h); a CompiledGraph owns
// the executable and checks every input against the manifest before a run.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "api/Backend.h"
#include "api/CachedCompile.h"
#include "api/Compiler.h"
#include "api/GraphToHIR.h"
#include "api/OnnxImport.h"
#include "api/SessionInternals.h"
#include "passes/Common/Log.h"
#include "runtime/CompiledGraphImpl.h"
#include "runtime/Runtime.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace rlx {

//===----------------------------------------------------------------------===//
// CompiledGraph
//===----------------------------------------------------------------------===//

struct Session::Impl {
  Device device;
  Precision precision;
  LoweringPolicy policy;
  std::unique_ptr<mlir::MLIRContext> context;
  /// One compilation at a time: the context's diagnostic handler collects
  /// the messages of the compilation that holds this lock, so concurrent
  /// compiles on one Session each get their own (Session.h).
  std::mutex compileMutex;
  /// Where compiles look for and store code (setCache); null: nowhere.
  std::shared_ptr<AotCache> cache;

  Impl(Device device, Precision precision, LoweringPolicy policy)
      : device(device), precision(precision), policy(policy),
        context(mlir::rlx::makeCompilerContext()) {}
  ~Impl() { mlir::rlx::setLogSink(context.get(), {}); }

  mlir::rlx::CompilerOptions compilerOptions(const CompileOptions &o) const {
    return mlir::rlx::compilerOptionsFor(device, o, precision, policy);
  }
};

Session::Session(Device device, Precision precision, LoweringPolicy policy)
    : impl_(std::make_unique<Impl>(device, precision, policy)) {}
Session::Session(Session &&) noexcept = default;
Session::~Session() = default;

Device Session::device() const { return impl_->device; }
Precision Session::precision() const { return impl_->precision; }
LoweringPolicy Session::policy() const { return impl_->policy; }

Expected<CompiledGraph> Session::compile(const Graph &graph) {
  return compileWith(graph, CompileOptions());
}

Expected<CompiledGraph> Session::compile(std::string_view text) {
  return compileWith(text, CompileOptions());
}

/// CompileOptions::constants bind graph inputs of ONNX models only.
static Status refuseConstants(const CompileOptions &options) {
  if (options.constants.empty())
    return Status::ok();
  return Status(StatusCode::invalid_argument,
                "CompileOptions::constants binds inputs of ONNX models; this "
                "model is a Graph or MLIR text (constant '" +
                    options.constants.front().name + "')");
}

/// `module` printed with its locations: a cache key's model text.
static std::string withLocations(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
  return text;
}

// Each compile takes the Session's lock for its whole length and looks in
// `cache` (the Session's, or a Model's own).

static Expected<CompiledGraph> compileGraph(Session::Impl &impl,
                                            const Graph &graph,
                                            const CompileOptions &options,
                                            AotCache *cache) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl.device);
  if (!backend)
    return backend.status();
  if (Status s = refuseConstants(options); !s)
    return s;
  std::lock_guard<std::mutex> lock(impl.compileMutex);
  auto module =
      mlir::rlx::translateGraphToHIR(impl.context.get(), graph, "graph");
  if (!module)
    return module.status();
  return mlir::rlx::compileThroughCache(
      impl.context.get(), **backend, impl.compilerOptions(options), cache,
      // The graph's HIR with its locations: what the code is made from.
      [&] { return withLocations(**module); },
      [&] {
        return mlir::rlx::compileModule(**module,
                                        impl.compilerOptions(options));
      });
}

static Expected<CompiledGraph> compileText(Session::Impl &impl,
                                           std::string_view text,
                                           const CompileOptions &options,
                                           std::string_view sourceName,
                                           AotCache *cache) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl.device);
  if (!backend)
    return backend.status();
  if (Status s = refuseConstants(options); !s)
    return s;
  std::lock_guard<std::mutex> lock(impl.compileMutex);
  return mlir::rlx::compileThroughCache(
      impl.context.get(), **backend, impl.compilerOptions(options), cache,
      [&] { return std::string(text); },
      [&] {
        return mlir::rlx::compileText(impl.context.get(), text,
                                      impl.compilerOptions(options),
                                      sourceName);
      });
}

Expected<CompiledGraph> Session::compileWith(const Graph &graph,
                                             const CompileOptions &options) {
  return compileGraph(*impl_, graph, options, impl_->cache.get());
}

Expected<CompiledGraph> Session::compileWith(std::string_view text,
                                             const CompileOptions &options,
                                             std::string_view sourceName) {
  return compileText(*impl_, text, options, sourceName, impl_->cache.get());
}

Expected<CompiledGraph> Session::compile(const OnnxModel &model) {
  return compileWith(model, CompileOptions());
}

static Expected<CompiledGraph> compileOnnx(Session::Impl &impl,
                                           const OnnxModel &model,
                                           const CompileOptions &options,
                                           AotCache *cache) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl.device);
  if (!backend)
    return backend.status();
  std::lock_guard<std::mutex> lock(impl.compileMutex);
  auto module = mlir::rlx::importOnnxModel(impl.context.get(), model, options);
  if (!module)
    return module.status();
  CompileOptions imported = options;
  mlir::rlx::withoutImportOptions(imported);
  Expected<CompiledGraph> graph = mlir::rlx::compileThroughCache(
      impl.context.get(), **backend, impl.compilerOptions(imported), cache,
      // The imported MIR (constants and bound shapes in it) with its
      // locations: what the code is made from.
      [&] { return withLocations(**module); },
      [&] {
        return mlir::rlx::compileModule(**module,
                                        impl.compilerOptions(imported));
      });
  if (!graph)
    return graph;
  if (Status s = mlir::rlx::setParamsFromInitializers(*graph, model); !s)
    return s;
  return graph;
}

Expected<CompiledGraph> Session::compileWith(const OnnxModel &model,
                                             const CompileOptions &options) {
  return compileOnnx(*impl_, model, options, impl_->cache.get());
}

Expected<CompiledGraph> Session::compile(const Model &model) {
  if (model.precision != impl_->precision || model.policy != impl_->policy)
    return Status(StatusCode::invalid_argument,
                  std::string("the model's ") +
                      (model.precision != impl_->precision
                           ? "precision"
                           : "lowering policy") +
                      " is not the Session's: construct the Session with the "
                      "model's, or compile it with GraphDevices");
  AotCache *cache = model.cache ? model.cache.get() : impl_->cache.get();
  if (model.isOnnx)
    return compileOnnx(*impl_, model.onnx, model.options, cache);
  if (model.isGraph)
    return compileGraph(*impl_, model.graph, model.options, cache);
  return compileText(*impl_, model.text, model.options, model.sourceName,
                     cache);
}

void Session::setCache(std::shared_ptr<AotCache> cache) {
  std::lock_guard<std::mutex> lock(impl_->compileMutex);
  impl_->cache = std::move(cache);
}

void Session::setLogHandler(LogHandler handler) {
  std::lock_guard<std::mutex> lock(impl_->compileMutex);
  if (!handler) {
    mlir::rlx::setLogSink(impl_->context.get(), {});
    return;
  }
  mlir::rlx::setLogSink(impl_->context.get(),
                        [handler](LogLevel level, llvm::StringRef text) {
                          handler(level, text.str());
                        });
}

Expected<CompiledGraph> Session::load(const std::vector<uint8_t> &artifact,
                                      int threads) {
  Expected<mlir::rlx::Backend *> backend =
      mlir::rlx::usableBackend(impl_->device);
  if (!backend)
    return backend.status();
  Expected<runtime::Artifact> decoded =
      runtime::deserializeArtifact(artifact.data(), artifact.size());
  if (!decoded)
    return decoded.status();
  return mlir::rlx::loadArtifact(**backend, std::move(*decoded), threads);
}

Expected<CompiledGraph> compileModel(Device device, const Model &model) {
  Session session(device, model.precision, model.policy);
  session.setCache(model.cache);
  if (model.isOnnx)
    return session.compileWith(model.onnx, model.options);
  return model.isGraph
             ? session.compileWith(model.graph, model.options)
             : session.compileWith(model.text, model.options, model.sourceName);
}

} // namespace rlx
