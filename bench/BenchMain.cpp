//===- BenchMain.cpp - rlx-bench entry point ------------------------------===//
#include "BenchUtil.h"

// BENCHMARK_MAIN, plus the Vulkan device in the context (added after the
// flags are parsed: whether to open the device depends on the filter).
int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  rlx::bench::addVulkanContext();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
