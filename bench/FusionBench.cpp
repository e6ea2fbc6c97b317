//===- FusionBench.cpp - Every fusion pattern, fused against unfused ------===//
//
// BM_Fusion/<pattern>/<size>/<threads>: each fusion pattern rlx has,
// written as the primitives the fusion passes recognise, compiled twice
// for the CPU (CompileOptions::fuse true and false) and run alternately in
// one loop, so both see the same machine state. Counters: the medians of
// each run (fused_us, unfused_us; an iteration is a block of runs of
// each), their ratio (fused_over_unfused; above 1 the
// fused form is slower) and the cost model's estimate of the fused graph
// over its measured median (est_over_measured; the cost model is
// calibrated with every core, so read it at threads = 2 on a 2-core host).
// docs/Performance.md, "Fusion patterns".
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"

#include "rlx/CostModel.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace {

std::string t(std::vector<int64_t> shape) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + "f32>";
}

struct Pattern {
  const char *name;
  /// The MIR of size index 0 (small) or 1 (large).
  std::string (*text)(int size);
};

/// matmul + bias + gelu: mir.fused_matmul.
std::string matmulEpilogue(int size) {
  int64_t m = size ? 512 : 16, k = size ? 1024 : 256, n = size ? 1024 : 256;
  return "func.func @f(%x: " + t({m, k}) + " {mir.name = \"x\"}) -> " +
         t({m, n}) + " {\n  %w = mir.param \"w\" : " + t({k, n}) +
         "\n  %b = mir.param \"b\" : " + t({n}) +
         "\n  %y = mir.matmul %x, %w : (" + t({m, k}) + ", " + t({k, n}) +
         ") -> " + t({m, n}) + "\n  %z = mir.binary add %y, %b : (" +
         t({m, n}) + ", " + t({n}) + ") -> " + t({m, n}) +
         "\n  %a = mir.unary gelu %z : " + t({m, n}) +
         "\n  return %a : " + t({m, n}) + "\n}\n";
}

/// Three projections of one input (Q, K, V): mir.shared_matmul.
std::string sharedMatmul(int size) {
  int64_t m = size ? 512 : 16, k = size ? 768 : 256;
  std::string x = t({m, k}), w = t({k, k});
  std::string s = "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> (" + x +
                  ", " + x + ", " + x + ") {\n";
  for (const char *p : {"q", "k", "v"})
    s += std::string("  %w") + p + " = mir.param \"w" + p + "\" : " + w +
         "\n  %" + p + " = mir.matmul %x, %w" + p + " : (" + x + ", " + w +
         ") -> " + x + "\n";
  return s + "  return %q, %k, %v : " + x + ", " + x + ", " + x + "\n}\n";
}

/// silu(x Wg) * (x Wu): mir.swiglu (the large size is the issue's
/// 128 x 512 . 512 x 1408).
std::string swiglu(int size) {
  int64_t m = size ? 128 : 16, k = size ? 512 : 64, n = size ? 1408 : 256;
  std::string x = t({m, k}), w = t({k, n}), y = t({m, n});
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> " + y +
         " {\n  %wg = mir.param \"wg\" : " + w +
         "\n  %wu = mir.param \"wu\" : " + w +
         "\n  %g = mir.matmul %x, %wg : (" + x + ", " + w + ") -> " + y +
         "\n  %s = mir.unary silu %g : " + y +
         "\n  %u = mir.matmul %x, %wu : (" + x + ", " + w + ") -> " + y +
         "\n  %h = mir.binary mul %s, %u : (" + y + ", " + y + ") -> " + y +
         "\n  return %h : " + y + "\n}\n";
}

/// Per-head transposes, q kT, scale, softmax, p v, transpose back:
/// mir.attention.
std::string attention(int size) {
  int64_t s = size ? 512 : 16, h = size ? 8 : 4, d = 64;
  std::string tok = t({1, s, h, d}), head = t({1, h, s, d}),
              kt = t({1, h, d, s}), sc = t({1, h, s, s});
  std::string text = "func.func @f(%q: " + tok +
                     " {mir.name = \"q\"}, %k: " + tok +
                     " {mir.name = \"k\"}, %v: " + tok +
                     " {mir.name = \"v\"}) -> " + tok + " {\n";
  text += "  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : " + tok +
          " -> " + head + "\n";
  text += "  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : " + tok +
          " -> " + kt + "\n";
  text +=
      "  %s = mir.matmul %qh, %kt : (" + head + ", " + kt + ") -> " + sc + "\n";
  text += "  %c = mir.constant dense<1.250000e-01> : tensor<f32>\n";
  text += "  %ss = mir.binary mul %s, %c : (" + sc + ", tensor<f32>) -> " + sc +
          "\n";
  text += "  %p = mir.softmax %ss axis = -1 : " + sc + "\n";
  text += "  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : " + tok +
          " -> " + head + "\n";
  text += "  %o = mir.matmul %p, %vh : (" + sc + ", " + head + ") -> " + head +
          "\n";
  text += "  %y = mir.transpose %o permutation = [0, 2, 1, 3] : " + head +
          " -> " + tok + "\n";
  return text + "  return %y : " + tok + "\n}\n";
}

/// layer_norm(x + r): mir.residual_norm.
std::string residualNorm(int size) {
  int64_t m = size ? 2048 : 16, n = size ? 1024 : 256;
  std::string x = t({m, n}), g = t({n});
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}, %r: " + x +
         " {mir.name = \"r\"}) -> " + x + " {\n  %g = mir.param \"g\" : " + g +
         "\n  %b = mir.param \"b\" : " + g +
         "\n  %s = mir.binary add %x, %r : (" + x + ", " + x + ") -> " + x +
         "\n  %n = mir.layer_norm %s, %g, %b eps " + "= 1.0e-05 : (" + x +
         ", " + g + ", " + g + ") -> " + x + "\n  return %n : " + x + "\n}\n";
}

/// Layer norm written as primitives (mean, sub, square, mean, add eps,
/// sqrt, div, * gamma, + beta): mir.layer_norm.
std::string norm(int size) {
  int64_t m = size ? 2048 : 16, n = size ? 1024 : 256;
  std::string x = t({m, n}), c = t({m, 1}), g = t({n});
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> " + x +
         " {\n  %g = mir.param \"g\" : " + g +
         "\n  %be = mir.param \"b\" : " + g +
         "\n  %m = mir.reduce mean %x axes = [1] keep_dim : " + x + " -> " + c +
         "\n  %d = mir.binary sub %x, %m : (" + x + ", " + c + ") -> " + x +
         "\n  %sq = mir.binary mul %d, %d : (" + x + ", " + x + ") -> " + x +
         "\n  %v = mir.reduce mean %sq axes = [1] keep_dim : " + x + " -> " +
         c + "\n  %eps = mir.constant dense<1.0e-05> : tensor<f32>" +
         "\n  %ve = mir.binary add %v, %eps : (" + c + ", tensor<f32>) -> " +
         c + "\n  %sd = mir.unary sqrt %ve : " + c +
         "\n  %n = mir.binary div %d, %sd : (" + x + ", " + c + ") -> " + x +
         "\n  %y = mir.binary mul %n, %g : (" + x + ", " + g + ") -> " + x +
         "\n  %z = mir.binary add %y, %be : (" + x + ", " + g + ") -> " + x +
         "\n  return %z : " + x + "\n}\n";
}

/// tanh(relu(x * a + b)) * x: one mir.elementwise region.
std::string elementwise(int size) {
  int64_t n = size ? (1 << 22) : 4096;
  std::string x = t({n});
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}, %a: " + x +
         " {mir.name = \"a\"}, %b: " + x + " {mir.name = \"b\"}) -> " + x +
         " {\n  %m = mir.binary mul %x, %a : (" + x + ", " + x + ") -> " + x +
         "\n  %s = mir.binary add %m, %b : (" + x + ", " + x + ") -> " + x +
         "\n  %r = mir.unary relu %s : " + x +
         "\n  %h = mir.unary tanh %r : " + x +
         "\n  %y = mir.binary mul %h, %x : (" + x + ", " + x + ") -> " + x +
         "\n  return %y : " + x + "\n}\n";
}

/// conv 3x3 + bias, then SiLU written as x * sigmoid(x): mir.unary silu
/// (activation fusion), then mir.conv2d act = silu (conv-epilogue).
std::string convEpilogue(int size) {
  int64_t c = size ? 64 : 16, hw = size ? 56 : 14;
  std::string x = t({1, c, hw, hw}), w = t({c, c, 3, 3});
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> " + x +
         " {\n  %w = mir.param \"w\" : " + w +
         "\n  %b = mir.param \"b\" : " + t({c}) +
         "\n  %y = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, "
         "1] dilations = [1, 1] groups = 1 : (" +
         x + ", " + w + ", " + t({c}) + ") -> " + x +
         "\n  %s = mir.unary sigmoid %y : " + x +
         "\n  %a = mir.binary mul %y, %s : (" + x + ", " + x + ") -> " + x +
         "\n  return %a : " + x + "\n}\n";
}

const Pattern kPatterns[] = {{"matmul_epilogue", matmulEpilogue},
                             {"shared_matmul", sharedMatmul},
                             {"swiglu", swiglu},
                             {"attention", attention},
                             {"residual_norm", residualNorm},
                             {"norm", norm},
                             {"elementwise", elementwise},
                             {"conv_epilogue", convEpilogue}};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// Microseconds of one run of `g` on `ptrs`, or a negative value when the
/// run failed.
double timeOne(rlx::CompiledGraph &g, const std::vector<const void *> &ptrs) {
  auto start = std::chrono::steady_clock::now();
  auto out = g.runSlots(ptrs);
  auto end = std::chrono::steady_clock::now();
  if (!out)
    return -1;
  benchmark::DoNotOptimize(out);
  return std::chrono::duration<double, std::micro>(end - start).count();
}

void BM_Fusion(benchmark::State &state) {
  const Pattern &pattern = kPatterns[state.range(0)];
  int size = static_cast<int>(state.range(1));
  rlx::CompileOptions options;
  options.threads = static_cast<int>(state.range(2));
  std::string text = pattern.text(size);
  rlx::CompiledGraph fused = rlx::bench::compileOrDie(text, options);
  options.fuse = false;
  rlx::CompiledGraph unfused = rlx::bench::compileOrDie(text, options);
  auto in = rlx::bench::inputsFor(fused);
  auto ptrs = rlx::bench::pointersTo(in);
  state.SetLabel(std::string(pattern.name) + (size ? " large" : " small"));
  std::vector<double> fusedUs, unfusedUs;
  // One warm run each: first-touch page faults and cold code.
  timeOne(fused, ptrs);
  timeOne(unfused, ptrs);
  // Alternating in blocks of runs, not run by run: each graph has its own
  // thread pool, whose idle workers spin for up to 100 us after a run
  // (runtime/ThreadPool.h) and would compete with the other graph's run.
  // The first run of a block, which may meet them, is one of kBlock.
  constexpr int kBlock = 8;
  for (auto _ : state) {
    for (auto [graph, times] :
         {std::pair{&fused, &fusedUs}, std::pair{&unfused, &unfusedUs}})
      for (int i = 0; i < kBlock; ++i) {
        double us = timeOne(*graph, ptrs);
        if (us < 0) {
          state.SkipWithError("a run failed");
          return;
        }
        times->push_back(us);
      }
  }
  double f = median(fusedUs), u = median(unfusedUs);
  state.counters["fused_us"] = f;
  state.counters["unfused_us"] = u;
  state.counters["fused_over_unfused"] = u > 0 ? f / u : 0;
  rlx::CalibrationOptions calibration;
  calibration.noDisk = true;
  if (auto model = rlx::costModel(rlx::Device::cpu, calibration);
      model && f > 0)
    state.counters["est_over_measured"] =
        model->estimateMicros(fused.manifest()) / f;
}

void patterns(benchmark::internal::Benchmark *b) {
  for (int64_t p = 0; p < int64_t(std::size(kPatterns)); ++p)
    for (int size : {0, 1})
      for (int threads : {1, 2})
        b->Args({p, size, threads});
  b->ArgNames({"pattern", "large", "threads"});
  b->Unit(benchmark::kMicrosecond)->UseRealTime();
}

BENCHMARK(BM_Fusion)->Apply(patterns);

} // namespace
