//===- LinearGraph.h - y = relu(x w + b), for the param-layout tests -*- C++
//-*-===//
//
// What ParamPanelsTest and ParamGivenTest share: a one-layer graph whose
// weight is a panel param on every x86 host (128 columns, a multiple of 64
// and 16) and a mixed-precision policy's converted param, small exact
// values, and one run.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TEST_UNIT_LINEARGRAPH_H
#define RLX_TEST_UNIT_LINEARGRAPH_H

#include "rlx/CompiledGraph.h"
#include "rlx/Graph.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace rlx::test::linear {

constexpr int64_t kM = 5, kK = 96, kN = 128;

/// y = relu(x w + b), x [5, 96], w [96, 128], b [128], all in `type`.
inline Graph graph(DType type = DType::f32) {
  Graph g;
  Tensor x = g.input("x", type, {kM, kK});
  Tensor w = g.param("w", type, {kK, kN});
  Tensor b = g.param("b", type, {kN});
  g.setOutputs({{"y", g.linear(x, w, b, Activation::relu)}});
  return g;
}

/// Multiples of 1/64 in [-30/64, 30/64] (exact in f32 and in sums of a few
/// hundred products).
inline std::vector<float> values(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = float(int((i * 37 + seed * 11) % 61) - 30) / 64.0f;
  return v;
}

inline const std::vector<float> kX = values(kM * kK, 1);
inline const std::vector<float> kW = values(kK * kN, 2);
inline const std::vector<float> kB = values(kN, 3);

/// y for x = kX (f32), or empty after a failure.
inline std::vector<float> run(CompiledGraph &g) {
  auto out = g.run({NamedInput::of("x", TensorView::of(kX.data(), {kM, kK}))});
  EXPECT_TRUE(out.isOk()) << out.status().toString();
  if (!out.isOk())
    return {};
  const float *y = (*out)[0].floats();
  return std::vector<float>(y, y + kM * kN);
}

/// Binds `stored` (a param's packed or converted bytes, of `dtype`) in place
/// as param `name`; the graph holds the bytes alive.
inline void bindStored(CompiledGraph &g, const std::string &name,
                       const std::shared_ptr<std::vector<uint8_t>> &stored,
                       DType dtype) {
  TensorView view;
  view.dtype = dtype;
  view.data = stored->data();
  view.bytes = stored->size();
  Status s = g.bindStoredParam(
      name, view, std::shared_ptr<const void>(stored, stored->data()));
  ASSERT_TRUE(s.isOk()) << s.toString();
  EXPECT_EQ(stored.use_count(), 2);
}

} // namespace rlx::test::linear

#endif // RLX_TEST_UNIT_LINEARGRAPH_H
