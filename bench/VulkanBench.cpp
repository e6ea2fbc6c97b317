//===- VulkanBench.cpp - the Vulkan device next to the CPU, same process --===//
//
// Fixed cost of a run, the example models, elementwise bandwidth, matmul
// throughput and the cost of loading on the Vulkan device
// (runtime::vulkanDevice(); Mesa's lavapipe on a machine without a GPU), each
// beside the CPU backend in the same run. Throughput is given per run
// (runSlots: inputs into the arena, submit, fence wait) and per kernel (the
// device's timestamps, setProfiling): the kernel figure is the one a device's
// peak bounds. The device's peaks are not read from the driver;
// RLX_BENCH_PEAK_GBS / RLX_BENCH_PEAK_GFLOPS / RLX_BENCH_PEAK_F16_GFLOPS
// (datasheet figures) add "% of peak" counters.
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"

#include "runtime/Artifact.h"
#include "runtime/Runtime.h"
#include "runtime/vulkan/VulkanSpirvValidator.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace rlx::bench {
namespace {

/// A positive number from environment variable `name`, else 0.
double peakFromEnv(const char *name) {
  const char *v = std::getenv(name);
  if (!v)
    return 0;
  char *end = nullptr;
  double x = std::strtod(v, &end);
  return end != v && *end == '\0' && x > 0 ? x : 0;
}

/// Whether the Vulkan device is a CPU implementation (lavapipe).
bool vulkanOnCpu() {
  auto info = runtime::vulkanDevice();
  return info && info->type == runtime::VulkanDeviceType::cpu;
}

/// The peak in environment variable `name` for the Vulkan device, or 0: not
/// given, or a CPU implementation, whose "peak" would be the host's and is
/// not what the GPU targets speak of.
double vulkanPeak(const char *name) {
  return vulkanOnCpu() ? 0 : peakFromEnv(name);
}

/// One untimed run on a GPU: its first run after a load pays for clocks
/// ramping up and first touches. Not on lavapipe, where it has neither
/// and a 4096 matmul takes half a minute.
void warmUp(CompiledGraph &g, const std::vector<const void *> &ptrs,
            Device device) {
  if (device == Device::vulkan && !vulkanOnCpu())
    (void)g.runSlots(ptrs);
}

/// Whether the filter may select a Vulkan benchmark: none given, a
/// negative one, or one that says "vulkan". A CPU-only run then does not
/// start the Vulkan driver (lavapipe starts threads of its own).
bool filterMayRunVulkan() {
  std::string f = benchmark::GetBenchmarkFilter();
  for (char &c : f)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return f.empty() || f == "." || f == "all" || f[0] == '-' ||
         f.find("vulkan") != std::string::npos;
}

/// False (the benchmark skipped, with the reason) without a Vulkan device.
bool haveVulkan(benchmark::State &state) {
  std::string why;
  if (runtime::vulkanAvailable(&why))
    return true;
  state.SkipWithError(("no Vulkan device: " + why).c_str());
  return false;
}

/// Element `i` of an f32 or f16 output.
double elementAt(const OutputView &view, size_t i) {
  if (view.slot->dtype == DType::f32) {
    float x;
    std::memcpy(&x, static_cast<const char *>(view.data) + 4 * i, 4);
    return x;
  }
  uint16_t h;
  std::memcpy(&h, static_cast<const char *>(view.data) + 2 * i, 2);
  if (view.slot->dtype == DType::bf16) { // the top half of an f32
    uint32_t bits = uint32_t(h) << 16;
    float x;
    std::memcpy(&x, &bits, 4);
    return x;
  }
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
                     : exponent == 31
                         ? (mantissa ? NAN : INFINITY)
                         : std::ldexp(1024 + mantissa, exponent - 25);
  return (h & 0x8000) ? -magnitude : magnitude;
}

/// Whether the first and last elements of the only output are `want`
/// (every element is, for the inputs inputsFor gives); else skips the
/// benchmark: a throughput of wrong results is no figure.
bool outputIs(benchmark::State &state, const OutputViews &out, double want) {
  if (out.size() != 1) {
    state.SkipWithError("expected one output");
    return false;
  }
  size_t last = static_cast<size_t>(out[0].slot->elementCount()) - 1;
  for (size_t i : {size_t(0), last})
    if (double got = elementAt(out[0], i); got != want) {
      state.SkipWithError(("output element " + std::to_string(i) + " is " +
                           std::to_string(got) + ", not " +
                           std::to_string(want))
                              .c_str());
      return false;
    }
  return true;
}

/// The summed device time of one run's dispatches, from profiling; 0 when
/// the device gave none.
double kernelSeconds(const CompiledGraph &g) {
  double micros = 0;
  for (const DispatchTime &t : g.dispatchTimes())
    micros += t.meanMicros;
  return micros * 1e-6;
}

/// Throughput counters of the timed runs (state.iterations() runs in
/// `seconds`), each moving `units` (bytes or flops): `name` over the whole run
/// and "kernel_<name>" over the device time, both in 1e9 units per second, and
/// "%peak" of the kernel figure when `peak` (same unit) is known. Plain values,
/// not Google Benchmark rates: those print as "GB/s=4/s".
void setThroughput(benchmark::State &state, const CompiledGraph &g,
                   double seconds, const char *name, double units,
                   double peak) {
  if (seconds > 0)
    state.counters[name] = units * state.iterations() / seconds / 1e9;
  double kernel = kernelSeconds(g);
  if (kernel <= 0)
    return;
  double rate = units / kernel / 1e9;
  state.counters[std::string("kernel_") + name] = rate;
  if (peak > 0)
    state.counters["%peak"] = 100.0 * rate / peak;
}

//===----------------------------------------------------------------------===//
// 1. Fixed cost of one run
//===----------------------------------------------------------------------===//

const char *kAdd16 = R"(
func.func @f(%x: tensor<16xf32> {mir.name = "x"}, %y: tensor<16xf32> {mir.name = "y"}) -> tensor<16xf32> {
  %z = mir.binary add %x, %y : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %z : tensor<16xf32>
})";

void fixedCost(benchmark::State &state, Device device) {
  CompileOptions options;
  options.threads = 1;
  CompiledGraph g = compileOrDie(kAdd16, options, device);
  auto in = inputsFor(g);
  timeRuns(state, g, pointersTo(in));
}

void BM_VulkanFixedCost(benchmark::State &state) {
  if (haveVulkan(state))
    fixedCost(state, Device::vulkan);
}
void BM_CpuFixedCost(benchmark::State &state) { fixedCost(state, Device::cpu); }

//===----------------------------------------------------------------------===//
// 2. Example models (the CPU side is ModelBench's BM_MlpBatch64 and
// BM_EncoderSeq128)
//===----------------------------------------------------------------------===//

void BM_VulkanMlpBatch64(benchmark::State &state) {
  if (haveVulkan(state))
    runExample(state, "mlp.mlir", 64, Device::vulkan, 0);
}
void BM_VulkanEncoderSeq128(benchmark::State &state) {
  if (haveVulkan(state))
    runExample(state, "encoder.mlir", 1, Device::vulkan, 0);
}

//===----------------------------------------------------------------------===//
// 3. Elementwise bandwidth: relu(x * a + b) over 2^24 f32, one fused kernel
//===----------------------------------------------------------------------===//

constexpr int64_t kElements = int64_t(1) << 24;

std::string axpbReluModule() {
  std::string t = "tensor<" + std::to_string(kElements) + "xf32>";
  return "func.func @f(%x: " + t + " {mir.name = \"x\"}, %a: " + t +
         " {mir.name = \"a\"}, %b: " + t + " {mir.name = \"b\"}) -> " + t +
         " {\n  %m = mir.binary mul %x, %a : (" + t + ", " + t + ") -> " + t +
         "\n  %s = mir.binary add %m, %b : (" + t + ", " + t + ") -> " + t +
         "\n  %r = mir.unary relu %s : " + t + "\n  return %r : " + t + "\n}\n";
}

void elementwise(benchmark::State &state, Device device, int threads) {
  CompileOptions options;
  options.threads = threads;
  CompiledGraph g = compileOrDie(axpbReluModule(), options, device);
  // One kernel, or the bytes below are not what the device moved.
  if (size_t n = g.manifest().dispatches.size(); n != 1) {
    state.SkipWithError(
        ("fusion left " + std::to_string(n) + " dispatches, not 1").c_str());
    return;
  }
  auto in = inputsFor(g);
  std::vector<const void *> ptrs = pointersTo(in);
  warmUp(g, ptrs, device);
  g.setProfiling(true);
  double seconds = 0;
  OutputViews out;
  if (!timeRuns(state, g, ptrs, &seconds, &out) ||
      !outputIs(state, out, 0.5 * 0.5 + 0.5))
    return;
  // Three inputs read and one output written, once each.
  double bytes = 4.0 * sizeof(float) * kElements;
  setThroughput(state, g, seconds, "GB/s", bytes,
                device == Device::vulkan ? vulkanPeak("RLX_BENCH_PEAK_GBS")
                                         : 0);
}

void BM_VulkanElementwise(benchmark::State &state) {
  if (haveVulkan(state))
    elementwise(state, Device::vulkan, 0);
}
void BM_CpuElementwise(benchmark::State &state) {
  elementwise(state, Device::cpu, static_cast<int>(state.range(0)));
}

//===----------------------------------------------------------------------===//
// 4. Matmul throughput, f32, f16 and bf16 (the half types written as such
// in MIR, compiled with Precision::custom so the element type stays as
// written; bf16 on the CPU only: SPIR-V has no bf16)
//===----------------------------------------------------------------------===//

void matmul(benchmark::State &state, Device device, const char *element,
            int threads) {
  int64_t n = state.range(0);
  CompileOptions options;
  options.threads = threads;
  bool f32 = std::string(element) == "f32";
  CompiledGraph g = compileOrDie(matmulModule(n, element), options, device,
                                 f32 ? Precision::f32 : Precision::custom);
  auto in = inputsFor(g);
  std::vector<const void *> ptrs = pointersTo(in);
  warmUp(g, ptrs, device);
  g.setProfiling(true);
  double seconds = 0;
  OutputViews out;
  // n terms of 0.5 * 0.5: exact in f16 and bf16 too when accumulated in
  // f32.
  if (!timeRuns(state, g, ptrs, &seconds, &out) ||
      !outputIs(state, out, 0.25 * static_cast<double>(n)))
    return;
  double peak = 0;
  if (device == Device::vulkan)
    peak =
        vulkanPeak(f32 ? "RLX_BENCH_PEAK_GFLOPS" : "RLX_BENCH_PEAK_F16_GFLOPS");
  setThroughput(state, g, seconds, "GFLOP/s", 2.0 * n * n * n, peak);
}

void BM_VulkanMatmulF32(benchmark::State &state) {
  if (haveVulkan(state))
    matmul(state, Device::vulkan, "f32", 0);
}
void BM_VulkanMatmulF16(benchmark::State &state) {
  if (haveVulkan(state))
    matmul(state, Device::vulkan, "f16", 0);
}
void BM_CpuMatmulF32(benchmark::State &state) {
  matmul(state, Device::cpu, "f32", 2);
}
void BM_CpuMatmulF16(benchmark::State &state) {
  matmul(state, Device::cpu, "f16", 2);
}
void BM_CpuMatmulBf16(benchmark::State &state) {
  matmul(state, Device::cpu, "bf16", 2);
}

//===----------------------------------------------------------------------===//
// 5. Load: an example model's artifact loaded again (the context's pipeline
// cache and the validated-module cache warm), and what SPIRV-Tools'
// validation of its modules adds to the first load (each iteration makes
// every module new to the cache; docs/VulkanBackend.md, "What load
// promises")
//===----------------------------------------------------------------------===//

void loadExample(benchmark::State &state, const char *file, int64_t batch,
                 bool validateOnly) {
  CompileOptions options;
  options.dims = {{"batch", batch}};
  CompiledGraph g = compileOrDie(exampleText(file), options, Device::vulkan);
  const std::vector<uint8_t> &bytes = g.artifactBytes();
  auto artifact = runtime::deserializeArtifact(bytes.data(), bytes.size());
  auto device = runtime::vulkanDevice();
  if (!artifact || !device) {
    state.SkipWithError("no Vulkan artifact or device");
    return;
  }
  uint32_t generator = 0;
  for (auto _ : state) {
    if (validateOnly) {
      // Header word 2 (the generator) means nothing to the validator but
      // is part of the key the cache remembers.
      state.PauseTiming();
      ++generator;
      for (std::vector<uint32_t> &module : artifact->vulkan.modules)
        module[2] = generator;
      state.ResumeTiming();
      Status s = runtime::validateVulkanSpirv(
          artifact->vulkan, device->maxSpirvVersion, "artifact");
      if (!s) {
        state.SkipWithError(s.toString().c_str());
        break;
      }
      continue;
    }
    auto exe = runtime::load(*artifact);
    if (!exe) {
      state.SkipWithError(exe.status().toString().c_str());
      break;
    }
    benchmark::DoNotOptimize(exe);
  }
  size_t words = 0;
  for (const std::vector<uint32_t> &module : artifact->vulkan.modules)
    words += module.size();
  state.counters["modules"] = double(artifact->vulkan.modules.size());
  state.counters["SPIR-V KiB"] = double(words) * 4 / 1024;
}

void BM_VulkanLoadMlp(benchmark::State &state) {
  if (haveVulkan(state))
    loadExample(state, "mlp.mlir", 64, false);
}
void BM_VulkanValidateSpirvMlp(benchmark::State &state) {
  if (haveVulkan(state))
    loadExample(state, "mlp.mlir", 64, true);
}
void BM_VulkanLoadEncoder(benchmark::State &state) {
  if (haveVulkan(state))
    loadExample(state, "encoder.mlir", 1, false);
}
void BM_VulkanValidateSpirvEncoder(benchmark::State &state) {
  if (haveVulkan(state))
    loadExample(state, "encoder.mlir", 1, true);
}

BENCHMARK(BM_VulkanFixedCost)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_CpuFixedCost)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_VulkanMlpBatch64)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_VulkanEncoderSeq128)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_VulkanElementwise)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_VulkanLoadMlp)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_VulkanValidateSpirvMlp)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_VulkanLoadEncoder)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_VulkanValidateSpirvEncoder)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_CpuElementwise)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
/// 1024 for a short while; one run each at 2048 and 4096 (a 4096 f32
/// matmul is 137 GFLOP: tens of seconds on lavapipe with two cores).
/// Iterations(1) keeps Google Benchmark from calling a large size again
/// with more iterations (each call compiles and allocates anew).
int registerMatmuls() {
  using Fn = void (*)(benchmark::State &);
  struct Family {
    const char *name;
    Fn fn;
    int64_t largest;
  };
  const Family families[] = {{"BM_VulkanMatmulF32", BM_VulkanMatmulF32, 4096},
                             {"BM_VulkanMatmulF16", BM_VulkanMatmulF16, 4096},
                             {"BM_CpuMatmulF32", BM_CpuMatmulF32, 4096},
                             {"BM_CpuMatmulF16", BM_CpuMatmulF16, 4096},
                             {"BM_CpuMatmulBf16", BM_CpuMatmulBf16, 4096}};
  for (const Family &f : families)
    for (int64_t n = 1024; n <= f.largest; n *= 2) {
      auto *b = benchmark::RegisterBenchmark(f.name, f.fn)
                    ->Arg(n)
                    ->Unit(benchmark::kMillisecond)
                    ->UseRealTime();
      if (n == 1024)
        b->MinTime(0.2);
      else
        b->Iterations(1);
    }
  return 0;
}
[[maybe_unused]] const int kMatmulsRegistered = registerMatmuls();

} // namespace

void addVulkanContext() {
  if (!filterMayRunVulkan())
    return;
  auto info = runtime::vulkanDevice();
  if (!info) {
    benchmark::AddCustomContext("vulkan_device",
                                "none (" + info.status().toString() + ")");
    return;
  }
  benchmark::AddCustomContext(
      "vulkan_device",
      info->name + " (" + runtime::vulkanDeviceTypeName(info->type) +
          ", driver " + info->driverName + " " + info->driverInfo + ")");
  std::string peak;
  if (info->type == runtime::VulkanDeviceType::cpu) {
    peak = "none: a CPU implementation of Vulkan (e.g. lavapipe), no GPU "
           "peak to hold kernels to";
  } else {
    double gbs = peakFromEnv("RLX_BENCH_PEAK_GBS");
    double gflops = peakFromEnv("RLX_BENCH_PEAK_GFLOPS");
    double f16 = peakFromEnv("RLX_BENCH_PEAK_F16_GFLOPS");
    if (gbs > 0 || gflops > 0 || f16 > 0)
      peak = std::to_string(gbs) + " GB/s, " + std::to_string(gflops) +
             " FP32 GFLOP/s, " + std::to_string(f16) +
             " FP16 GFLOP/s (RLX_BENCH_PEAK_*; 0: not given)";
    else
      peak = "unknown: set RLX_BENCH_PEAK_GBS, RLX_BENCH_PEAK_GFLOPS, "
             "RLX_BENCH_PEAK_F16_GFLOPS from the device's datasheet";
  }
  benchmark::AddCustomContext("vulkan_peak", peak);
}

} // namespace rlx::bench
