//===- CachedCompile.cpp - A compile through the AOT cache ----------------===//
#include "api/CachedCompile.h"
#include "api/AotCacheImpl.h"
#include "api/CacheKey.h"
#include "passes/Common/Log.h"
#include "runtime/CompiledGraphImpl.h"

namespace mlir::rlx {

using ::rlx::CompiledGraph;
using ::rlx::Expected;
using ::rlx::Status;
namespace runtime = ::rlx::runtime;

Expected<CompiledGraph> loadArtifact(Backend &backend,
                                     runtime::Artifact artifact, int threads) {
  Expected<LoadedExecutable> loaded = backend.load(artifact, threads);
  if (!loaded)
    return loaded.status();
  return ::rlx::CompiledGraphFactory::make(
      std::move(*loaded), std::move(artifact), backend.device());
}

Expected<CompiledGraph>
compileThroughCache(MLIRContext *ctx, Backend &backend,
                    const CompilerOptions &options, ::rlx::AotCache *cache,
                    llvm::function_ref<std::string()> moduleText,
                    llvm::function_ref<Expected<runtime::Artifact>()> compile) {
  int threads = options.options.threads;
  auto compileAndLoad = [&]() -> Expected<CompiledGraph> {
    Expected<runtime::Artifact> artifact = compile();
    if (!artifact)
      return artifact.status();
    return loadArtifact(backend, std::move(*artifact), threads);
  };
  if (!cache || !cacheableCompile(options.options))
    return compileAndLoad();
  auto warn = [&](const std::string &text) {
    log(ctx, ::rlx::LogLevel::warning, "rlx: warning: " + text);
  };
  ::rlx::AotCache::Impl &store = cache->impl();
  ::rlx::cache::Digest key = cacheKey(backend, options, moduleText());
  std::string warning;
  if (std::optional<std::vector<uint8_t>> bytes = store.lookup(key, warning)) {
    Expected<runtime::Artifact> artifact =
        runtime::deserializeArtifact(bytes->data(), bytes->size());
    Status why = artifact ? Status::ok() : artifact.status();
    if (artifact) {
      Expected<CompiledGraph> graph =
          loadArtifact(backend, std::move(*artifact), threads);
      if (graph) {
        store.countHit();
        return graph;
      }
      why = graph.status();
    }
    warning = store.reject(key, why.toString());
  }
  store.countMiss();
  if (!warning.empty())
    warn(warning);
  Expected<CompiledGraph> graph = compileAndLoad();
  if (graph)
    if (Status s = store.store(key, graph->artifactBytes()); !s)
      warn("AOT cache: the compiled code was not stored: " + s.message());
  return graph;
}

} // namespace mlir::rlx
