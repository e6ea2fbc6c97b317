//===- HostCpu.cpp - What this machine's CPU is ---------------------------===//
#include "runtime/HostCpu.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>

namespace rlx::host {

std::string processTriple() { return llvm::sys::getProcessTriple(); }

std::string cpuName() { return llvm::sys::getHostCPUName().str(); }

std::vector<std::pair<std::string, bool>> cpuFeatures() {
  std::vector<std::pair<std::string, bool>> features;
  for (const auto &entry : llvm::sys::getHostCPUFeatures())
    features.emplace_back(entry.getKey().str(), entry.getValue());
  std::sort(features.begin(), features.end());
  return features;
}

std::string signedCpuFeatures() {
  std::string text;
  for (const auto &[name, on] : cpuFeatures())
    text += (text.empty() ? "" : ",") + std::string(on ? "+" : "-") + name;
  return text;
}

bool hasCpuFeature(const std::string &feature) {
  return llvm::sys::getHostCPUFeatures().lookup(feature);
}

} // namespace rlx::host
