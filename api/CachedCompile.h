//===- CachedCompile.h - A compile through the AOT cache --------*- C++ -*-===//
//
// The one place a compile meets the AOT cache (docs/Caching.md): Session and
// ModelCompilePipeline both compile through it.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_CACHEDCOMPILE_H
#define RLX_API_CACHEDCOMPILE_H

#include "api/Backend.h"
#include "rlx/AotCache.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::rlx {

/// Loads `artifact` through `backend` into a CompiledGraph; `threads` as
/// CompileOptions::threads.
::rlx::Expected<::rlx::CompiledGraph>
loadArtifact(Backend &backend, ::rlx::runtime::Artifact artifact, int threads);

/// Compiles with `options` through `cache` when there is one and the
/// options allow it (cacheableCompile): a hit loads the stored artifact
/// without compiling; a miss runs `compile`, loads and stores the result.
/// `moduleText` is what the code is compiled from (api/CacheKey.h).
/// Warnings (a rejected entry, a failed store) go to `ctx`'s log.
::rlx::Expected<::rlx::CompiledGraph> compileThroughCache(
    MLIRContext *ctx, Backend &backend, const CompilerOptions &options,
    ::rlx::AotCache *cache, llvm::function_ref<std::string()> moduleText,
    llvm::function_ref<::rlx::Expected<::rlx::runtime::Artifact>()> compile);

} // namespace mlir::rlx

#endif // RLX_API_CACHEDCOMPILE_H
