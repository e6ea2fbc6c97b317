//===- NativeMatmulTest.cpp - CompileOptions::nativeMatmul (OpenBLAS) -----===//
//
// Compiles the same graphs with nativeMatmul = false (generated code,
// tile-matmul) and true (cblas_sgemm), runs both with 1 and 2 threads and
// compares:
//   - each matmul with a double-precision reference:
//       |got - ref| <= 1e-5 * sum_k |a_ik * b_kj| + 1e-30
//     (float sums in another order; both paths must pass), and native with
//     generated within twice that bound; swiglu's silu(g) * u uses the
//     products' scales propagated through it, plus 1e-4 * |h| for silu;
//   - the MLP example with the PyTorch golden, as ModelTest does:
//       |rlx - torch| <= 1e-4 + 1e-4 * |torch|,
//     and native with generated within the same bound.
// The artifact's object code names cblas_sgemm exactly when nativeMatmul
// is on (the native path was taken). A build without OpenBLAS must refuse
// nativeMatmul with `unimplemented` naming RLX_ENABLE_OPENBLAS.
//
// The Perf tests print median times of 512^3 and 1024^3 matmuls, generated
// vs native, 1 and 2 threads; they assert nothing about speed
// (docs/Testing.md).
//
//===----------------------------------------------------------------------===//
#include "rlx/Session.h"
#include "runtime/Npy.h"
#include "runtime/Runtime.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using rlx::test::detValues;
using rlx::test::readFile;

bool objectCallsSgemm(const rlx::CompiledGraph &graph) {
  const std::vector<uint8_t> &bytes = graph.artifactBytes();
  static const char name[] = "cblas_sgemm";
  return std::search(bytes.begin(), bytes.end(), name,
                     name + sizeof(name) - 1) != bytes.end();
}

rlx::Expected<rlx::CompiledGraph>
compile(const std::string &text, bool native, int threads,
        rlx::LoweringPolicy policy = rlx::LoweringPolicy::fusable,
        std::vector<std::pair<std::string, int64_t>> dims = {}) {
  rlx::Session session(rlx::Device::cpu, rlx::Precision::f32, policy);
  rlx::CompileOptions options;
  options.nativeMatmul = native;
  options.threads = threads;
  options.dims = std::move(dims);
  return session.compileWith(text, options);
}

std::string tensor(const std::vector<int64_t> &shape) {
  std::string t = "tensor<";
  for (int64_t d : shape)
    t += std::to_string(d) + "x";
  return t + "f32>";
}

/// `func @f(%a, %b) -> a x b` (mir.matmul) on the given shapes.
std::string matmulModule(const std::vector<int64_t> &a,
                         const std::vector<int64_t> &b,
                         const std::vector<int64_t> &c) {
  std::string ta = tensor(a), tb = tensor(b), tc = tensor(c);
  return "func.func @f(%a: " + ta + " {mir.name = \"a\"}, %b: " + tb +
         " {mir.name = \"b\"}) -> (" + tc + " {mir.name = \"c\"}) {\n" +
         "  %c = mir.matmul %a, %b : (" + ta + ", " + tb + ") -> " + tc +
         "\n  return %c : " + tc + "\n}\n";
}

/// Reference a x b in double, with sum |a * b| per element (the error
/// scale). `a` is [batch, m, k] and `b` is [batch or 1, k, n].
struct Reference {
  std::vector<double> value, magnitude;
};

Reference reference(const std::vector<float> &a, const std::vector<float> &b,
                    int64_t batch, int64_t m, int64_t n, int64_t k,
                    bool sharedB) {
  Reference r;
  r.value.assign(batch * m * n, 0.0);
  r.magnitude.assign(batch * m * n, 0.0);
  for (int64_t p = 0; p < batch; ++p) {
    const float *ap = a.data() + p * m * k;
    const float *bp = b.data() + (sharedB ? 0 : p * k * n);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0, mag = 0;
        for (int64_t q = 0; q < k; ++q) {
          double x = double(ap[i * k + q]) * double(bp[q * n + j]);
          sum += x;
          mag += std::fabs(x);
        }
        r.value[(p * m + i) * n + j] = sum;
        r.magnitude[(p * m + i) * n + j] = mag;
      }
  }
  return r;
}

/// Runs `graph` on inputs a and b and returns output 0.
std::vector<float> runAB(rlx::CompiledGraph &graph, const std::vector<float> &a,
                         const std::vector<float> &b) {
  auto out = graph.run({{"a", a.data(), a.size() * 4, rlx::DType::f32},
                        {"b", b.data(), b.size() * 4, rlx::DType::f32}});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk())
    return {};
  const rlx::NamedOutput &o = (*out)[0];
  return std::vector<float>(o.floats(), o.floats() + o.bytes.size() / 4);
}

/// Counts elements outside `scale * magnitude + 1e-30` of `want`, reporting
/// the first few.
size_t countOff(const std::vector<float> &got, const std::vector<double> &want,
                const std::vector<double> &magnitude, double scale,
                const char *what) {
  size_t bad = 0;
  if (got.size() != want.size()) {
    ADD_FAILURE() << what << ": " << got.size() << " elements, want "
                  << want.size();
    return want.size();
  }
  for (size_t i = 0; i < got.size(); ++i) {
    double err = std::fabs(double(got[i]) - want[i]);
    if (!(err <= scale * magnitude[i] + 1e-30) && bad++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is " << got[i]
                    << ", want " << want[i] << " (|a*b| sum " << magnitude[i]
                    << ")";
  }
  return bad;
}

class NativeMatmul : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override {
    if (!rlx::runtime::hasNativeMatmul())
      GTEST_SKIP() << "built without OpenBLAS (RLX_ENABLE_OPENBLAS)";
  }

  /// a [batch..., m, k] x b [(batch...,) k, n], generated and native, both
  /// against the reference and against each other.
  void check(const std::vector<int64_t> &batchDims, int64_t m, int64_t n,
             int64_t k, bool sharedB) {
    int threads = GetParam();
    int64_t batch = 1;
    for (int64_t d : batchDims)
      batch *= d;
    std::vector<int64_t> aShape(batchDims), bShape, cShape(batchDims);
    aShape.insert(aShape.end(), {m, k});
    if (!sharedB)
      bShape = batchDims;
    bShape.insert(bShape.end(), {k, n});
    cShape.insert(cShape.end(), {m, n});
    std::string text = matmulModule(aShape, bShape, cShape);
    std::vector<float> a = detValues(batch * m * k, 11, 1.0),
                       b = detValues((sharedB ? 1 : batch) * k * n, 12, 1.0);
    Reference ref = reference(a, b, batch, m, n, k, sharedB);

    std::vector<float> outs[2];
    for (bool native : {false, true}) {
      auto graph = compile(text, native, threads);
      ASSERT_TRUE(graph.isOk()) << graph.status().toString();
      EXPECT_EQ(objectCallsSgemm(*graph), native);
      outs[native] = runAB(*graph, a, b);
      EXPECT_EQ(countOff(outs[native], ref.value, ref.magnitude, 1e-5,
                         native ? "native" : "generated"),
                0u);
    }
    std::vector<double> generated(outs[0].begin(), outs[0].end());
    EXPECT_EQ(countOff(outs[1], generated, ref.magnitude, 2e-5,
                       "native vs generated"),
              0u);
  }
};

TEST_P(NativeMatmul, Matmul33x17x9) { check({}, 33, 17, 9, true); }

TEST_P(NativeMatmul, Matmul64x1024x512) { check({}, 64, 1024, 512, true); }

// Equal batch dims: linalg.batch_matmul, one sgemm per batch.
TEST_P(NativeMatmul, BatchedMatmul) { check({2, 3}, 33, 24, 40, false); }

// [B, M, K] x [K, N]: the batch rows collapse into one sgemm.
TEST_P(NativeMatmul, RowsTimesWeight) { check({4}, 50, 96, 64, true); }

// The MLP example (fused_matmul: bias + relu after the call) against the
// PyTorch golden and the generated code, under both HIR policies.
TEST_P(NativeMatmul, MlpMatchesGeneratedAndPyTorch) {
  const std::string text =
      readFile(std::string(RLX_SOURCE_DIR) + "/examples/mlp.mlir");
  rlx::Expected<rlx::npy::Array> golden = rlx::npy::read(
      std::string(RLX_SOURCE_DIR) + "/test/e2e/goldens/mlp_logits.npy");
  ASSERT_TRUE(golden.isOk()) << golden.status().toString();
  const float *want = reinterpret_cast<const float *>(golden->bytes.data());
  size_t n = golden->bytes.size() / 4;
  struct Param {
    const char *name;
    int64_t count;
    double scale;
  };
  const Param params[] = {{"fc1.weight", 784 * 512, 0.05},
                          {"fc1.bias", 512, 0.1},
                          {"fc2.weight", 512 * 10, 0.05},
                          {"fc2.bias", 10, 0.1}};
  std::vector<float> x = detValues(64 * 784, 1, 1.0);
  for (rlx::LoweringPolicy policy :
       {rlx::LoweringPolicy::fusable, rlx::LoweringPolicy::direct}) {
    std::vector<float> outs[2];
    for (bool native : {false, true}) {
      auto graph = compile(text, native, GetParam(), policy, {{"batch", 64}});
      ASSERT_TRUE(graph.isOk()) << graph.status().toString();
      EXPECT_EQ(objectCallsSgemm(*graph), native);
      uint64_t salt = 2;
      for (const Param &p : params) {
        std::vector<float> v = detValues(p.count, salt++, p.scale);
        rlx::Status s = graph->setParam(p.name, v.data(), v.size());
        ASSERT_TRUE(s.isOk()) << s.toString();
      }
      auto out = graph->run({{"x", x.data(), x.size() * 4, rlx::DType::f32}});
      ASSERT_TRUE(out.isOk()) << out.status().toString();
      ASSERT_EQ((*out)[0].shape, golden->shape);
      outs[native].assign((*out)[0].floats(), (*out)[0].floats() + n);
    }
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
      for (bool native : {false, true}) {
        float got = outs[native][i];
        if (!(std::fabs(got - want[i]) <= 1e-4 + 1e-4 * std::fabs(want[i])) &&
            bad++ < 5)
          ADD_FAILURE() << (native ? "native" : "generated") << " element " << i
                        << ": " << got << ", torch " << want[i];
      }
      if (!(std::fabs(outs[1][i] - outs[0][i]) <=
            1e-4 + 1e-4 * std::fabs(outs[0][i])) &&
          bad++ < 5)
        ADD_FAILURE() << "element " << i << ": native " << outs[1][i]
                      << ", generated " << outs[0][i];
    }
    EXPECT_EQ(bad, 0u) << "policy "
                       << (policy == rlx::LoweringPolicy::direct ? "direct"
                                                                 : "fusable");
  }
}

// shared_matmul and swiglu (direct policy's fused ops), written in MIR:
// x [2, 150, 96]; swiglu's 300 x 700 result takes 128 x 512 stack tiles
// with edges in both dims.
TEST_P(NativeMatmul, SharedMatmulAndSwiglu) {
  const char *text = R"mlir(
func.func @f(%x: tensor<2x150x96xf32> {mir.name = "x"},
             %wq: tensor<96x64xf32> {mir.name = "wq"},
             %wk: tensor<96x40xf32> {mir.name = "wk"},
             %wg: tensor<96x700xf32> {mir.name = "wg"},
             %wu: tensor<96x700xf32> {mir.name = "wu"})
    -> (tensor<2x150x64xf32> {mir.name = "q"},
        tensor<2x150x40xf32> {mir.name = "k"},
        tensor<2x150x700xf32> {mir.name = "h"}) {
  %q, %k = mir.shared_matmul %x, %wq, %wk : (tensor<2x150x96xf32>, tensor<96x64xf32>, tensor<96x40xf32>) -> (tensor<2x150x64xf32>, tensor<2x150x40xf32>)
  %h = mir.swiglu %x, %wg, %wu : (tensor<2x150x96xf32>, tensor<96x700xf32>, tensor<96x700xf32>) -> tensor<2x150x700xf32>
  return %q, %k, %h : tensor<2x150x64xf32>, tensor<2x150x40xf32>, tensor<2x150x700xf32>
}
)mlir";
  const int64_t m = 300, k = 96;
  std::vector<float> x = detValues(m * k, 21, 1.0),
                     wq = detValues(k * 64, 22, 0.2),
                     wk = detValues(k * 40, 23, 0.2),
                     wg = detValues(k * 700, 24, 0.2),
                     wu = detValues(k * 700, 25, 0.2);
  Reference q = reference(x, wq, 1, m, 64, k, true);
  Reference kk = reference(x, wk, 1, m, 40, k, true);
  Reference g = reference(x, wg, 1, m, 700, k, true);
  Reference u = reference(x, wu, 1, m, 700, k, true);
  // h = silu(g) * u; its error scale: |d h / d g| <= 1.1 |u| and
  // |d h / d u| = |silu(g)| <= |g|, times each product's error scale.
  Reference h;
  for (size_t i = 0; i < g.value.size(); ++i) {
    double gv = g.value[i], uv = u.value[i];
    double silu = gv / (1.0 + std::exp(-gv));
    h.value.push_back(silu * uv);
    h.magnitude.push_back(1.1 * std::fabs(uv) * g.magnitude[i] +
                          (std::fabs(gv) + 1e-3) * u.magnitude[i] +
                          std::fabs(silu * uv) * 10.0);
  }
  std::vector<float> outs[2][3];
  for (bool native : {false, true}) {
    auto graph = compile(text, native, GetParam());
    ASSERT_TRUE(graph.isOk()) << graph.status().toString();
    EXPECT_EQ(objectCallsSgemm(*graph), native);
    auto out = graph->run({{"x", x.data(), x.size() * 4, rlx::DType::f32},
                           {"wq", wq.data(), wq.size() * 4, rlx::DType::f32},
                           {"wk", wk.data(), wk.size() * 4, rlx::DType::f32},
                           {"wg", wg.data(), wg.size() * 4, rlx::DType::f32},
                           {"wu", wu.data(), wu.size() * 4, rlx::DType::f32}});
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    ASSERT_EQ(out->size(), 3u);
    const char *what = native ? "native" : "generated";
    for (int r = 0; r < 3; ++r)
      outs[native][r].assign((*out)[r].floats(),
                             (*out)[r].floats() + (*out)[r].bytes.size() / 4);
    EXPECT_EQ(countOff(outs[native][0], q.value, q.magnitude, 1e-5, what), 0u);
    EXPECT_EQ(countOff(outs[native][1], kk.value, kk.magnitude, 1e-5, what),
              0u);
    EXPECT_EQ(countOff(outs[native][2], h.value, h.magnitude, 1e-5, what), 0u);
  }
  std::vector<double> generated(outs[0][2].begin(), outs[0][2].end());
  EXPECT_EQ(countOff(outs[1][2], generated, h.magnitude, 2e-5,
                     "swiglu native vs generated"),
            0u);
}

INSTANTIATE_TEST_SUITE_P(Threads, NativeMatmul, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int> &info) {
                           return std::to_string(info.param) + "Threads";
                         });

// f16 matmuls keep generated code: no call even when asked.
TEST(NativeMatmulScope, F16KeepsGeneratedCode) {
  if (!rlx::runtime::hasNativeMatmul())
    GTEST_SKIP() << "built without OpenBLAS (RLX_ENABLE_OPENBLAS)";
  rlx::Session session(rlx::Device::cpu, rlx::Precision::f16);
  rlx::CompileOptions options;
  options.nativeMatmul = true;
  auto graph =
      session.compileWith(matmulModule({16, 32}, {32, 8}, {16, 8}), options);
  ASSERT_TRUE(graph.isOk()) << graph.status().toString();
  EXPECT_FALSE(objectCallsSgemm(*graph));
}

// Without OpenBLAS the option is refused before compiling.
TEST(NativeMatmulScope, RefusedWithoutOpenBlas) {
  auto graph = compile(matmulModule({4, 4}, {4, 4}, {4, 4}), true, 1);
  if (rlx::runtime::hasNativeMatmul()) {
    EXPECT_TRUE(graph.isOk()) << graph.status().toString();
    return;
  }
  ASSERT_FALSE(graph.isOk());
  EXPECT_EQ(graph.status().code(), rlx::StatusCode::unimplemented);
  EXPECT_NE(graph.status().message().find("RLX_ENABLE_OPENBLAS"),
            std::string::npos)
      << graph.status().toString();
}

//===----------------------------------------------------------------------===//
// Timing: printed, never asserted
//===----------------------------------------------------------------------===//

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Times `runs` runSlots calls of the generated and the native n^3 matmul,
/// alternating (so both see the same machine load), after one warm-up run
/// each, with 1 and 2 threads; prints the medians and the median ratio.
void measure(int64_t n, int runs) {
  if (!rlx::runtime::hasNativeMatmul())
    GTEST_SKIP() << "built without OpenBLAS (RLX_ENABLE_OPENBLAS)";
  std::string text = matmulModule({n, n}, {n, n}, {n, n});
  std::vector<float> a = detValues(n * n, 31, 1.0),
                     b = detValues(n * n, 32, 1.0);
  std::vector<const void *> inputs = {a.data(), b.data()};
  const double flop = 2.0 * n * n * n;
  auto timeOne = [&](rlx::CompiledGraph &graph) {
    auto t0 = std::chrono::steady_clock::now();
    auto out = graph.runSlots(inputs);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    EXPECT_TRUE(out.isOk()) << out.status().toString();
    return ms;
  };
  for (int threads : {1, 2}) {
    auto generated = compile(text, false, threads);
    ASSERT_TRUE(generated.isOk()) << generated.status().toString();
    auto native = compile(text, true, threads);
    ASSERT_TRUE(native.isOk()) << native.status().toString();
    timeOne(*generated);
    timeOne(*native);
    std::vector<double> gen, nat, ratio;
    for (int r = 0; r < runs; ++r) {
      gen.push_back(timeOne(*generated));
      nat.push_back(timeOne(*native));
      ratio.push_back(gen.back() / nat.back());
    }
    double g = median(gen), m = median(nat);
    std::printf("[ perf     ] matmul %lld^3 f32, %d thread%s, %d runs: "
                "generated median %.2f ms (%.1f GFLOP/s), native median "
                "%.2f ms (%.1f GFLOP/s); generated / native time: median "
                "%.2f\n",
                static_cast<long long>(n), threads, threads == 1 ? "" : "s",
                runs, g, flop / g / 1e6, m, flop / m / 1e6, median(ratio));
  }
}

TEST(NativeMatmulPerf, Matmul512) { measure(512, 15); }

TEST(NativeMatmulPerf, Matmul1024) { measure(1024, 9); }

} // namespace
