//===- rlx-run.cpp - Compile (or load) a model and run it -----------------===//
//
//   rlx-run model.mlir|model.onnx --bind batch=64 [--input x=x.npy]
//           [--param w=w.npy] [--const shape=s.npy]
//           [--seed 1] [--repeat 100] [--num-threads 2] [--output-dir out/]
//           [--emit-artifact m.rlxa] [--dump-stages dir] [--fusion-report]
//           [--native-matmul] [--device NAME | --device-chain a,b]
//           [--list-devices] [--bench-devices]
//   rlx-run --artifact m.rlxa ...
//   rlx-run --list-devices
//
// The device: --device, else --device-chain (each tried in order until one
// compiles and runs), else RLX_DEVICE / RLX_DEVICE_CHAIN, else the CPU
// (docs/Devices.md). --list-devices prints each device's standing for the
// model (or, without one, whether it is available); --bench-devices times
// the model on every device that runs it.
//
// A model is MLIR text (HIR or MIR) or, when its name ends in .onnx, an
// ONNX model (docs/ONNX.md): its params come from its initializers, and
// --const binds a graph input to a compile-time value.
//
// Every input and parameter comes from a .npy file (--input / --param
// name=file.npy; an ONNX initializer unless --param overrides it), or,
// only with --random-inputs / --random-params, from
// seeded uniform random values in [-1, 1) (each one named on stderr). A
// name the graph lacks, a file of another shape or dtype, and a slot left
// without data are errors: rlx-run never guesses. Outputs are printed (shape
// and leading values) or written as .npy. --repeat N prints the median latency
// of N runs; with
// --profile also each dispatch's mean time, slowest first.
//
//===----------------------------------------------------------------------===//
#include "api/OnnxImport.h"
#include "passes/Common/PolicyOptions.h"
#include "rlx/DevicePolicy.h"
#include "rlx/GraphDevices.h"
#include "rlx/Session.h"
#include "runtime/Artifact.h"
#include "runtime/Files.h"
#include "runtime/Npy.h"
#include "runtime/Runtime.h"
#include "tools/FileSizeLimit.h"
#include "tools/ToolVersion.h"

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
#include <optional>
#include <random>
#include <set>
#include <tuple>

namespace cl = llvm::cl;

static cl::OptionCategory category("rlx-run options");

static cl::opt<std::string> modelPath(cl::Positional, cl::cat(category),
                                      cl::desc("<model.mlir|model.onnx>"),
                                      cl::init(""));
static cl::opt<std::string> artifactPath("artifact", cl::cat(category),
                                         cl::desc("load this artifact"),
                                         cl::init(""));
static cl::list<std::string> binds("bind", cl::cat(category),
                                   cl::desc("symbol=size"), cl::CommaSeparated);
static cl::list<std::string> inputFiles("input", cl::cat(category),
                                        cl::desc("name=file.npy"));
static cl::list<std::string> paramFiles("param", cl::cat(category),
                                        cl::desc("name=file.npy"));
static cl::list<std::string> constFiles(
    "const", cl::cat(category),
    cl::desc("ONNX models: bind a graph input to a compile-time value, "
             "name=file.npy"));
static cl::opt<bool> randomInputs(
    "random-inputs", cl::cat(category),
    cl::desc("fill inputs without --input with seeded random values"),
    cl::init(false));
static cl::opt<bool> randomParams(
    "random-params", cl::cat(category),
    cl::desc("fill parameters without --param with seeded random values"),
    cl::init(false));
static cl::opt<unsigned> seed("seed", cl::cat(category),
                              cl::desc("random data seed"), cl::init(1));
static cl::opt<unsigned> repeat("repeat", cl::cat(category),
                                cl::desc("time this many runs (median)"),
                                cl::init(0));
static cl::opt<bool> profile(
    "profile", cl::cat(category),
    cl::desc("with --repeat: print each dispatch's mean time, slowest first"),
    cl::init(false));
static cl::opt<int> profileVsThreads(
    "profile-vs-threads", cl::cat(category),
    cl::desc("with --profile on the CPU: also time each dispatch on this "
             "many threads and print the speed-up of this run's threads"),
    cl::init(0));
static cl::opt<int> threads("num-threads", cl::cat(category),
                            cl::desc("worker threads (0: one per core)"),
                            cl::init(0));
static cl::opt<std::string> outputDir("output-dir", cl::cat(category),
                                      cl::desc("write outputs as .npy here"),
                                      cl::init(""));
static cl::opt<std::string> emitArtifact("emit-artifact", cl::cat(category),
                                         cl::desc("write the artifact here"),
                                         cl::init(""));
static cl::opt<std::string> dumpStages("dump-stages", cl::cat(category),
                                       cl::desc("write each stage's IR here"),
                                       cl::init(""));
static cl::opt<bool> fusionReport("fusion-report", cl::cat(category),
                                  cl::desc("print the fusion report"),
                                  cl::init(false));
static cl::opt<std::string>
    targetTriple("target-triple", cl::cat(category),
                 cl::desc("compile for this LLVM triple (default: this "
                          "machine's)"),
                 cl::init(""));
static cl::opt<std::string>
    targetCpu("target-cpu", cl::cat(category),
              cl::desc("compile for this LLVM CPU, e.g. x86-64-v3 (default: "
                       "this machine's)"),
              cl::init(""));
static cl::opt<std::string> targetFeatures(
    "target-features", cl::cat(category),
    cl::desc("compile for these features, e.g. +avx2,+fma (with --target-cpu "
             "or alone: exactly those)"),
    cl::init(""));
static cl::opt<std::string>
    device("device", cl::cat(category),
           cl::desc("run on this device: cpu|vulkan|cuda|rocm|metal|null "
                    "(default: RLX_DEVICE, else cpu)"),
           cl::init(""));
static cl::opt<std::string> deviceChain(
    "device-chain", cl::cat(category),
    cl::desc("try these devices in order, e.g. vulkan,cpu (default: "
             "RLX_DEVICE_CHAIN)"),
    cl::init(""));
static cl::opt<std::string> cacheDir(
    "cache-dir", cl::cat(category),
    cl::desc("keep compiled code in this AOT cache (default: RLX_CACHE_DIR, "
             "else XDG_CACHE_HOME/rlx, else ~/.cache/rlx)"),
    cl::init(""));
static cl::opt<bool> noCache("no-cache", cl::cat(category),
                             cl::desc("compile without the AOT cache"),
                             cl::init(false));
static cl::opt<bool>
    listDevices("list-devices", cl::cat(category),
                cl::desc("print every device's standing for the model (or "
                         "whether it is available) and exit"),
                cl::init(false));
static cl::opt<bool>
    benchDevices("bench-devices", cl::cat(category),
                 cl::desc("time the model on every device that runs it "
                          "(--repeat runs, default 5) and exit"),
                 cl::init(false));
static cl::opt<rlx::LoweringPolicy>
    policy("policy", cl::cat(category), cl::desc("HIR lowering"),
           mlir::rlx::loweringPolicyValues(),
           cl::init(rlx::LoweringPolicy::fusable));
static cl::opt<rlx::Precision>
    precision("precision", cl::cat(category),
              cl::desc("float compute types (mir-mixed-precision's policies; "
                       "default always-f32)"),
              mlir::rlx::precisionPolicyValues(/*withCustom=*/false),
              cl::init(rlx::Precision::f32));
static cl::opt<bool> nativeMatmul(
    "native-matmul", cl::cat(category),
    cl::desc("compute f32 matmuls with OpenBLAS sgemm (CompileOptions::"
             "nativeMatmul)"),
    cl::init(false));
static cl::opt<bool> packParams(
    "pack-params", cl::cat(category),
    cl::desc("CPU: keep matmul weights in the microkernel's panels, packed "
             "once when set (CompileOptions::packParams; "
             "--pack-params=false: row-major)"),
    cl::init(true));
static cl::opt<bool>
    fuse("fuse", cl::cat(category),
         cl::desc("run the MIR fusion passes (CompileOptions::fuse; "
                  "--fuse=false: each op its own kernel)"),
         cl::init(true));
static cl::opt<unsigned> printCount("print", cl::cat(category),
                                    cl::desc("values to print"), cl::init(8));

/// The --profile-vs-threads table: each dispatch's mean time on this run's
/// threads and on `baselineThreads`, and the speed-up, in schedule order.
static void printSpeedups(const std::vector<rlx::DispatchTime> &run,
                          const std::vector<rlx::DispatchTime> &baseline,
                          int baselineThreads) {
  llvm::outs() << "profile: speed-up over " << baselineThreads
               << " thread(s), by dispatch (us here, us there, speed-up)\n";
  double here = 0, there = 0;
  for (size_t i = 0; i < run.size() && i < baseline.size(); ++i) {
    here += run[i].meanMicros;
    there += baseline[i].meanMicros;
    double ratio = run[i].meanMicros > 0
                       ? baseline[i].meanMicros / run[i].meanMicros
                       : 0.0;
    llvm::outs() << llvm::format("  %10.1f %10.1f %6.2fx  ", run[i].meanMicros,
                                 baseline[i].meanMicros, ratio)
                 << run[i].symbol << " " << run[i].kernel << "\n";
  }
  llvm::outs() << llvm::format("  %10.1f %10.1f %6.2fx  all dispatches\n", here,
                               there, here > 0 ? there / here : 0.0);
}

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

/// name=path pairs of `flag`; an entry without a name or a path, or a name
/// given twice, is an error.
static rlx::Expected<std::map<std::string, std::string>>
pairs(const cl::list<std::string> &list, const char *flag) {
  std::map<std::string, std::string> out;
  for (const std::string &entry : list) {
    size_t eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == entry.size())
      return rlx::Status(rlx::StatusCode::invalid_argument,
                         std::string(flag) + " '" + entry +
                             "' is not name=file.npy");
    if (!out.emplace(entry.substr(0, eq), entry.substr(eq + 1)).second)
      return rlx::Status(rlx::StatusCode::invalid_argument,
                         std::string(flag) + " names '" + entry.substr(0, eq) +
                             "' twice");
  }
  return out;
}

/// "f32 [2x784]".
static std::string describe(rlx::DType dtype,
                            const std::vector<int64_t> &shape) {
  std::string text = std::string(rlx::dtypeName(dtype)) + " [";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text + "]";
}

/// --bind entries as symbol sizes; a size that is not a whole number from 1
/// to 2^62 is an error quoting it as typed.
static rlx::Expected<std::vector<std::pair<std::string, int64_t>>>
parseBinds() {
  std::vector<std::pair<std::string, int64_t>> dims;
  for (const std::string &b : binds) {
    size_t eq = b.find('=');
    if (eq == std::string::npos || eq == 0)
      return rlx::Status(rlx::StatusCode::invalid_argument,
                         "--bind '" + b + "' is not symbol=size");
    std::string text = b.substr(eq + 1);
    long long size = 0;
    if (text.empty() || llvm::StringRef(text).getAsInteger(10, size) ||
        size < 1 || size > (1ll << 62))
      return rlx::Status(rlx::StatusCode::invalid_argument,
                         "--bind '" + b + "': '" + text +
                             "' is not a size (a whole number from 1 to 2^62)");
    dims.push_back({b.substr(0, eq), static_cast<int64_t>(size)});
  }
  return dims;
}

/// Whether `path` names an ONNX model (by its extension).
static bool isOnnxPath(const std::string &path) {
  return llvm::StringRef(path).ends_with(".onnx");
}

/// --const entries, read.
static rlx::Expected<std::vector<rlx::ConstantInput>> readConstants() {
  auto named = pairs(constFiles, "--const");
  if (!named)
    return named.status();
  std::vector<rlx::ConstantInput> out;
  for (const auto &[name, path] : *named) {
    rlx::Expected<rlx::npy::Array> array = rlx::npy::read(path);
    if (!array)
      return array.status();
    out.push_back({name, array->dtype, array->shape, std::move(array->bytes)});
  }
  return out;
}

/// Uniform [-1, 1) values of the dtype the slot's values are given in
/// (integers: [0, 8)).
static std::vector<uint8_t> randomData(const rlx::Slot &slot,
                                       std::mt19937 &rng) {
  rlx::DType dtype = slot.givenDType();
  int64_t n = slot.elementCount();
  std::vector<uint8_t> bytes(n * rlx::dtypeSize(dtype));
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  for (int64_t i = 0; i < n; ++i) {
    switch (dtype) {
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
      bytes[i * rlx::dtypeSize(dtype)] = rng() % 2;
      break;
    }
  }
  return bytes;
}

/// The bytes for `slot` in the dtype its values are given in (a param
/// stored in f16 / bf16 takes f32 and converts it when set): from the .npy
/// file named in `files`, else random if `random` (said on stderr), else an
/// error naming the flags.
static rlx::Expected<std::vector<uint8_t>>
dataFor(const rlx::Slot &slot, const std::map<std::string, std::string> &files,
        bool random, std::mt19937 &rng) {
  bool isInput = slot.role == rlx::SlotRole::input;
  auto it = files.find(slot.name);
  if (it == files.end()) {
    if (!random)
      return rlx::Status(rlx::StatusCode::invalid_argument,
                         std::string("no data for ") +
                             rlx::slotRoleName(slot.role) + " '" + slot.name +
                             "' (" +
                             describe(slot.givenDType(), slot.givenShape()) +
                             "): give " + (isInput ? "--input " : "--param ") +
                             slot.name + "=FILE.npy, or " +
                             (isInput ? "--random-inputs" : "--random-params") +
                             " for seeded random values");
    llvm::errs() << "rlx-run: " << rlx::slotRoleName(slot.role) << " '"
                 << slot.name << "': random "
                 << describe(slot.givenDType(), slot.givenShape()) << " (seed "
                 << seed << ")\n";
    return randomData(slot, rng);
  }
  // The header is checked against the slot before the data is read.
  rlx::Expected<rlx::npy::Array> array = rlx::npy::readAs(
      it->second, slot.givenDType(), slot.givenShape(),
      std::string(rlx::slotRoleName(slot.role)) + " '" + slot.name + "'");
  if (!array)
    return array.status();
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
  rlx::tools::reportFileSizeLimitAsWriteError();
  rlx::tools::setVersionPrinter("rlx-run");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "rlx: compile and run a model\n");
  return checkVulkanMessages(runMain());
}

/// The devices to try, in order: --device, --device-chain, else the
/// environment (RLX_DEVICE, RLX_DEVICE_CHAIN), else the CPU.
static rlx::Expected<std::vector<rlx::Device>> deviceChainFromFlags() {
  if (!device.empty() && !deviceChain.empty())
    return rlx::Status(rlx::StatusCode::invalid_argument,
                       "give --device or --device-chain, not both");
  if (!device.empty()) {
    rlx::Expected<rlx::Device> one = rlx::parseDevice(device);
    if (!one)
      return rlx::Status(one.status().code(),
                         "--device: " + one.status().message());
    return std::vector<rlx::Device>{*one};
  }
  if (!deviceChain.empty()) {
    rlx::Expected<std::vector<rlx::Device>> chain =
        rlx::parseDeviceChain(deviceChain);
    if (!chain)
      return rlx::Status(chain.status().code(),
                         "--device-chain: " + chain.status().message());
    return chain;
  }
  rlx::Expected<rlx::DevicePolicy> env = rlx::DevicePolicy::fromEnv("RLX");
  if (!env)
    return env.status();
  if (!env->chain.empty())
    return env->chain;
  if (env->device)
    return std::vector<rlx::Device>{*env->device};
  return std::vector<rlx::Device>{rlx::Device::cpu};
}

/// --list-devices without a model: each device and whether it is there.
static int printDevices() {
  for (rlx::Device d : rlx::allDevices()) {
    rlx::Status live = rlx::availability(d);
    llvm::outs() << llvm::format("%-7s %-4s ", rlx::deviceName(d),
                                 live ? "yes" : "no")
                 << (live ? rlx::fullName(d) : live.message()) << "\n";
  }
  return 0;
}

/// What the failed devices of a fallback said, on stderr.
static void reportAttempts(const std::vector<rlx::DeviceAttempt> &attempts,
                           rlx::Device used) {
  for (const rlx::DeviceAttempt &a : attempts)
    llvm::errs() << "rlx-run: device " << rlx::deviceName(a.device)
                 << " failed: " << a.status.toString() << "\n";
  if (!attempts.empty())
    llvm::errs() << "rlx-run: ran on device " << rlx::deviceName(used) << "\n";
}

/// Options that only apply when compiling, or only with another option,
/// are errors elsewhere: a flag that would be ignored is a mistake.
static rlx::Status checkModeOptions() {
  auto misuse = [](const std::string &text) {
    return rlx::Status(rlx::StatusCode::invalid_argument, text);
  };
  if (!artifactPath.empty()) {
    std::pair<const char *, unsigned> compileOnly[] = {
        {"bind", binds.getNumOccurrences()},
        {"const", constFiles.getNumOccurrences()},
        {"policy", policy.getNumOccurrences()},
        {"precision", precision.getNumOccurrences()},
        {"target-triple", targetTriple.getNumOccurrences()},
        {"target-cpu", targetCpu.getNumOccurrences()},
        {"target-features", targetFeatures.getNumOccurrences()},
        {"native-matmul", nativeMatmul.getNumOccurrences()},
        {"pack-params", packParams.getNumOccurrences()},
        {"fuse", fuse.getNumOccurrences()},
        {"fusion-report", fusionReport.getNumOccurrences()},
        {"dump-stages", dumpStages.getNumOccurrences()},
        {"device-chain", deviceChain.getNumOccurrences()},
        {"cache-dir", cacheDir.getNumOccurrences()},
        {"no-cache", noCache.getNumOccurrences()}};
    for (auto [name, occurrences] : compileOnly)
      if (occurrences)
        return misuse(std::string("--") + name +
                      " does not apply to --artifact (the artifact is "
                      "already compiled)");
  }
  if (constFiles.getNumOccurrences() && !isOnnxPath(modelPath))
    return misuse("--const binds inputs of ONNX models (a .onnx file)");
  if (noCache && !cacheDir.empty())
    return misuse("give --cache-dir or --no-cache, not both");
  if (profile && repeat == 0)
    return misuse("--profile times the runs of --repeat N; give --repeat");
  if (profileVsThreads.getNumOccurrences() && !profile)
    return misuse("--profile-vs-threads compares --profile's dispatch times; "
                  "give --profile");
  if (profileVsThreads.getNumOccurrences() &&
      (profileVsThreads < 1 || profileVsThreads > 4096))
    return misuse("--profile-vs-threads " + std::to_string(profileVsThreads) +
                  ": give 1 to 4096");
  if (threads < 0 || threads > 4096)
    return misuse("--num-threads " + std::to_string(threads) +
                  ": give 0 (one per core) to 4096");
  return rlx::Status::ok();
}

/// The params an ONNX model's initializers set (rlx-run sets the rest),
/// and the model, for a second graph's params.
static std::set<std::string> initializerParams;
static rlx::OnnxModel onnxModel;

/// The largest model text rlx-run reads.
static constexpr uint64_t kMaxModelTextBytes = uint64_t(1) << 30;

static int runMain() {
  if (listDevices && modelPath.empty() && artifactPath.empty())
    return printDevices();
  if (modelPath.empty() == artifactPath.empty()) {
    llvm::errs() << "rlx-run: give a model (.mlir or .onnx) or --artifact, "
                    "not both\n";
    return 2;
  }
  if (!artifactPath.empty() && (listDevices || benchDevices)) {
    llvm::errs() << "rlx-run: --list-devices and --bench-devices compile a "
                    "model; they do not take --artifact\n";
    return 2;
  }
  if (rlx::Status s = checkModeOptions(); !s)
    return fail(s);
  // Where outputs go is checked before anything is compiled or run.
  if (!outputDir.empty())
    if (rlx::Status s = rlx::files::checkWritableDirectory(outputDir); !s)
      return fail(rlx::Status(s.code(), "--output-dir: " + s.message()));
  rlx::Expected<std::vector<rlx::Device>> chain = deviceChainFromFlags();
  if (!chain)
    return fail(chain.status());
  rlx::LoweringPolicy lowering = policy;

  // An artifact runs where it was compiled for: the one device given.
  std::optional<rlx::CompiledGraph> loaded;
  std::optional<rlx::GraphDevices> devices;
  rlx::CompiledGraph *graphPtr = nullptr;
  rlx::Device used = chain->front();
  std::vector<rlx::DeviceAttempt> attempts;
  if (!artifactPath.empty()) {
    if (chain->size() != 1)
      return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                              "--artifact runs on one device; give --device"));
    rlx::Expected<rlx::runtime::Artifact> artifact =
        rlx::runtime::readArtifactFile(artifactPath);
    if (!artifact)
      return fail(artifact.status());
    rlx::Session session(used);
    auto graph =
        session.load(rlx::runtime::serializeArtifact(*artifact), threads);
    if (!graph)
      return fail(graph.status());
    loaded.emplace(std::move(*graph));
    graphPtr = &*loaded;
  } else {
    rlx::Model model;
    if (isOnnxPath(modelPath)) {
      rlx::Expected<rlx::OnnxModel> onnx = rlx::OnnxModel::readFile(modelPath);
      if (!onnx)
        return fail(onnx.status());
      for (const std::string &name : onnx->paramNames())
        initializerParams.insert(name);
      onnxModel = *onnx;
      model = rlx::Model::fromOnnx(std::move(*onnx));
      auto constants = readConstants();
      if (!constants)
        return fail(constants.status());
      model.options.constants = std::move(*constants);
    } else {
      // A regular file (a FIFO or device is refused, not waited on).
      rlx::Expected<std::vector<uint8_t>> text =
          rlx::files::readRegular(modelPath, kMaxModelTextBytes);
      if (!text)
        return fail(text.status());
      model = rlx::Model::fromText(
          std::string_view(reinterpret_cast<const char *>(text->data()),
                           text->size()),
          modelPath);
    }
    model.policy = lowering;
    model.precision = precision;
    rlx::CompileOptions &options = model.options;
    auto dims = parseBinds();
    if (!dims)
      return fail(dims.status());
    options.dims = std::move(*dims);
    options.threads = threads;
    options.report = fusionReport;
    options.dumpDir = dumpStages;
    options.cpuTarget.triple = targetTriple;
    options.cpuTarget.cpu = targetCpu;
    options.cpuTarget.features = targetFeatures;
    options.nativeMatmul = nativeMatmul;
    options.packParams = packParams;
    options.fuse = fuse;
    if (listDevices) {
      auto rows = rlx::deviceReport(model);
      if (!rows)
        return fail(rows.status());
      llvm::outs() << rlx::formatDeviceReport(*rows);
      return 0;
    }
    // The AOT cache, unless told otherwise or timing compiles: a directory
    // named by --cache-dir must work; the default one is skipped with a
    // warning when it cannot be used.
    if (!noCache && !benchDevices) {
      rlx::Expected<std::shared_ptr<rlx::AotCache>> cache =
          rlx::AotCache::open(cacheDir);
      if (cache)
        model.cache = *cache;
      else if (!cacheDir.empty())
        return fail(cache.status());
      else
        llvm::errs() << "rlx-run: warning: compiling without the AOT cache: "
                     << cache.status().message() << "\n";
    }
    std::shared_ptr<rlx::AotCache> cache = model.cache;
    rlx::DevicePolicy devicePolicy;
    devicePolicy.chain = *chain;
    devices.emplace(std::move(model), devicePolicy);
    // The first device of the chain that compiles the model; its manifest
    // says what the inputs and parameters are.
    for (rlx::Device d : *chain) {
      rlx::Expected<rlx::CompiledGraph *> graph = devices->compile(d);
      if (graph) {
        graphPtr = *graph;
        used = d;
        break;
      }
      attempts.push_back({d, graph.status()});
    }
    if (cache && cache->stats().hits > 0)
      llvm::errs() << "rlx-run: AOT cache hit: loaded compiled code from "
                   << cache->directory() << "\n";
    if (!graphPtr) {
      if (chain->size() == 1)
        return fail(attempts.front().status);
      return fail(rlx::DeviceFallbackError{attempts}.toStatus());
    }
  }
  rlx::CompiledGraph &graph = *graphPtr;
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
  auto paramsOr = pairs(paramFiles, "--param");
  if (!paramsOr)
    return fail(paramsOr.status());
  auto inputsOr = pairs(inputFiles, "--input");
  if (!inputsOr)
    return fail(inputsOr.status());
  std::map<std::string, std::string> &params = *paramsOr;
  std::map<std::string, std::string> &inputs = *inputsOr;
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
  // Kept for --profile-vs-threads, whose graph needs the same params.
  std::vector<std::pair<const rlx::Slot *, std::vector<uint8_t>>> paramData;
  for (const rlx::Slot *slot : manifest.slotsWithRole(rlx::SlotRole::param)) {
    // An ONNX initializer was set when the model compiled.
    if (initializerParams.count(slot->name) && !params.count(slot->name))
      continue;
    auto data = dataFor(*slot, params, randomParams, rng);
    if (!data)
      return fail(data.status());
    if (profileVsThreads.getNumOccurrences())
      paramData.push_back({slot, *data});
    // Through GraphDevices when compiling: every device gets it.
    rlx::Status set =
        devices ? devices->setParamTyped(slot->name, data->data(), data->size(),
                                         slot->givenDType())
                : graph.setParamTyped(slot->name, data->data(), data->size(),
                                      slot->givenDType());
    if (!set)
      return fail(set);
  }
  std::vector<std::vector<uint8_t>> storage;
  std::vector<rlx::NamedInput> named;
  for (const rlx::Slot *slot : manifest.slotsWithRole(rlx::SlotRole::input)) {
    auto data = dataFor(*slot, inputs, randomInputs, rng);
    if (!data)
      return fail(data.status());
    storage.push_back(std::move(*data));
  }
  for (auto [i, slot] :
       llvm::enumerate(manifest.slotsWithRole(rlx::SlotRole::input)))
    named.push_back(
        {slot->name, storage[i].data(), storage[i].size(), slot->dtype});

  if (benchDevices) {
    auto ranked = devices->benchmark(named, repeat ? repeat : 5);
    if (!ranked)
      return fail(ranked.status());
    llvm::outs() << "device   compile ms   median run us   name\n";
    for (const rlx::DeviceBenchmark &b : *ranked)
      llvm::outs() << llvm::format("%-7s %11.1f %15.1f   ",
                                   rlx::deviceName(b.device), b.compileMillis,
                                   b.medianRunMicros)
                   << rlx::fullName(b.device) << "\n";
    return 0;
  }

  std::vector<rlx::NamedOutput> outputs;
  if (devices) {
    // The rest of the chain from the device that compiled: a run that
    // fails there falls back too.
    std::vector<rlx::Device> rest(llvm::find(*chain, used), chain->end());
    auto ran = devices->runTry(rest, named);
    if (!ran) {
      attempts.insert(attempts.end(), ran.error().attempts.begin(),
                      ran.error().attempts.end());
      return fail(rlx::DeviceFallbackError{attempts}.toStatus());
    }
    attempts.insert(attempts.end(), ran->failedAttempts.begin(),
                    ran->failedAttempts.end());
    used = ran->device;
    reportAttempts(attempts, used);
    outputs = std::move(ran->outputs);
  } else {
    auto ran = graph.run(named);
    if (!ran)
      return fail(ran.status());
    outputs = std::move(*ran);
  }
  // The graph of the device that ran (for --repeat).
  rlx::CompiledGraph &ranGraph = devices ? **devices->compile(used) : graph;
  for (const rlx::NamedOutput &out : outputs) {
    if (!outputDir.empty()) {
      // The name becomes a file in --output-dir and nowhere else.
      if (out.name.find('/') != std::string::npos || out.name == "." ||
          out.name == "..")
        return fail(rlx::Status(
            rlx::StatusCode::invalid_argument,
            "output '" + out.name +
                "' is not a file name, so it cannot be written under "
                "--output-dir (a name with '/' or a bare . or ..)"));
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
    ranGraph.setProfiling(profile);
    std::vector<double> micros;
    for (unsigned i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      auto again = ranGraph.run(named);
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
      printProfile(ranGraph.dispatchTimes());
    if (profileVsThreads.getNumOccurrences()) {
      if (used != rlx::Device::cpu)
        return fail(rlx::Status(rlx::StatusCode::invalid_argument,
                                "--profile-vs-threads compares CPU thread "
                                "counts; this run was on " +
                                    std::string(rlx::deviceName(used))));
      rlx::LoadOptions load;
      load.threads = profileVsThreads;
      const std::vector<uint8_t> &bytes = ranGraph.artifactBytes();
      auto baseline = rlx::loadBytes(bytes.data(), bytes.size(), load);
      if (!baseline)
        return fail(baseline.status());
      if (onnxModel.valid())
        if (rlx::Status s =
                mlir::rlx::setParamsFromInitializers(*baseline, onnxModel);
            !s)
          return fail(s);
      for (const auto &[slot, data] : paramData)
        if (rlx::Status s = baseline->setParamTyped(
                slot->name, data.data(), data.size(), slot->givenDType());
            !s)
          return fail(s);
      baseline->setProfiling(true);
      for (unsigned i = 0; i < repeat; ++i)
        if (auto again = baseline->run(named); !again)
          return fail(again.status());
      printSpeedups(ranGraph.dispatchTimes(), baseline->dispatchTimes(),
                    profileVsThreads);
    }
  }
  return 0;
}
