//===- ParamPanelsTest.cpp - Matmul weights stored in panels --------------===//
//
// A param read only as a matmul's B operand is stored in the microkernel's
// panels (runtime/KernelAbi.h, "Matmul panels"; rlx-cpu-pack-params): the
// layout itself, packParam, setParam / bindParam / bindStoredParam on such
// a param, artifacts that keep the width, and an edited width refused at
// load; and bf16 params given in f32 and stored in pair panels (converted,
// then packed; "bf16 pair panels") where the host multiplies bf16 in pairs.
// Outputs are compared bitwise with the row-major compile
// (CompileOptions::packParams = false: the same products in the same order)
// and with a double reference (tolerance 1e-4 relative: f32 sums of 96
// products).
//
//===----------------------------------------------------------------------===//
#include "LinearGraph.h"
#include "runtime/Artifact.h"
#include "runtime/HalfFloat.h"
#include "runtime/KernelAbi.h"

#include "rlx/CompiledGraph.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

using namespace rlx::test;
using namespace rlx::test::linear;

rlx::CompiledGraph compile(bool packParams) {
  rlx::CompileOptions options;
  options.packParams = packParams;
  auto graph = rlx::Session().compileWith(linear::graph(), options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  return std::move(*graph);
}

void expectMatchesReference(const std::vector<float> &y,
                            const std::vector<float> &w) {
  ASSERT_EQ(y.size(), size_t(kM * kN));
  for (int64_t i = 0; i < kM; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      double h = kB[j];
      for (int64_t k = 0; k < kK; ++k)
        h += double(kX[i * kK + k]) * double(w[k * kN + j]);
      double want = std::max(h, 0.0);
      ASSERT_NEAR(y[i * kN + j], want, 1e-4 * (1 + std::fabs(want)))
          << i << ", " << j;
    }
}

const rlx::Slot &slotW(const rlx::CompiledGraph &graph) {
  return *graph.manifest().findSlot(rlx::SlotRole::param, "w");
}

// Element (k, n) of [K, N] in panels of W is at ((n / W) * K + k) * W +
// n % W: [2, 6] in panels of 3 is two panels of 2 rows of 3.
TEST(ParamPanels, TheLayoutIsTheAbis) {
  const float rowMajor[] = {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15};
  float panels[12];
  rlx_pack_panels(rowMajor, panels, 2, 6, 3);
  const float expected[] = {0, 1, 2, 10, 11, 12, 3, 4, 5, 13, 14, 15};
  EXPECT_EQ(std::memcmp(panels, expected, sizeof expected), 0);
}

TEST(ParamPanels, PackParamChecksAndPacks) {
  rlx::Slot slot;
  slot.name = "w";
  slot.role = rlx::SlotRole::param;
  slot.shape = {2, 6};
  slot.size = 48;
  slot.panelWidth = 3;
  const float rowMajor[] = {0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15};
  std::vector<uint8_t> stored;
  ASSERT_TRUE(
      rlx::packParam(slot, rlx::TensorView::of(rowMajor, {2, 6}), stored)
          .isOk());
  ASSERT_EQ(stored.size(), 48u);
  const float expected[] = {0, 1, 2, 10, 11, 12, 3, 4, 5, 13, 14, 15};
  EXPECT_EQ(std::memcmp(stored.data(), expected, 48), 0);
  // A row-major slot: the bytes as they are.
  slot.panelWidth = 0;
  ASSERT_TRUE(
      rlx::packParam(slot, rlx::TensorView::of(rowMajor, {2, 6}), stored)
          .isOk());
  EXPECT_EQ(std::memcmp(stored.data(), rowMajor, 48), 0);
  // The value is checked as setParam checks it.
  EXPECT_EQ(rlx::packParam(slot, rlx::TensorView::of(rowMajor, {6, 2}), stored)
                .message(),
            "param 'w' has shape [2x6], got [6x2]");
}

// The compiler stores w in panels and b row-major; both compiles compute
// the same bits.
TEST(ParamPanels, PanelsComputeWhatRowMajorComputes) {
  rlx::CompiledGraph packed = compile(true), plain = compile(false);
  int64_t width = slotW(packed).panelWidth;
  EXPECT_GT(width, 0);
  EXPECT_EQ(kN % width, 0);
  EXPECT_EQ(slotW(plain).panelWidth, 0);
  EXPECT_EQ(packed.manifest().findSlot(rlx::SlotRole::param, "b")->panelWidth,
            0);
  for (rlx::CompiledGraph *g : {&packed, &plain}) {
    ASSERT_TRUE(
        g->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
    ASSERT_TRUE(g->setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  }
  std::vector<float> y = run(packed);
  EXPECT_EQ(y, run(plain));
  expectMatchesReference(y, kW);
}

// bindParam cannot read the caller's row-major bytes in place: the graph
// packs its own copy (owned, later changes do not show). bindStoredParam
// binds packed bytes in place (borrowed, held alive).
TEST(ParamPanels, BindingPacksOrBorrowsPackedBytes) {
  rlx::CompiledGraph graph = compile(true);
  const rlx::Slot &w = slotW(graph);
  ASSERT_GT(w.panelWidth, 0);
  std::vector<float> weights = kW;
  ASSERT_TRUE(
      graph.bindParam("w", rlx::TensorView::of(weights.data(), {kK, kN}))
          .isOk());
  ASSERT_TRUE(
      graph.bindParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  // (The CPU allocates its param copies as one block on the first copy.)
  EXPECT_GE(graph.memoryUse().ownedParamBytes, w.size);
  EXPECT_EQ(graph.memoryUse().borrowedParamBytes, uint64_t(kN * 4));
  weights.assign(weights.size(), 100.0f);
  expectMatchesReference(run(graph), kW);

  auto stored = std::make_shared<std::vector<uint8_t>>();
  ASSERT_TRUE(
      rlx::packParam(w, rlx::TensorView::of(kW.data(), {kK, kN}), *stored)
          .isOk());
  bindStored(graph, "w", stored, rlx::DType::f32);
  rlx::MemoryUse use = graph.memoryUse();
  EXPECT_EQ(use.borrowedParamBytes, w.size + kN * 4);
  expectMatchesReference(run(graph), kW);

  // Wrong sizes are refused and the binding stays.
  rlx::TensorView view;
  view.data = stored->data();
  view.bytes = stored->size() - 4;
  EXPECT_EQ(graph.bindStoredParam("w", view).code(),
            rlx::StatusCode::invalid_argument);
  expectMatchesReference(run(graph), kW);
}

// An artifact keeps the width; the loaded graph packs what setParam gets.
TEST(ParamPanels, ArtifactsKeepTheLayout) {
  rlx::CompiledGraph graph = compile(true);
  std::vector<uint8_t> bytes = graph.artifactBytes();
  auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  EXPECT_EQ(slotW(*loaded).panelWidth, slotW(graph).panelWidth);
  ASSERT_TRUE(
      loaded->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
  ASSERT_TRUE(loaded->setParam("b", kB.data(), kB.size()).isOk());
  expectMatchesReference(run(*loaded), kW);
}

// A manifest edited to say row-major where the code reads panels (or
// another width) would compute garbage from the same bytes: the code's
// footprint says which layout it reads, and load refuses the difference.
TEST(ParamPanels, AnEditedWidthIsRefusedAtLoad) {
  rlx::CompiledGraph graph = compile(true);
  std::vector<uint8_t> bytes = graph.artifactBytes();
  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  int64_t width = slotW(graph).panelWidth;
  for (int64_t edited : {int64_t(0), width / 2}) {
    rlx::runtime::Artifact a = *artifact;
    for (rlx::Slot &s : a.manifest.slots)
      if (s.name == "w")
        s.panelWidth = edited;
    std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(a);
    auto refused = rlx::loadBytes(tampered.data(), tampered.size());
    ASSERT_FALSE(refused.isOk());
    EXPECT_EQ(refused.status().code(), rlx::StatusCode::invalid_argument);
    std::string stores = edited ? "in panels of " + std::to_string(edited)
                                : std::string("row-major");
    EXPECT_NE(refused.status().message().find(
                  "the code reads param 'w' (table slot 1) in panels of " +
                  std::to_string(width) + ", the manifest stores it " + stores),
              std::string::npos)
        << refused.status().message();
  }
  // A width the layout rules refuse, whatever the code: the manifest
  // verifier names it.
  rlx::runtime::Artifact a = *artifact;
  for (rlx::Slot &s : a.manifest.slots)
    if (s.name == "b")
      s.panelWidth = 64;
  std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(a);
  auto refused = rlx::loadBytes(tampered.data(), tampered.size());
  ASSERT_FALSE(refused.isOk());
  EXPECT_NE(refused.status().message().find(
                "panel width 64: only f32 and bf16 matrices (rank 2) are "
                "stored in panels"),
            std::string::npos)
      << refused.status().message();
}

//===----------------------------------------------------------------------===//
// bf16 pair panels
//===----------------------------------------------------------------------===//

// Element (k, n) of bf16 [K, N] in pair panels of W is at ((n / W) * (K /
// 2) + k / 2) * 2W + 2 (n % W) + k % 2: panel by panel, pair of rows by
// pair, column by column, the pair's two rows side by side. [4, 6] in
// panels of 3, element (k, n) = 100 + 6k + n:
const uint16_t kPairRowMajor[] = {100, 101, 102, 103, 104, 105, 106, 107,
                                  108, 109, 110, 111, 112, 113, 114, 115,
                                  116, 117, 118, 119, 120, 121, 122, 123};
const uint16_t kPairPanels[] = {100, 106, 101, 107, 102, 108, 112, 118,
                                113, 119, 114, 120, 103, 109, 104, 110,
                                105, 111, 115, 121, 116, 122, 117, 123};

TEST(ParamPanels, ThePairLayoutIsTheAbis) {
  uint16_t panels[24];
  rlx_pack_pair_panels(kPairRowMajor, panels, 4, 6, 3);
  EXPECT_EQ(std::memcmp(panels, kPairPanels, sizeof kPairPanels), 0);
}

// packParam of a bf16 pair-panel param given in f32: converted, then
// paired (integers, exact in bf16: the bits are f32's top half).
TEST(ParamPanels, PackParamConvertsThenPairs) {
  rlx::Slot slot;
  slot.name = "w";
  slot.role = rlx::SlotRole::param;
  slot.dtype = rlx::DType::bf16;
  slot.givenAs = rlx::DType::f32;
  slot.shape = {4, 6};
  slot.size = 48;
  slot.panelWidth = 3;
  float given[24];
  for (int i = 0; i < 24; ++i)
    given[i] = float(kPairRowMajor[i]);
  std::vector<uint8_t> stored;
  ASSERT_TRUE(
      rlx::packParam(slot, rlx::TensorView::of(given, {4, 6}), stored).isOk());
  ASSERT_EQ(stored.size(), 48u);
  for (int i = 0; i < 24; ++i) {
    float want = float(kPairPanels[i]);
    uint32_t bits;
    std::memcpy(&bits, &want, 4);
    uint16_t got;
    std::memcpy(&got, stored.data() + 2 * i, 2);
    EXPECT_EQ(got, bits >> 16) << i;
  }
}

rlx::CompiledGraph compileBf16(bool packParams) {
  rlx::CompileOptions options;
  options.packParams = packParams;
  auto graph = rlx::Session(rlx::Device::cpu, rlx::Precision::autoMixedBf16)
                   .compileWith(linear::graph(), options);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  return std::move(*graph);
}

// Under auto-mixed-bf16 w is stored in bf16, given in f32, and (with
// AVX512-BF16) in pair panels the microkernel reads in place: the same
// products in the same order as the row-major compile, which packs the
// pairs on every run, so the same bits; through setParam, bindParam (the
// graph's own converted and paired copy), packParam + bindStoredParam (in
// place) and an artifact.
TEST(ParamPanels, Bf16PairPanelsComputeWhatRowMajorComputes) {
  rlx::CompiledGraph packed = compileBf16(true), plain = compileBf16(false);
  const rlx::Slot &w = slotW(packed);
  EXPECT_EQ(w.dtype, rlx::DType::bf16);
  EXPECT_EQ(w.givenDType(), rlx::DType::f32);
  EXPECT_EQ(slotW(plain).panelWidth, 0);
  if (w.panelWidth == 0)
    GTEST_SKIP() << "this host has no AVX512-BF16: bf16 params stay "
                    "row-major (the pairs' IR is checked by pack-params.mlir "
                    "and matmul-panels.mlir)";
  EXPECT_EQ(kN % w.panelWidth, 0);
  for (rlx::CompiledGraph *g : {&packed, &plain}) {
    ASSERT_TRUE(
        g->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
    ASSERT_TRUE(g->setParam("b", rlx::TensorView::of(kB.data(), {kN})).isOk());
  }
  std::vector<float> y = run(packed);
  ASSERT_EQ(y, run(plain));
  // kX and kW are multiples of 1/64 below 1/2, exact in bf16; the sums of
  // 96 products are exact in f32, and y is rounded to bf16 once.
  for (int64_t i = 0; i < kM; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      double h = kB[j];
      for (int64_t k = 0; k < kK; ++k)
        h += double(kX[i * kK + k]) * double(kW[k * kN + j]);
      double want = std::max(h, 0.0);
      ASSERT_NEAR(y[i * kN + j], want, std::ldexp(std::fabs(want), -8))
          << i << ", " << j;
    }

  std::vector<float> weights = kW;
  ASSERT_TRUE(
      packed.bindParam("w", rlx::TensorView::of(weights.data(), {kK, kN}))
          .isOk());
  weights.assign(weights.size(), 100.0f);
  EXPECT_EQ(run(packed), y);

  auto stored = std::make_shared<std::vector<uint8_t>>();
  ASSERT_TRUE(
      rlx::packParam(w, rlx::TensorView::of(kW.data(), {kK, kN}), *stored)
          .isOk());
  std::vector<uint16_t> bits(kW.size()), paired(kW.size());
  for (size_t i = 0; i < kW.size(); ++i)
    bits[i] = rlx::runtime::roundToBf16Bits(kW[i]);
  rlx_pack_pair_panels(bits.data(), paired.data(), kK, kN, w.panelWidth);
  ASSERT_EQ(stored->size(), paired.size() * 2);
  EXPECT_EQ(std::memcmp(stored->data(), paired.data(), stored->size()), 0);
  bindStored(packed, "w", stored, rlx::DType::bf16);
  EXPECT_EQ(run(packed), y);

  std::vector<uint8_t> bytes = packed.artifactBytes();
  auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
  ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
  EXPECT_EQ(slotW(*loaded).panelWidth, w.panelWidth);
  EXPECT_EQ(slotW(*loaded).dtype, rlx::DType::bf16);
  ASSERT_TRUE(
      loaded->setParam("w", rlx::TensorView::of(kW.data(), {kK, kN})).isOk());
  ASSERT_TRUE(loaded->setParam("b", kB.data(), kB.size()).isOk());
  EXPECT_EQ(run(*loaded), y);
}

// K = 520 runs in two K blocks of 260 (even): the second reads the pair
// panels from pair row 130 on. Bitwise against the row-major compile.
TEST(ParamPanels, Bf16PairPanelsAcrossKBlocks) {
  constexpr int64_t m = 7, k = 520, n = 128;
  rlx::Graph g;
  rlx::Tensor x = g.input("x", rlx::DType::f32, {m, k});
  rlx::Tensor w = g.param("w", rlx::DType::f32, {k, n});
  rlx::Tensor b = g.param("b", rlx::DType::f32, {n});
  g.setOutputs({{"y", g.linear(x, w, b, rlx::Activation::none)}});
  std::vector<float> xs = values(m * k, 4), ws = values(k * n, 5),
                     bs = values(n, 6);
  std::vector<std::vector<float>> ys;
  for (bool packParams : {true, false}) {
    rlx::CompileOptions options;
    options.packParams = packParams;
    auto graph = rlx::Session(rlx::Device::cpu, rlx::Precision::autoMixedBf16)
                     .compileWith(g, options);
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    if (packParams && slotW(*graph).panelWidth == 0)
      GTEST_SKIP() << "this host has no AVX512-BF16";
    ASSERT_TRUE(
        graph->setParam("w", rlx::TensorView::of(ws.data(), {k, n})).isOk());
    ASSERT_TRUE(graph->setParam("b", bs.data(), bs.size()).isOk());
    auto out = graph->run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(xs.data(), {m, k}))});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    const float *y = (*out)[0].floats();
    ys.emplace_back(y, y + m * n);
  }
  EXPECT_EQ(ys[0], ys[1]);
}

} // namespace
