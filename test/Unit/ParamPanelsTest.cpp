//===- ParamPanelsTest.cpp - Matmul weights stored in panels --------------===//
//
// A param read only as a matmul's B operand is stored in the microkernel's
// panels (runtime/KernelAbi.h, "Matmul panels"; rlx-cpu-pack-params): the
// layout itself, packParam, setParam / bindParam / bindStoredParam on such
// a param, artifacts that keep the width, and an edited width refused at
// load. Outputs are compared bitwise with the row-major compile
// (CompileOptions::packParams = false: the same products in the same order)
// and with a double reference (tolerance 1e-4 relative: f32 sums of 96
// products).
//
//===----------------------------------------------------------------------===//
#include "LinearGraph.h"
#include "runtime/Artifact.h"
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
                "panel width 64: only f32 matrices (rank 2) are stored in "
                "panels"),
            std::string::npos)
      << refused.status().message();
}

} // namespace
