//===- ManifestTrustTest.cpp - An edited manifest cannot misuse valid code ===//
//
// What load promises (docs/CPUBackend.md, RELIABILITY.md contract 5): a real
// artifact, compiled by rlx::Session, is decoded, edited and encoded again
// (serializeArtifact re-seals the checksum, as anyone can), then loaded: an
// edit that would send the compiled code into the process, past the arena
// or past an input buffer is refused with a message naming it, and the
// untouched artifact still loads and computes the right values.
//
//===----------------------------------------------------------------------===//
#include "runtime/Artifact.h"
#include "runtime/Executable.h"
#include "runtime/Runtime.h"

#include "rlx/CompiledGraph.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace {

using rlx::runtime::Artifact;

// Two dispatches with an intermediate between them: tanh(x w) (a matmul
// with its epilogue; tanh is a libm call) and a softmax over its rows.
const char *kModel = R"(
func.func @f(%x: tensor<32x64xf32> {mir.name = "x"}, %w: tensor<64x48xf32> {mir.name = "w"}) -> (tensor<32x48xf32> {mir.name = "y"}) {
  %h = mir.matmul %x, %w : (tensor<32x64xf32>, tensor<64x48xf32>) -> tensor<32x48xf32>
  %t = mir.unary tanh %h : tensor<32x48xf32>
  %y = mir.softmax %t axis = -1 : tensor<32x48xf32>
  return %y : tensor<32x48xf32>
})";

// The same with w a parameter: the code reads it through the slot table
// (kernel ABI 3), from memory outside the arena.
const char *kParamModel = R"(
func.func @f(%x: tensor<32x64xf32> {mir.name = "x"}) -> (tensor<32x48xf32> {mir.name = "y"}) {
  %w = mir.param "w" : tensor<64x48xf32>
  %h = mir.matmul %x, %w : (tensor<32x64xf32>, tensor<64x48xf32>) -> tensor<32x48xf32>
  %t = mir.unary tanh %h : tensor<32x48xf32>
  %y = mir.softmax %t axis = -1 : tensor<32x48xf32>
  return %y : tensor<32x48xf32>
})";

constexpr int kM = 32, kK = 64, kN = 48;

std::vector<float> values(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = float(int((i * 37 + seed * 11) % 61) - 30) / 64.0f;
  return v;
}

class ManifestTrust : public ::testing::Test {
protected:
  virtual const char *model() const { return kModel; }
  virtual rlx::Device device() const { return rlx::Device::cpu; }

  void SetUp() override {
    if (!rlx::isAvailable(device()))
      GTEST_SKIP() << "no " << rlx::deviceName(device()) << " device";
    rlx::Session session(device());
    auto graph = session.compile(model());
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    bytes = graph->artifactBytes();
    auto artifact =
        rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
    ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
    valid = std::move(*artifact);
    ASSERT_EQ(valid.device, rlx::deviceName(device()));
    ASSERT_GE(valid.manifest.dispatches.size(), 2u);
  }

  /// Loads `bytes` and checks y = softmax(tanh(x w)) against a double
  /// reference (stated tolerance 1e-5: f32 sums of 64 products).
  void expectLoadsAndComputes(const std::vector<uint8_t> &artifactBytes) {
    auto graph = rlx::loadBytes(artifactBytes.data(), artifactBytes.size());
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    std::vector<float> x = values(kM * kK, 1), w = values(kK * kN, 2);
    std::vector<rlx::NamedInput> inputs = {
        {"x", x.data(), x.size() * sizeof(float)}};
    if (graph->manifest().findSlot(rlx::SlotRole::param, "w"))
      ASSERT_TRUE(graph->setParam("w", w.data(), w.size()).isOk());
    else
      inputs.push_back({"w", w.data(), w.size() * sizeof(float)});
    auto outputs = graph->run(inputs);
    ASSERT_TRUE(outputs.isOk()) << outputs.status().toString();
    ASSERT_EQ(outputs->size(), 1u);
    const float *y = (*outputs)[0].floats();
    ASSERT_NE(y, nullptr);
    for (int i = 0; i < kM; ++i) {
      std::vector<double> row(kN);
      double sum = 0;
      for (int j = 0; j < kN; ++j) {
        double h = 0;
        for (int k = 0; k < kK; ++k)
          h += double(x[i * kK + k]) * double(w[k * kN + j]);
        row[j] = std::exp(std::tanh(h));
        sum += row[j];
      }
      for (int j = 0; j < kN; ++j)
        ASSERT_NEAR(y[i * kN + j], row[j] / sum, 1e-5) << i << ", " << j;
    }
  }

  /// Applies `edit` to the decoded artifact, encodes it (a valid checksum)
  /// and expects loadBytes to refuse it with `code` and `fragment`; then the
  /// untouched artifact still loads and runs.
  void expectRefused(const std::function<void(Artifact &)> &edit,
                     rlx::StatusCode code, const std::string &fragment) {
    Artifact edited = valid;
    edit(edited);
    std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(edited);
    auto graph = rlx::loadBytes(tampered.data(), tampered.size());
    ASSERT_FALSE(graph.isOk()) << "loaded; expected: " << fragment;
    EXPECT_EQ(graph.status().code(), code) << graph.status().toString();
    EXPECT_NE(graph.status().message().find(fragment), std::string::npos)
        << "message: " << graph.status().message()
        << "\nexpected: " << fragment;
    expectLoadsAndComputes(bytes);
  }

  std::vector<uint8_t> bytes;
  Artifact valid;
};

// Decoding and encoding again gives the same bytes, which load and compute.
TEST_F(ManifestTrust, ValidArtifactLoadsAndComputes) {
  EXPECT_EQ(rlx::runtime::serializeArtifact(valid), bytes);
  expectLoadsAndComputes(bytes);
  // Every view of the manifest is one the code declares (the loader
  // compared them): each dispatch has one per kernel argument.
  for (const rlx::Dispatch &d : valid.manifest.dispatches)
    EXPECT_FALSE(d.views.empty()) << d.symbol;
}

// A dispatch pointed at a function of the process.
TEST_F(ManifestTrust, DispatchSymbolOfTheProcess) {
  for (std::string symbol : {"abort", "puts", "system", "tanhf"}) {
    SCOPED_TRACE(symbol);
    expectRefused(
        [&](Artifact &a) { a.manifest.dispatches[1].symbol = symbol; },
        rlx::StatusCode::invalid_argument,
        "dispatch 1 ('" + symbol +
            "'): the object code does not define symbol '" + symbol + "'");
  }
}

// Two dispatches' symbols swapped: each function comes with its own
// footprint, so the manifest's grids and views no longer match it. (The
// grids happen to be equal here, so the views tell.)
TEST_F(ManifestTrust, DispatchSymbolsSwapped) {
  expectRefused(
      [](Artifact &a) {
        std::swap(a.manifest.dispatches[0].symbol,
                  a.manifest.dispatches[1].symbol);
      },
      rlx::StatusCode::invalid_argument, "dispatch 0 ('rlx_dispatch_1'): ");
}

// Vulkan artifacts: the loader compares the buffers each kernel's SPIR-V
// declares (their bindings and array sizes) with the manifest, as the CPU
// loader compares footprints.
class VulkanManifestTrust : public ManifestTrust {
protected:
  rlx::Device device() const override { return rlx::Device::vulkan; }
};

TEST_F(VulkanManifestTrust, ValidArtifactLoadsAndComputes) {
  EXPECT_EQ(rlx::runtime::serializeArtifact(valid), bytes);
  expectLoadsAndComputes(bytes);
}

// The kernel's last binding dropped everywhere the manifest mentions it
// (kernel, dispatches, views): the SPIR-V still uses it.
TEST_F(VulkanManifestTrust, ABindingTheCodeUsesIsDropped) {
  expectRefused(
      [](Artifact &a) {
        rlx::runtime::VulkanKernel &k = a.vulkan.kernels[0];
        --k.bindingCount;
        k.written.pop_back();
        for (size_t d = 0; d < a.vulkan.dispatches.size(); ++d)
          if (a.vulkan.dispatches[d].kernel == 0) {
            a.vulkan.dispatches[d].bindings.pop_back();
            a.manifest.dispatches[d].views.pop_back();
          }
      },
      rlx::StatusCode::invalid_argument,
      "vulkan kernel 0 ('" + valid.vulkan.kernels[0].entryPoint +
          "'): its SPIR-V uses descriptor set 0 binding " +
          std::to_string(valid.vulkan.kernels[0].bindingCount - 1) +
          ", but the manifest gives the kernel " +
          std::to_string(valid.vulkan.kernels[0].bindingCount - 1) +
          " bindings");
}

// An output view (and its binding) shrunk to 80 bytes: the kernel's code
// still writes the whole array it declares.
TEST_F(VulkanManifestTrust, ABindingSmallerThanTheCodesArray) {
  size_t last = valid.vulkan.dispatches[0].bindings.size() - 1;
  expectRefused(
      [&](Artifact &a) {
        a.vulkan.dispatches[0].bindings[last].size = 80;
        a.manifest.dispatches[0].views[last].size = 80;
      },
      rlx::StatusCode::invalid_argument,
      "vulkan dispatch 0 binding " + std::to_string(last) + ": vulkan kernel " +
          std::to_string(valid.vulkan.dispatches[0].kernel) + " ('" +
          valid.vulkan.kernels[valid.vulkan.dispatches[0].kernel].entryPoint +
          "') declares it as 6144 bytes, but the dispatch binds 80 bytes");
}

// A dispatch sent to another kernel with the bindings that kernel takes,
// each one word: the kernel's arrays do not fit them.
TEST_F(VulkanManifestTrust, ADispatchSentToAnotherKernel) {
  expectRefused(
      [](Artifact &a) {
        rlx::runtime::VulkanDispatch &d = a.vulkan.dispatches[1];
        d.kernel = a.vulkan.dispatches[0].kernel;
        uint32_t n = a.vulkan.kernels[d.kernel].bindingCount;
        d.bindings.assign(n, {0, 4});
        a.manifest.dispatches[1].views.assign(n, {0, 4});
      },
      rlx::StatusCode::invalid_argument, "declares it as");
}

TEST_F(ManifestTrust, HugeGrid) {
  expectRefused(
      [](Artifact &a) {
        a.manifest.dispatches[0].grid = {1ll << 40, 1, 1};
      },
      rlx::StatusCode::invalid_argument,
      "dispatch 0 ('rlx_dispatch_0'): grid [1099511627776, 1, 1] has more "
      "than 2^31 (2147483648) points, the limit");
}

// One more workgroup than the code was compiled for would run past its
// views.
TEST_F(ManifestTrust, GridOneLarger) {
  std::array<int64_t, 3> grid = valid.manifest.dispatches[0].grid;
  std::string want = "[" + std::to_string(grid[0]) + ", " +
                     std::to_string(grid[1]) + ", " + std::to_string(grid[2]) +
                     "]";
  grid[0] += 1;
  std::string edited = "[" + std::to_string(grid[0]) + ", " +
                       std::to_string(grid[1]) + ", " +
                       std::to_string(grid[2]) + "]";
  expectRefused([&](Artifact &a) { a.manifest.dispatches[0].grid = grid; },
                rlx::StatusCode::invalid_argument,
                "dispatch 0 ('rlx_dispatch_0'): the manifest's grid " + edited +
                    " differs from the grid " + want +
                    " the code was compiled for");
}

// The arena shrunk to end where the slots do: the intermediate between the
// two dispatches lies past it.
TEST_F(ManifestTrust, ArenaShrunkUnderTheKernels) {
  uint64_t slotsEnd = 0, viewsEnd = 0;
  for (const rlx::Slot &s : valid.manifest.slots)
    slotsEnd = std::max(slotsEnd, s.offset + s.size);
  for (const rlx::Dispatch &d : valid.manifest.dispatches)
    for (const rlx::ArenaRange &v : d.views)
      viewsEnd = std::max(viewsEnd, v.offset + v.size);
  ASSERT_GT(viewsEnd, slotsEnd) << "the intermediate is not after the slots";
  expectRefused([&](Artifact &a) { a.manifest.arenaSize = slotsEnd; },
                rlx::StatusCode::invalid_argument,
                "exceeds arena size " + std::to_string(slotsEnd));
  // Views moved along with it: the code's footprint says otherwise.
  expectRefused(
      [&](Artifact &a) {
        a.manifest.arenaSize = slotsEnd;
        for (rlx::Dispatch &d : a.manifest.dispatches)
          for (rlx::ArenaRange &v : d.views)
            if (v.offset + v.size > slotsEnd)
              v.offset = 0, v.size = std::min<uint64_t>(v.size, slotsEnd);
      },
      rlx::StatusCode::invalid_argument, "the code touches offset");
}

TEST_F(ManifestTrust, SlotPastTheArena) {
  expectRefused(
      [](Artifact &a) {
        rlx::Slot &y = a.manifest.slots.back();
        y.offset = a.manifest.arenaSize;
      },
      rlx::StatusCode::invalid_argument, "exceeds arena size");
}

TEST_F(ManifestTrust, ViewPastTheArena) {
  expectRefused(
      [](Artifact &a) {
        a.manifest.dispatches[1].views[0].offset = a.manifest.arenaSize;
      },
      rlx::StatusCode::invalid_argument,
      "dispatch 1 ('rlx_dispatch_1') view 0: offset " +
          std::to_string(valid.manifest.arenaSize) + " + size");
}

TEST_F(ManifestTrust, InputSizeDisagreesWithShape) {
  expectRefused([](Artifact &a) { a.manifest.slots[0].size -= 4; },
                rlx::StatusCode::invalid_argument,
                "slot 0 ('x'): size 8188 != 8192 bytes of f32[32, 64]");
}

// x shrunk with its shape and its views: callers would pass 4 KiB, which
// the matmul reads past.
TEST_F(ManifestTrust, InputShrunkUnderTheCode) {
  expectRefused(
      [](Artifact &a) {
        rlx::Slot &x = a.manifest.slots[0];
        x.shape = {16, 64};
        x.size /= 2;
        for (rlx::Dispatch &d : a.manifest.dispatches)
          for (rlx::ArenaRange &v : d.views)
            if (v.offset == x.offset)
              v.size = x.size;
      },
      rlx::StatusCode::invalid_argument, "which holds 4096 bytes");
}

/// kParamModel: w is a param slot, read through the slot table.
class ParamManifestTrust : public ManifestTrust {
protected:
  const char *model() const override { return kParamModel; }

  const rlx::Slot &param() const {
    return *valid.manifest.findSlot(rlx::SlotRole::param, "w");
  }
};

TEST_F(ParamManifestTrust, ValidArtifactLoadsAndComputes) {
  ASSERT_NE(valid.manifest.findSlot(rlx::SlotRole::param, "w"), nullptr);
  // The param trails the arena (conversion/MIRToLIR/MemoryPlan.h).
  for (const rlx::Slot &s : valid.manifest.slots)
    if (s.role != rlx::SlotRole::param)
      EXPECT_LE(s.offset + s.size, param().offset) << s.name;
  expectLoadsAndComputes(bytes);
}

// The runtime itself refuses a run that would read a param never set (the
// slot table would hold a null entry), and runs once it is written.
TEST_F(ParamManifestTrust, RunWithAParamNeverSetIsRefused) {
  auto exe = rlx::runtime::load(valid);
  ASSERT_TRUE(exe.isOk()) << exe.status().toString();
  rlx::Status s = (*exe)->run(nullptr);
  EXPECT_EQ(s.code(), rlx::StatusCode::failed_precondition);
  EXPECT_EQ(s.message(), "run() on 'f': param 'w' was never set");
  std::vector<float> w = values(kK * kN, 2);
  ASSERT_TRUE((*exe)->writeSlot(param(), w.data()).isOk());
  EXPECT_TRUE((*exe)->run(nullptr).isOk());
  rlx::MemoryUse use = (*exe)->memoryUse();
  EXPECT_EQ(use.ownedParamBytes, 64u * 48 * 4);
  EXPECT_LE(use.arenaBytes, param().offset);
}

// w shrunk with its shape and its views: a caller's 6 KiB would be read
// past by the matmul.
TEST_F(ParamManifestTrust, ParamShrunkUnderTheCode) {
  expectRefused(
      [](Artifact &a) {
        rlx::Slot &w = *const_cast<rlx::Slot *>(
            a.manifest.findSlot(rlx::SlotRole::param, "w"));
        w.shape = {32, 48};
        w.size /= 2;
        for (rlx::Dispatch &d : a.manifest.dispatches)
          for (rlx::ArenaRange &v : d.views)
            if (v.offset == w.offset)
              v.size = w.size;
      },
      rlx::StatusCode::invalid_argument,
      "of param 'w' (table slot 1), which holds 6144 bytes");
}

// w moved onto the intermediate between the dispatches: the matmul's view
// of w no longer matches the code, and the softmax would read w's bytes
// from the arena, where params never are.
TEST_F(ParamManifestTrust, ParamMovedOntoAnArenaView) {
  const rlx::ArenaRange &between = valid.manifest.dispatches[1].views[0];
  ASSERT_GE(between.size, 1u);
  expectRefused(
      [&](Artifact &a) {
        rlx::Slot &w = *const_cast<rlx::Slot *>(
            a.manifest.findSlot(rlx::SlotRole::param, "w"));
        w.offset = between.offset;
        w.shape = {int64_t(between.size / 4)};
        w.size = between.size;
      },
      rlx::StatusCode::invalid_argument, "param 'w'");
}

} // namespace

namespace {

/// A splat constant the matmul cannot fold: 1 MiB of 0.5 as its B operand.
const char *kSplatModel = R"(
func.func @f(%x: tensor<2x512xf32> {mir.name = "x"}) -> (tensor<2x512xf32> {mir.name = "y"}) {
  %c = mir.constant dense<0.5> : tensor<512x512xf32>
  %y = mir.matmul %x, %c : (tensor<2x512xf32>, tensor<512x512xf32>) -> tensor<2x512xf32>
  return %y : tensor<2x512xf32>
})";

const rlx::Slot *splatSlot(const rlx::Manifest &manifest) {
  for (const rlx::Slot &slot : manifest.slots)
    if (slot.role == rlx::SlotRole::constant && slot.size == 512 * 512 * 4)
      return &slot;
  return nullptr;
}

} // namespace

/// A splat constant is one element in the artifact (format 6), so a huge
/// one costs nothing there: the loader fills the arena from it.
TEST(SplatConstants, StayOneElementInTheArtifact) {
  rlx::Session session;
  auto graph = session.compile(kSplatModel);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  const rlx::Slot *slot = splatSlot(graph->manifest());
  ASSERT_NE(slot, nullptr);
  EXPECT_EQ(slot->data.size(), 4u);
  EXPECT_TRUE(slot->isSplat());
  EXPECT_LT(graph->artifactBytes().size(), 512u * 512u);
  // x row i is i + 1 everywhere: y[i][j] = 512 * 0.5 * (i + 1), exact.
  std::vector<float> x(2 * 512);
  for (int i = 0; i < 2 * 512; ++i)
    x[i] = float(i / 512 + 1);
  auto out = graph->run(
      {rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {2, 512}))});
  ASSERT_TRUE(out.isOk()) << out.status().toString();
  const float *y = (*out)[0].floats();
  for (int j = 0; j < 512; ++j) {
    ASSERT_EQ(y[j], 256.0f) << j;
    ASSERT_EQ(y[512 + j], 512.0f) << j;
  }
}

/// A constant's data is its whole size or one element: anything between is
/// refused by the reader, naming the slot.
TEST(SplatConstants, OtherDataSizesAreRefused) {
  rlx::Session session;
  auto graph = session.compile(kSplatModel);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<uint8_t> bytes = graph->artifactBytes();
  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk());
  for (size_t size : {size_t(0), size_t(8), size_t(512 * 512 * 4 - 4)}) {
    Artifact edited = *artifact;
    for (rlx::Slot &slot : edited.manifest.slots)
      if (slot.role == rlx::SlotRole::constant && slot.size == 512 * 512 * 4)
        slot.data.assign(size, 0);
    std::vector<uint8_t> encoded = rlx::runtime::serializeArtifact(edited);
    auto decoded =
        rlx::runtime::deserializeArtifact(encoded.data(), encoded.size());
    ASSERT_FALSE(decoded.isOk()) << size;
    EXPECT_NE(decoded.status().message().find(
                  "bytes of data, expected size 1048576 (or one f32 element, "
                  "a splat)"),
              std::string::npos)
        << decoded.status().message();
  }
}
