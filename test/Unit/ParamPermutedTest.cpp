//===- ParamPermutedTest.cpp - Params transposed once, when set -----------===//
//
// A param that every use transposes one way (ONNX Gemm's transB) is stored
// transposed (mir-fold-param-layouts, Slot::permutation): the caller gives
// its values in the original dim order and setParam permutes them once
// instead of a transpose kernel on every run. Checked here: the manifest
// (permutation, stored and given shapes, no transpose dispatch), setParam /
// bindParam / bindStoredParam / packParam on such a param and the shapes
// they accept, the outputs against a naive reference and against a graph
// whose param is declared in the stored order and given values the test
// transposes (the same kernels: bitwise equal), rank-3 permutations, panel
// packing and bf16 conversion after the permutation, artifacts that keep or
// corrupt the permutation, a ModelCompilePipeline's shared copy, and
// Vulkan.
//
// Values are multiples of 1/64 in [-30/64, 30/64]: every product and every
// partial sum below is exact in f32, so the f32 outputs equal the double
// reference exactly, whatever the summation order.
//
//===----------------------------------------------------------------------===//
#include "runtime/Artifact.h"
#include "runtime/ManifestVerifier.h"

#include "rlx/CompiledGraph.h"
#include "rlx/Devices.h"
#include "rlx/ModelPipeline.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace {

using rlx::DType;

std::vector<float> values(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = float(int((i * 37 + seed * 11) % 61) - 30) / 64.0f;
  return v;
}

std::string dims(std::initializer_list<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s;
}

/// y = x * transpose(w): x [M, K], w given [N, K] (a torch Linear's
/// weight), y [M, N].
std::string transposedModel(int64_t m, int64_t k, int64_t n) {
  std::string x = "tensor<" + dims({m, k}) + "f32>";
  std::string w = "tensor<" + dims({n, k}) + "f32>";
  std::string t = "tensor<" + dims({k, n}) + "f32>";
  std::string y = "tensor<" + dims({m, n}) + "f32>";
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> (" + y +
         " {mir.name = \"y\"}) {\n"
         "  %w = mir.param \"w\" : " +
         w +
         "\n"
         "  %t = mir.transpose %w permutation = [1, 0] : " +
         w + " -> " + t + "\n  %y = mir.matmul %x, %t : (" + x + ", " + t +
         ") -> " + y + "\n  return %y : " + y + "\n}\n";
}

/// y = x * w with w declared [K, N]: the kernels the folded graph runs.
std::string plainModel(int64_t m, int64_t k, int64_t n) {
  std::string x = "tensor<" + dims({m, k}) + "f32>";
  std::string w = "tensor<" + dims({k, n}) + "f32>";
  std::string y = "tensor<" + dims({m, n}) + "f32>";
  return "func.func @f(%x: " + x + " {mir.name = \"x\"}) -> (" + y +
         " {mir.name = \"y\"}) {\n"
         "  %w = mir.param \"w\" : " +
         w +
         "\n"
         "  %y = mir.matmul %x, %w : (" +
         x + ", " + w + ") -> " + y + "\n  return %y : " + y + "\n}\n";
}

/// [R, C] row-major -> [C, R] row-major.
std::vector<float> transpose2d(const std::vector<float> &a, int64_t r,
                               int64_t c) {
  std::vector<float> t(a.size());
  for (int64_t i = 0; i < r; ++i)
    for (int64_t j = 0; j < c; ++j)
      t[j * r + i] = a[i * c + j];
  return t;
}

/// y = x * w^T, w [N, K], in double (exact here; see the file comment).
std::vector<float> reference(const std::vector<float> &x,
                             const std::vector<float> &w, int64_t m, int64_t k,
                             int64_t n) {
  std::vector<float> y(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = 0;
      for (int64_t p = 0; p < k; ++p)
        s += double(x[i * k + p]) * double(w[j * k + p]);
      y[i * n + j] = float(s);
    }
  return y;
}

/// The one output for x (f32 [M, K]), or empty after a failure.
std::vector<float> runY(rlx::CompiledGraph &g, const std::vector<float> &x,
                        int64_t m, int64_t k) {
  auto out =
      g.run({rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {m, k}))});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk() || out->size() != 1)
    return {};
  const float *y = (*out)[0].floats();
  if (!y)
    return {};
  return std::vector<float>(y, y + (*out)[0].bytes.size() / sizeof(float));
}

/// The output's raw bytes for x (f32 [M, K]).
std::vector<uint8_t> runBytes(rlx::CompiledGraph &g,
                              const std::vector<float> &x, int64_t m,
                              int64_t k) {
  auto out =
      g.run({rlx::NamedInput::of("x", rlx::TensorView::of(x.data(), {m, k}))});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk() || out->size() != 1)
    return {};
  return (*out)[0].bytes;
}

const rlx::Slot &slotW(const rlx::CompiledGraph &graph) {
  const rlx::Slot *slot = graph.manifest().findSlot(rlx::SlotRole::param, "w");
  EXPECT_NE(slot, nullptr);
  static const rlx::Slot none;
  return slot ? *slot : none;
}

rlx::CompiledGraph compile(const std::string &text,
                           rlx::Device device = rlx::Device::cpu,
                           rlx::Precision precision = rlx::Precision::f32) {
  auto graph = rlx::Session(device, precision).compile(text);
  EXPECT_TRUE(graph.isOk()) << graph.status().toString();
  return std::move(*graph);
}

bool hasTransposeDispatch(const rlx::CompiledGraph &g) {
  for (const rlx::Dispatch &d : g.manifest().dispatches)
    if (d.kernel.find("transpose") != std::string::npos)
      return true;
  return false;
}

constexpr int64_t kM = 3, kK = 4, kN = 5;

// The default pipeline folds the transpose into the param: slot "w" is
// stored [K, N] = [4, 5], given [N, K] = [5, 4], and no dispatch transposes.
TEST(ParamPermuted, TheDefaultPipelineStoresTheParamTransposed) {
  rlx::CompiledGraph graph = compile(transposedModel(kM, kK, kN));
  const rlx::Slot &w = slotW(graph);
  EXPECT_EQ(w.permutation, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(w.shape, (std::vector<int64_t>{kK, kN}));
  EXPECT_EQ(w.givenShape(), (std::vector<int64_t>{kN, kK}));
  EXPECT_EQ(w.dtype, DType::f32);
  EXPECT_FALSE(w.givenAs.has_value());
  EXPECT_EQ(w.size, uint64_t(kK * kN * 4));
  EXPECT_TRUE(w.storedDiffersFromGiven());
  EXPECT_FALSE(hasTransposeDispatch(graph));
  // The plain graph has no permutation (nothing to fold).
  rlx::CompiledGraph plain = compile(plainModel(kM, kK, kN));
  EXPECT_TRUE(slotW(plain).permutation.empty());
  EXPECT_EQ(slotW(plain).givenShape(), (std::vector<int64_t>{kK, kN}));
}

// setParam with the values as given ([N, K] row-major): the output is
// x * w^T exactly, by every setter.
TEST(ParamPermuted, SetParamPermutesTheGivenValues) {
  rlx::CompiledGraph graph = compile(transposedModel(kM, kK, kN));
  std::vector<float> x = values(kM * kK, 1), w = values(kN * kK, 2);
  std::vector<float> want = reference(x, w, kM, kK, kN);
  // The count-only overload.
  ASSERT_TRUE(graph.setParam("w", w.data(), w.size()).isOk());
  EXPECT_EQ(runY(graph, x, kM, kK), want);
  // The shaped overload, in the given shape.
  std::vector<float> w2 = values(kN * kK, 7);
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(w2.data(), {kN, kK})).isOk());
  EXPECT_EQ(runY(graph, x, kM, kK), reference(x, w2, kM, kK, kN));
  // The typed overload.
  ASSERT_TRUE(
      graph.setParamTyped("w", w.data(), w.size() * 4, DType::f32).isOk());
  EXPECT_EQ(runY(graph, x, kM, kK), want);
  // The plain graph given the transposed values computes the same bits.
  rlx::CompiledGraph plain = compile(plainModel(kM, kK, kN));
  std::vector<float> wt = transpose2d(w, kN, kK);
  ASSERT_TRUE(plain.setParam("w", wt.data(), wt.size()).isOk());
  EXPECT_EQ(runBytes(plain, x, kM, kK), runBytes(graph, x, kM, kK));
}

// The stored shape is refused, with a message naming the given shape and
// the stored one; the binding before stays.
TEST(ParamPermuted, SetParamTakesTheGivenShape) {
  rlx::CompiledGraph graph = compile(transposedModel(kM, kK, kN));
  std::vector<float> x = values(kM * kK, 1), w = values(kN * kK, 2);
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(w.data(), {kN, kK})).isOk());
  std::vector<float> zeros(kN * kK, 0.0f);
  rlx::Status stored =
      graph.setParam("w", rlx::TensorView::of(zeros.data(), {kK, kN}));
  EXPECT_EQ(stored.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(stored.message(),
            "param 'w' has shape [5x4] (stored permuted to [4x5]), got [4x5]");
  rlx::Status flat =
      graph.setParam("w", rlx::TensorView::of(zeros.data(), {kN * kK}));
  EXPECT_EQ(flat.message(),
            "param 'w' has shape [5x4] (stored permuted to [4x5]), got [20]");
  rlx::Status bytes = graph.setParamTyped("w", zeros.data(), 8, DType::f32);
  EXPECT_EQ(bytes.code(), rlx::StatusCode::invalid_argument);
  EXPECT_EQ(bytes.message(),
            "param 'w' needs 20 elements (80 bytes), got 8 bytes");
  EXPECT_EQ(runY(graph, x, kM, kK), reference(x, w, kM, kK, kN));
}

// bindParam cannot read the given order in place: the graph permutes its
// own copy (later changes do not show). packParam permutes; the stored
// bytes ([K, N] row-major) bind in place with bindStoredParam.
TEST(ParamPermuted, BindingPermutesOrBorrowsStoredBytes) {
  rlx::CompiledGraph graph = compile(transposedModel(kM, kK, kN));
  const rlx::Slot &slot = slotW(graph);
  std::vector<float> x = values(kM * kK, 1), w = values(kN * kK, 2);
  std::vector<float> want = reference(x, w, kM, kK, kN);
  std::vector<float> weights = w;
  ASSERT_TRUE(
      graph.bindParam("w", rlx::TensorView::of(weights.data(), {kN, kK}))
          .isOk());
  EXPECT_GE(graph.memoryUse().ownedParamBytes, slot.size);
  weights.assign(weights.size(), 100.0f);
  EXPECT_EQ(runY(graph, x, kM, kK), want);

  auto stored = std::make_shared<std::vector<uint8_t>>();
  ASSERT_TRUE(
      rlx::packParam(slot, rlx::TensorView::of(w.data(), {kN, kK}), *stored)
          .isOk());
  std::vector<float> wt = transpose2d(w, kN, kK);
  ASSERT_EQ(stored->size(), wt.size() * 4);
  EXPECT_EQ(std::memcmp(stored->data(), wt.data(), stored->size()), 0);
  // packParam checks the given shape as setParam does.
  std::vector<uint8_t> refused;
  EXPECT_EQ(
      rlx::packParam(slot, rlx::TensorView::of(w.data(), {kK, kN}), refused)
          .message(),
      "param 'w' has shape [5x4] (stored permuted to [4x5]), got [4x5]");

  rlx::TensorView view;
  view.dtype = DType::f32;
  view.data = stored->data();
  view.bytes = stored->size();
  rlx::Status s = graph.bindStoredParam(
      "w", view, std::shared_ptr<const void>(stored, stored->data()));
  ASSERT_TRUE(s.isOk()) << s.toString();
  EXPECT_EQ(graph.memoryUse().borrowedParamBytes, slot.size);
  EXPECT_EQ(runY(graph, x, kM, kK), want);
}

// Rank 3: y = x + transpose(w) with w given [2, 3, 4]; result dim i is
// given dim p[i]. Two permutations that are each other's inverse, so a
// runtime that applied the inverse would fail one of them.
TEST(ParamPermuted, Rank3Permutations) {
  const std::vector<int64_t> given = {2, 3, 4};
  for (std::vector<int64_t> p :
       {std::vector<int64_t>{2, 0, 1}, std::vector<int64_t>{1, 2, 0}}) {
    std::vector<int64_t> shape = {given[p[0]], given[p[1]], given[p[2]]};
    std::string ps = std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " +
                     std::to_string(p[2]);
    SCOPED_TRACE("permutation [" + ps + "]");
    std::string w = "tensor<" + dims({given[0], given[1], given[2]}) + "f32>";
    std::string t = "tensor<" + dims({shape[0], shape[1], shape[2]}) + "f32>";
    std::string text =
        "func.func @f(%x: " + t + " {mir.name = \"x\"}) -> (" + t +
        " {mir.name = \"y\"}) {\n  %w = mir.param \"w\" : " + w +
        "\n  %t = mir.transpose %w permutation = [" + ps + "] : " + w + " -> " +
        t + "\n  %y = mir.binary add %x, %t : (" + t + ", " + t + ") -> " + t +
        "\n  return %y : " + t + "\n}\n";
    rlx::CompiledGraph graph = compile(text);
    const rlx::Slot &slot = slotW(graph);
    EXPECT_EQ(slot.permutation, p);
    EXPECT_EQ(slot.shape, shape);
    EXPECT_EQ(slot.givenShape(), given);
    EXPECT_FALSE(hasTransposeDispatch(graph));

    std::vector<float> wv(24), xv(24, 0.0f);
    for (size_t i = 0; i < wv.size(); ++i)
      wv[i] = float(i + 1);
    ASSERT_TRUE(
        graph.setParam("w", rlx::TensorView::of(wv.data(), given)).isOk());
    auto out = graph.run(
        {rlx::NamedInput::of("x", rlx::TensorView::of(xv.data(), shape))});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    const float *y = (*out)[0].floats();
    ASSERT_NE(y, nullptr);
    // y[a0, a1, a2] = w[g] with g[p[i]] = a[i].
    for (int64_t a0 = 0; a0 < shape[0]; ++a0)
      for (int64_t a1 = 0; a1 < shape[1]; ++a1)
        for (int64_t a2 = 0; a2 < shape[2]; ++a2) {
          int64_t a[3] = {a0, a1, a2}, g[3];
          for (int i = 0; i < 3; ++i)
            g[p[i]] = a[i];
          float want = wv[(g[0] * given[1] + g[1]) * given[2] + g[2]];
          ASSERT_EQ(y[(a0 * shape[1] + a1) * shape[2] + a2], want)
              << a0 << ", " << a1 << ", " << a2;
        }
    // packParam stores the same order.
    std::vector<uint8_t> stored;
    ASSERT_TRUE(
        rlx::packParam(slot, rlx::TensorView::of(wv.data(), given), stored)
            .isOk());
    ASSERT_EQ(stored.size(), 24u * 4);
    EXPECT_EQ(std::memcmp(stored.data(), y, stored.size()), 0);
  }
}

constexpr int64_t kPM = 8, kPK = 64, kPN = 128;

// A weight the CPU stores in panels ([K, N] = [64, 128], N a multiple of
// the panel width): permuted, then packed; the output is the reference's
// and the bits of the plain graph (also packed) given the transposed
// values.
TEST(ParamPermuted, PermutedThenPacked) {
  rlx::CompiledGraph graph = compile(transposedModel(kPM, kPK, kPN));
  const rlx::Slot &w = slotW(graph);
  EXPECT_EQ(w.permutation, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(w.shape, (std::vector<int64_t>{kPK, kPN}));
  EXPECT_EQ(w.givenShape(), (std::vector<int64_t>{kPN, kPK}));
  ASSERT_GT(w.panelWidth, 0);
  EXPECT_EQ(kPN % w.panelWidth, 0);
  EXPECT_FALSE(hasTransposeDispatch(graph));

  std::vector<float> x = values(kPM * kPK, 1), wv = values(kPN * kPK, 2);
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(wv.data(), {kPN, kPK})).isOk());
  EXPECT_EQ(runY(graph, x, kPM, kPK), reference(x, wv, kPM, kPK, kPN));

  rlx::CompiledGraph plain = compile(plainModel(kPM, kPK, kPN));
  EXPECT_EQ(slotW(plain).panelWidth, w.panelWidth);
  std::vector<float> wt = transpose2d(wv, kPN, kPK);
  ASSERT_TRUE(plain.setParam("w", wt.data(), wt.size()).isOk());
  EXPECT_EQ(runBytes(plain, x, kPM, kPK), runBytes(graph, x, kPM, kPK));

  // packParam: the plain graph's panels of the transposed values.
  std::vector<uint8_t> permuted, packed;
  ASSERT_TRUE(
      rlx::packParam(w, rlx::TensorView::of(wv.data(), {kPN, kPK}), permuted)
          .isOk());
  ASSERT_TRUE(rlx::packParam(slotW(plain),
                             rlx::TensorView::of(wt.data(), {kPK, kPN}), packed)
                  .isOk());
  EXPECT_EQ(permuted, packed);
}

// Under auto-mixed-bf16 the folded weight is also stored in bf16, given in
// f32: permuted, converted, then packed (pair panels where the host
// multiplies bf16 in pairs). The bits equal the plain graph's under the
// same policy given the transposed values.
TEST(ParamPermuted, PermutedThenConverted) {
  rlx::CompiledGraph graph =
      compile(transposedModel(kPM, kPK, kPN), rlx::Device::cpu,
              rlx::Precision::autoMixedBf16);
  const rlx::Slot &w = slotW(graph);
  EXPECT_EQ(w.permutation, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(w.dtype, DType::bf16);
  EXPECT_EQ(w.givenDType(), DType::f32);
  EXPECT_EQ(w.shape, (std::vector<int64_t>{kPK, kPN}));
  EXPECT_EQ(w.givenShape(), (std::vector<int64_t>{kPN, kPK}));

  rlx::CompiledGraph plain =
      compile(plainModel(kPM, kPK, kPN), rlx::Device::cpu,
              rlx::Precision::autoMixedBf16);
  EXPECT_EQ(slotW(plain).dtype, DType::bf16);
  EXPECT_EQ(slotW(plain).panelWidth, w.panelWidth);

  std::vector<float> x = values(kPM * kPK, 1), wv = values(kPN * kPK, 2);
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(wv.data(), {kPN, kPK})).isOk());
  std::vector<float> wt = transpose2d(wv, kPN, kPK);
  ASSERT_TRUE(
      plain.setParam("w", rlx::TensorView::of(wt.data(), {kPK, kPN})).isOk());
  std::vector<uint8_t> y = runBytes(graph, x, kPM, kPK);
  ASSERT_FALSE(y.empty());
  EXPECT_EQ(y, runBytes(plain, x, kPM, kPK));
  // The inputs and weights are exact in bf16; the output is the
  // reference within the policy's bf16 rounding of the result (2^-8
  // relative; the cast back to f32 is exact).
  std::vector<float> want = reference(x, wv, kPM, kPK, kPN);
  ASSERT_EQ(y.size(), want.size() * 4);
  std::vector<float> got(want.size());
  std::memcpy(got.data(), y.data(), y.size());
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_NEAR(got[i], want[i],
                std::ldexp(1.0, -8) * std::fabs(want[i]) + std::ldexp(1.0, -12))
        << i;
}

// The artifact keeps the permutation: loaded from bytes and from a file, the
// graph takes the given shape and computes the same values.
TEST(ParamPermuted, ArtifactsKeepThePermutation) {
  for (auto [m, k, n] :
       {std::tuple<int64_t, int64_t, int64_t>{kM, kK, kN},
        std::tuple<int64_t, int64_t, int64_t>{kPM, kPK, kPN}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    rlx::CompiledGraph graph = compile(transposedModel(m, k, n));
    const std::vector<uint8_t> &bytes = graph.artifactBytes();
    auto artifact =
        rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
    ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
    const rlx::Slot *w = artifact->manifest.findSlot(rlx::SlotRole::param, "w");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->permutation, (std::vector<int64_t>{1, 0}));
    EXPECT_EQ(rlx::runtime::serializeArtifact(*artifact), bytes);

    std::vector<float> x = values(m * k, 1), wv = values(n * k, 2);
    std::vector<float> want = reference(x, wv, m, k, n);
    auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
    EXPECT_EQ(slotW(*loaded).permutation, (std::vector<int64_t>{1, 0}));
    EXPECT_EQ(slotW(*loaded).panelWidth, slotW(graph).panelWidth);
    EXPECT_EQ(slotW(*loaded).givenShape(), (std::vector<int64_t>{n, k}));
    EXPECT_FALSE(
        loaded->setParam("w", rlx::TensorView::of(wv.data(), {k, n})).isOk());
    ASSERT_TRUE(
        loaded->setParam("w", rlx::TensorView::of(wv.data(), {n, k})).isOk());
    EXPECT_EQ(runY(*loaded, x, m, k), want);

    std::string path = ::testing::TempDir() + "rlx_param_permuted_" +
                       std::to_string(::getpid()) + "_" + std::to_string(n) +
                       ".rlx";
    ASSERT_TRUE(graph.save(path).isOk());
    auto fromFile = rlx::load(path);
    std::remove(path.c_str());
    ASSERT_TRUE(fromFile.isOk()) << fromFile.status().toString();
    EXPECT_EQ(slotW(*fromFile).permutation, (std::vector<int64_t>{1, 0}));
    ASSERT_TRUE(fromFile->setParam("w", wv.data(), wv.size()).isOk());
    EXPECT_EQ(runY(*fromFile, x, m, k), want);
  }
}

// An artifact edited to a permutation the rules refuse is refused at load,
// naming the slot and the permutation; the unedited one still loads.
TEST(ParamPermuted, ArtifactsWithBadPermutationsAreRefused) {
  rlx::CompiledGraph graph = compile(transposedModel(kM, kK, kN));
  const std::vector<uint8_t> &bytes = graph.artifactBytes();
  auto artifact = rlx::runtime::deserializeArtifact(bytes.data(), bytes.size());
  ASSERT_TRUE(artifact.isOk()) << artifact.status().toString();
  size_t wIndex = 0, xIndex = 0;
  for (size_t i = 0; i < artifact->manifest.slots.size(); ++i) {
    if (artifact->manifest.slots[i].name == "w")
      wIndex = i;
    if (artifact->manifest.slots[i].name == "x")
      xIndex = i;
  }
  std::string w = "slot " + std::to_string(wIndex) + " ('w'): ";
  std::string x = "slot " + std::to_string(xIndex) + " ('x'): ";
  struct Edit {
    const char *slot;
    std::vector<int64_t> permutation;
    std::string message;
  };
  const Edit edits[] = {
      {"w",
       {0, 1},
       w + "permutation [0, 1]: the identity permutation stores nothing "
           "differently"},
      {"w", {1, 1}, w + "permutation [1, 1]: a permutation entry repeats"},
      {"w",
       {2, 0},
       w + "permutation [2, 0]: a permutation entry is out of range"},
      {"w",
       {-1, 0},
       w + "permutation [-1, 0]: a permutation entry is out of range"},
      // The reader refuses a length other than 0 or the rank itself.
      {"w", {1, 0, 2}, "permutation of 3 entries for rank 2"},
      {"w", {1}, "permutation of 1 entries for rank 2"},
      {"x",
       {1, 0},
       x + "permutation [1, 0]: only params (not state) are stored permuted"},
  };
  for (const Edit &e : edits) {
    SCOPED_TRACE(e.message);
    rlx::runtime::Artifact a = *artifact;
    for (rlx::Slot &s : a.manifest.slots)
      if (s.name == e.slot)
        s.permutation = e.permutation;
    std::vector<uint8_t> tampered = rlx::runtime::serializeArtifact(a);
    auto refused = rlx::loadBytes(tampered.data(), tampered.size());
    ASSERT_FALSE(refused.isOk());
    EXPECT_EQ(refused.status().code(), rlx::StatusCode::invalid_argument);
    EXPECT_NE(refused.status().message().find(e.message), std::string::npos)
        << refused.status().message();
  }
  // A permutation dropped: a valid artifact of a row-major param, which then
  // takes the stored shape (the runtime no longer transposes).
  rlx::runtime::Artifact dropped = *artifact;
  dropped.manifest.slots[wIndex].permutation.clear();
  std::vector<uint8_t> plainBytes = rlx::runtime::serializeArtifact(dropped);
  auto plain = rlx::loadBytes(plainBytes.data(), plainBytes.size());
  ASSERT_TRUE(plain.isOk()) << plain.status().toString();
  EXPECT_EQ(slotW(*plain).givenShape(), (std::vector<int64_t>{kK, kN}));
  auto untouched = rlx::loadBytes(bytes.data(), bytes.size());
  EXPECT_TRUE(untouched.isOk()) << untouched.status().toString();
}

// verifyManifest itself (what every loader runs) on a manifest built here:
// each rule, naming the slot; the state rule too.
TEST(ParamPermuted, TheManifestVerifierChecksPermutations) {
  rlx::Manifest m;
  m.name = "m";
  m.alignment = 64;
  m.arenaSize = 256;
  rlx::Slot in;
  in.name = "x";
  in.role = rlx::SlotRole::input;
  in.shape = {2, 4};
  in.offset = 0;
  in.size = 32;
  rlx::Slot w;
  w.name = "w";
  w.role = rlx::SlotRole::param;
  w.shape = {4, 2, 2};
  w.offset = 64;
  w.size = 64;
  w.permutation = {2, 0, 1};
  m.slots = {in, w};
  rlx::Status ok = rlx::runtime::verifyManifest(m);
  ASSERT_TRUE(ok.isOk()) << ok.toString();
  EXPECT_EQ(m.slots[1].givenShape(), (std::vector<int64_t>{2, 2, 4}));

  struct Edit {
    size_t slot;
    std::vector<int64_t> permutation;
    bool state;
    std::string message;
  };
  const Edit edits[] = {
      {1,
       {0, 1, 2},
       false,
       "slot 1 ('w'): permutation [0, 1, 2]: the identity permutation stores "
       "nothing differently"},
      {1,
       {1, 0},
       false,
       "slot 1 ('w'): permutation [1, 0]: the permutation does not have one "
       "entry per dim"},
      {1,
       {2, 0, 1, 3},
       false,
       "slot 1 ('w'): permutation [2, 0, 1, 3]: the permutation does not "
       "have one entry per dim"},
      {1,
       {2, 2, 1},
       false,
       "slot 1 ('w'): permutation [2, 2, 1]: a permutation entry repeats"},
      {1,
       {3, 0, 1},
       false,
       "slot 1 ('w'): permutation [3, 0, 1]: a permutation entry is out of "
       "range"},
      {1,
       {2, 0, 1},
       true,
       "slot 1 ('w'): permutation [2, 0, 1]: only params (not state) are "
       "stored permuted"},
      {0,
       {1, 0},
       false,
       "slot 0 ('x'): permutation [1, 0]: only params (not state) are "
       "stored permuted"},
  };
  for (const Edit &e : edits) {
    SCOPED_TRACE(e.message);
    rlx::Manifest edited = m;
    edited.slots[e.slot].permutation = e.permutation;
    edited.slots[e.slot].state = e.state;
    rlx::Status s = rlx::runtime::verifyManifest(edited);
    ASSERT_FALSE(s.isOk());
    EXPECT_EQ(s.code(), rlx::StatusCode::invalid_argument);
    EXPECT_NE(s.message().find(e.message), std::string::npos) << s.message();
  }
}

// A ModelCompilePipeline whose template transposes its weight: the template
// declares w in the given order; each specialization stores it permuted,
// takes the pipeline's one copy, and computes the reference.
TEST(ParamPermuted, PipelinesTakeTheGivenOrder) {
  const std::string text =
      "func.func @f(%x: tensor<?x64xf32> {mir.name = \"x\", mir.dims = "
      "[\"batch\", 64]}) -> (tensor<?x128xf32> {mir.name = \"y\"}) {\n"
      "  %w = mir.param \"w\" : tensor<128x64xf32>\n"
      "  %t = mir.transpose %w permutation = [1, 0] : tensor<128x64xf32> -> "
      "tensor<64x128xf32>\n"
      "  %y = mir.matmul %x, %t : (tensor<?x64xf32>, tensor<64x128xf32>) -> "
      "tensor<?x128xf32>\n"
      "  return %y : tensor<?x128xf32>\n}\n";
  rlx::ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(text).isOk());
  ASSERT_EQ(pipeline.params().size(), 1u);
  EXPECT_EQ(pipeline.params()[0].shape, (std::vector<int64_t>{kPN, kPK}));
  std::vector<float> wv = values(kPN * kPK, 2);
  ASSERT_TRUE(pipeline.setParam("w", wv.data(), wv.size()).isOk());
  for (int64_t batch : {2, 8}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    rlx::ModelVariant variant;
    variant.batch = batch;
    auto component = pipeline.getOrCompileComponent(variant);
    ASSERT_TRUE(component.isOk()) << component.status().toString();
    const rlx::Slot &w = slotW(*component->graph);
    EXPECT_EQ(w.permutation, (std::vector<int64_t>{1, 0}));
    EXPECT_EQ(w.shape, (std::vector<int64_t>{kPK, kPN}));
    const rlx::SlotBinding *binding =
        component->manifest.find(rlx::SlotRole::param, "w");
    ASSERT_NE(binding, nullptr);
    EXPECT_EQ(binding->shape, (std::vector<int64_t>{kPN, kPK}));
    std::vector<float> x = values(batch * kPK, 1);
    EXPECT_EQ(runY(*component->graph, x, batch, kPK),
              reference(x, wv, batch, kPK, kPN));
  }
}

// MIR that already declares the param permuted (mir-fold-param-layouts'
// output, rlx-opt's) compiles as it is: the slot keeps the permutation and
// takes the given shape.
TEST(ParamPermuted, MirDeclaringPermutedParamsCompiles) {
  rlx::CompiledGraph graph =
      compile("func.func @f(%x: tensor<3x4xf32> {mir.name = \"x\"}) -> "
              "(tensor<3x5xf32> {mir.name = \"y\"}) {\n"
              "  %w = mir.param \"w\" permuted [1, 0] : tensor<4x5xf32>\n"
              "  %y = mir.matmul %x, %w : (tensor<3x4xf32>, tensor<4x5xf32>) "
              "-> tensor<3x5xf32>\n"
              "  return %y : tensor<3x5xf32>\n}\n");
  EXPECT_EQ(slotW(graph).permutation, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(slotW(graph).givenShape(), (std::vector<int64_t>{kN, kK}));
  std::vector<float> x = values(kM * kK, 1), w = values(kN * kK, 2);
  ASSERT_TRUE(
      graph.setParam("w", rlx::TensorView::of(w.data(), {kN, kK})).isOk());
  EXPECT_EQ(runY(graph, x, kM, kK), reference(x, w, kM, kK, kN));
}

// A ModelCompilePipeline template in MIR that already declares
// `mir.param ... permuted` declares the param in the shape it is given in,
// as it declares a `given f32` param in f32
// (ParamGiven.PipelinesShareOneConvertedCopy): setParam takes the given
// shape [5x4], and every specialization permutes it.
TEST(ParamPermuted, PipelineTemplatesDeclarePermutedParamsAsGiven) {
  const std::string text =
      "func.func @f(%x: tensor<?x4xf32> {mir.name = \"x\", mir.dims = "
      "[\"batch\", 4]}) -> (tensor<?x5xf32> {mir.name = \"y\"}) {\n"
      "  %w = mir.param \"w\" permuted [1, 0] : tensor<4x5xf32>\n"
      "  %y = mir.matmul %x, %w : (tensor<?x4xf32>, tensor<4x5xf32>) -> "
      "tensor<?x5xf32>\n"
      "  return %y : tensor<?x5xf32>\n}\n";
  rlx::ModelCompilePipeline pipeline;
  ASSERT_TRUE(pipeline.buildTemplate(text).isOk());
  ASSERT_EQ(pipeline.params().size(), 1u);
  EXPECT_EQ(pipeline.params()[0].shape, (std::vector<int64_t>{kN, kK}));
  std::vector<float> w = values(kN * kK, 2);
  rlx::Status set =
      pipeline.setParam("w", rlx::TensorView::of(w.data(), {kN, kK}));
  ASSERT_TRUE(set.isOk()) << set.toString();
  rlx::ModelVariant variant;
  variant.batch = kM;
  auto graph = pipeline.getOrCompile(variant);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  std::vector<float> x = values(kM * kK, 1);
  EXPECT_EQ(runY(**graph, x, kM, kK), reference(x, w, kM, kK, kN));
}

#ifdef RLX_HAVE_VULKAN
// On Vulkan the fold happens too and setParam permutes the values before
// they reach device memory; the output is the reference (exact: see the
// file comment), as is a loaded artifact's.
TEST(ParamPermuted, VulkanTakesPermutedParams) {
  if (!rlx::isAvailable(rlx::Device::vulkan))
    GTEST_SKIP() << "no Vulkan device";
  for (auto [m, k, n] :
       {std::tuple<int64_t, int64_t, int64_t>{kM, kK, kN},
        std::tuple<int64_t, int64_t, int64_t>{kPM, kPK, kPN}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    rlx::CompiledGraph graph =
        compile(transposedModel(m, k, n), rlx::Device::vulkan);
    ASSERT_EQ(graph.device(), rlx::Device::vulkan);
    const rlx::Slot &w = slotW(graph);
    EXPECT_EQ(w.permutation, (std::vector<int64_t>{1, 0}));
    EXPECT_EQ(w.shape, (std::vector<int64_t>{k, n}));
    EXPECT_EQ(w.givenShape(), (std::vector<int64_t>{n, k}));
    EXPECT_FALSE(hasTransposeDispatch(graph));
    std::vector<float> x = values(m * k, 1), wv = values(n * k, 2);
    std::vector<float> want = reference(x, wv, m, k, n);
    rlx::Status refused =
        graph.setParam("w", rlx::TensorView::of(wv.data(), {k, n}));
    EXPECT_EQ(refused.message(),
              "param 'w' has shape [" + std::to_string(n) + "x" +
                  std::to_string(k) + "] (stored permuted to [" +
                  std::to_string(k) + "x" + std::to_string(n) + "]), got [" +
                  std::to_string(k) + "x" + std::to_string(n) + "]");
    ASSERT_TRUE(
        graph.setParam("w", rlx::TensorView::of(wv.data(), {n, k})).isOk());
    EXPECT_EQ(runY(graph, x, m, k), want);
    // bindParam copies to the device, permuted.
    std::vector<float> w2 = values(n * k, 5);
    ASSERT_TRUE(
        graph.bindParam("w", rlx::TensorView::of(w2.data(), {n, k})).isOk());
    EXPECT_EQ(runY(graph, x, m, k), reference(x, w2, m, k, n));

    const std::vector<uint8_t> &bytes = graph.artifactBytes();
    auto loaded = rlx::loadBytes(bytes.data(), bytes.size());
    ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
    EXPECT_EQ(slotW(*loaded).permutation, (std::vector<int64_t>{1, 0}));
    ASSERT_TRUE(loaded->setParam("w", wv.data(), wv.size()).isOk());
    EXPECT_EQ(runY(*loaded, x, m, k), want);
  }
}
#endif

} // namespace
