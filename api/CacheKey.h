//===- CacheKey.h - What an AOT cache entry's code depends on ---*- C++ -*-===//
//
// The key of a compile in the AOT cache: SHA-256 over every input that can
// change the compiled code, and nothing that cannot (docs/Caching.md, "The
// key"). Weights set with setParam are not compiled code and not in it.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_API_CACHEKEY_H
#define RLX_API_CACHEKEY_H

#include "api/Backend.h"
#include "api/CacheEntry.h"

namespace mlir::rlx {

/// The key of compiling `moduleText` (a model's text as given, or its
/// graph's HIR as printed) with `options` through `backend`.
::rlx::cache::Digest cacheKey(Backend &backend, const CompilerOptions &options,
                              StringRef moduleText);

/// The build IDs (ELF NT_GNU_BUILD_ID) of the compiler's code: the module
/// this function is in, and the loaded libLLVM / libMLIR; a module without
/// one is named by its path, size and time. Computed once.
const std::string &compilerBuildIdentity();

/// Whether a compile with `options` may use the cache: not when it is asked
/// for reports or IR dumps (options or RLX_FUSION_REPORT / RLX_IR_DUMP),
/// which only a real compile produces.
bool cacheableCompile(const ::rlx::CompileOptions &options);

} // namespace mlir::rlx

#endif // RLX_API_CACHEKEY_H
