//===- gpt2.cpp - Greedy generation with a GPT-2-small-sized decoder ------===//
//
// Builds GPT-2 small (12 layers, d 768, 12 heads, vocab 50,257, 124 M
// params, seeded weights; Gpt2Model.h) with the Graph API, compiles its
// decode graph and prefill buckets once (rlx::Decoder: a KV cache of the
// model's context written in place, no compile per token), prefills a
// prompt and generates tokens greedily, printing them and the speed.
//   build/bin/rlx-gpt2 [--tokens N] [--prompt P] [--threads T]
//                      [--warmup W] [--device cpu|vulkan] [--tiny]
// --warmup runs W untimed generations first (then reset()), as a peer's
// benchmark warms its session up (default 1).
//
//===----------------------------------------------------------------------===//
#include "Gpt2Model.h"
#include "rlx/Decoder.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since)
      .count();
}

/// The token of the largest logit in row `row` of [1, rows, vocab].
int32_t argmaxRow(const rlx::NamedOutput &logits, int64_t row) {
  int64_t vocab = logits.shape[2];
  const float *x = logits.floats() + row * vocab;
  int32_t best = 0;
  for (int64_t v = 1; v < vocab; ++v)
    if (x[v] > x[best])
      best = static_cast<int32_t>(v);
  return best;
}

int fail(const rlx::Status &s) {
  std::fprintf(stderr, "rlx-gpt2: %s\n", s.toString().c_str());
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  int64_t generate = 32, promptLength = 8, warmup = 1;
  int threads = 0;
  rlx::Device device = rlx::Device::cpu;
  gpt2::Config config = gpt2::Config::small();
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "rlx-gpt2: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    auto number = [&](int64_t low, int64_t high) {
      const char *text = value();
      char *end = nullptr;
      long long n = std::strtoll(text, &end, 10);
      if (!*text || *end || n < low || n > high) {
        std::fprintf(stderr,
                     "rlx-gpt2: %s takes an integer in [%lld, %lld], "
                     "got '%s'\n",
                     arg.c_str(), static_cast<long long>(low),
                     static_cast<long long>(high), text);
        std::exit(2);
      }
      return static_cast<int64_t>(n);
    };
    if (arg == "--tokens")
      generate = number(1, 1000);
    else if (arg == "--prompt")
      promptLength = number(1, 512);
    else if (arg == "--warmup")
      warmup = number(0, 100);
    else if (arg == "--threads")
      threads = static_cast<int>(number(0, 4096));
    else if (arg == "--tiny")
      config = gpt2::Config::tiny();
    else if (arg == "--device") {
      std::string name = value();
      rlx::Expected<rlx::Device> d = rlx::parseDevice(name);
      if (!d)
        return fail(d.status());
      device = *d;
    } else {
      std::fprintf(stderr,
                   "usage: rlx-gpt2 [--tokens N] [--prompt P] [--threads T] "
                   "[--warmup W] [--device cpu|vulkan] [--tiny]\n");
      return 2;
    }
  }
  if (promptLength + generate > config.context) {
    std::fprintf(stderr,
                 "rlx-gpt2: %lld prompt + %lld new tokens pass the "
                 "context of %lld\n",
                 static_cast<long long>(promptLength),
                 static_cast<long long>(generate),
                 static_cast<long long>(config.context));
    return 2;
  }

  auto start = std::chrono::steady_clock::now();
  rlx::Model model = rlx::Model::fromGraph(gpt2::buildGraph(config, true));
  model.options.threads = threads;
  rlx::DecoderOptions options;
  // Buckets up to the context (the tiny model's is 96).
  options.prefillBuckets.clear();
  for (int64_t bucket : {8, 32, 128})
    if (bucket <= config.context)
      options.prefillBuckets.push_back(bucket);
  auto decoder = rlx::Decoder::create(model, device, options);
  if (!decoder)
    return fail(decoder.status());
  rlx::Decoder &d = **decoder;
  double compileSeconds = seconds(start);
  start = std::chrono::steady_clock::now();
  std::vector<gpt2::Param> params = gpt2::paramsOf(config);
  for (size_t i = 0; i < params.size(); ++i) {
    std::vector<float> w = gpt2::weightValues(params[i], i);
    if (rlx::Status s = d.setParam(
            params[i].name, rlx::TensorView::of(w.data(), params[i].shape));
        !s)
      return fail(s);
  }
  double weightSeconds = seconds(start);
  std::printf("GPT-2 %s: %lld params, %lld layers, d %lld; %zu graphs "
              "compiled in %.2f s, weights set in %.2f s\n",
              config.layers == 12 ? "small" : "tiny",
              static_cast<long long>(config.params()),
              static_cast<long long>(config.layers),
              static_cast<long long>(config.dim), d.graphCount(),
              compileSeconds, weightSeconds);

  // A fixed prompt of token ids, then greedy generation: `warmup` untimed
  // rounds (each ending in reset()), then the timed one.
  std::vector<int32_t> ids, pos, generated;
  double prefillSeconds = 0, decodeSeconds = 0;
  for (int64_t round = 0; round <= warmup; ++round) {
    ids.clear();
    pos.clear();
    generated.clear();
    for (int64_t i = 0; i < promptLength; ++i) {
      ids.push_back(static_cast<int32_t>((464 + 97 * i) % config.vocab));
      pos.push_back(static_cast<int32_t>(i));
    }
    auto inputs = [&](int64_t count) {
      return gpt2::lastTokens(ids, pos, count);
    };
    start = std::chrono::steady_clock::now();
    auto out = d.prefill(inputs(promptLength));
    if (!out)
      return fail(out.status());
    prefillSeconds = seconds(start);
    start = std::chrono::steady_clock::now();
    for (int64_t t = 0; t < generate; ++t) {
      int32_t next = argmaxRow((*out)[0], (*out)[0].shape[1] - 1);
      generated.push_back(next);
      if (t + 1 == generate)
        break;
      ids.push_back(next);
      pos.push_back(static_cast<int32_t>(pos.size()));
      out = d.step(inputs(1));
      if (!out)
        return fail(out.status());
    }
    decodeSeconds = seconds(start);
    if (round < warmup)
      if (rlx::Status s = d.reset(); !s)
        return fail(s);
  }
  std::printf("generated:");
  for (int32_t id : generated)
    std::printf(" %d", id);
  std::printf("\nprefill of %lld tokens: %.1f ms; decode: %.1f tokens/s "
              "(%lld steps, %.2f ms each); cache %.1f MiB, weights %.1f MiB\n",
              static_cast<long long>(promptLength), prefillSeconds * 1e3,
              generate > 1 ? (generate - 1) / decodeSeconds : 0.0,
              static_cast<long long>(generate - 1),
              generate > 1 ? decodeSeconds * 1e3 / (generate - 1) : 0.0,
              d.memoryUse().ownedStateBytes / 1048576.0,
              d.memoryUse().ownedParamBytes / 1048576.0);
  return 0;
}
