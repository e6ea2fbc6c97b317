//===- Runtime.h - The runtime's public interface -------------------------===//
//
// How code outside runtime/ (the API, tools) loads and runs artifacts: it
// includes this header, Executable.h, Artifact.h and ThreadPool.h, never a
// device's implementation (runtime/cpu/...). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_RUNTIME_H
#define RLX_RUNTIME_RUNTIME_H

#include "runtime/Artifact.h"
#include "runtime/Executable.h"
#include "runtime/ThreadPool.h"

#include <memory>

namespace rlx::runtime {

struct LoadOptions {
  /// The threads that run a CPU executable's workgroups (borrowed: it must
  /// outlive the executable); null runs everything on the caller.
  ThreadPool *pool = nullptr;
};

/// Loads `artifact` for its device (Artifact::device). The artifact may be
/// freed afterwards. Errors: incompatible (another device, kernel ABI,
/// triple, or a CPU feature the host lacks, named), invalid_argument (a
/// manifest rule broken, code that does not link, named), resource_exhausted
/// (the arena cannot be allocated), unimplemented (code that needs a
/// library this runtime was built without).
Expected<std::unique_ptr<Executable>> load(const Artifact &artifact,
                                           const LoadOptions &options = {});

/// True when this runtime was built with OpenBLAS, so it loads CPU code
/// compiled with CompileOptions::nativeMatmul.
bool hasNativeMatmul();

} // namespace rlx::runtime

#endif // RLX_RUNTIME_RUNTIME_H
