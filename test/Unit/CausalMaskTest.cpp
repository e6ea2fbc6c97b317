//===- CausalMaskTest.cpp - Causal attention on symbolic sequences --------===//
//
// Compiles one hir.attention whose query length `seq` and key length
// `kv_seq` are symbolic (the mask is a mir.causal_mask until the dims are
// bound) through the C++ API with CompileOptions::dims, and checks it
// against a naive C++ attention with the causal / sliding-window rule of
// the HIR op doc, on each device. Tolerance: |rlx - ref| <= 1e-5 + 1e-5
// |ref|, the reference in double (float dot products of 8 terms and a
// softmax over at most 9). The same model written with static shapes (whose
// mask is the lowering's constant) must give bitwise the same output.
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace {

using rlx::test::detValues;

constexpr int64_t kHeads = 2, kKvHeads = 1, kHeadDim = 8;

struct MaskCase {
  const char *name;
  std::optional<int64_t> window; // sliding_window when set
  int64_t seqQ, seqK;
};

/// The model with `seq` / `kv_seq` as written in types and annotations:
/// "?" and the symbol names, or the sizes.
std::string model(const MaskCase &c, bool symbolic) {
  std::string s = symbolic ? "?" : std::to_string(c.seqQ);
  std::string t = symbolic ? "?" : std::to_string(c.seqK);
  std::string sDim = symbolic ? "\"seq\"" : s,
              tDim = symbolic ? "\"kv_seq\"" : t;
  std::string q = "tensor<1x" + s + "x16xf32>",
              kv = "tensor<1x" + t + "x8xf32>";
  std::string mask = c.window ? "sliding_window" : "causal";
  std::string window = c.window ? " window = " + std::to_string(*c.window) : "";
  return "func.func @attn(%q: " + q + " {hir.name = \"q\", hir.dims = [1, " +
         sDim + ", 16]}, %k: " + kv + " {hir.name = \"k\", hir.dims = [1, " +
         tDim + ", 8]}, %v: " + kv + " {hir.name = \"v\", hir.dims = [1, " +
         tDim + ", 8]}) -> (" + q + " {hir.name = \"o\"}) {\n" +
         "  %o = hir.attention " + mask +
         " %q, %k, %v heads = 2 kv_heads = 1 head_dim = 8" + window + " : (" +
         q + ", " + kv + ", " + kv + ") -> " + q + "\n  return %o : " + q +
         "\n}\n";
}

/// Naive attention: head h reads kv head h / (H / KVH); query i sees key j
/// when j <= i + (T - S) and, with a window, j > i + (T - S) - window.
std::vector<double> reference(const MaskCase &c, const std::vector<float> &q,
                              const std::vector<float> &k,
                              const std::vector<float> &v) {
  int64_t S = c.seqQ, T = c.seqK;
  std::vector<double> out(S * kHeads * kHeadDim, 0.0);
  double scale = 1.0 / std::sqrt(double(kHeadDim));
  for (int64_t h = 0; h < kHeads; ++h) {
    int64_t kvh = h / (kHeads / kKvHeads);
    for (int64_t i = 0; i < S; ++i) {
      int64_t last = i + (T - S);
      std::vector<double> p(T, 0.0);
      double max = -INFINITY, sum = 0.0;
      for (int64_t j = 0; j < T; ++j) {
        bool visible = j <= last && (!c.window || j > last - *c.window);
        if (!visible) {
          p[j] = -INFINITY;
          continue;
        }
        double dot = 0.0;
        for (int64_t d = 0; d < kHeadDim; ++d)
          dot += double(q[i * kHeads * kHeadDim + h * kHeadDim + d]) *
                 double(k[j * kKvHeads * kHeadDim + kvh * kHeadDim + d]);
        p[j] = dot * scale;
        max = std::max(max, p[j]);
      }
      for (int64_t j = 0; j < T; ++j) {
        p[j] = std::isinf(p[j]) ? 0.0 : std::exp(p[j] - max);
        sum += p[j];
      }
      for (int64_t d = 0; d < kHeadDim; ++d) {
        double acc = 0.0;
        for (int64_t j = 0; j < T; ++j)
          acc += p[j] / sum *
                 double(v[j * kKvHeads * kHeadDim + kvh * kHeadDim + d]);
        out[i * kHeads * kHeadDim + h * kHeadDim + d] = acc;
      }
    }
  }
  return out;
}

std::vector<rlx::Device> devices() {
#ifdef RLX_HAVE_VULKAN
  return {rlx::Device::cpu, rlx::Device::vulkan};
#else
  return {rlx::Device::cpu};
#endif
}

class CausalMaskTest
    : public ::testing::TestWithParam<std::tuple<rlx::Device, MaskCase>> {};

TEST_P(CausalMaskTest, SymbolicMatchesReferenceAndStatic) {
  // Named copies: a lambda cannot capture structured bindings in C++17.
  rlx::Device device = std::get<0>(GetParam());
  MaskCase c = std::get<1>(GetParam());
  std::vector<float> q = detValues(c.seqQ * kHeads * kHeadDim, 1, 1.0);
  std::vector<float> k = detValues(c.seqK * kKvHeads * kHeadDim, 2, 1.0);
  std::vector<float> v = detValues(c.seqK * kKvHeads * kHeadDim, 3, 1.0);
  auto run =
      [&](bool symbolic) -> rlx::Expected<std::vector<rlx::NamedOutput>> {
    rlx::Session session(device);
    rlx::CompileOptions options;
    if (symbolic)
      options.dims = {{"seq", c.seqQ}, {"kv_seq", c.seqK}};
    auto graph = session.compileWith(model(c, symbolic), options);
    if (!graph)
      return graph.status();
    return graph->run({{"q", q.data(), q.size() * 4, rlx::DType::f32},
                       {"k", k.data(), k.size() * 4, rlx::DType::f32},
                       {"v", v.data(), v.size() * 4, rlx::DType::f32}});
  };
  auto symbolic = run(/*symbolic=*/true);
  ASSERT_TRUE(symbolic.isOk()) << symbolic.status().toString();
  ASSERT_EQ(symbolic->size(), 1u);
  const rlx::NamedOutput &out = (*symbolic)[0];
  ASSERT_EQ(out.shape, (std::vector<int64_t>{1, c.seqQ, kHeads * kHeadDim}));

  std::vector<double> want = reference(c, q, k, v);
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    double err = std::fabs(double(out.floats()[i]) - want[i]);
    if (!(err <= 1e-5 + 1e-5 * std::fabs(want[i])) && bad++ < 5)
      ADD_FAILURE() << "element " << i << ": rlx " << out.floats()[i]
                    << ", reference " << want[i];
  }
  EXPECT_EQ(bad, 0u);

  auto fixed = run(/*symbolic=*/false);
  ASSERT_TRUE(fixed.isOk()) << fixed.status().toString();
  EXPECT_EQ((*fixed)[0].bytes, out.bytes)
      << "the symbolic model differs from the static one";
}

const MaskCase kCases[] = {
    {"causal_1x1", std::nullopt, 1, 1},
    {"causal_5x5", std::nullopt, 5, 5},
    {"causal_16x16", std::nullopt, 16, 16},
    {"causal_decode_1x8", std::nullopt, 1, 8},
    {"causal_3x8", std::nullopt, 3, 8},
    {"window3_5x5", 3, 5, 5},
    {"window3_decode_1x8", 3, 1, 8},
    {"window2_4x9", 2, 4, 9},
};

INSTANTIATE_TEST_SUITE_P(
    Masks, CausalMaskTest,
    ::testing::Combine(::testing::ValuesIn(devices()),
                       ::testing::ValuesIn(kCases)),
    [](const ::testing::TestParamInfo<std::tuple<rlx::Device, MaskCase>>
           &info) {
      return std::string(rlx::deviceName(std::get<0>(info.param))) + "_" +
             std::get<1>(info.param).name;
    });

// Past the constant-size limit once bound: a diagnostic naming the limit,
// not an allocation.
TEST(CausalMaskLimit, BindingPastTheConstantLimitIsAnError) {
  rlx::Session session(rlx::Device::cpu);
  rlx::CompileOptions options;
  options.dims = {{"seq", 16384}, {"kv_seq", 16384}};
  auto graph = session.compileWith(
      model({"big", std::nullopt, 16384, 16384}, /*symbolic=*/true), options);
  ASSERT_FALSE(graph.isOk());
  EXPECT_NE(graph.status().toString().find(
                "a causal mask of 16384x16384 elements exceeds the limit of "
                "67108864 constant elements"),
            std::string::npos)
      << graph.status().toString();
}

} // namespace
