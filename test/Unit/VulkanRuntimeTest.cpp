//===- VulkanRuntimeTest.cpp - The Vulkan runtime on this machine's device ===//
//
// The device-free rules (barrier placement, device selection) run in every
// build. With Vulkan, artifacts built by hand around Inputs/*.spvasm
// (assembled at build time into RLX_TEST_SPIRV_DIR) run on the machine's
// device (Mesa's lavapipe in CI) with the validation layer and
// synchronization validation on: each test fails on a validation message it
// did not expect, and the binary fails at exit unless the layer reported
// only what the tests expected.
//
// The DISABLED_ tests need an environment without a usable device; they run
// from test/Runtime/vulkan-no-device.test.
//
//===----------------------------------------------------------------------===//
#include "runtime/Artifact.h"
#include "runtime/Runtime.h"
#include "runtime/vulkan/VulkanBarriers.h"
#include "runtime/vulkan/VulkanDeviceSelection.h"
#include "runtime/vulkan/VulkanSpirvValidator.h"

#ifdef RLX_HAVE_VULKAN
#include "runtime/vulkan/VulkanContext.h"
#include "runtime/vulkan/VulkanExecutable.h"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

using namespace rlx;
using namespace rlx::runtime;

namespace {

//===----------------------------------------------------------------------===//
// Barrier placement
//===----------------------------------------------------------------------===//

/// A schedule over one kernel per access pattern: kernel k's bindings are
/// written as `written[k]` says.
struct Schedule {
  VulkanCode code;

  /// Adds a kernel whose bindings are written as `flags` says (1 = written).
  uint32_t kernel(std::vector<uint8_t> flags) {
    VulkanKernel k;
    k.entryPoint = "k" + std::to_string(code.kernels.size());
    k.bindingCount = static_cast<uint32_t>(flags.size());
    k.written = std::move(flags);
    code.kernels.push_back(k);
    return static_cast<uint32_t>(code.kernels.size() - 1);
  }
  /// Adds a dispatch of `kernel` over the [offset, offset + size) ranges.
  void dispatch(uint32_t kernel,
                std::vector<std::pair<uint64_t, uint64_t>> ranges) {
    VulkanDispatch d;
    d.kernel = kernel;
    for (auto [offset, size] : ranges)
      d.bindings.push_back({offset, size});
    code.dispatches.push_back(d);
  }
  std::vector<bool> barriers() const { return vulkanBarriers(code); }
};

TEST(VulkanBarriers, ReadAfterWrite) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});
  s.dispatch(copy, {{64, 64}, {128, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, true}));
}

TEST(VulkanBarriers, WriteAfterRead) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});
  // Overwrites what the first one reads.
  s.dispatch(copy, {{128, 64}, {0, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, true}));
}

TEST(VulkanBarriers, WriteAfterWrite) {
  Schedule s;
  uint32_t fill = s.kernel({1});
  s.dispatch(fill, {{0, 64}});
  s.dispatch(fill, {{32, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, true}));
}

TEST(VulkanBarriers, ReadAfterReadNeedsNone) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});
  s.dispatch(copy, {{0, 64}, {128, 64}});
  s.dispatch(copy, {{0, 32}, {192, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, false, false}));
}

TEST(VulkanBarriers, AdjacentRangesDoNotOverlap) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});
  // Reads [128, 192), right after the bytes the first one wrote.
  s.dispatch(copy, {{128, 64}, {192, 64}});
  // Reads [63, 64): the last byte the first one read, no conflict.
  s.dispatch(copy, {{63, 1}, {256, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, false, false}));
}

TEST(VulkanBarriers, OneByteOfOverlapIsEnough) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});
  s.dispatch(copy, {{127, 1}, {256, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, true}));
}

TEST(VulkanBarriers, ABarrierCoversEverythingBeforeIt) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});   // writes B
  s.dispatch(copy, {{64, 64}, {128, 64}}); // reads B: barrier
  // Reads B again and writes what dispatch 0 read: both ordered by the
  // barrier before dispatch 1, and it conflicts with nothing since.
  s.dispatch(copy, {{64, 64}, {0, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, true, false}));
}

TEST(VulkanBarriers, IndependentChainsShareBarriers) {
  Schedule s;
  uint32_t copy = s.kernel({0, 1});
  s.dispatch(copy, {{0, 64}, {64, 64}});    // a -> b
  s.dispatch(copy, {{256, 64}, {320, 64}}); // c -> d, independent
  s.dispatch(copy, {{64, 64}, {128, 64}});  // b -> e: barrier
  s.dispatch(copy, {{320, 64}, {384, 64}}); // d -> f: covered by it
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false, false, true, false}));
}

TEST(VulkanBarriers, InPlaceKernelNeedsNoneForItself) {
  Schedule s;
  // Reads binding 0 and writes binding 1 over the same bytes.
  uint32_t inPlace = s.kernel({0, 1});
  s.dispatch(inPlace, {{0, 64}, {0, 64}});
  EXPECT_EQ(s.barriers(), (std::vector<bool>{false}));
}

TEST(VulkanBarriers, EmptySchedule) {
  Schedule s;
  EXPECT_TRUE(s.barriers().empty());
}

//===----------------------------------------------------------------------===//
// Device selection
//===----------------------------------------------------------------------===//

using Candidates = std::vector<VulkanDeviceCandidate>;

Candidates machine() {
  return {{"llvmpipe (LLVM 15.0.6, 256 bits)", VulkanDeviceType::cpu, ""},
          {"Intel(R) UHD Graphics 770", VulkanDeviceType::integratedGpu, ""},
          {"NVIDIA GeForce RTX 4090", VulkanDeviceType::discreteGpu, ""},
          {"Virtio GPU", VulkanDeviceType::virtualGpu, ""}};
}

/// The selected index, or SIZE_MAX after reporting the error.
size_t pick(const Candidates &devices, const std::string &selector) {
  Expected<size_t> r = selectVulkanDevice(devices, selector);
  EXPECT_TRUE(r.isOk()) << r.status().toString();
  return r ? r.value() : SIZE_MAX;
}

void expectSelectFails(const Candidates &devices, const std::string &selector,
                       StatusCode code, const std::string &fragment) {
  Expected<size_t> r = selectVulkanDevice(devices, selector);
  ASSERT_FALSE(r.isOk()) << "selected " << r.value();
  EXPECT_EQ(r.status().code(), code) << r.status().toString();
  EXPECT_NE(r.status().message().find(fragment), std::string::npos)
      << "message: " << r.status().message() << "\nexpected: " << fragment;
}

TEST(VulkanDeviceSelection, PrefersDiscreteThenIntegratedVirtualCpu) {
  Candidates devices = machine();
  EXPECT_EQ(pick(devices, ""), 2u);
  devices[2].unusable = "no compute queue";
  EXPECT_EQ(pick(devices, ""), 1u);
  devices.erase(devices.begin() + 1);
  EXPECT_EQ(pick(devices, ""), 2u) << "the virtual GPU";
  devices.pop_back();
  EXPECT_EQ(pick(devices, ""), 0u) << "lavapipe";
}

TEST(VulkanDeviceSelection, FirstOfEqualTypeWins) {
  Candidates devices = {{"GPU A", VulkanDeviceType::discreteGpu, ""},
                        {"GPU B", VulkanDeviceType::discreteGpu, ""}};
  EXPECT_EQ(pick(devices, ""), 0u);
}

TEST(VulkanDeviceSelection, ByIndex) {
  EXPECT_EQ(pick(machine(), "0"), 0u);
  EXPECT_EQ(pick(machine(), "3"), 3u);
  expectSelectFails(machine(), "4", StatusCode::invalid_argument,
                    "RLX_VULKAN_DEVICE=4 is not a device index (the devices "
                    "are 0: llvmpipe (LLVM 15.0.6, 256 bits) (cpu); 1: Intel");
  expectSelectFails(machine(), "99999999999999999999",
                    StatusCode::invalid_argument, "is not a device index");
}

TEST(VulkanDeviceSelection, ByCaseInsensitiveNameSubstring) {
  EXPECT_EQ(pick(machine(), "LLVMPIPE"), 0u);
  EXPECT_EQ(pick(machine(), "rtx"), 2u);
  EXPECT_EQ(pick(machine(), "Graphics"), 1u);
  expectSelectFails(machine(), "radeon", StatusCode::invalid_argument,
                    "RLX_VULKAN_DEVICE='radeon' matches no Vulkan device name "
                    "(the devices are 0: llvmpipe");
}

TEST(VulkanDeviceSelection, UnusableDevices) {
  Candidates devices = machine();
  devices[2].unusable = "no compute queue";
  // A name match skips to the next usable match...
  devices.push_back({"NVIDIA RTX A6000", VulkanDeviceType::discreteGpu, ""});
  EXPECT_EQ(pick(devices, "nvidia"), 4u);
  // ...but says why when every match is unusable.
  expectSelectFails(devices, "rtx 4090", StatusCode::unavailable,
                    "Vulkan device 2 'NVIDIA GeForce RTX 4090' (selected by "
                    "RLX_VULKAN_DEVICE='rtx 4090') cannot run rlx code: no "
                    "compute queue");
  expectSelectFails(devices, "2", StatusCode::unavailable,
                    "cannot run rlx code: no compute queue");
  for (VulkanDeviceCandidate &d : devices)
    d.unusable = "Vulkan 1.0 (rlx needs 1.1)";
  expectSelectFails(devices, "", StatusCode::unavailable,
                    "no usable Vulkan device: 0: llvmpipe (LLVM 15.0.6, 256 "
                    "bits) (cpu, unusable: Vulkan 1.0 (rlx needs 1.1))");
}

TEST(VulkanDeviceSelection, NoDevices) {
  expectSelectFails({}, "", StatusCode::unavailable,
                    "no Vulkan device: the Vulkan drivers report none");
  expectSelectFails({}, "0", StatusCode::unavailable, "no Vulkan device");
}

// VK_KHR_cooperative_matrix stays off only under a validation layer that
// predates it (Debian 12's 1.3.239 reports its feature struct as unknown).
TEST(VulkanDeviceSelection, CooperativeMatrixUnderAnOldValidationLayer) {
  uint32_t debian12 = vulkanVersion(1, 3, 239);
  EXPECT_EQ(cooperativeMatrixWithheld(false, 0), "");
  EXPECT_EQ(cooperativeMatrixWithheld(false, debian12), "");
  EXPECT_EQ(cooperativeMatrixWithheld(true, vulkanVersion(1, 3, 255)), "");
  EXPECT_EQ(cooperativeMatrixWithheld(true, vulkanVersion(1, 4, 0)), "");
  EXPECT_EQ(cooperativeMatrixWithheld(true, debian12),
            "VK_KHR_cooperative_matrix is left off: the validation layer "
            "(1.3.239) predates it (1.3.255) and would report its feature "
            "struct as unknown; without RLX_VULKAN_VALIDATION=1, or with a "
            "newer layer, it is enabled");
  EXPECT_NE(cooperativeMatrixWithheld(true, vulkanVersion(1, 3, 254)), "");
}

//===----------------------------------------------------------------------===//
// Without a usable device (DISABLED_: run from vulkan-no-device.test)
//===----------------------------------------------------------------------===//

/// A Vulkan artifact with nothing to run: loading it needs only a device.
Artifact emptyVulkanArtifact() {
  Artifact a;
  a.manifest.name = "empty";
  a.device = "vulkan";
  return a;
}

/// Asserts that Vulkan is unavailable for a reason holding `fragment`, that
/// vulkanDevice() and load() say the same, and that asking again does too.
void expectNoVulkan(StatusCode code, const std::string &fragment) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    SCOPED_TRACE("attempt " + std::to_string(attempt));
    std::string why;
    EXPECT_FALSE(vulkanAvailable(&why));
    EXPECT_NE(why.find(fragment), std::string::npos)
        << "why: " << why << "\nexpected: " << fragment;
    Expected<VulkanDeviceInfo> device = vulkanDevice();
    ASSERT_FALSE(device.isOk());
    EXPECT_EQ(device.status().code(), code) << device.status().toString();
    Expected<std::unique_ptr<Executable>> exe = load(emptyVulkanArtifact());
    ASSERT_FALSE(exe.isOk());
    EXPECT_EQ(exe.status().code(), code) << exe.status().toString();
    EXPECT_NE(exe.status().message().find(fragment), std::string::npos)
        << exe.status().message();
  }
}

// RUN with VK_ICD_FILENAMES=/nonexistent.json: the loader finds no driver.
TEST(VulkanNoDevice, DISABLED_NoDriver) {
#ifdef RLX_HAVE_VULKAN
  expectNoVulkan(StatusCode::unavailable,
                 "no Vulkan driver: vkCreateInstance returned "
                 "VK_ERROR_INCOMPATIBLE_DRIVER");
#else
  expectNoVulkan(StatusCode::unavailable, "RLX_ENABLE_VULKAN");
#endif
}

// RUN with RLX_VULKAN_DEVICE=no-such-device.
TEST(VulkanNoDevice, DISABLED_DeviceSelectorMatchesNothing) {
#ifdef RLX_HAVE_VULKAN
  expectNoVulkan(StatusCode::invalid_argument,
                 "RLX_VULKAN_DEVICE='no-such-device' matches no Vulkan device "
                 "name (the devices are 0: ");
#else
  expectNoVulkan(StatusCode::unavailable, "RLX_ENABLE_VULKAN");
#endif
}

// RUN with RLX_VULKAN_VALIDATION=yes.
TEST(VulkanNoDevice, DISABLED_BadValidationSetting) {
#ifdef RLX_HAVE_VULKAN
  expectNoVulkan(StatusCode::invalid_argument,
                 "RLX_VULKAN_VALIDATION='yes' is not 0 or 1");
#else
  expectNoVulkan(StatusCode::unavailable, "RLX_ENABLE_VULKAN");
#endif
}

#ifndef RLX_HAVE_VULKAN

TEST(VulkanRuntime, BuiltWithoutVulkan) {
  expectNoVulkan(StatusCode::unavailable,
                 "this runtime was built without Vulkan (CMake option "
                 "RLX_ENABLE_VULKAN");
}

#else // RLX_HAVE_VULKAN

//===----------------------------------------------------------------------===//
// Validation accounting
//===----------------------------------------------------------------------===//

/// Messages of the shared context's log that tests declared expected.
std::atomic<size_t> expectedMessages{0};

/// The caller set RLX_VULKAN_VALIDATION=0: the driver runs alone.
bool validationTurnedOff() {
  const char *v = std::getenv("RLX_VULKAN_VALIDATION");
  return v && std::string(v) == "0";
}

/// Turns validation on before the first context exists and, at exit,
/// requires that the layer reported nothing the tests did not expect.
class ValidationEnvironment : public ::testing::Environment {
public:
  void SetUp() override {
    // A caller's explicit RLX_VULKAN_VALIDATION wins: 0 runs the driver
    // alone (as users do), and the tests that need the layer skip.
    setenv("RLX_VULKAN_VALIDATION", "1", /*overwrite=*/0);
  }
  void TearDown() override {
    Expected<std::shared_ptr<VulkanContext>> context = VulkanContext::shared();
    // Without a device the tests that needed one have failed already.
    if (!context)
      return;
    if (validationTurnedOff())
      return;
    EXPECT_TRUE((*context)->validationEnabled())
        << "the Vulkan tests ran without the validation layer";
    std::vector<std::string> messages = (*context)->messageLog()->messages();
    EXPECT_EQ(messages.size(), expectedMessages.load())
        << "the validation layer reported messages no test expected";
  }
};

::testing::Environment *const validationEnvironment =
    ::testing::AddGlobalTestEnvironment(new ValidationEnvironment);

std::shared_ptr<VulkanContext> sharedContext() {
  Expected<std::shared_ptr<VulkanContext>> context = VulkanContext::shared();
  EXPECT_TRUE(context.isOk()) << context.status().toString();
  return context ? *context : nullptr;
}

/// Every messages in `log` from index `from` on must hold one of
/// `expected`; returns how many there were.
size_t checkMessages(const VulkanMessageLog &log, size_t from,
                     const std::vector<std::string> &expected) {
  std::vector<std::string> messages = log.messages();
  for (size_t i = from; i < messages.size(); ++i) {
    bool ok = std::any_of(
        expected.begin(), expected.end(), [&](const std::string &fragment) {
          return messages[i].find(fragment) != std::string::npos;
        });
    EXPECT_TRUE(ok) << "unexpected validation message: " << messages[i];
  }
  return messages.size() > from ? messages.size() - from : 0;
}

/// Fails a test on any validation message it did not declare.
class VulkanTest : public ::testing::Test {
protected:
  void SetUp() override {
    context = sharedContext();
    ASSERT_TRUE(context);
    start = context->messageLog()->messages().size();
  }
  void TearDown() override {
    if (!context)
      return;
    size_t seen = checkMessages(*context->messageLog(), start, expected);
    if (!expected.empty() && context->validationEnabled())
      EXPECT_GT(seen, 0u) << "the validation layer reported none of the "
                             "messages this test provokes";
    expectedMessages += seen;
  }
  /// Declares that this test provokes validation messages holding one of
  /// `fragments`.
  void expectValidationMessages(std::vector<std::string> fragments) {
    expected = std::move(fragments);
  }

  std::shared_ptr<VulkanContext> context;
  size_t start = 0;
  std::vector<std::string> expected;
};

//===----------------------------------------------------------------------===//
// The test graph: Inputs/graph.spvasm's kernels over one arena
//===----------------------------------------------------------------------===//

std::vector<uint32_t> readSpirv(const std::string &name) {
  std::ifstream file(std::string(RLX_TEST_SPIRV_DIR) + "/" + name + ".spv",
                     std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(file)), {});
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

constexpr int64_t kN = 1000;
constexpr uint64_t kBytes = kN * sizeof(float);
/// Slots are 4032 bytes apart: 4000 rounded up to the 64-byte alignment.
constexpr uint64_t kStride = 4032;
constexpr uint64_t kX = 0, kP = kStride, kC = 2 * kStride, kY = 3 * kStride,
                   kZ = 4 * kStride, kW = 5 * kStride, kQ = 6 * kStride;
constexpr uint64_t kArena = 7 * kStride;
/// 16 workgroups of 64 cover the 1000 elements (the kernels skip the rest).
constexpr int64_t kGroups = 16;

float xValue(int64_t i, int seed) {
  return float((i * 7 + seed * 13) % 41 - 20) / 16.0f;
}
float pValue(int64_t i, int seed) {
  return float((i * 5 + seed * 3) % 23 - 11) / 8.0f;
}
float cValue(int64_t i) { return 0.25f * float(i % 17) - 2.0f; }

std::vector<float> values(float (*f)(int64_t, int), int seed) {
  std::vector<float> v(kN);
  for (int64_t i = 0; i < kN; ++i)
    v[i] = f(i, seed);
  return v;
}

Slot f32Slot(const char *name, SlotRole role, uint64_t offset) {
  Slot s;
  s.name = name;
  s.role = role;
  s.dtype = DType::f32;
  s.shape = {kN};
  s.offset = offset;
  s.size = kBytes;
  return s;
}

/// y = 2x, z = y + c, w = z + p, q = 2p: dispatch 1 reads what 0 wrote, 2
/// what 1 wrote, and 3 depends on nothing before it, so barriers go before
/// dispatches 1 and 2 only.
Artifact makeGraph() {
  static const std::vector<uint32_t> spirv = readSpirv("graph");
  Artifact a;
  a.device = "vulkan";
  Manifest &m = a.manifest;
  m.name = "graph";
  m.arenaSize = kArena;
  m.alignment = 64;
  Slot c = f32Slot("c", SlotRole::constant, kC);
  c.data.resize(kBytes);
  for (int64_t i = 0; i < kN; ++i) {
    float v = cValue(i);
    std::memcpy(c.data.data() + i * 4, &v, 4);
  }
  m.slots = {f32Slot("x", SlotRole::input, kX),
             f32Slot("p", SlotRole::param, kP),
             c,
             f32Slot("y", SlotRole::output, kY),
             f32Slot("z", SlotRole::output, kZ),
             f32Slot("w", SlotRole::output, kW),
             f32Slot("q", SlotRole::output, kQ)};
  for (int i = 0; i < 4; ++i)
    m.dispatches.push_back(Dispatch{"dispatch_" + std::to_string(i),
                                    {kGroups, 1, 1},
                                    i == 0 || i == 3 ? "scale" : "add"});
  VulkanCode &code = a.vulkan;
  code.modules = {spirv};
  code.kernels = {VulkanKernel{"scale", 0, {64, 1, 1}, 2, {0, 1}},
                  VulkanKernel{"add", 0, {64, 1, 1}, 3, {0, 0, 1}}};
  auto bind = [](uint32_t kernel, std::vector<uint64_t> offsets) {
    VulkanDispatch d;
    d.kernel = kernel;
    for (uint64_t offset : offsets)
      d.bindings.push_back({offset, kBytes});
    return d;
  };
  code.dispatches = {bind(0, {kX, kY}), bind(1, {kY, kC, kZ}),
                     bind(1, {kZ, kP, kW}), bind(0, {kP, kQ})};
  // The manifest's views are the bindings (kBytes is whole words).
  for (size_t i = 0; i < m.dispatches.size(); ++i)
    for (const VulkanBinding &b : code.dispatches[i].bindings)
      m.dispatches[i].views.push_back({b.offset, b.size});
  return a;
}

const Slot &slotNamed(const Executable &exe, const std::string &name) {
  for (const Slot &slot : exe.manifest().slots)
    if (slot.name == name)
      return slot;
  static Slot none;
  ADD_FAILURE() << "no slot " << name;
  return none;
}

const float *floats(const Executable &exe, const std::string &name) {
  return reinterpret_cast<const float *>(exe.slotData(slotNamed(exe, name)));
}

/// Checks every output exactly against the same float operations done here.
void expectOutputs(const Executable &exe, int xSeed, int pSeed) {
  const float *y = floats(exe, "y");
  const float *z = floats(exe, "z");
  const float *w = floats(exe, "w");
  const float *q = floats(exe, "q");
  for (int64_t i = 0; i < kN; ++i) {
    float wantY = 2.0f * xValue(i, xSeed);
    float wantZ = wantY + cValue(i);
    float wantW = wantZ + pValue(i, pSeed);
    float wantQ = 2.0f * pValue(i, pSeed);
    ASSERT_EQ(y[i], wantY) << "y[" << i << "]";
    ASSERT_EQ(z[i], wantZ) << "z[" << i << "]";
    ASSERT_EQ(w[i], wantW) << "w[" << i << "]";
    ASSERT_EQ(q[i], wantQ) << "q[" << i << "]";
  }
}

std::unique_ptr<VulkanExecutable>
loadOrFail(const Artifact &a, std::shared_ptr<VulkanContext> context,
           const VulkanLoadOptions &options = {}) {
  Expected<std::unique_ptr<VulkanExecutable>> exe =
      VulkanExecutable::load(a, std::move(context), options);
  EXPECT_TRUE(exe.isOk()) << exe.status().toString();
  return exe ? std::move(exe.value()) : nullptr;
}

/// Sets the param, runs with x given by pointer and checks the outputs.
void runGraph(VulkanExecutable &exe, int xSeed, int pSeed) {
  std::vector<float> p = values(pValue, pSeed);
  ASSERT_TRUE(exe.writeSlot(slotNamed(exe, "p"), p.data()).isOk());
  std::vector<float> x = values(xValue, xSeed);
  const void *inputs[] = {x.data()};
  Status s = exe.run(inputs);
  ASSERT_TRUE(s.isOk()) << s.toString();
  expectOutputs(exe, xSeed, pSeed);
}

//===----------------------------------------------------------------------===//
// The device
//===----------------------------------------------------------------------===//

TEST_F(VulkanTest, DeviceInfoComesFromTheDevice) {
  const VulkanDeviceInfo &info = context->info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.apiVersion, VK_API_VERSION_1_1);
  EXPECT_GE(info.maxSpirvVersion, 0x00010300u);
  EXPECT_GT(info.subgroupSize, 0u);
  EXPECT_EQ(info.subgroupSize & (info.subgroupSize - 1), 0u);
  EXPECT_LE(info.minSubgroupSize, info.subgroupSize);
  EXPECT_GE(info.maxSubgroupSize, info.subgroupSize);
  EXPECT_GE(info.maxComputeWorkGroupInvocations, 128u);
  EXPECT_GT(info.minStorageBufferOffsetAlignment, 0u);
  EXPECT_EQ(info.features & ~uint32_t(kVulkanKnownFeatures), 0u);
  EXPECT_NE(info.pipelineCacheUuid, (std::array<uint8_t, 16>{}));
  if (info.name.find("llvmpipe") == std::string::npos)
    return;
  // Mesa's lavapipe, as MLIR19.md records it.
  EXPECT_EQ(info.type, VulkanDeviceType::cpu);
  EXPECT_EQ(info.subgroupSize, 8u);
  EXPECT_EQ(info.maxComputeSharedMemorySize, 32768u);
  EXPECT_EQ(info.maxComputeWorkGroupInvocations, 1024u);
  EXPECT_EQ(info.minStorageBufferOffsetAlignment, 16u);
  EXPECT_EQ(info.features,
            uint32_t(kVulkanFloat16 | kVulkanStorage16Bit | kVulkanInt64 |
                     kVulkanSubgroupArithmetic | kVulkanStorage8Bit));
  EXPECT_TRUE(info.subgroupArithmetic);
  // Vulkan 1.3: compute pipelines can pin their subgroup size (8 only).
  EXPECT_TRUE(info.subgroupSizeControl);
  EXPECT_EQ(info.maxComputeWorkgroupSubgroups, 32u);
  EXPECT_TRUE(info.timestampsSupported);
  EXPECT_TRUE(info.unifiedMemory);
  EXPECT_EQ(info.driverName, "llvmpipe");
}

TEST_F(VulkanTest, RuntimeInterfaceReportsTheSameDevice) {
  std::string why = "unchanged";
  EXPECT_TRUE(vulkanAvailable(&why));
  EXPECT_EQ(why, "");
  Expected<VulkanDeviceInfo> info = vulkanDevice();
  ASSERT_TRUE(info.isOk()) << info.status().toString();
  EXPECT_EQ(info->name, context->info().name);
  EXPECT_EQ(info->deviceUuid, context->info().deviceUuid);
  EXPECT_EQ(info->subgroupSize, context->info().subgroupSize);
}

TEST_F(VulkanTest, ValidationIsOn) {
  if (validationTurnedOff())
    GTEST_SKIP() << "RLX_VULKAN_VALIDATION=0: the driver runs alone";
  EXPECT_TRUE(context->validationEnabled())
      << "set RLX_VULKAN_VALIDATION=1 (the test binary does unless it is "
         "set to 0)";
}

// Under a validation layer that predates VK_KHR_cooperative_matrix the
// context leaves it off and says why; otherwise nothing is left off.
TEST_F(VulkanTest, CooperativeMatrixOnlyWhereTheLayerKnowsIt) {
  std::string withheld = cooperativeMatrixWithheld(
      context->validationEnabled(), context->validationLayerVersion());
  if (context->validationEnabled())
    EXPECT_GT(context->validationLayerVersion(), 0u);
  else
    EXPECT_EQ(context->validationLayerVersion(), 0u);
  for (const std::string &note : context->notes())
    EXPECT_EQ(note, withheld);
  if (context->notes().empty())
    return;
  // The device offers it (lavapipe does not, so this part runs on GPUs).
  EXPECT_EQ(context->info().features & kVulkanCooperativeMatrix, 0u);
  Artifact a = makeGraph();
  a.vulkan.requiredFeatures = kVulkanCooperativeMatrix;
  Expected<std::unique_ptr<VulkanExecutable>> exe =
      VulkanExecutable::load(a, context);
  ASSERT_FALSE(exe.isOk());
  EXPECT_EQ(exe.status().code(), StatusCode::incompatible);
  EXPECT_NE(exe.status().message().find("; " + withheld), std::string::npos)
      << exe.status().message();
}

TEST_F(VulkanTest, SelectDeviceByNameAndIndex) {
  VulkanContextOptions options;
  options.validation = context->validationEnabled();
  std::string name = context->info().name;
  std::string upper = name.substr(0, std::min<size_t>(name.size(), 6));
  std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
  options.device = upper;
  Expected<std::shared_ptr<VulkanContext>> byName =
      VulkanContext::create(options);
  ASSERT_TRUE(byName.isOk()) << byName.status().toString();
  EXPECT_EQ((*byName)->info().name.substr(0, upper.size()),
            name.substr(0, upper.size()));
  options.device = std::to_string(context->info().index);
  Expected<std::shared_ptr<VulkanContext>> byIndex =
      VulkanContext::create(options);
  ASSERT_TRUE(byIndex.isOk()) << byIndex.status().toString();
  EXPECT_EQ((*byIndex)->info().deviceUuid, context->info().deviceUuid);
  options.device = "no-such-device";
  Expected<std::shared_ptr<VulkanContext>> none =
      VulkanContext::create(options);
  ASSERT_FALSE(none.isOk());
  EXPECT_EQ(none.status().code(), StatusCode::invalid_argument);
  EXPECT_NE(none.status().message().find(name), std::string::npos)
      << "the message lists the devices: " << none.status().message();
  options.device = "4096";
  none = VulkanContext::create(options);
  ASSERT_FALSE(none.isOk());
  EXPECT_NE(none.status().message().find("is not a device index"),
            std::string::npos)
      << none.status().message();
  for (auto *created : {&byName, &byIndex})
    EXPECT_EQ((**created)->messageLog()->messages(),
              std::vector<std::string>{});
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

TEST_F(VulkanTest, TwoDependentDispatchesAndAParam) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->unifiedMemory(), context->info().unifiedMemory);
  EXPECT_EQ(exe->barriers(), (std::vector<bool>{false, true, true, false}));
  runGraph(*exe, 1, 2);
}

TEST_F(VulkanTest, ConstantsAreWrittenAtLoadAndTheArenaIsZeroed) {
  Artifact a = makeGraph();
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(a, context);
  ASSERT_TRUE(exe);
  const Slot &c = slotNamed(*exe, "c");
  EXPECT_EQ(std::memcmp(exe->slotData(c), c.data.data(), c.size), 0);
  const uint8_t *y = exe->slotData(slotNamed(*exe, "y"));
  EXPECT_TRUE(std::all_of(y, y + kBytes, [](uint8_t b) { return b == 0; }));
}

TEST_F(VulkanTest, InputsInTheirSlots) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  std::vector<float> p = values(pValue, 0);
  std::vector<float> x = values(xValue, 5);
  ASSERT_TRUE(exe->writeSlot(slotNamed(*exe, "p"), p.data()).isOk());
  ASSERT_TRUE(exe->writeSlot(slotNamed(*exe, "x"), x.data()).isOk());
  Status s = exe->run(nullptr);
  ASSERT_TRUE(s.isOk()) << s.toString();
  expectOutputs(*exe, 5, 0);
}

TEST_F(VulkanTest, RepeatedRunsAreBitwiseStable) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  runGraph(*exe, 3, 4);
  std::vector<uint8_t> first(exe->slotData(slotNamed(*exe, "y")),
                             exe->slotData(slotNamed(*exe, "y")) + 4 * kStride);
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(exe->run(nullptr).isOk());
    ASSERT_EQ(std::memcmp(first.data(), exe->slotData(slotNamed(*exe, "y")),
                          first.size()),
              0)
        << "run " << i;
  }
  // New inputs and a new param take effect; the recorded commands stay.
  for (int seed = 0; seed < 4; ++seed)
    runGraph(*exe, seed, 10 + seed);
}

TEST_F(VulkanTest, StagingPathGivesTheSameResults) {
  VulkanLoadOptions options;
  options.forceStaging = true;
  std::unique_ptr<VulkanExecutable> exe =
      loadOrFail(makeGraph(), context, options);
  ASSERT_TRUE(exe);
  EXPECT_FALSE(exe->unifiedMemory());
  const Slot &c = slotNamed(*exe, "c");
  EXPECT_EQ(std::memcmp(exe->slotData(c), c.data.data(), c.size), 0);
  for (int seed = 0; seed < 3; ++seed)
    runGraph(*exe, seed, seed + 1);
  // In-slot inputs go up with the run, like given ones.
  std::vector<float> x = values(xValue, 9);
  ASSERT_TRUE(exe->writeSlot(slotNamed(*exe, "x"), x.data()).isOk());
  ASSERT_TRUE(exe->run(nullptr).isOk());
  expectOutputs(*exe, 9, 3);
  // readSlot downloads from the device-local arena (what a state's read
  // does, whose bytes only kernels write): with the staging mirror of p and
  // z overwritten, it still gives the values the device holds.
  for (const char *name : {"p", "z"}) {
    const Slot &slot = slotNamed(*exe, name);
    std::memset(const_cast<uint8_t *>(exe->slotData(slot)), 0xff, slot.size);
    std::vector<float> back(kN, -1.0f);
    ASSERT_TRUE(exe->readSlot(slot, back.data()).isOk());
    for (int64_t i = 0; i < kN; ++i)
      ASSERT_EQ(back[i],
                *name == 'p' ? pValue(i, 3) : 2.0f * xValue(i, 9) + cValue(i))
          << name << "[" << i << "]";
  }
}

TEST_F(VulkanTest, BarriersBeforeEveryDispatch) {
  VulkanLoadOptions options;
  options.barriers = VulkanLoadOptions::Barriers::all;
  std::unique_ptr<VulkanExecutable> exe =
      loadOrFail(makeGraph(), context, options);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->barriers(), (std::vector<bool>{false, true, true, true}));
  runGraph(*exe, 2, 2);
}

// The zero-message checks are only as good as the layer's view of barriers:
// without them, synchronization validation reports the hazards.
TEST_F(VulkanTest, SynchronizationValidationCatchesAMissingBarrier) {
  if (!context->validationEnabled())
    GTEST_SKIP() << "needs RLX_VULKAN_VALIDATION=1";
  expectValidationMessages({"SYNC-HAZARD-READ-AFTER-WRITE"});
  VulkanLoadOptions options;
  options.barriers = VulkanLoadOptions::Barriers::none;
  std::unique_ptr<VulkanExecutable> exe =
      loadOrFail(makeGraph(), context, options);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->barriers(), (std::vector<bool>{false, false, false, false}));
  std::vector<float> x = values(xValue, 0);
  const void *inputs[] = {x.data()};
  ASSERT_TRUE(exe->run(inputs).isOk());
}

TEST_F(VulkanTest, ProfilingTimesEachDispatch) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  if (!context->info().timestampsSupported)
    GTEST_SKIP() << "the queue writes no timestamps";
  exe->setProfiling(true);
  EXPECT_EQ(exe->dispatchNanos(), std::vector<uint64_t>(4, 0));
  auto start = std::chrono::steady_clock::now();
  for (int seed = 0; seed < 3; ++seed)
    runGraph(*exe, seed, 7);
  auto wall = std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  EXPECT_EQ(exe->profiledRuns(), 3u);
  ASSERT_EQ(exe->dispatchNanos().size(), 4u);
  uint64_t total = 0;
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_GT(exe->dispatchNanos()[i], 0u) << "dispatch " << i;
    total += exe->dispatchNanos()[i];
  }
  // Ticks scaled by timestampPeriod are nanoseconds: the dispatches ran
  // inside the runs, so their sum cannot exceed the runs' wall time.
  EXPECT_LE(total, uint64_t(wall));
  exe->setProfiling(false);
  EXPECT_EQ(exe->profiledRuns(), 0u);
  runGraph(*exe, 1, 1);
  EXPECT_EQ(exe->profiledRuns(), 0u);
  EXPECT_EQ(exe->dispatchNanos(), std::vector<uint64_t>(4, 0));
}

TEST_F(VulkanTest, ThroughTheRuntimeInterfaceAndArtifactBytes) {
  std::vector<uint8_t> bytes = serializeArtifact(makeGraph());
  Expected<Artifact> a = deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(a.isOk()) << a.status().toString();
  Expected<std::unique_ptr<Executable>> exe = load(*a);
  ASSERT_TRUE(exe.isOk()) << exe.status().toString();
  std::vector<float> p = values(pValue, 6);
  ASSERT_TRUE((*exe)->writeSlot(slotNamed(**exe, "p"), p.data()).isOk());
  std::vector<float> x = values(xValue, 6);
  const void *inputs[] = {x.data()};
  ASSERT_TRUE((*exe)->run(inputs).isOk());
  expectOutputs(**exe, 6, 6);
}

TEST_F(VulkanTest, NullInputPointerIsRefused) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  const void *inputs[] = {nullptr};
  Status s = exe->run(inputs);
  ASSERT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), StatusCode::invalid_argument);
  EXPECT_NE(s.message().find("input 0 ('x'): null data pointer for 4000 "
                             "bytes"),
            std::string::npos)
      << s.message();
  runGraph(*exe, 1, 1);
}

TEST_F(VulkanTest, EmptyGraph) {
  Expected<std::unique_ptr<VulkanExecutable>> exe =
      VulkanExecutable::load(emptyVulkanArtifact(), context);
  ASSERT_TRUE(exe.isOk()) << exe.status().toString();
  (*exe)->setProfiling(true);
  EXPECT_TRUE((*exe)->run(nullptr).isOk());
  EXPECT_TRUE((*exe)->dispatchNanos().empty());
}

// Two executables of one artifact run from two threads at once (their
// submits share the queue).
TEST_F(VulkanTest, OneExecutablePerThread) {
  Artifact a = makeGraph();
  std::unique_ptr<VulkanExecutable> exes[2] = {loadOrFail(a, context),
                                               loadOrFail(a, context)};
  ASSERT_TRUE(exes[0] && exes[1]);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 10; ++round) {
        int seed = t * 100 + round;
        std::vector<float> p = values(pValue, seed);
        std::vector<float> x = values(xValue, seed);
        const void *inputs[] = {x.data()};
        if (!exes[t]->writeSlot(slotNamed(*exes[t], "p"), p.data()).isOk() ||
            !exes[t]->run(inputs).isOk()) {
          ++failures;
          continue;
        }
        const float *w = floats(*exes[t], "w");
        for (int64_t i = 0; i < kN; ++i)
          if (w[i] != 2.0f * xValue(i, seed) + cValue(i) + pValue(i, seed))
            ++failures;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0);
}

//===----------------------------------------------------------------------===//
// Concurrency and device errors
//===----------------------------------------------------------------------===//

/// Inputs/gate.spvasm over a 64-byte arena of u32 flags, on the largest
/// grid every device takes.
Artifact makeGate() {
  static const std::vector<uint32_t> spirv = readSpirv("gate");
  Artifact a;
  a.device = "vulkan";
  a.manifest.name = "gate";
  a.manifest.arenaSize = 64;
  Slot flags;
  flags.name = "flags";
  flags.role = SlotRole::output;
  flags.dtype = DType::i32;
  flags.shape = {4};
  flags.size = 16;
  a.manifest.slots = {flags};
  a.manifest.dispatches = {Dispatch{"gate", {65535, 1, 1}, "gate"}};
  a.manifest.dispatches[0].views = {{0, 16}};
  a.vulkan.modules = {spirv};
  a.vulkan.kernels = {VulkanKernel{"gate", 0, {8, 1, 1}, 1, {1}}};
  VulkanDispatch d;
  d.bindings = {{0, 16}};
  a.vulkan.dispatches = {d};
  return a;
}

TEST_F(VulkanTest, ConcurrentRunIsRefused) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGate(), context);
  ASSERT_TRUE(exe);
  if (!exe->unifiedMemory())
    GTEST_SKIP() << "the gate is released through the mapped arena";
  const Slot &slot = slotNamed(*exe, "flags");
  auto *flags = const_cast<uint32_t *>(
      reinterpret_cast<const uint32_t *>(exe->slotData(slot)));
  Status first;
  std::thread runner([&] { first = exe->run(nullptr); });
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!__atomic_load_n(&flags[0], __ATOMIC_SEQ_CST) &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::yield();
  bool entered = __atomic_load_n(&flags[0], __ATOMIC_SEQ_CST);
  Status second = exe->run(nullptr);
  uint32_t zeros[4] = {};
  Status write = exe->writeSlot(slot, zeros);
  __atomic_store_n(&flags[1], 1u, __ATOMIC_SEQ_CST);
  runner.join();
  ASSERT_TRUE(entered) << "the gate kernel never started";
  EXPECT_TRUE(first.isOk()) << first.toString();
  ASSERT_FALSE(second.isOk());
  EXPECT_EQ(second.code(), StatusCode::failed_precondition);
  EXPECT_NE(second.message().find("while another run() or writeSlot() on it "
                                  "is in progress"),
            std::string::npos)
      << second.message();
  EXPECT_EQ(write.code(), StatusCode::failed_precondition) << write.toString();
  // The release ended the run: the gate held it while run() was refused.
  EXPECT_GE(flags[2], 1u);
  // Once the first run is over, the executable runs again.
  EXPECT_TRUE(exe->run(nullptr).isOk());
}

TEST_F(VulkanTest, OutOfMemoryAtSubmitLeavesItUsable) {
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(exe);
  exe->failNextSubmitForTesting(VK_ERROR_OUT_OF_DEVICE_MEMORY);
  std::vector<float> x = values(xValue, 0);
  const void *inputs[] = {x.data()};
  Status s = exe->run(inputs);
  ASSERT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), StatusCode::resource_exhausted) << s.toString();
  EXPECT_NE(s.message().find("VK_ERROR_OUT_OF_DEVICE_MEMORY"),
            std::string::npos);
  runGraph(*exe, 2, 3);
}

// On a context of its own: a lost device makes the context unusable.
TEST_F(VulkanTest, DeviceLostIsDataLossOnEveryLaterCall) {
  VulkanContextOptions options;
  options.validation = context->validationEnabled();
  Expected<std::shared_ptr<VulkanContext>> own = VulkanContext::create(options);
  ASSERT_TRUE(own.isOk()) << own.status().toString();
  std::unique_ptr<VulkanExecutable> exe = loadOrFail(makeGraph(), *own);
  ASSERT_TRUE(exe);
  exe->failNextSubmitForTesting(VK_ERROR_DEVICE_LOST);
  std::vector<float> x = values(xValue, 0);
  const void *inputs[] = {x.data()};
  Status s = exe->run(inputs);
  ASSERT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), StatusCode::data_loss) << s.toString();
  EXPECT_NE(s.message().find("VK_ERROR_DEVICE_LOST"), std::string::npos);
  for (int i = 0; i < 2; ++i) {
    s = exe->run(inputs);
    EXPECT_EQ(s.code(), StatusCode::data_loss) << s.toString();
    EXPECT_NE(s.message().find("cannot run again: load the artifact again"),
              std::string::npos)
        << s.message();
    s = exe->writeSlot(slotNamed(*exe, "p"), x.data());
    EXPECT_EQ(s.code(), StatusCode::data_loss) << s.toString();
  }
  EXPECT_TRUE((*own)->deviceLost());
  Expected<std::unique_ptr<VulkanExecutable>> again =
      VulkanExecutable::load(makeGraph(), *own);
  ASSERT_FALSE(again.isOk());
  EXPECT_EQ(again.status().code(), StatusCode::data_loss);
  // The shared context is untouched.
  std::unique_ptr<VulkanExecutable> fine = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(fine);
  runGraph(*fine, 1, 1);
  EXPECT_EQ((*own)->messageLog()->messages(), std::vector<std::string>{});
}

//===----------------------------------------------------------------------===//
// Load refusals
//===----------------------------------------------------------------------===//

/// Asserts that loading `a` fails with `code` and `fragment`, then that the
/// test graph still loads and runs correctly.
void expectLoadFails(std::shared_ptr<VulkanContext> context, const Artifact &a,
                     StatusCode code, const std::string &fragment) {
  Expected<std::unique_ptr<VulkanExecutable>> exe =
      VulkanExecutable::load(a, context);
  ASSERT_FALSE(exe.isOk()) << "loaded; expected " << statusCodeName(code);
  EXPECT_EQ(exe.status().code(), code) << exe.status().toString();
  EXPECT_NE(exe.status().message().find(fragment), std::string::npos)
      << "message: " << exe.status().message() << "\nexpected: " << fragment;
  std::unique_ptr<VulkanExecutable> good = loadOrFail(makeGraph(), context);
  ASSERT_TRUE(good);
  runGraph(*good, 1, 2);
}

TEST_F(VulkanTest, RefusesAnotherDevice) {
  Artifact a = makeGraph();
  a.device = "cpu";
  expectLoadFails(context, a, StatusCode::incompatible,
                  "holds code for device 'cpu', not vulkan");
}

TEST_F(VulkanTest, RefusesACorruptSection) {
  Artifact a = makeGraph();
  a.vulkan.dispatches[1].bindings[2].offset = kArena - 64;
  expectLoadFails(context, a, StatusCode::invalid_argument,
                  "vulkan dispatch 1 binding 2: offset 28160 + size 4000 "
                  "exceeds arena size 28224");
  a = makeGraph();
  a.vulkan.dispatches.pop_back();
  expectLoadFails(context, a, StatusCode::invalid_argument,
                  "vulkan code has 3 dispatches but the manifest has 4");
  a = makeGraph();
  a.manifest.slots[0].size = 3;
  expectLoadFails(context, a, StatusCode::invalid_argument,
                  "slot 0 ('x'): size 3 != 4000 bytes");
}

TEST_F(VulkanTest, RefusesAFeatureTheDeviceLacks) {
  uint32_t missing = kVulkanKnownFeatures & ~context->info().features;
  if (!missing)
    GTEST_SKIP() << "the device has every feature rlx knows";
  // Cooperative matrix on lavapipe.
  uint32_t feature = missing & -missing;
  Artifact a = makeGraph();
  a.vulkan.requiredFeatures = feature;
  expectLoadFails(context, a, StatusCode::incompatible,
                  "artifact 'graph' needs Vulkan " +
                      (feature == kVulkanCooperativeMatrix
                           ? std::string("cooperativeMatrix")
                           : std::string()));
  expectLoadFails(context, a, StatusCode::incompatible,
                  ", which device '" + context->info().name + "' lacks");
}

// A size outside what the device can pin is refused; the device's own size
// loads (pinned where the device has subgroup size control, which the
// validation layer then checks).
TEST_F(VulkanTest, RefusesAnotherSubgroupSize) {
  Artifact a = makeGraph();
  const VulkanDeviceInfo &info = context->info();
  uint32_t have = info.subgroupSize;
  uint32_t other = std::max(have, info.maxSubgroupSize) * 2;
  a.vulkan.requiredSubgroupSize = other;
  std::string pinnable =
      info.subgroupSizeControl
          ? " and can pin sizes " + std::to_string(info.minSubgroupSize) +
                " to " + std::to_string(info.maxSubgroupSize) + " for " +
                std::to_string(info.maxComputeWorkgroupSubgroups) +
                " subgroups per workgroup"
          : "";
  expectLoadFails(context, a, StatusCode::incompatible,
                  "was compiled for subgroup size " + std::to_string(other) +
                      ", but device '" + info.name + "' has subgroup size " +
                      std::to_string(have) + pinnable +
                      "; compile for this device");
  a.vulkan.requiredSubgroupSize = have;
  EXPECT_TRUE(loadOrFail(a, context));
}

/// Inputs/wide.spvasm's entry point `name` as the whole graph.
Artifact makeWide(const std::string &name, std::array<uint32_t, 3> size) {
  Artifact a;
  a.device = "vulkan";
  a.manifest.name = "wide";
  a.manifest.arenaSize = 64;
  a.manifest.dispatches = {Dispatch{name, {1, 1, 1}, name}};
  a.vulkan.modules = {readSpirv("wide")};
  a.vulkan.kernels = {VulkanKernel{name, 0, size, 0, {}}};
  a.vulkan.dispatches = {VulkanDispatch{}};
  return a;
}

TEST_F(VulkanTest, RefusesWorkgroupsBeyondTheLimits) {
  const VulkanDeviceInfo &info = context->info();
  if (info.maxComputeWorkGroupSize[0] >= 2048 ||
      info.maxComputeWorkGroupInvocations >= 2048)
    GTEST_SKIP() << "the device takes 2048-invocation workgroups";
  expectLoadFails(context, makeWide("wide", {2048, 1, 1}),
                  StatusCode::incompatible,
                  "vulkan kernel 0 ('wide'): workgroup size [2048, 1, 1] "
                  "exceeds the maxComputeWorkGroupSize");
  expectLoadFails(context, makeWide("cube", {32, 32, 2}),
                  StatusCode::incompatible,
                  "vulkan kernel 0 ('cube'): workgroup size [32, 32, 2] has "
                  "2048 invocations, more than the "
                  "maxComputeWorkGroupInvocations " +
                      std::to_string(info.maxComputeWorkGroupInvocations));
  Artifact a = makeGraph();
  a.manifest.dispatches[2].grid[0] =
      int64_t(info.maxComputeWorkGroupCount[0]) + 1;
  expectLoadFails(context, a, StatusCode::incompatible,
                  "dispatch 2 ('dispatch_2'): grid [" +
                      std::to_string(a.manifest.dispatches[2].grid[0]) +
                      ", 1, 1] exceeds the maxComputeWorkGroupCount");
}

TEST_F(VulkanTest, RefusesBindingsBeyondTheLimits) {
  const VulkanDeviceInfo &info = context->info();
  Artifact a = makeGraph();
  uint32_t many = info.maxPerStageDescriptorStorageBuffers + 1;
  a.vulkan.kernels[1].bindingCount = many;
  a.vulkan.kernels[1].written.assign(many, 0);
  for (size_t d : {1, 2}) {
    a.vulkan.dispatches[d].bindings.resize(many, {kC, kBytes});
    a.manifest.dispatches[d].views.resize(many, {kC, kBytes});
  }
  expectLoadFails(context, a, StatusCode::incompatible,
                  "vulkan kernel 1 ('add') binds " + std::to_string(many) +
                      " storage buffers, more than the " +
                      std::to_string(many - 1) + " per kernel");
  a = makeGraph();
  uint64_t range = info.maxStorageBufferRange;
  // Just past the range, in whole words (bindings are).
  uint64_t size = (range + 4) & ~uint64_t(3);
  a.manifest.arenaSize = kArena + range + 64;
  a.vulkan.dispatches[3].bindings[1] = {kArena, size};
  a.manifest.dispatches[3].views[1] = {kArena, size};
  expectLoadFails(context, a, StatusCode::incompatible,
                  "vulkan dispatch 3 binding 1: size " + std::to_string(size) +
                      " exceeds the maxStorageBufferRange");
}

TEST_F(VulkanTest, RefusesAnAlignmentBelowTheDevicesOffsetAlignment) {
  uint64_t need = context->info().minStorageBufferOffsetAlignment;
  if (need < 2)
    GTEST_SKIP() << "every alignment suits the device";
  Artifact a = makeGraph();
  a.manifest.alignment = need / 2;
  expectLoadFails(context, a, StatusCode::incompatible,
                  "arena alignment " + std::to_string(need / 2) +
                      " is not a multiple of the "
                      "minStorageBufferOffsetAlignment " +
                      std::to_string(need) + " of device '" +
                      context->info().name +
                      "'; compile with an arena alignment of at least " +
                      std::to_string(need));
}

TEST_F(VulkanTest, RefusesANewerSpirvVersion) {
  Artifact a = makeGraph();
  a.vulkan.modules[0][1] = 0x00010700;
  expectLoadFails(context, a, StatusCode::incompatible,
                  "SPIR-V module 0 is version 1.7, but device '" +
                      context->info().name + "' takes SPIR-V up to ");
}

TEST_F(VulkanTest, RefusesAnEntryPointNotInTheModule) {
  Artifact a = makeGraph();
  a.vulkan.kernels[1].entryPoint = "mul";
  expectLoadFails(context, a, StatusCode::invalid_argument,
                  "vulkan kernel 1 ('mul'): entry point 'mul' is not a "
                  "GLCompute entry point of SPIR-V module 0 (it has: "
                  "scale, add)");
  a = makeGraph();
  a.vulkan.kernels[0].workgroupSize = {32, 1, 1};
  expectLoadFails(context, a, StatusCode::invalid_argument,
                  "vulkan kernel 0 ('scale'): workgroup size [32, 1, 1] "
                  "differs from the module's LocalSize [64, 1, 1]");
}

/// The graph with its first OpFMul replaced by an opcode SPIR-V does not
/// have: well-formed words (the artifact verifier's scan accepts them) that
/// NVIDIA's driver crashed on (lavapipe returned an error) before load()
/// validated modules itself.
Artifact makeUnknownOpcodeGraph() {
  Artifact a = makeGraph();
  std::vector<uint32_t> &words = a.vulkan.modules[0];
  for (size_t at = 5; at < words.size(); at += words[at] >> 16) {
    if ((words[at] & 0xffff) == 133 /* OpFMul */) {
      words[at] = (words[at] & 0xffff0000u) | 0x7fff;
      break;
    }
  }
  return a;
}

/// The graph with Inputs/invalid.spvasm's module: one FMul of a float by a
/// u32, which only a validator notices.
Artifact makeInvalidGraph() {
  static const std::vector<uint32_t> spirv = readSpirv("invalid");
  Artifact a = makeGraph();
  a.vulkan.modules = {spirv};
  return a;
}

/// The start of load()'s message for module 0 of the graph on `context`.
std::string invalidModule(const VulkanContext &context) {
  return "artifact 'graph': vulkan module 0 (kernels 'scale', 'add') is not "
         "valid SPIR-V for " +
         vulkanSpirvEnvironmentName(context.info().maxSpirvVersion) +
         " (SPIRV-Tools): ";
}

// Refused by rlx before any driver call, so on every driver alike, and
// without a message from the validation layer (which never sees it).
TEST_F(VulkanTest, RefusesAModuleTheValidatorRejects) {
  expectLoadFails(context, makeUnknownOpcodeGraph(),
                  StatusCode::invalid_argument,
                  invalidModule(*context) + "Invalid opcode: 32767");
}

// Every instruction well formed, the types wrong.
TEST_F(VulkanTest, RefusesSemanticallyInvalidSpirv) {
  expectLoadFails(context, makeInvalidGraph(), StatusCode::invalid_argument,
                  invalidModule(*context) +
                      "Expected arithmetic operands to be of Result Type: "
                      "FMul operand index 3");
}

// The validator needs no device: the environment follows the newest SPIR-V
// the device takes, and every module is checked, not only the first.
TEST(VulkanSpirvValidator, EnvironmentAndMessages) {
  EXPECT_EQ(vulkanSpirvEnvironmentName(0x00010300), "Vulkan 1.1");
  EXPECT_EQ(vulkanSpirvEnvironmentName(0x00010400),
            "Vulkan 1.1 with SPIR-V 1.4");
  EXPECT_EQ(vulkanSpirvEnvironmentName(0x00010500), "Vulkan 1.2");
  EXPECT_EQ(vulkanSpirvEnvironmentName(0x00010600), "Vulkan 1.3");
  EXPECT_EQ(vulkanSpirvEnvironmentName(0x00010700), "Vulkan 1.3");
  for (uint32_t version : {0x00010300u, 0x00010500u, 0x00010600u}) {
    SCOPED_TRACE(vulkanSpirvEnvironmentName(version));
    EXPECT_TRUE(validateVulkanSpirv(makeGraph().vulkan, version, "a").isOk());
    VulkanCode two = makeGraph().vulkan;
    two.modules.push_back(makeInvalidGraph().vulkan.modules[0]);
    two.kernels[1].module = 1;
    Status s = validateVulkanSpirv(two, version, "artifact 'two'");
    EXPECT_EQ(s.code(), StatusCode::invalid_argument);
    EXPECT_EQ(s.message().find("artifact 'two': vulkan module 1 (kernel "
                               "'add') is not valid SPIR-V for " +
                               vulkanSpirvEnvironmentName(version) +
                               " (SPIRV-Tools): Expected arithmetic operands "
                               "to be of Result Type: FMul operand index 3"),
              0u)
        << s.message();
  }
  // A module no kernel uses is checked too.
  VulkanCode spare = makeGraph().vulkan;
  spare.modules.push_back(makeUnknownOpcodeGraph().vulkan.modules[0]);
  Status s = validateVulkanSpirv(spare, 0x00010600, "x");
  EXPECT_EQ(s.message(), "x: vulkan module 1 (no kernel) is not valid "
                         "SPIR-V for Vulkan 1.3 (SPIRV-Tools): Invalid "
                         "opcode: 32767");
  EXPECT_TRUE(validateVulkanSpirv(VulkanCode{}, 0x00010600, "x").isOk());
}

/// The graph's module made unique in this process: header word 2 (the
/// generator) means nothing to the validator.
std::vector<uint32_t> uniqueGraphModule() {
  static uint32_t generator = 0x52580000;
  std::vector<uint32_t> words = makeGraph().vulkan.modules[0];
  words[2] = ++generator;
  return words;
}

// A valid module is validated once per environment, then the cache (its
// SHA-256) answers; an invalid one is never cached. Many modules are
// validated in parallel and the lowest invalid index is reported.
TEST(VulkanSpirvValidator, ValidModulesAreValidatedOnce) {
  VulkanCode code = makeGraph().vulkan;
  code.modules = {uniqueGraphModule()};
  uint64_t before = vulkanSpirvValidations();
  EXPECT_TRUE(validateVulkanSpirv(code, 0x00010600, "x").isOk());
  EXPECT_EQ(vulkanSpirvValidations(), before + 1);
  EXPECT_TRUE(validateVulkanSpirv(code, 0x00010600, "x").isOk());
  EXPECT_EQ(vulkanSpirvValidations(), before + 1) << "validated again";
  EXPECT_TRUE(validateVulkanSpirv(code, 0x00010300, "x").isOk());
  EXPECT_EQ(vulkanSpirvValidations(), before + 2) << "another environment";

  VulkanCode invalid = makeInvalidGraph().vulkan;
  before = vulkanSpirvValidations();
  for (int i = 0; i < 2; ++i)
    EXPECT_FALSE(validateVulkanSpirv(invalid, 0x00010600, "x").isOk());
  EXPECT_EQ(vulkanSpirvValidations(), before + 2) << "an invalid one cached";

  VulkanCode many;
  for (int i = 0; i < 20; ++i)
    many.modules.push_back(uniqueGraphModule());
  many.modules[13] = invalid.modules[0];
  many.modules[17] = makeUnknownOpcodeGraph().vulkan.modules[0];
  Status s = validateVulkanSpirv(many, 0x00010600, "x");
  EXPECT_EQ(s.message().find("x: vulkan module 13 (no kernel) is not valid "
                             "SPIR-V for Vulkan 1.3 (SPIRV-Tools): Expected "
                             "arithmetic operands"),
            0u)
      << s.message();
}

TEST_F(VulkanTest, RefusesAnArenaBeyondTheAllocationLimit) {
  Artifact a = emptyVulkanArtifact();
  a.manifest.arenaSize = context->info().maxMemoryAllocationSize + 64;
  expectLoadFails(context, a, StatusCode::resource_exhausted,
                  "exceeds the maxMemoryAllocationSize " +
                      std::to_string(context->info().maxMemoryAllocationSize));
}

//===----------------------------------------------------------------------===//
// Nothing leaks
//===----------------------------------------------------------------------===//

/// A context of its own, so destroying it makes the validation layer report
/// every object still alive on its device.
std::shared_ptr<VulkanContext> ownValidatedContext() {
  VulkanContextOptions options;
  options.validation = true;
  Expected<std::shared_ptr<VulkanContext>> own = VulkanContext::create(options);
  EXPECT_TRUE(own.isOk()) << own.status().toString();
  return own ? *own : nullptr;
}

const std::vector<std::string> kLeakMessages = {
    "VUID-vkDestroyDevice-device-00378", "has not been destroyed"};

bool mentionsLeak(const std::string &message) {
  return std::any_of(kLeakMessages.begin(), kLeakMessages.end(),
                     [&](const std::string &fragment) {
                       return message.find(fragment) != std::string::npos;
                     });
}

// The check below would pass vacuously if the layer did not report leaks.
TEST_F(VulkanTest, TheLayerReportsObjectsLeftOnADestroyedDevice) {
  if (!context->validationEnabled())
    GTEST_SKIP() << "needs RLX_VULKAN_VALIDATION=1";
  std::shared_ptr<VulkanContext> own = ownValidatedContext();
  ASSERT_TRUE(own);
  VkBufferCreateInfo info = {};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = 64;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer leaked = VK_NULL_HANDLE;
  ASSERT_EQ(vkCreateBuffer(own->device(), &info, nullptr, &leaked), VK_SUCCESS);
  std::shared_ptr<VulkanMessageLog> log = own->messageLog();
  own.reset();
  std::vector<std::string> messages = log->messages();
  EXPECT_TRUE(std::any_of(messages.begin(), messages.end(), mentionsLeak))
      << messages.size() << " messages, none about the leaked buffer";
}

TEST_F(VulkanTest, NothingLeaksAfterRunsAndFailedLoads) {
  if (!context->validationEnabled())
    GTEST_SKIP() << "needs RLX_VULKAN_VALIDATION=1";
  std::shared_ptr<VulkanContext> own = ownValidatedContext();
  ASSERT_TRUE(own);
  {
    VulkanLoadOptions staging;
    staging.forceStaging = true;
    for (const VulkanLoadOptions &options : {VulkanLoadOptions{}, staging}) {
      std::unique_ptr<VulkanExecutable> exe =
          loadOrFail(makeGraph(), own, options);
      ASSERT_TRUE(exe);
      exe->setProfiling(true);
      runGraph(*exe, 1, 2);
    }
    // Fails once the modules, layouts and pipelines exist.
    VulkanLoadOptions failing;
    failing.failAfterPipelinesForTesting = true;
    Expected<std::unique_ptr<VulkanExecutable>> failed =
        VulkanExecutable::load(makeGraph(), own, failing);
    ASSERT_FALSE(failed.isOk());
    EXPECT_EQ(failed.status().code(), StatusCode::internal);
    // Refused before anything exists.
    EXPECT_FALSE(VulkanExecutable::load(makeUnknownOpcodeGraph(), own));
    EXPECT_FALSE(VulkanExecutable::load(makeInvalidGraph(), own));
    Artifact huge = emptyVulkanArtifact();
    huge.manifest.arenaSize = own->info().maxMemoryAllocationSize + 64;
    EXPECT_FALSE(VulkanExecutable::load(huge, own));
  }
  std::shared_ptr<VulkanMessageLog> log = own->messageLog();
  own.reset();
  // No message at all: no object outlived its owner, and no invalid module
  // reached the layer.
  EXPECT_EQ(log->messages(), std::vector<std::string>{});
  for (const std::string &message : log->messages())
    EXPECT_FALSE(mentionsLeak(message)) << message;
}

#endif // RLX_HAVE_VULKAN

} // namespace
