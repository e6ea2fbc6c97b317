//===- ConvBench.cpp - The CPU's conv and pool kernels, small and large ---===//
//
// BM_Conv/<case>/<threads>: one mir.conv2d or mir.pool per graph, at a
// small and a large (ResNet / MobileNet layer) shape. Contractions report
// GFLOP/s (read against BM_CpuFmaPeak), the memory-bound depthwise conv and
// max pool GB/s of input read plus output written (read against
// BM_CpuCopyBandwidth, PeakBench.cpp). docs/CPUBackend.md, "Convolution"
// and "Pooling".
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"

#include <string>

namespace {

struct ConvCase {
  const char *name;
  int64_t c, h, w, o, k, stride, pad, groups;
  bool pool;
};

// Small, then large, of each kernel.
const ConvCase kCases[] = {
    {"conv3x3_16x14x14", 16, 14, 14, 16, 3, 1, 1, 1, false},
    {"conv3x3_64x56x56", 64, 56, 56, 64, 3, 1, 1, 1, false},
    {"conv7x7s2_3x224x224", 3, 224, 224, 64, 7, 2, 3, 1, false},
    {"pointwise_32x14x14_to_32", 32, 14, 14, 32, 1, 1, 0, 1, false},
    {"pointwise_256x14x14_to_1024", 256, 14, 14, 1024, 1, 1, 0, 1, false},
    {"depthwise3x3_32x14x14", 32, 14, 14, 32, 3, 1, 1, 32, false},
    {"depthwise3x3_144x56x56", 144, 56, 56, 144, 3, 1, 1, 144, false},
    {"depthwise3x3s2_96x112x112", 96, 112, 112, 96, 3, 2, 1, 96, false},
    {"maxpool3x3s2_16x28x28", 16, 28, 28, 16, 3, 2, 1, 0, true},
    {"maxpool3x3s2_64x112x112", 64, 112, 112, 64, 3, 2, 1, 0, true},
};

std::string shape(std::initializer_list<int64_t> dims) {
  std::string s = "tensor<";
  for (int64_t d : dims)
    s += std::to_string(d) + "x";
  return s + "f32>";
}

void BM_Conv(benchmark::State &state) {
  const ConvCase &c = kCases[state.range(0)];
  int64_t ho = (c.h + 2 * c.pad - c.k) / c.stride + 1;
  int64_t wo = (c.w + 2 * c.pad - c.k) / c.stride + 1;
  std::string in = shape({1, c.c, c.h, c.w}), out = shape({1, c.o, ho, wo});
  std::string s = std::to_string(c.stride), p = std::to_string(c.pad);
  std::string text =
      "func.func @f(%x: " + in + " {mir.name = \"x\"}) -> " + out + " {\n";
  if (c.pool) {
    text += "  %y = mir.pool max %x kernel = [" + std::to_string(c.k) + ", " +
            std::to_string(c.k) + "] strides = [" + s + ", " + s +
            "] padding = [" + p + ", " + p + ", " + p + ", " + p + "] : " + in +
            " -> " + out + "\n";
  } else {
    std::string w = shape({c.o, c.c / c.groups, c.k, c.k});
    text += "  %w = mir.param \"w\" : " + w +
            "\n  %b = mir.param \"b\" : " + shape({c.o}) +
            "\n  %y = mir.conv2d %x, %w, %b strides = [" + s + ", " + s +
            "] padding = [" + p + ", " + p + ", " + p + ", " + p +
            "] dilations = [1, 1] groups = " + std::to_string(c.groups) +
            " : (" + in + ", " + w + ", " + shape({c.o}) + ") -> " + out + "\n";
  }
  text += "  return %y : " + out + "\n}\n";
  rlx::CompiledGraph g =
      rlx::bench::compileOrDie(text, static_cast<int>(state.range(1)));
  auto inputs = rlx::bench::inputsFor(g);
  double seconds = 0;
  if (!rlx::bench::timeRuns(state, g, rlx::bench::pointersTo(inputs), &seconds))
    return;
  double runs = static_cast<double>(state.iterations());
  state.SetLabel(c.name);
  if (c.groups == 1 && !c.pool) {
    double flops = 2.0 * c.o * ho * wo * c.c * c.k * c.k;
    state.counters["GFLOP/s"] = flops * runs / seconds / 1e9;
  } else {
    double bytes = 4.0 * (c.c * c.h * c.w + c.o * ho * wo);
    state.counters["GB/s"] = bytes * runs / seconds / 1e9;
  }
}

void cases(benchmark::internal::Benchmark *b) {
  for (int64_t i = 0; i < int64_t(std::size(kCases)); ++i)
    for (int threads : {1, 2})
      b->Args({i, threads});
  b->ArgNames({"case", "threads"});
  b->Unit(benchmark::kMicrosecond)->UseRealTime();
}

BENCHMARK(BM_Conv)->Apply(cases);

} // namespace
