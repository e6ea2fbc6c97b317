//===- HostCpu.h - What this machine's CPU is -----------------------------===//
//
// The one place rlx asks LLVM about the host: the compiler's host target
// (hostCpuTarget, conversion/LIRToLLVM/HostTarget.cpp) and the CPU loader's
// check of an artifact against the machine that loads it both call these.
// MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_RUNTIME_HOSTCPU_H
#define RLX_RUNTIME_HOSTCPU_H

#include <string>
#include <utility>
#include <vector>

namespace rlx::host {

/// The LLVM target triple of this process ("x86_64-unknown-linux-gnu").
std::string processTriple();

/// The host CPU's LLVM name ("znver4", "sapphirerapids", "generic").
std::string cpuName();

/// Every CPU feature LLVM knows for the host, sorted by name, with whether
/// the host has it. Empty when the features cannot be detected.
std::vector<std::pair<std::string, bool>> cpuFeatures();

/// cpuFeatures() in LLVM's signed form: "+avx,+avx2,-avx512fp16,..." (every
/// known feature, so a target machine never assumes a feature the CPU name
/// implies but this host, e.g. a VM, hides).
std::string signedCpuFeatures();

/// True when the host has `feature` (a name without sign, "avx512f").
bool hasCpuFeature(const std::string &feature);

} // namespace rlx::host

#endif // RLX_RUNTIME_HOSTCPU_H
