//===- DecodeBench.cpp - GPT-2-small decoding against the bandwidth bound -===//
//
// BM_Decode/T: examples/gpt2's GPT-2 small (seeded weights) through
// rlx::Decoder on T threads: one decode step per iteration (manual time),
// after a prompt of 8 tokens. A decode step reads every weight but the
// embedding tables once and the KV cache up to its position, so its bound
// is those bytes over the machine's read bandwidth, measured by the same
// threads between steps (rlx::bench::readSeconds, every 8 steps; the
// median). Counters: tokens_per_s, bytes_per_token, read_GBps (the
// median), bw_fraction (achieved bytes/s over read_GBps), prefill_ms (the
// 8-token prompt, median of the prefills).
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"
#include "Gpt2Model.h"
#include "rlx/Decoder.h"

#include <algorithm>
#include <map>
#include <memory>

namespace {

constexpr int64_t kPrompt = 8;
/// Steps run from the prompt up to here, then the decoder starts over.
constexpr int64_t kLastPosition = 512;

struct Bench {
  std::unique_ptr<rlx::Decoder> decoder;
  gpt2::Config config = gpt2::Config::small();
  /// Bytes a step reads besides the KV cache: the weights but the two
  /// embedding tables, and one row of each table.
  double weightBytes = 0;
  std::vector<double> prefillMs;
  std::vector<int32_t> ids, pos;
};

Bench &benchFor(int threads) {
  static std::map<int, std::unique_ptr<Bench>> benches;
  std::unique_ptr<Bench> &b = benches[threads];
  if (b)
    return *b;
  b = std::make_unique<Bench>();
  rlx::Model model = rlx::Model::fromGraph(gpt2::buildGraph(b->config, true));
  model.options.threads = threads;
  rlx::DecoderOptions options;
  options.prefillBuckets = {kPrompt};
  auto decoder = rlx::Decoder::create(model, rlx::Device::cpu, options);
  if (!decoder) {
    std::fprintf(stderr, "rlx-bench: %s\n",
                 decoder.status().toString().c_str());
    std::exit(1);
  }
  b->decoder = std::move(*decoder);
  std::vector<gpt2::Param> params = gpt2::paramsOf(b->config);
  for (size_t i = 0; i < params.size(); ++i) {
    std::vector<float> w = gpt2::weightValues(params[i], i);
    if (!b->decoder->setParam(params[i].name,
                              rlx::TensorView::of(w.data(), params[i].shape))) {
      std::fprintf(stderr, "rlx-bench: setting %s failed\n",
                   params[i].name.c_str());
      std::exit(1);
    }
    double bytes = 4.0 * w.size();
    if (params[i].name == "wte" || params[i].name == "wpe")
      bytes = 4.0 * params[i].shape[1];
    b->weightBytes += bytes;
  }
  return *b;
}

/// Starts over: position 0, then the prompt (timed).
void prompt(Bench &b) {
  (void)b.decoder->reset();
  b.ids.clear();
  b.pos.clear();
  for (int64_t i = 0; i < kPrompt; ++i) {
    b.ids.push_back(static_cast<int32_t>((464 + 97 * i) % b.config.vocab));
    b.pos.push_back(static_cast<int32_t>(i));
  }
  auto start = std::chrono::steady_clock::now();
  auto out = b.decoder->prefill(
      {rlx::NamedInput::of("ids",
                           rlx::TensorView::of(b.ids.data(), {1, kPrompt})),
       rlx::NamedInput::of("pos_ids",
                           rlx::TensorView::of(b.pos.data(), {1, kPrompt}))});
  b.prefillMs.push_back(std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - start)
                            .count());
  if (!out) {
    std::fprintf(stderr, "rlx-bench: %s\n", out.status().toString().c_str());
    std::exit(1);
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void BM_Decode(benchmark::State &state) {
  int threads = static_cast<int>(state.range(0));
  Bench &b = benchFor(threads);
  prompt(b);
  std::vector<double> bandwidth;
  double seconds = 0, cacheBytes = 0;
  int64_t steps = 0;
  for (auto _ : state) {
    if (b.decoder->position() >= kLastPosition)
      prompt(b);
    if (steps % 8 == 0)
      bandwidth.push_back(double(rlx::bench::kReadBytes) /
                          rlx::bench::readSeconds(threads) / 1e9);
    int64_t at = b.decoder->position();
    int32_t id = static_cast<int32_t>((b.ids.back() * 31 + 7) % b.config.vocab);
    int32_t p = static_cast<int32_t>(at);
    auto start = std::chrono::steady_clock::now();
    auto out = b.decoder->step(
        {rlx::NamedInput::of("ids", rlx::TensorView::of(&id, {1, 1})),
         rlx::NamedInput::of("pos_ids", rlx::TensorView::of(&p, {1, 1}))});
    double step =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!out) {
      state.SkipWithError(out.status().toString().c_str());
      return;
    }
    state.SetIterationTime(step);
    b.ids.push_back(id);
    seconds += step;
    // K and V of every layer up to and including this token.
    cacheBytes += 2.0 * b.config.layers * (at + 1) * b.config.dim * 4;
    ++steps;
  }
  double bytesPerToken =
      b.weightBytes + cacheBytes / std::max<int64_t>(steps, 1);
  double tokensPerSecond = steps / seconds;
  double readGBps = median(bandwidth);
  state.counters["tokens_per_s"] = tokensPerSecond;
  state.counters["bytes_per_token"] = bytesPerToken;
  state.counters["read_GBps"] = readGBps;
  state.counters["bw_fraction"] =
      bytesPerToken * tokensPerSecond / (readGBps * 1e9);
  state.counters["prefill_ms"] = median(b.prefillMs);
}

BENCHMARK(BM_Decode)->Arg(1)->Arg(2)->UseManualTime()->Unit(
    benchmark::kMillisecond);

} // namespace
