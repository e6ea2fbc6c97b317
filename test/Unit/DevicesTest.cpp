//===- DevicesTest.cpp - Devices, backends, policies, GraphDevices --------===//
//
// The device layer through its public API (rlx/Devices.h, DevicePolicy.h,
// CostModel.h, GraphDevices.h) and the backend registry (api/Backend.h),
// with backends the tests register: a CPU wrapper that counts and can be
// given a priority or a fixed cost model, and backends that fail to compile,
// fail to run or have no hardware. Results are checked against exact values
// (small graphs) and the PyTorch goldens (the example encoder, tolerance as
// ModelTest: 1e-4 absolute + 1e-4 relative).
//
//===----------------------------------------------------------------------===//
#include "rlx/Devices.h"
#include "api/Backend.h"
#include "api/backends/BuiltinBackends.h"
#include "rlx/CostModel.h"
#include "rlx/DevicePolicy.h"
#include "rlx/GraphDevices.h"
#include "rlx/Session.h"
#include "runtime/HostCpu.h"
#include "runtime/Runtime.h"

#include "ModelUtil.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

namespace {

using namespace rlx::test;
using rlx::Device;
using rlx::OpSupport;

//===----------------------------------------------------------------------===//
// Test backends
//===----------------------------------------------------------------------===//

/// An executable that fails every run (a device that breaks at run time).
class FailingRunExecutable final : public rlx::runtime::Executable {
public:
  explicit FailingRunExecutable(std::unique_ptr<rlx::runtime::Executable> real)
      : real(std::move(real)) {}
  const rlx::Manifest &manifest() const override { return real->manifest(); }
  rlx::Status writeSlot(const rlx::Slot &slot, const void *data) override {
    return real->writeSlot(slot, data);
  }
  rlx::Expected<bool> bindSlot(const rlx::Slot &slot,
                               const void *data) override {
    return real->bindSlot(slot, data);
  }
  rlx::MemoryUse memoryUse() const override { return real->memoryUse(); }
  rlx::Status run(const void *const *) override {
    return rlx::Status(rlx::StatusCode::data_loss, "injected run failure");
  }
  const uint8_t *slotData(const rlx::Slot &slot) const override {
    return real->slotData(slot);
  }
  void setProfiling(bool on) override { real->setProfiling(on); }
  const std::vector<uint64_t> &dispatchNanos() const override {
    return real->dispatchNanos();
  }
  uint64_t profiledRuns() const override { return real->profiledRuns(); }

private:
  std::unique_ptr<rlx::runtime::Executable> real;
};

/// What a test backend does besides being the CPU.
struct Behaviour {
  int priority = 100;
  bool noHardware = false;
  bool failCompile = false;
  bool failRun = false;
  /// A fixed cost model (µs per run = runMicros, nothing else).
  std::optional<double> fixedRunMicros;
  /// Claims no matmul of any kind.
  bool noMatmul = false;
};

/// Counts shared by a test and its backend.
struct Counters {
  std::atomic<int> compiles{0};
  std::atomic<int> loads{0};
};

/// The CPU backend, wrapped: every call goes to it unless the behaviour
/// says otherwise.
class TestBackend final : public mlir::rlx::Backend {
public:
  TestBackend(Behaviour behaviour, std::shared_ptr<Counters> counters)
      : cpu(mlir::rlx::makeCpuBackend()), behaviour(behaviour),
        counters(std::move(counters)) {}

  rlx::Status probe() override {
    if (behaviour.noHardware)
      return rlx::Status(rlx::StatusCode::unavailable,
                         "the test device is switched off");
    return rlx::Status::ok();
  }
  std::string fullName() override { return "Test device (wraps the CPU)"; }
  int priority() override { return behaviour.priority; }
  std::string fingerprint() override { return "test " + cpu->fingerprint(); }
  rlx::OpSupport claimKind(mlir::StringRef op) override {
    if (behaviour.noMatmul && op.contains("matmul"))
      return OpSupport::unsupported;
    return cpu->claimKind(op);
  }
  mlir::rlx::OpClaim claim(mlir::Operation *op) override {
    if (behaviour.noMatmul && op->getName().getStringRef().contains("matmul"))
      return {OpSupport::unsupported, "the test device has no matmul"};
    return cpu->claim(op);
  }
  rlx::Status attachTarget(mlir::ModuleOp module,
                           const mlir::rlx::CompilerOptions &options) override {
    return cpu->attachTarget(module, options);
  }
  rlx::Expected<rlx::runtime::Artifact>
  compileLIR(mlir::ModuleOp module, const mlir::rlx::CompilerOptions &options,
             rlx::Manifest manifest) override {
    ++counters->compiles;
    if (behaviour.failCompile)
      return rlx::Status(rlx::StatusCode::internal, "injected compile failure");
    return cpu->compileLIR(module, options, std::move(manifest));
  }
  rlx::Expected<mlir::rlx::LoadedExecutable>
  load(const rlx::runtime::Artifact &artifact, int threads) override {
    ++counters->loads;
    auto loaded = cpu->load(artifact, threads);
    if (!loaded || !behaviour.failRun)
      return loaded;
    loaded->executable =
        std::make_unique<FailingRunExecutable>(std::move(loaded->executable));
    return loaded;
  }
  rlx::Expected<rlx::DeviceCostModel>
  costModel(const rlx::CalibrationOptions &options) override {
    if (!behaviour.fixedRunMicros)
      return Backend::costModel(options);
    rlx::DeviceCostModel model;
    model.device = device();
    model.fingerprint = fingerprint();
    model.matmulGflops = {{64, 1e9}};
    model.bandwidthGBps = 1e9;
    model.dispatchMicros = 1e-9;
    model.runMicros = *behaviour.fixedRunMicros;
    return model;
  }

private:
  std::unique_ptr<mlir::rlx::Backend> cpu;
  Behaviour behaviour;
  std::shared_ptr<Counters> counters;
};

/// Registers a TestBackend for `device` for the life of the object.
class ScopedBackend {
public:
  ScopedBackend(Device device, Behaviour behaviour)
      : device(device), counters(std::make_shared<Counters>()) {
    auto shared = counters;
    mlir::rlx::registerBackend(device, [behaviour, shared] {
      return std::make_unique<TestBackend>(behaviour, shared);
    });
  }
  ~ScopedBackend() { mlir::rlx::resetBackend(device); }
  Counters &count() { return *counters; }

private:
  Device device;
  std::shared_ptr<Counters> counters;
};

/// Sets an environment variable for the life of the object.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    setenv(name, value, 1);
  }
  ~ScopedEnv() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

/// y = relu(x · w + b) on [2,3] · [3,2]: small, exact in f32.
rlx::Model smallModel() {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
  rlx::Tensor b = g.param("b", rlx::DType::f32, {2});
  g.setOutputs({{"y", g.linear(x, w, b, rlx::Activation::relu)}});
  return rlx::Model::fromGraph(g);
}
const std::vector<float> kX = {1, 2, 3, 4, 5, 6};
const std::vector<float> kW = {1, 0, 0, 1, 1, -1};
const std::vector<float> kB = {0.5f, 0.5f};
/// x·w = [[4, -1], [10, -1]]; + b; relu.
const std::vector<float> kY = {4.5f, 0.0f, 10.5f, 0.0f};

std::vector<rlx::NamedInput> smallInputs() {
  return {{"x", kX.data(), kX.size() * 4, rlx::DType::f32}};
}

void expectSmallOutputs(const std::vector<rlx::NamedOutput> &outputs) {
  ASSERT_EQ(outputs.size(), 1u);
  ASSERT_EQ(outputs[0].bytes.size(), kY.size() * 4);
  for (size_t i = 0; i < kY.size(); ++i)
    EXPECT_EQ(outputs[0].floats()[i], kY[i]) << "element " << i;
}

rlx::Model exampleModel(const std::string &file, const std::string &symbol,
                        int64_t size) {
  std::string path = std::string(RLX_SOURCE_DIR) + "/examples/" + file;
  rlx::Model model = rlx::Model::fromText(readFile(path), path);
  model.options.dims = {{symbol, size}};
  return model;
}

/// The devices the suite can rely on here: the CPU, and Vulkan (lavapipe
/// in CI) in a build with it.
std::vector<Device> builtinDevices() {
#ifdef RLX_HAVE_VULKAN
  return {Device::cpu, Device::vulkan};
#else
  return {Device::cpu};
#endif
}

/// A fresh directory under the test's temporary root.
std::string freshDir(const std::string &name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("rlx-devices-" + std::to_string(::getpid()) + "-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST(DeviceNames, ParseEveryNameAndRefuseOthers) {
  for (Device d : rlx::allDevices()) {
    auto parsed = rlx::parseDevice(rlx::deviceName(d));
    ASSERT_TRUE(parsed.isOk());
    EXPECT_EQ(*parsed, d);
  }
  auto bad = rlx::parseDevice("vulcan");
  ASSERT_FALSE(bad.isOk());
  EXPECT_EQ(bad.status().code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(bad.status().message(),
            "unknown device 'vulcan' (the devices: cpu, vulkan, cuda, rocm, "
            "metal, null)");
}

TEST(DeviceNames, Chains) {
  auto chain = rlx::parseDeviceChain("vulkan,cpu");
  ASSERT_TRUE(chain.isOk()) << chain.status().toString();
  EXPECT_EQ(*chain, (std::vector<Device>{Device::vulkan, Device::cpu}));
  EXPECT_EQ(rlx::parseDeviceChain("").status().message(),
            "the device chain is empty (give devices as vulkan,cpu)");
  EXPECT_EQ(rlx::parseDeviceChain("vulkan,,cpu").status().message(),
            "the device chain 'vulkan,,cpu' has an empty entry");
  EXPECT_EQ(rlx::parseDeviceChain("cpu,cpu").status().message(),
            "the device chain 'cpu,cpu' names 'cpu' twice");
  EXPECT_NE(rlx::parseDeviceChain("cpu,gpu").status().message().find(
                "unknown device 'gpu'"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

TEST(DeviceQueries, Availability) {
  EXPECT_TRUE(rlx::isAvailable(Device::cpu));
  EXPECT_EQ(rlx::isAvailable(Device::vulkan), rlx::runtime::vulkanAvailable());
  rlx::Status cuda = rlx::availability(Device::cuda);
  EXPECT_EQ(cuda.code(), rlx::StatusCode::unavailable);
  EXPECT_NE(cuda.message().find("device 'cuda' has no backend"),
            std::string::npos);
  std::vector<Device> available = rlx::availableDevices();
  EXPECT_TRUE(llvm::is_contained(available, Device::cpu));
  EXPECT_EQ(llvm::is_contained(available, Device::vulkan),
            rlx::runtime::vulkanAvailable());
  EXPECT_FALSE(llvm::is_contained(available, Device::cuda));
}

TEST(DeviceQueries, FastestFollowsThePriorityOrder) {
  // Here: the CPU before a software Vulkan device (lavapipe), before it a
  // GPU.
  auto fastest = rlx::fastestDevice();
  ASSERT_TRUE(fastest.isOk());
  auto vulkan = rlx::runtime::vulkanDevice();
  bool gpu = vulkan && vulkan->type != rlx::runtime::VulkanDeviceType::cpu;
  EXPECT_EQ(*fastest, gpu ? Device::vulkan : Device::cpu);
  EXPECT_EQ(rlx::availableDevices().front(), *fastest);
  {
    Behaviour fast;
    fast.priority = 1000;
    ScopedBackend backend(Device::null, fast);
    EXPECT_EQ(*rlx::fastestDevice(), Device::null);
    EXPECT_EQ(rlx::availableDevices().front(), Device::null);
  }
  EXPECT_EQ(*rlx::fastestDevice(), *fastest);
}

TEST(DeviceQueries, FullNames) {
  std::string cpu = rlx::fullName(Device::cpu);
  EXPECT_EQ(cpu.rfind("CPU (" + rlx::host::cpuName() + ", ", 0), 0u) << cpu;
  EXPECT_EQ(cpu.find("OpenBLAS") != std::string::npos,
            rlx::runtime::hasNativeMatmul())
      << cpu;
  if (auto vulkan = rlx::runtime::vulkanDevice())
    EXPECT_EQ(rlx::fullName(Device::vulkan),
              "Vulkan (" + vulkan->name + ", " +
                  rlx::runtime::vulkanDeviceTypeName(vulkan->type) + ")");
  EXPECT_NE(rlx::fullName(Device::cuda).find("has no backend"),
            std::string::npos);
}

TEST(DeviceQueries, OpKinds) {
  for (Device d : builtinDevices()) {
    EXPECT_EQ(rlx::supportOf(d, "mir.matmul"), OpSupport::native);
    EXPECT_EQ(rlx::supportOf(d, "mir.softmax"), OpSupport::native);
    // Vulkan has no swiglu kernel: legalization un-fuses it.
    EXPECT_EQ(rlx::supportOf(d, "mir.swiglu"),
              d == Device::vulkan ? OpSupport::rewritten : OpSupport::native);
    EXPECT_EQ(rlx::supportOf(d, "hir.attention"), OpSupport::rewritten);
    EXPECT_EQ(rlx::supportOf(d, "mir.no_such_op"), OpSupport::unsupported);
    EXPECT_EQ(rlx::supportOf(d, "arith.addf"), OpSupport::unsupported);
    EXPECT_TRUE(rlx::supports(d, "hir.linear"));
    EXPECT_TRUE(rlx::supportsRunSlots(d));
  }
  EXPECT_EQ(rlx::supportOf(Device::cuda, "mir.matmul"), OpSupport::unsupported);
  EXPECT_FALSE(rlx::supportsRunSlots(Device::cuda));
}

TEST(DeviceQueries, DispatchReportOfAGraph) {
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {2, 3});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {3, 2});
  rlx::Tensor h = g.matmul(x, w);
  g.setOutputs({{"y", g.softmax(g.relu(h))}});
  for (Device d : builtinDevices()) {
    auto report = rlx::dispatchReportForDevice(d, rlx::Model::fromGraph(g));
    ASSERT_TRUE(report.isOk()) << report.status().toString();
    EXPECT_TRUE(report->supported());
    std::vector<std::string> kinds;
    for (const rlx::OpKindReport &k : report->kinds)
      kinds.push_back(k.kind);
    EXPECT_EQ(kinds,
              (std::vector<std::string>{"hir.param", "hir.matmul",
                                        "hir.activation", "hir.softmax"}))
        << report->toString();
    for (const rlx::OpKindReport &k : report->kinds) {
      EXPECT_EQ(k.count, 1);
      EXPECT_EQ(k.support, OpSupport::rewritten) << report->toString();
      for (const std::string &to : k.loweredTo)
        EXPECT_EQ(to.rfind("mir.", 0), 0u) << report->toString();
    }
    // The matmul and its relu became one fused kernel: both say so.
    EXPECT_EQ(report->kinds[1].loweredTo,
              std::vector<std::string>{"mir.fused_matmul"})
        << report->toString();
    EXPECT_EQ(report->kinds[2].loweredTo,
              std::vector<std::string>{"mir.fused_matmul"});
  }
}

/// bf16 on Vulkan: SPIR-V has no bf16 arithmetic, the CPU does.
const char *kBf16Model =
    R"mlir(func.func @f(%a: tensor<4x8xbf16> {hir.name = "a"}, %b: tensor<8x4xbf16> {hir.name = "b"}) -> (tensor<4x4xbf16> {hir.name = "c"}) {
  %e = mir.unary exp %a : tensor<4x8xbf16>
  %c = mir.matmul %e, %b : (tensor<4x8xbf16>, tensor<8x4xbf16>) -> tensor<4x4xbf16>
  return %c : tensor<4x4xbf16>
}
)mlir";

TEST(DeviceQueries, UnsupportedOpIsNamedWithItsLocation) {
  rlx::Model model = rlx::Model::fromText(kBf16Model, "bf16.mlir");
  auto onCpu = rlx::supportsGraph(Device::cpu, model);
  ASSERT_TRUE(onCpu.isOk()) << onCpu.status().toString();
  EXPECT_TRUE(*onCpu);
  auto none = rlx::firstUnsupportedOp(Device::cpu, model);
  ASSERT_TRUE(none.isOk());
  EXPECT_FALSE(none->has_value());
#ifdef RLX_HAVE_VULKAN
  auto onVulkan = rlx::supportsGraph(Device::vulkan, model);
  ASSERT_TRUE(onVulkan.isOk()) << onVulkan.status().toString();
  EXPECT_FALSE(*onVulkan);
  auto first = rlx::firstUnsupportedOp(Device::vulkan, model);
  ASSERT_TRUE(first.isOk()) << first.status().toString();
  ASSERT_TRUE(first->has_value());
  EXPECT_EQ((*first)->kind, "mir.unary");
  EXPECT_EQ((*first)->location, "bf16.mlir:2:8");
  EXPECT_NE((*first)->reason.find("the device cannot store bf16"),
            std::string::npos)
      << (*first)->reason;
  auto report = rlx::dispatchReportForDevice(Device::vulkan, model);
  ASSERT_TRUE(report.isOk());
  ASSERT_EQ(report->kinds.size(), 2u) << report->toString();
  EXPECT_EQ(report->kinds[1].kind, "mir.matmul");
  EXPECT_EQ(report->kinds[1].support, OpSupport::unsupported);
  // The target's legalization computes the matmul in f32 between casts;
  // the casts still store bf16.
  EXPECT_EQ(report->kinds[1].reason.rfind("bf16.mlir:3:8: mir.cast: the "
                                          "device cannot store bf16",
                                          0),
            0u)
      << report->kinds[1].reason;
#endif
}

TEST(DeviceQueries, LegalizedModelIsMIR) {
  auto legal = rlx::legalizeGraphForDevice(
      Device::cpu, exampleModel("mlp.mlir", "batch", 2));
  ASSERT_TRUE(legal.isOk()) << legal.status().toString();
  EXPECT_EQ(legal->mirText.find("hir."), std::string::npos);
  EXPECT_NE(legal->mirText.find("mir.fused_matmul"), std::string::npos)
      << legal->mirText;
  ASSERT_EQ(legal->report.kinds.size(), 2u) << legal->report.toString();
  EXPECT_EQ(legal->report.kinds[1].kind, "hir.linear");
  EXPECT_EQ(legal->report.kinds[1].count, 2);
  EXPECT_EQ(legal->report.kinds[1].support, OpSupport::rewritten);
}

TEST(DeviceQueries, ErrorsOfTheModelAreReported) {
  auto bad = rlx::dispatchReportForDevice(
      Device::cpu, rlx::Model::fromText("func.func @f(", "bad.mlir"));
  ASSERT_FALSE(bad.isOk());
  EXPECT_EQ(bad.status().message().rfind("bad.mlir:1:", 0), 0u)
      << bad.status().message();
  auto none = rlx::dispatchReportForDevice(Device::cuda, smallModel());
  EXPECT_EQ(none.status().code(), rlx::StatusCode::unavailable);
}

//===----------------------------------------------------------------------===//
// The registry
//===----------------------------------------------------------------------===//

TEST(BackendRegistry, ATestBackendCompilesAndRuns) {
  EXPECT_FALSE(rlx::isAvailable(Device::null));
  {
    ScopedBackend backend(Device::null, Behaviour());
    EXPECT_TRUE(rlx::isAvailable(Device::null));
    EXPECT_EQ(rlx::fullName(Device::null), "Test device (wraps the CPU)");
    rlx::Session session(Device::null);
    rlx::Model model = smallModel();
    auto graph = session.compile(model.graph);
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    EXPECT_EQ(backend.count().compiles, 1);
    EXPECT_EQ(backend.count().loads, 1);
    ASSERT_TRUE(graph->setParam("w", kW.data(), kW.size()).isOk());
    ASSERT_TRUE(graph->setParam("b", kB.data(), kB.size()).isOk());
    auto out = graph->run(smallInputs());
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    expectSmallOutputs(*out);
  }
  // Back to no backend; a graph compiled before keeps working (tested
  // above while registered) and the next compile says why it cannot.
  EXPECT_FALSE(rlx::isAvailable(Device::null));
  rlx::Session session(Device::null);
  auto none = session.compile(smallModel().graph);
  EXPECT_EQ(none.status().code(), rlx::StatusCode::unavailable);
}

TEST(BackendRegistry, ReplacingABuiltinBackend) {
  {
    Behaviour off;
    off.noHardware = true;
    ScopedBackend backend(Device::cpu, off);
    rlx::Status s = rlx::availability(Device::cpu);
    EXPECT_EQ(s.message(), "the test device is switched off");
    rlx::Session session(Device::cpu);
    EXPECT_EQ(session.compile(smallModel().graph).status().message(),
              "the test device is switched off");
  }
  EXPECT_TRUE(rlx::isAvailable(Device::cpu));
}

//===----------------------------------------------------------------------===//
// Policy
//===----------------------------------------------------------------------===//

TEST(DevicePolicy, FromTheEnvironmentWithAPrefix) {
  {
    ScopedEnv device("MYAPP_DEVICE", "vulkan");
    auto policy = rlx::DevicePolicy::fromEnv("MYAPP");
    ASSERT_TRUE(policy.isOk()) << policy.status().toString();
    EXPECT_EQ(policy->device, Device::vulkan);
    EXPECT_TRUE(policy->chain.empty());
  }
  {
    ScopedEnv chain("MYAPP_DEVICE_CHAIN", "vulkan,cpu");
    auto policy = rlx::DevicePolicy::fromEnv("MYAPP");
    ASSERT_TRUE(policy.isOk()) << policy.status().toString();
    EXPECT_FALSE(policy->device.has_value());
    EXPECT_EQ(policy->chain,
              (std::vector<Device>{Device::vulkan, Device::cpu}));
    // RLX_ is another prefix: nothing set there.
    auto rlxPolicy = rlx::DevicePolicy::fromEnv();
    ASSERT_TRUE(rlxPolicy.isOk());
    EXPECT_FALSE(rlxPolicy->device.has_value());
    EXPECT_TRUE(rlxPolicy->chain.empty());
  }
  {
    // Both set: each user of the policy would drop one silently.
    ScopedEnv device("MYAPP_DEVICE", "vulkan");
    ScopedEnv chain("MYAPP_DEVICE_CHAIN", "vulkan,cpu");
    auto both = rlx::DevicePolicy::fromEnv("MYAPP");
    ASSERT_FALSE(both.isOk());
    EXPECT_EQ(both.status().message(),
              "MYAPP_DEVICE and MYAPP_DEVICE_CHAIN are both set; set one of "
              "them (MYAPP_DEVICE picks one device, MYAPP_DEVICE_CHAIN a "
              "fallback chain)");
  }
  ScopedEnv misspelled("RLX_DEVICE", "vulcan");
  auto bad = rlx::DevicePolicy::fromEnv("RLX");
  ASSERT_FALSE(bad.isOk());
  EXPECT_EQ(bad.status().message(),
            "RLX_DEVICE: unknown device 'vulcan' (the devices: cpu, vulkan, "
            "cuda, rocm, metal, null)");
  ScopedEnv badChain("APP_DEVICE_CHAIN", "vulkan,cpus");
  EXPECT_NE(rlx::DevicePolicy::fromEnv("APP").status().message().find(
                "APP_DEVICE_CHAIN: in the device chain 'vulkan,cpus': "
                "unknown device 'cpus'"),
            std::string::npos);
}

TEST(DevicePolicy, AllowAndDeny) {
  rlx::DevicePolicy policy;
  EXPECT_TRUE(policy.allows(Device::vulkan));
  policy.allow = {Device::cpu, Device::vulkan};
  EXPECT_TRUE(policy.allows(Device::vulkan));
  EXPECT_FALSE(policy.allows(Device::cuda));
  policy.deny = {Device::vulkan};
  EXPECT_FALSE(policy.allows(Device::vulkan));
  EXPECT_TRUE(policy.allows(Device::cpu));
}

TEST(DevicePolicy, ResolveByHintEnvironmentAndCost) {
  rlx::Model model = smallModel();
  auto hinted = rlx::resolveDevice(model, Device::cpu);
  ASSERT_TRUE(hinted.isOk());
  EXPECT_EQ(*hinted, Device::cpu);
  auto noBackend = rlx::resolveDevice(model, Device::cuda);
  EXPECT_EQ(noBackend.status().code(), rlx::StatusCode::unavailable);
  EXPECT_NE(
      noBackend.status().message().find(
          "the hint asks for device 'cuda': device 'cuda' has no backend"),
      std::string::npos)
      << noBackend.status().message();
  rlx::DevicePolicy denied;
  denied.device = Device::cpu;
  denied.deny = {Device::cpu};
  EXPECT_EQ(rlx::resolveDevice(model, std::nullopt, denied).status().message(),
            "the device policy (RLX_DEVICE) asks for device 'cpu': not "
            "allowed by the device policy");

  // Two test devices with fixed costs: the cheaper wins, whichever it is.
  Behaviour slow, fast;
  slow.fixedRunMicros = 500;
  fast.fixedRunMicros = 5;
  rlx::DevicePolicy tests;
  tests.allow = {Device::cuda, Device::rocm};
  {
    ScopedBackend a(Device::cuda, slow), b(Device::rocm, fast);
    EXPECT_EQ(*rlx::resolveDevice(model, std::nullopt, tests), Device::rocm);
    auto chain = rlx::resolveDeviceChain(model, std::nullopt, tests);
    ASSERT_TRUE(chain.isOk()) << chain.status().toString();
    EXPECT_EQ(*chain, (std::vector<Device>{Device::rocm, Device::cuda}));
    // A hint goes first in the chain.
    EXPECT_EQ(*rlx::resolveDeviceChain(model, Device::cuda, tests),
              (std::vector<Device>{Device::cuda, Device::rocm}));
  }
  {
    ScopedBackend a(Device::cuda, fast), b(Device::rocm, slow);
    EXPECT_EQ(*rlx::resolveDevice(model, std::nullopt, tests), Device::cuda);
  }
  // A device that cannot run the model is no candidate.
  {
    Behaviour noMatmul = fast;
    noMatmul.noMatmul = true;
    ScopedBackend a(Device::cuda, slow), b(Device::rocm, noMatmul);
    EXPECT_EQ(*rlx::resolveDevice(model, std::nullopt, tests), Device::cuda);
  }
  // Nothing qualifies: the error lists every device's reason.
  rlx::DevicePolicy nothing;
  nothing.allow = {Device::metal};
  auto none = rlx::resolveDevice(model, std::nullopt, nothing);
  EXPECT_EQ(none.status().code(), rlx::StatusCode::unavailable);
  EXPECT_NE(none.status().message().find("\n  metal: device 'metal' has no"),
            std::string::npos)
      << none.status().message();
  EXPECT_NE(
      none.status().message().find("\n  cpu: not allowed by the device policy"),
      std::string::npos);
}

/// PickStrategy::benchmark measures instead of estimating: the estimates
/// in the report are the measured medians, and the pick is the faster.
TEST(DevicePolicy, BenchmarkStrategyMeasures) {
  Behaviour cheapOnPaper;
  cheapOnPaper.fixedRunMicros = 1e-3; // the cost model would pick it
  cheapOnPaper.failRun = true;        // but it cannot run
  ScopedBackend backend(Device::null, cheapOnPaper);
  rlx::DevicePolicy byCost;
  byCost.allow = {Device::cpu, Device::null};
  EXPECT_EQ(*rlx::resolveDevice(smallModel(), std::nullopt, byCost),
            Device::null);
  rlx::DevicePolicy byBenchmark = byCost;
  byBenchmark.strategy = rlx::PickStrategy::benchmark;
  byBenchmark.benchmarkRuns = 3;
  EXPECT_EQ(*rlx::resolveDevice(smallModel(), std::nullopt, byBenchmark),
            Device::cpu);
  auto rows = rlx::deviceReport(smallModel(), byBenchmark);
  ASSERT_TRUE(rows.isOk());
  const rlx::DeviceReportRow &null = (*rows)[size_t(Device::null)];
  EXPECT_FALSE(null.estimatedMicros.has_value());
  EXPECT_EQ(null.skipped, "injected run failure");
  EXPECT_TRUE((*rows)[size_t(Device::cpu)].chosen);
}

TEST(DevicePolicy, ChainFromThePolicy) {
  rlx::DevicePolicy policy;
  policy.chain = {Device::vulkan, Device::cpu};
  EXPECT_EQ(*rlx::resolveDeviceChain(smallModel(), std::nullopt, policy),
            (std::vector<Device>{Device::vulkan, Device::cpu}));
  policy.deny = {Device::vulkan};
  EXPECT_EQ(*rlx::resolveDeviceChain(smallModel(), std::nullopt, policy),
            (std::vector<Device>{Device::cpu}));
  policy.deny = {Device::vulkan, Device::cpu};
  EXPECT_EQ(rlx::resolveDeviceChain(smallModel(), std::nullopt, policy)
                .status()
                .code(),
            rlx::StatusCode::unavailable);
  policy.benchmarkRuns = 0;
  EXPECT_EQ(
      rlx::resolveDevice(smallModel(), std::nullopt, policy).status().message(),
      "DevicePolicy::benchmarkRuns is 0; it must be 1 to 1000");
}

TEST(DevicePolicy, ReportExplainsEveryDevice) {
  Behaviour fast;
  fast.fixedRunMicros = 1e-3;
  ScopedBackend backend(Device::null, fast);
  rlx::DevicePolicy policy;
  policy.deny = {Device::rocm};
  auto rows = rlx::deviceReport(smallModel(), policy);
  ASSERT_TRUE(rows.isOk()) << rows.status().toString();
  ASSERT_EQ(rows->size(), rlx::allDevices().size());
  int chosen = 0;
  for (const rlx::DeviceReportRow &row : *rows) {
    chosen += row.chosen;
    switch (row.device) {
    case Device::cpu:
    case Device::null:
      EXPECT_TRUE(row.available && row.supported && row.allowed);
      ASSERT_TRUE(row.estimatedMicros.has_value()) << row.skipped;
      EXPECT_GT(*row.estimatedMicros, 0);
      EXPECT_TRUE(row.skipped.empty()) << row.skipped;
      break;
    case Device::rocm:
      EXPECT_FALSE(row.allowed);
      EXPECT_EQ(row.skipped, "not allowed by the device policy");
      break;
    case Device::cuda:
    case Device::metal:
      EXPECT_FALSE(row.available);
      EXPECT_NE(row.skipped.find("has no backend"), std::string::npos);
      break;
    case Device::vulkan:
      EXPECT_EQ(row.available, rlx::runtime::vulkanAvailable());
      break;
    }
  }
  EXPECT_EQ(chosen, 1);
  // The test device costs 1 ns: cheaper than any real one.
  EXPECT_TRUE((*rows)[static_cast<size_t>(Device::null)].chosen);
  std::string table = rlx::formatDeviceReport(*rows);
  for (Device d : rlx::allDevices())
    EXPECT_NE(table.find(std::string("\n") + rlx::deviceName(d) + " "),
              std::string::npos)
        << table;
}

//===----------------------------------------------------------------------===//
// Cost model
//===----------------------------------------------------------------------===//

TEST(CostModel, EstimateFromAManifest) {
  rlx::DeviceCostModel model;
  model.matmulGflops = {{64, 10}, {512, 100}};
  model.bandwidthGBps = 20;
  model.dispatchMicros = 2;
  model.runMicros = 5;
  ASSERT_TRUE(model.valid());
  EXPECT_EQ(model.gflopsFor(1), 10);
  EXPECT_EQ(model.gflopsFor(2ull << 40), 100);
  // Halfway in log(flops) between 2·64³ and 2·512³: halfway in speed.
  EXPECT_NEAR(model.gflopsFor(2ull * 181 * 181 * 181), 55, 0.5);
  rlx::Manifest m;
  rlx::Dispatch matmul, copy;
  matmul.flops = 2ull * 64 * 64 * 64; // 524288 flops at 10 GFLOP/s
  copy.bytes = 40000;                 // at 20 GB/s
  m.dispatches = {matmul, copy};
  EXPECT_NEAR(model.estimateMicros(m), 5 + 2 * 2 + 52.4288 + 2.0, 1e-9);
  model.runMicros = -1;
  EXPECT_FALSE(model.valid());
}

/// The calibration file of the CPU in `dir` (there is one).
std::string calibrationFile(const std::string &dir) {
  for (auto &entry : std::filesystem::directory_iterator(dir + "/calibration"))
    if (entry.path().filename().string().rfind("cpu-", 0) == 0)
      return entry.path().string();
  return "";
}

std::string replaceLine(const std::string &text, const std::string &key,
                        const std::string &line) {
  std::istringstream in(text);
  std::string out, l;
  while (std::getline(in, l))
    out += (l.rfind(key + " ", 0) == 0 ? line : l) + "\n";
  return out;
}

TEST(CostModel, CalibrationIsStoredAndNeverTrustedBlindly) {
  rlx::CalibrationOptions options;
  options.cacheDir = freshDir("calibration");
  mlir::rlx::Backend &cpu = *mlir::rlx::backendFor(Device::cpu);
  auto measured = rlx::calibrateDevice(cpu, options);
  ASSERT_TRUE(measured.isOk()) << measured.status().toString();
  EXPECT_TRUE(measured->valid());
  EXPECT_EQ(measured->fingerprint, cpu.fingerprint());
  ASSERT_EQ(measured->matmulGflops.size(), 3u);
  std::string path = calibrationFile(options.cacheDir);
  ASSERT_FALSE(path.empty());
  std::string stored = readFile(path);

  auto write = [&](const std::string &text) {
    std::ofstream(path, std::ios::trunc) << text;
  };
  // A valid file of this fingerprint is what the next process uses.
  write(replaceLine(stored, "bandwidth", "bandwidth 123.5"));
  auto fromDisk = rlx::calibrateDevice(cpu, options);
  ASSERT_TRUE(fromDisk.isOk());
  EXPECT_EQ(fromDisk->bandwidthGBps, 123.5);
  // Corrupt, invalid, or of another machine: measured again and replaced.
  for (const std::string &bad :
       {std::string("garbage"),
        replaceLine(stored, "bandwidth", "bandwidth -4"),
        replaceLine(stored, "bandwidth", "bandwidth 123.5 extra"),
        replaceLine(stored, "fingerprint", "fingerprint another machine") + "",
        replaceLine(replaceLine(stored, "bandwidth", "bandwidth 123.5"), "run",
                    ""),
        // A value twice, another one missing.
        replaceLine(replaceLine(stored, "bandwidth", "bandwidth 123.5"), "run",
                    "bandwidth 123.5")}) {
    write(bad);
    auto again = rlx::calibrateDevice(cpu, options);
    ASSERT_TRUE(again.isOk()) << again.status().toString();
    EXPECT_TRUE(again->valid());
    EXPECT_NE(again->bandwidthGBps, 123.5) << bad;
    EXPECT_NE(readFile(path), bad);
  }
}

/// The estimate against the measured time, as a ratio between the two
/// example models on one device: within a factor of 4 either way. The cost
/// model is for ranking; this bounds gross errors (a missing term, a unit
/// slip). A ratio of two models timed together is what a shared machine can
/// measure: their runs alternate, and each model's fastest run is taken, so
/// load that comes and goes (a concurrent build slowed one model's median
/// 5x) neither lands on one model only nor counts, and a calibration stored
/// under other load cancels in the ratio.
TEST(CostModel, EstimateTracksTheExampleModels) {
  constexpr double kFactor = 4.0;
  constexpr int kRounds = 15;
  for (Device d : builtinDevices()) {
    struct Timed {
      std::optional<rlx::CompiledGraph> graph;
      std::vector<std::vector<uint8_t>> storage;
      std::vector<const void *> inputs;
      double estimate = 0;
      double fastest = 0;
    };
    Timed timed[2];
    int index = 0;
    for (auto [file, symbol, size] :
         {std::make_tuple("mlp.mlir", "batch", 64),
          std::make_tuple("encoder.mlir", "batch", 1)}) {
      Timed &t = timed[index++];
      auto cost = rlx::costModel(d);
      ASSERT_TRUE(cost.isOk()) << cost.status().toString();
      rlx::Model model = exampleModel(file, symbol, size);
      rlx::Session session(d);
      auto graph = session.compileWith(model.text, model.options);
      ASSERT_TRUE(graph.isOk()) << graph.status().toString();
      t.estimate = cost->estimateMicros(graph->manifest());
      for (const rlx::Slot &slot : graph->manifest().slots) {
        if (slot.role != rlx::SlotRole::input &&
            slot.role != rlx::SlotRole::param)
          continue;
        t.storage.emplace_back(slot.size, 0);
        if (slot.role == rlx::SlotRole::param)
          ASSERT_TRUE(graph
                          ->setParamTyped(slot.name, t.storage.back().data(),
                                          slot.size, slot.dtype)
                          .isOk());
        else
          t.inputs.push_back(t.storage.back().data());
      }
      t.graph.emplace(std::move(*graph));
    }
    for (int round = 0; round < kRounds; ++round)
      for (Timed &t : timed) {
        auto start = std::chrono::steady_clock::now();
        ASSERT_TRUE(t.graph->runSlots(t.inputs).isOk());
        double micros = std::chrono::duration<double, std::micro>(
                            std::chrono::steady_clock::now() - start)
                            .count();
        t.fastest = round == 0 ? micros : std::min(t.fastest, micros);
      }
    const char *files[2] = {"mlp.mlir", "encoder.mlir"};
    for (int i = 0; i < 2; ++i)
      std::printf("%s %s: estimated %.1f us, fastest of %d runs %.1f us "
                  "(%.2fx)\n",
                  rlx::deviceName(d), files[i], timed[i].estimate, kRounds,
                  timed[i].fastest, timed[i].estimate / timed[i].fastest);
    double estimatedRatio = timed[1].estimate / timed[0].estimate;
    double measuredRatio = timed[1].fastest / timed[0].fastest;
    std::printf("%s encoder / mlp: estimated %.2f, measured %.2f\n",
                rlx::deviceName(d), estimatedRatio, measuredRatio);
    EXPECT_GT(estimatedRatio, measuredRatio / kFactor) << rlx::deviceName(d);
    EXPECT_LT(estimatedRatio, measuredRatio * kFactor) << rlx::deviceName(d);
  }
}

//===----------------------------------------------------------------------===//
// GraphDevices
//===----------------------------------------------------------------------===//

/// The example encoder through GraphDevices on every available device,
/// against the PyTorch golden, parameters set once before any compile.
TEST(GraphDevices, EncoderOnEveryDeviceMatchesTheGolden) {
  rlx::GraphDevices devices(exampleModel("encoder.mlir", "batch", 1));
  std::vector<Device> available = devices.devices();
  EXPECT_EQ(available.size(), builtinDevices().size());
  bindParams(devices, kEncoderParams);
  std::vector<float> x = detValues(128 * 256, 1, 1.0);
  for (Device d : available) {
    auto out = devices.run(d, {{"x", x.data(), x.size() * 4, rlx::DType::f32}});
    ASSERT_TRUE(out.isOk())
        << rlx::deviceName(d) << ": " << out.status().toString();
    expectClose((*out)[0], std::string(RLX_SOURCE_DIR) +
                               "/test/e2e/goldens/encoder_y.npy");
  }
}

TEST(GraphDevices, ParamsAreMirroredAndChecked) {
  ScopedBackend backend(Device::null, Behaviour());
  rlx::GraphDevices devices(smallModel());
  // A wrong name is refused before anything is stored.
  rlx::Status bad = devices.setParam("W", kW.data(), kW.size());
  EXPECT_EQ(bad.code(), rlx::StatusCode::not_found);
  EXPECT_EQ(bad.message(), "no param named 'W' (the graph's params: w, b)");
  ASSERT_TRUE(devices.setParam("w", kW.data(), kW.size()).isOk());
  ASSERT_TRUE(devices.setParam("b", kB.data(), kB.size()).isOk());
  // Compiled after the params were set: it gets them.
  auto out = devices.run(Device::null, smallInputs());
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  expectSmallOutputs(*out);
  // A param set now reaches both compiled executables.
  std::vector<float> b2 = {1.5f, 1.5f};
  ASSERT_TRUE(devices.setParam("b", b2.data(), b2.size()).isOk());
  for (Device d : {Device::cpu, Device::null}) {
    auto again = devices.run(d, smallInputs());
    ASSERT_TRUE(again.isOk());
    EXPECT_EQ((*again)[0].floats()[0], 5.5f);
    EXPECT_EQ((*again)[0].floats()[1], 0.5f);
  }
}

TEST(GraphDevices, FallbackPastFaults) {
  Behaviour compileFails, runFails;
  compileFails.failCompile = true;
  runFails.failRun = true;
  ScopedBackend a(Device::cuda, compileFails), b(Device::rocm, runFails);
  rlx::GraphDevices devices(smallModel());
  ASSERT_TRUE(devices.setParam("w", kW.data(), kW.size()).isOk());
  ASSERT_TRUE(devices.setParam("b", kB.data(), kB.size()).isOk());
  auto ran = devices.runTry(
      {Device::cuda, Device::rocm, Device::metal, Device::cpu}, smallInputs());
  ASSERT_TRUE(ran.isOk()) << ran.error().message();
  EXPECT_EQ(ran->device, Device::cpu);
  expectSmallOutputs(ran->outputs);
  ASSERT_EQ(ran->failedAttempts.size(), 3u);
  EXPECT_EQ(ran->failedAttempts[0].device, Device::cuda);
  EXPECT_EQ(ran->failedAttempts[0].status.message(),
            "injected compile failure");
  EXPECT_EQ(ran->failedAttempts[1].device, Device::rocm);
  EXPECT_EQ(ran->failedAttempts[1].status.message(), "injected run failure");
  EXPECT_EQ(ran->failedAttempts[2].device, Device::metal);
  EXPECT_EQ(ran->failedAttempts[2].status.code(), rlx::StatusCode::unavailable);

  auto failed = devices.runTry({Device::cuda, Device::rocm}, smallInputs());
  ASSERT_FALSE(failed.isOk());
  ASSERT_EQ(failed.error().attempts.size(), 2u);
  EXPECT_EQ(failed.error().message(),
            "every device of the chain failed:\n"
            "  cuda: internal: injected compile failure\n"
            "  rocm: data_loss: injected run failure");
}

/// RLX_DEVICE_CHAIN=vulkan,cpu with Vulkan switched off: the CPU runs and
/// the attempt on Vulkan says why it did not.
TEST(GraphDevices, ChainFromTheEnvironmentFallsBackWhenVulkanIsGone) {
  Behaviour off;
  off.noHardware = true;
  ScopedBackend gone(Device::vulkan, off);
  ScopedEnv chain("RLX_DEVICE_CHAIN", "vulkan,cpu");
  auto policy = rlx::DevicePolicy::fromEnv();
  ASSERT_TRUE(policy.isOk());
  rlx::GraphDevices devices(exampleModel("encoder.mlir", "batch", 1), *policy);
  bindParams(devices, kEncoderParams);
  std::vector<float> x = detValues(128 * 256, 1, 1.0);
  auto ran = devices.runChain({{"x", x.data(), x.size() * 4, rlx::DType::f32}});
  ASSERT_TRUE(ran.isOk()) << ran.error().message();
  EXPECT_EQ(ran->device, Device::cpu);
  ASSERT_EQ(ran->failedAttempts.size(), 1u);
  EXPECT_EQ(ran->failedAttempts[0].device, Device::vulkan);
  EXPECT_EQ(ran->failedAttempts[0].status.message(),
            "the test device is switched off");
  expectClose(ran->outputs[0],
              std::string(RLX_SOURCE_DIR) + "/test/e2e/goldens/encoder_y.npy");
}

TEST(GraphDevices, BenchmarkPickIsMeasuredOnceAndKept) {
  ScopedBackend backend(Device::null, Behaviour());
  rlx::DevicePolicy policy;
  policy.allow = {Device::cpu, Device::null};
  policy.strategy = rlx::PickStrategy::benchmark;
  policy.benchmarkRuns = 3;
  rlx::GraphDevices devices(smallModel(), policy);
  ASSERT_TRUE(devices.setParam("w", kW.data(), kW.size()).isOk());
  ASSERT_TRUE(devices.setParam("b", kB.data(), kB.size()).isOk());
  auto ranked = devices.benchmark(smallInputs(), 3);
  ASSERT_TRUE(ranked.isOk()) << ranked.status().toString();
  ASSERT_EQ(ranked->size(), 2u);
  EXPECT_LE((*ranked)[0].medianRunMicros, (*ranked)[1].medianRunMicros);
  for (const rlx::DeviceBenchmark &b : *ranked) {
    EXPECT_GT(b.compileMillis, 0);
    EXPECT_GT(b.medianRunMicros, 0);
  }
  EXPECT_EQ(devices.benchmark(smallInputs(), 0).status().message(),
            "benchmark runs is 0; it must be 1 to 1000");

  auto first = devices.fastest();
  ASSERT_TRUE(first.isOk()) << first.status().toString();
  int loads = backend.count().loads;
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(*devices.fastest(), *first);
  EXPECT_EQ(backend.count().loads, loads) << "the winner is kept";
  auto run = devices.runFastest(smallInputs());
  ASSERT_TRUE(run.isOk()) << run.status().toString();
  EXPECT_EQ(run->device, *first);
  expectSmallOutputs(run->outputs);

  // invalidate drops the executables: the next run compiles again, with
  // the params still set.
  int compiles = backend.count().compiles;
  devices.invalidate();
  auto again = devices.run(Device::null, smallInputs());
  ASSERT_TRUE(again.isOk());
  expectSmallOutputs(*again);
  EXPECT_EQ(backend.count().compiles, compiles + 1);

  // A new policy forgets the winner; resolve follows it.
  rlx::DevicePolicy cpuOnly;
  cpuOnly.allow = {Device::cpu};
  devices.setPolicy(cpuOnly);
  EXPECT_EQ(*devices.resolve(), Device::cpu);
  EXPECT_EQ(devices.devices(), (std::vector<Device>{Device::cpu}));
  auto resolved = devices.runResolved(smallInputs());
  ASSERT_TRUE(resolved.isOk());
  EXPECT_EQ(resolved->device, Device::cpu);
  EXPECT_EQ(devices.run(Device::null, smallInputs()).status().code(),
            rlx::StatusCode::failed_precondition);
}

TEST(GraphDevices, ReportAndChainOfTheModel) {
  rlx::DevicePolicy policy;
  policy.allow = {Device::cpu};
  rlx::GraphDevices devices(smallModel(), policy);
  auto report = devices.report();
  ASSERT_TRUE(report.isOk());
  EXPECT_TRUE((*report)[0].chosen);
  EXPECT_EQ(*devices.resolveChain(), (std::vector<Device>{Device::cpu}));
  ASSERT_TRUE(devices.warmAll().isOk());
  auto compiled = devices.compile(Device::cpu);
  ASSERT_TRUE(compiled.isOk());
  EXPECT_EQ(*devices.compile(Device::cpu), *compiled) << "compiled once";
}

/// Runs on two devices from four threads, with invalidate() and setParam()
/// in between: every result exact, nothing crashes (thread-safety contract
/// in GraphDevices.h).
TEST(GraphDevices, ConcurrentRunsInvalidateAndParams) {
  ScopedBackend backend(Device::null, Behaviour());
  rlx::GraphDevices devices(smallModel());
  ASSERT_TRUE(devices.setParam("w", kW.data(), kW.size()).isOk());
  ASSERT_TRUE(devices.setParam("b", kB.data(), kB.size()).isOk());
  std::atomic<int> wrong{0}, failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      Device d = t % 2 ? Device::null : Device::cpu;
      for (int i = 0; i < 20; ++i) {
        if (t == 0 && i % 7 == 3)
          devices.invalidate();
        if (t == 1 && i % 5 == 2 &&
            !devices.setParam("b", kB.data(), kB.size()).isOk())
          ++failed;
        auto out = devices.run(d, smallInputs());
        if (!out) {
          ++failed;
          continue;
        }
        for (size_t k = 0; k < kY.size(); ++k)
          if ((*out)[0].floats()[k] != kY[k])
            ++wrong;
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(wrong, 0);
}

} // namespace
