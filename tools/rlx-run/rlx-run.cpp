//===- rlx-run.cpp - Compile (or load) a model and run it -----------------===//
//
//   rlx-run model.mlir --bind batch=64 [--input x=x.npy] [--param w=w.npy]
//           [--seed 1] [--repeat 100] [--num-threads 2] [--output-dir out/]
//           [--emit-artifact m.rlxa] [--dump-stages dir] [--fusion-report]
//           [--native-matmul] [--device cpu|vulkan]
//   rlx-run --artifact m.rlxa ...
//
// Inputs and parameters not given as .npy files get seeded uniform random
// values in [-1, 1). Outputs are printed (shape and leading values) or
// written as .npy. --repeat N prints the median latency of N runs; with
// --profile also each dispatch's mean time, slowest first.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "runtime/Artifact.h"
#include "runtime/Npy.h"
#include "runtime/Runtime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <random>
#include <tuple>

namespace cl = llvm::cl;

static cl::opt<std::string> modelPath(cl::Positional, cl::desc("<model.mlir>"),
                                      cl::init(""));
static cl::opt<std::string>
    artifactPath("artifact", cl::desc("load this artifact"), cl::init(""));
static cl::list<std::string> binds("bind", cl::desc("symbol=size"),
                                   cl::CommaSeparated);
static cl::list<std::string> inputFiles("input", cl::desc("name=file.npy"));
static cl::list<std::string> paramFiles("param", cl::desc("name=file.npy"));
static cl::opt<unsigned> seed("seed", cl::desc("random data seed"),
                              cl::init(1));
static cl::opt<unsigned>
    repeat("repeat", cl::desc("time this many runs (median)"), cl::init(0));
static cl::opt<bool> profile(
    "profile",
    cl::desc("with --repeat: print each dispatch's mean time, slowest first"),
    cl::init(false));
static cl::opt<int> threads("num-threads",
                            cl::desc("worker threads (0: one per core)"),
                            cl::init(0));
static cl::opt<std::string> outputDir("output-dir",
                                      cl::desc("write outputs as .npy here"),
                                      cl::init(""));
static cl::opt<std::string> emitArtifact("emit-artifact",
                                         cl::desc("write the artifact here"),
                                         cl::init(""));
static cl::opt<std::string> dumpStages("dump-stages",
                                       cl::desc("write each stage's IR here"),
                                       cl::init(""));
static cl::opt<bool> fusionReport("fusion-report",
                                  cl::desc("print the fusion report"),
                                  cl::init(false));
static cl::opt<std::string>
    targetTriple("target-triple",
                 cl::desc("compile for this LLVM triple (default: this "
                          "machine's)"),
                 cl::init(""));
static cl::opt<std::string>
    targetCpu("target-cpu",
              cl::desc("compile for this LLVM CPU, e.g. x86-64-v3 (default: "
                       "this machine's)"),
              cl::init(""));
static cl::opt<std::string> targetFeatures(
    "target-features",
    cl::desc("compile for these features, e.g. +avx2,+fma (with --target-cpu "
             "or alone: exactly those)"),
    cl::init(""));
static cl::opt<std::string> device("device",
                                   cl::desc("run on this device: cpu|vulkan"),
                                   cl::init("cpu"));
static cl::opt<std::string> policy("policy",
                                   cl::desc("HIR lowering: fusable|direct"),
                                   cl::init("fusable"));
static cl::opt<bool> nativeMatmul(
    "native-matmul",
    cl::desc("compute f32 matmuls with OpenBLAS sgemm (CompileOptions::"
             "nativeMatmul)"),
    cl::init(false));
static cl::opt<unsigned> printCount("print", cl::desc("values to print"),
                                    cl::init(8));

/// The --profile table: dispatches slowest first, with their share.
static void printProfile(std::vector<rlx::DispatchTime> times) {
  double total = 0;
  for (const rlx::DispatchTime &t : times)
    total += t.meanMicros;
  std::stable_sort(times.begin(), times.end(),
                   [](const rlx::DispatchTime &a, const rlx::DispatchTime &b) {
                     return a.meanMicros > b.meanMicros;
                   });
  llvm::outs() << "profile: mean us per run, by dispatch (" << times.size()
               << " dispatches, " << llvm::format("%.1f", total) << " us)\n";
  for (const rlx::DispatchTime &t : times)
    llvm::outs() << llvm::format("  %10.1f us %5.1f%%  ", t.meanMicros,
                                 total > 0 ? 100.0 * t.meanMicros / total : 0.0)
                 << t.symbol << " " << t.kernel << " grid [" << t.grid[0]
                 << ", " << t.grid[1] << ", " << t.grid[2] << "]\n";
}

static int fail(const rlx::Status &status) {
  llvm::errs() << "rlx-run: " << status.toString() << "\n";
  return 1;
}

/// name=path pairs.
static std::map<std::string, std::string>
pairs(const cl::list<std::string> &list) {
  std::map<std::string, std::string> out;
  for (const std::string &entry : list) {
    size_t eq = entry.find('=');
    out[entry.substr(0, eq)] =
        eq == std::string::npos ? "" : entry.substr(eq + 1);
  }
  return out;
}

/// Uniform [-1, 1) values of the slot's dtype (integers: [0, 8)).
static std::vector<uint8_t> randomData(const rlx::Slot &slot,
                                       std::mt19937 &rng) {
  std::vector<uint8_t> bytes(slot.size);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  int64_t n = slot.elementCount();
  for (int64_t i = 0; i < n; ++i) {
    switch (slot.dtype) {
    case rlx::DType::f32: {
      float v = uniform(rng);
      std::memcpy(&bytes[i * 4], &v, 4);
      break;
    }
    case rlx::DType::i32: {
      int32_t v = rng() % 8;
      std::memcpy(&bytes[i * 4], &v, 4);
      break;
    }
    case rlx::DType::i64: {
      int64_t v = rng() % 8;
      std::memcpy(&bytes[i * 8], &v, 8);
      break;
    }
    default:
      bytes[i * rlx::dtypeSize(slot.dtype)] = rng() % 2;
      break;
    }
  }
  return bytes;
}

/// The bytes for `slot`: from a .npy file named in `files`, else random.
static rlx::Expected<std::vector<uint8_t>>
dataFor(const rlx::Slot &slot, const std::map<std::string, std::string> &files,
        std::mt19937 &rng) {
  auto it = files.find(slot.name);
  if (it == files.end())
    return randomData(slot, rng);
  rlx::Expected<rlx::npy::Array> array = rlx::npy::read(it->second);
  if (!array)
    return array.status();
  if (array->dtype != slot.dtype || array->shape != slot.shape)
    return rlx::Status(rlx::StatusCode::invalid_argument,
                       it->second + ": " + rlx::slotRoleName(slot.role) + " '" +
                           slot.name + "' needs dtype " +
                           rlx::dtypeName(slot.dtype) +
                           " and its manifest shape");
  return std::move(array->bytes);
}

/// With RLX_VULKAN_VALIDATION=1, what the validation layer or the driver
/// reported is a failure: printed, and the exit status is 1.
static int checkVulkanMessages(int status) {
  std::vector<std::string> messages = rlx::runtime::vulkanMessages();
  if (!rlx::runtime::vulkanValidationEnabled() || messages.empty())
    return status;
  llvm::errs() << "rlx-run: Vulkan reported " << messages.size()
               << " validation or driver messages:\n";
  for (const std::string &m : messages)
    llvm::errs() << "  " << m << "\n";
  return 1;
}

static int runMain();

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "rlx: compile and run a model\n");
  return checkVulkanMessages(runMain());
}

static int runMain() {
  if (modelPath.empty() == artifactPath.empty()) {
    llvm::errs() << "rlx-run: give a model (.mlir) or --artifact, not both\n";
    return 2;
  }

  if (device != "cpu" && device != "vulkan") {
    llvm::errs() << "rlx-run: --device '" << device
                 << "' is not a device (cpu, vulkan)\n";
    return 2;
  }
  if (policy != "fusable" && policy != "direct") {
    llvm::errs() << "rlx-run: --policy '" << policy
                 << "' is not a policy (fusable, direct)\n";
    return 2;
  }
  rlx::Session session(device == "vulkan" ? rlx::Device::vulkan
                                          : rlx::Device::cpu,
                       rlx::Precision::f32,
                       policy == "direct" ? rlx::LoweringPolicy::direct
                                          : rlx::LoweringPolicy::fusable);
  auto compiled = [&]() -> rlx::Expected<rlx::CompiledGraph> {
    if (!artifactPath.empty()) {
      rlx::Expected<rlx::runtime::Artifact> artifact =
          rlx::runtime::readArtifactFile(artifactPath);
      if (!artifact)
        return artifact.status();
      return session.load(rlx::runtime::serializeArtifact(*artifact), threads);
    }
    auto buffer = llvm::MemoryBuffer::getFile(modelPath);
    if (!buffer)
      return rlx::Status(rlx::StatusCode::not_found,
                         modelPath + ": " + buffer.getError().message());
    rlx::CompileOptions options;
    for (const std::string &b : binds) {
      size_t eq = b.find('=');
      if (eq == std::string::npos)
        return rlx::Status(rlx::StatusCode::invalid_argument,
                           "--bind '" + b + "' is not symbol=size");
      options.dims.push_back(
          {b.substr(0, eq), std::strtoll(b.c_str() + eq + 1, nullptr, 10)});
    }
    options.threads = threads;
    options.report = fusionReport;
    options.dumpDir = dumpStages;
    options.cpuTarget.triple = targetTriple;
    options.cpuTarget.cpu = targetCpu;
    options.cpuTarget.features = targetFeatures;
    options.nativeMatmul = nativeMatmul;
    return session.compileWith((*buffer)->getBuffer().str(), options);
  }();
  if (!compiled)
    return fail(compiled.status());
  rlx::CompiledGraph &graph = *compiled;
  const rlx::Manifest &manifest = graph.manifest();

  if (!emitArtifact.empty()) {
    rlx::Expected<rlx::runtime::Artifact> artifact =
        rlx::runtime::deserializeArtifact(graph.artifactBytes().data(),
                                          graph.artifactBytes().size());
    if (!artifact)
      return fail(artifact.status());
    if (rlx::Status s =
            rlx::runtime::writeArtifactFile(*artifact, emitArtifact);
        !s)
      return fail(s);
  }

  std::mt19937 rng(seed);
  auto params = pairs(paramFiles);
  auto inputs = pairs(inputFiles);
  // A name the graph does not have is an error, not a silently random slot.
  for (auto [files, role, flag] :
       {std::make_tuple(&params, rlx::SlotRole::param, "--param"),
        std::make_tuple(&inputs, rlx::SlotRole::input, "--input")}) {
    for (const auto &[name, path] : *files) {
      if (manifest.findSlot(role, name))
        continue;
      std::string known;
      for (const rlx::Slot *slot : manifest.slotsWithRole(role))
        known += (known.empty() ? "" : ", ") + slot->name;
      return fail(rlx::Status(
          rlx::StatusCode::not_found,
          std::string(flag) + " " + name + "=" + path + ": the graph has no " +
              rlx::slotRoleName(role) + " named '" + name + "' (its " +
              rlx::slotRoleName(role) +
              "s: " + (known.empty() ? "none" : known) + ")"));
    }
  }
  for (const rlx::Slot *slot : manifest.slotsWithRole(rlx::SlotRole::param)) {
    auto data = dataFor(*slot, params, rng);
    if (!data)
      return fail(data.status());
    if (rlx::Status s = graph.setParamTyped(slot->name, data->data(),
                                            data->size(), slot->dtype);
        !s)
      return fail(s);
  }
  std::vector<std::vector<uint8_t>> storage;
  std::vector<rlx::NamedInput> named;
  for (const rlx::Slot *slot : manifest.slotsWithRole(rlx::SlotRole::input)) {
    auto data = dataFor(*slot, inputs, rng);
    if (!data)
      return fail(data.status());
    storage.push_back(std::move(*data));
  }
  for (auto [i, slot] :
       llvm::enumerate(manifest.slotsWithRole(rlx::SlotRole::input)))
    named.push_back(
        {slot->name, storage[i].data(), storage[i].size(), slot->dtype});

  auto outputs = graph.run(named);
  if (!outputs)
    return fail(outputs.status());
  for (const rlx::NamedOutput &out : *outputs) {
    if (!outputDir.empty()) {
      rlx::npy::Array array{out.dtype, out.shape, out.bytes};
      if (rlx::Status s =
              rlx::npy::write(outputDir + "/" + out.name + ".npy", array);
          !s)
        return fail(s);
      continue;
    }
    llvm::outs() << out.name << ": " << rlx::dtypeName(out.dtype) << " [";
    for (size_t i = 0; i < out.shape.size(); ++i)
      llvm::outs() << (i ? "x" : "") << out.shape[i];
    llvm::outs() << "]";
    if (out.dtype == rlx::DType::f32) {
      size_t n = std::min<size_t>(printCount, out.bytes.size() / 4);
      for (size_t i = 0; i < n; ++i)
        llvm::outs() << (i ? " " : " = ")
                     << llvm::format("%.6g", out.floats()[i]);
      if (n < out.bytes.size() / 4)
        llvm::outs() << " ...";
    }
    llvm::outs() << "\n";
  }

  if (repeat > 0) {
    graph.setProfiling(profile);
    std::vector<double> micros;
    for (unsigned i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto again = graph.run(named);
      auto end = std::chrono::steady_clock::now();
      if (!again)
        return fail(again.status());
      micros.push_back(
          std::chrono::duration<double, std::micro>(end - start).count());
    }
    std::sort(micros.begin(), micros.end());
    llvm::outs() << "latency: median "
                 << llvm::format("%.1f", micros[repeat / 2]) << " us over "
                 << repeat << " runs (min "
                 << llvm::format("%.1f", micros.front()) << ", max "
                 << llvm::format("%.1f", micros.back()) << ")\n";
    if (profile)
      printProfile(graph.dispatchTimes());
  }
  return 0;
}
