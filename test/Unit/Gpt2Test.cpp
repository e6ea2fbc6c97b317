//===- Gpt2Test.cpp - The GPT-2 example's decoder against its static twin -===//
//
// examples/gpt2's model at its tiny size: a prompt, then greedy generation
// through rlx::Decoder; every generated step's logits against a static
// compile of the whole sequence (the same weights, plain causal attention,
// no cache), within 1e-4 of the logits' scale, on every device.
//
//===----------------------------------------------------------------------===//
#include "Gpt2Model.h"
#include "rlx/Decoder.h"
#include "rlx/Devices.h"
#include "rlx/Session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

template <typename Target>
void setWeights(Target &target, const gpt2::Config &config) {
  std::vector<gpt2::Param> params = gpt2::paramsOf(config);
  for (size_t i = 0; i < params.size(); ++i) {
    std::vector<float> w = gpt2::weightValues(params[i], i);
    ASSERT_TRUE(target
                    .setParam(params[i].name,
                              rlx::TensorView::of(w.data(), params[i].shape))
                    .isOk())
        << params[i].name;
  }
}

int32_t argmax(const float *row, int64_t vocab) {
  return static_cast<int32_t>(std::max_element(row, row + vocab) - row);
}

TEST(Gpt2Example, WeightsFollowTheirFormula) {
  // The values gpt2_torch.py computes too (bench/compare): element 0 and 5
  // of param 2 (h.0.ln1.g: gains are 1) and of param 0 (wte).
  gpt2::Config c = gpt2::Config::tiny();
  std::vector<gpt2::Param> params = gpt2::paramsOf(c);
  EXPECT_EQ(params[0].name, "wte");
  EXPECT_EQ(params[2].name, "h.0.ln1.g");
  EXPECT_EQ(gpt2::weightValues(params[2], 2)[5], 1.0f);
  std::vector<float> wte = gpt2::weightValues(params[0], 0);
  float bound = static_cast<float>(0.02 * std::sqrt(3.0));
  EXPECT_TRUE(std::all_of(wte.begin(), wte.end(),
                          [&](float v) { return v >= -bound && v < bound; }));
  EXPECT_NE(wte[0], wte[1]);
  EXPECT_EQ(gpt2::Config::small().params(), 163037184);
}

TEST(Gpt2Example, GreedyDecodingMatchesTheStaticModel) {
  gpt2::Config config = gpt2::Config::tiny();
  constexpr int64_t kPrompt = 5, kNew = 20, kTotal = kPrompt + kNew;
  for (rlx::Device device : rlx::availableDevices()) {
    if (device != rlx::Device::cpu && device != rlx::Device::vulkan)
      continue;
    SCOPED_TRACE(rlx::deviceName(device));
    rlx::DecoderOptions options;
    options.prefillBuckets = {8};
    auto decoder = rlx::Decoder::create(
        rlx::Model::fromGraph(gpt2::buildGraph(config, true)), device, options);
    ASSERT_TRUE(decoder.isOk()) << decoder.status().toString();
    setWeights(**decoder, config);

    std::vector<int32_t> ids, pos;
    for (int64_t i = 0; i < kPrompt; ++i) {
      ids.push_back(static_cast<int32_t>((17 + 31 * i) % config.vocab));
      pos.push_back(static_cast<int32_t>(i));
    }
    auto inputs = [&](int64_t count) {
      return gpt2::lastTokens(ids, pos, count);
    };
    // Each step's logits, for the comparison.
    std::vector<std::vector<float>> stepLogits;
    auto out = (*decoder)->prefill(inputs(kPrompt));
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    for (int64_t t = kPrompt; t < kTotal; ++t) {
      const rlx::NamedOutput &logits = (*out)[0];
      const float *last =
          logits.floats() + (logits.shape[1] - 1) * config.vocab;
      stepLogits.emplace_back(last, last + config.vocab);
      ids.push_back(argmax(last, config.vocab));
      pos.push_back(static_cast<int32_t>(t));
      out = (*decoder)->step(inputs(1));
      ASSERT_TRUE(out.isOk()) << out.status().toString();
    }

    // The static model over all 25 tokens: row t - 1 predicts token t.
    rlx::Session session(device);
    auto full = session.compile(gpt2::buildGraph(config, false, kTotal));
    ASSERT_TRUE(full.isOk()) << full.status().toString();
    setWeights(*full, config);
    auto ref = full->run(inputs(kTotal));
    ASSERT_TRUE(ref.isOk()) << ref.status().toString();
    const float *all = (*ref)[0].floats();
    float scale = 0;
    for (int64_t i = 0; i < kTotal * config.vocab; ++i)
      scale = std::max(scale, std::fabs(all[i]));
    ASSERT_GT(scale, 0.05f); // the comparison is not vacuous
    for (int64_t t = kPrompt; t < kTotal; ++t) {
      const float *want = all + (t - 1) * config.vocab;
      for (int64_t v = 0; v < config.vocab; ++v)
        ASSERT_NEAR(stepLogits[t - kPrompt][v], want[v], 1e-4f * scale)
            << "token " << t << " logit " << v;
    }
  }
}

} // namespace
