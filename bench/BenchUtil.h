//===- BenchUtil.h - Shared helpers of the rlx benchmarks -------*- C++ -*-===//
#ifndef RLX_BENCH_BENCHUTIL_H
#define RLX_BENCH_BENCHUTIL_H

#include "rlx/Session.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace rlx::bench {

/// Compiles `text` with `threads` workers and binds every param to 0.01;
/// aborts the benchmark run (a setup failure, not a measurement) on error.
inline CompiledGraph compileOrDie(const std::string &text, int threads) {
  Session session;
  CompileOptions options;
  options.threads = threads;
  auto graph = session.compileWith(text, options);
  if (!graph) {
    fprintf(stderr, "rlx-bench: %s\n", graph.status().toString().c_str());
    std::exit(1);
  }
  for (const Slot *p : graph->manifest().slotsWithRole(SlotRole::param)) {
    std::vector<float> v(p->elementCount(), 0.01f);
    (void)graph->setParam(p->name, v.data(), v.size());
  }
  return std::move(*graph);
}

/// One zero-filled buffer per input slot, in manifest order.
inline std::vector<std::vector<float>> inputsFor(const CompiledGraph &g) {
  std::vector<std::vector<float>> out;
  for (const Slot *s : g.manifest().slotsWithRole(SlotRole::input))
    out.emplace_back(s->elementCount(), 0.5f);
  return out;
}

} // namespace rlx::bench

#endif // RLX_BENCH_BENCHUTIL_H
