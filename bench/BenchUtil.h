//===- BenchUtil.h - Shared helpers of the rlx benchmarks -------*- C++ -*-===//
#ifndef RLX_BENCH_BENCHUTIL_H
#define RLX_BENCH_BENCHUTIL_H

#include "rlx/Session.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace rlx::bench {

/// The read bound of memory-bound code (decoding): bytes summed per call of
/// readSeconds, far beyond the caches.
constexpr size_t kReadBytes = size_t(512) << 20;
/// Seconds `threads` threads take to read kReadBytes once (PeakBench.cpp,
/// compiled for this machine's vectors): BM_CpuReadBandwidth, and the
/// bandwidth BM_Decode measures between its runs.
double readSeconds(int threads);

/// Compiles `text` for `device` and binds every param to 0.01; aborts the
/// benchmark run (a setup failure, not a measurement) on error.
inline CompiledGraph compileOrDie(const std::string &text,
                                  const CompileOptions &options,
                                  Device device = Device::cpu,
                                  Precision precision = Precision::f32) {
  Session session(device, precision);
  auto graph = session.compileWith(text, options);
  if (!graph) {
    fprintf(stderr, "rlx-bench: %s: %s\n", deviceName(device),
            graph.status().toString().c_str());
    std::exit(1);
  }
  for (const Slot *p : graph->manifest().slotsWithRole(SlotRole::param)) {
    std::vector<float> v(p->elementCount(), 0.01f);
    (void)graph->setParam(p->name, v.data(), v.size());
  }
  return std::move(*graph);
}

/// The same on the CPU with `threads` workers.
inline CompiledGraph compileOrDie(const std::string &text, int threads) {
  CompileOptions options;
  options.threads = threads;
  return compileOrDie(text, options);
}

/// The text of examples/<file>.
inline std::string exampleText(const char *file) {
  std::ifstream in(std::string(RLX_SOURCE_DIR) + "/examples/" + file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// One buffer per input slot, in manifest order, every element 0.5 (f32,
/// f16 and bf16; other dtypes zero).
inline std::vector<std::vector<uint8_t>> inputsFor(const CompiledGraph &g) {
  std::vector<std::vector<uint8_t>> out;
  for (const Slot *s : g.manifest().slotsWithRole(SlotRole::input)) {
    std::vector<uint8_t> bytes(s->size, 0);
    if (s->dtype == DType::f32) {
      const float value = 0.5f;
      for (size_t i = 0; i + 4 <= bytes.size(); i += 4)
        std::memcpy(&bytes[i], &value, 4);
    } else if (s->dtype == DType::f16 || s->dtype == DType::bf16) {
      // 0.5 in binary16 / in bfloat16 (the top half of f32's 0x3f000000).
      const uint16_t value = s->dtype == DType::f16 ? 0x3800 : 0x3f00;
      for (size_t i = 0; i + 2 <= bytes.size(); i += 2)
        std::memcpy(&bytes[i], &value, 2);
    }
    out.push_back(std::move(bytes));
  }
  return out;
}

/// The buffers' addresses, as runSlots takes them.
inline std::vector<const void *>
pointersTo(const std::vector<std::vector<uint8_t>> &buffers) {
  std::vector<const void *> ptrs;
  for (const auto &b : buffers)
    ptrs.push_back(b.data());
  return ptrs;
}

/// One untimed run: the first run of a graph touches its arena's pages for
/// the first time (at 2048^3 a matmul's 48 MiB: tens of ms of page faults)
/// and meets cold code and caches; a benchmark of a few iterations would
/// average that in.
inline void warmUp(CompiledGraph &g, const std::vector<const void *> &ptrs) {
  benchmark::DoNotOptimize(g.runSlots(ptrs));
}

/// Times runSlots of `g` on `ptrs` after one warm-up run; a failed run skips
/// the benchmark (it would otherwise time an error path). Returns whether every
/// run succeeded; `seconds`, if given, receives the loop's wall time and `last`
/// the last run's outputs.
inline bool timeRuns(benchmark::State &state, CompiledGraph &g,
                     const std::vector<const void *> &ptrs,
                     double *seconds = nullptr, OutputViews *last = nullptr) {
  warmUp(g, ptrs);
  auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    auto out = g.runSlots(ptrs);
    if (!out) {
      state.SkipWithError(out.status().toString().c_str());
      break;
    }
    benchmark::DoNotOptimize(out);
    if (last)
      *last = *out;
  }
  if (seconds)
    *seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  return !state.error_occurred();
}

/// Latency of examples/<file> with `batch` bound, on `device`.
inline void runExample(benchmark::State &state, const char *file, int64_t batch,
                       Device device, int threads) {
  CompileOptions options;
  options.dims = {{"batch", batch}};
  options.threads = threads;
  CompiledGraph g = compileOrDie(exampleText(file), options, device);
  auto in = inputsFor(g);
  timeRuns(state, g, pointersTo(in));
}

/// c = a x b, all n x n of `elementType` ("f32", "f16").
inline std::string matmulModule(int64_t n, const char *elementType = "f32") {
  std::string t = "tensor<" + std::to_string(n) + "x" + std::to_string(n) +
                  "x" + elementType + ">";
  return "func.func @mm(%a: " + t + " {mir.name = \"a\"}, %b: " + t +
         " {mir.name = \"b\"}) -> " + t + " {\n  %c = mir.matmul %a, %b : (" +
         t + ", " + t + ") -> " + t + "\n  return %c : " + t + "\n}\n";
}

/// Adds the Vulkan device (and its peak, where known) to the benchmark
/// context when the filter may select a Vulkan benchmark (VulkanBench.cpp).
void addVulkanContext();

} // namespace rlx::bench

#endif // RLX_BENCH_BENCHUTIL_H
