//===- Runtime.cpp - The runtime's public interface -----------------------===//
#include "runtime/Runtime.h"
#include "runtime/cpu/CpuExecutable.h"

namespace rlx::runtime {

Executable::~Executable() = default;

Expected<std::unique_ptr<Executable>> load(const Artifact &artifact,
                                           const LoadOptions &options) {
  if (artifact.device == "cpu") {
    Expected<std::unique_ptr<CpuExecutable>> cpu =
        CpuExecutable::load(artifact, options.pool);
    if (!cpu)
      return cpu.status();
    return std::unique_ptr<Executable>(std::move(*cpu));
  }
  return Status(StatusCode::incompatible,
                "artifact '" + artifact.manifest.name +
                    "' holds code for device '" + artifact.device +
                    "', which this runtime cannot load (it loads: cpu)");
}

} // namespace rlx::runtime
