//===- ModelUtil.h - The example models' weights and goldens ----*- C++ -*-===//
//
// What tests that run examples/mlp.mlir and examples/encoder.mlir share: the
// parameters (detValues, as scripts/make-goldens.py makes them for the
// PyTorch goldens in test/e2e/goldens) and the comparison with a golden.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TEST_UNIT_MODELUTIL_H
#define RLX_TEST_UNIT_MODELUTIL_H

#include "TestUtil.h"
#include "rlx/Session.h"
#include "runtime/Npy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace rlx::test {

struct ParamSpec {
  const char *name;
  int64_t count;
  double scale;
  float offset = 0.0f;
};

template <typename Target>
void bindParams(Target &graph, const std::vector<ParamSpec> &specs) {
  uint64_t salt = 2;
  for (const ParamSpec &p : specs) {
    std::vector<float> v = detValues(p.count, salt++, p.scale);
    for (float &x : v)
      x += p.offset;
    rlx::Status s = graph.setParam(p.name, v.data(), v.size());
    ASSERT_TRUE(s.isOk()) << s.toString();
  }
}

inline void expectClose(const rlx::NamedOutput &out,
                        const std::string &goldenPath,
                        double tolerance = 1e-4) {
  rlx::Expected<rlx::npy::Array> golden = rlx::npy::read(goldenPath);
  ASSERT_TRUE(golden.isOk()) << golden.status().toString();
  ASSERT_EQ(out.shape, golden->shape);
  ASSERT_EQ(out.bytes.size(), golden->bytes.size());
  const float *want = reinterpret_cast<const float *>(golden->bytes.data());
  size_t n = golden->bytes.size() / 4, bad = 0;
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    double err = std::fabs(out.floats()[i] - want[i]);
    worst = std::max(worst, err);
    if (!(err <= tolerance + tolerance * std::fabs(want[i])) && bad++ < 5)
      ADD_FAILURE() << "element " << i << ": rlx " << out.floats()[i]
                    << ", torch " << want[i];
  }
  EXPECT_EQ(bad, 0u) << "worst abs error " << worst;
}

inline const std::vector<ParamSpec> kMlpParams = {
    {"fc1.weight", 784 * 512, 0.05},
    {"fc1.bias", 512, 0.1},
    {"fc2.weight", 512 * 10, 0.05},
    {"fc2.bias", 10, 0.1}};

inline const std::vector<ParamSpec> kEncoderParams = {
    {"attn.wq", 256 * 256, 0.06},    {"attn.bq", 256, 0.1},
    {"attn.wk", 256 * 256, 0.06},    {"attn.bk", 256, 0.1},
    {"attn.wv", 256 * 256, 0.06},    {"attn.bv", 256, 0.1},
    {"attn.wo", 256 * 256, 0.06},    {"attn.bo", 256, 0.1},
    {"norm1.gamma", 256, 0.5, 1.0f}, {"norm1.beta", 256, 0.1},
    {"ff.w1", 256 * 1024, 0.06},     {"ff.b1", 1024, 0.1},
    {"ff.w2", 1024 * 256, 0.03},     {"ff.b2", 256, 0.1},
    {"norm2.gamma", 256, 0.5, 1.0f}, {"norm2.beta", 256, 0.1}};

} // namespace rlx::test

#endif // RLX_TEST_UNIT_MODELUTIL_H
