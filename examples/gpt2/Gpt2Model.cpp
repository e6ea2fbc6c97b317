//===- Gpt2Model.cpp - A GPT-2-style decoder built with the Graph API -----===//
#include "Gpt2Model.h"

#include <cmath>

namespace gpt2 {

int64_t Config::params() const {
  int64_t total = 0;
  for (const Param &p : paramsOf(*this)) {
    int64_t n = 1;
    for (int64_t d : p.shape)
      n *= d;
    total += n;
  }
  return total;
}

std::vector<Param> paramsOf(const Config &c) {
  int64_t d = c.dim;
  std::vector<Param> params = {{"wte", {c.vocab, d}}, {"wpe", {c.context, d}}};
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string p = "h." + std::to_string(l) + ".";
    for (const char *name : {"ln1.g", "ln1.b"})
      params.push_back({p + name, {d}});
    for (const char *name : {"q", "k", "v", "o"}) {
      params.push_back({p + "attn." + name + ".w", {d, d}});
      params.push_back({p + "attn." + name + ".b", {d}});
    }
    for (const char *name : {"ln2.g", "ln2.b"})
      params.push_back({p + name, {d}});
    params.push_back({p + "mlp.fc.w", {d, 4 * d}});
    params.push_back({p + "mlp.fc.b", {4 * d}});
    params.push_back({p + "mlp.proj.w", {4 * d, d}});
    params.push_back({p + "mlp.proj.b", {d}});
  }
  params.push_back({"lnf.g", {d}});
  params.push_back({"lnf.b", {d}});
  params.push_back({"lm_head", {d, c.vocab}});
  return params;
}

/// 32-bit mix of (index, element): lowbias32 of their combination.
static uint32_t mix(uint32_t index, uint32_t element) {
  uint32_t x = element * 0x9E3779B9u + index * 0x85EBCA6Bu + 0x1234567u;
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

static bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<float> weightValues(const Param &param, int64_t index) {
  int64_t n = 1;
  for (int64_t d : param.shape)
    n *= d;
  bool gain = endsWith(param.name, ".g");
  bool bias = endsWith(param.name, ".b");
  std::vector<float> values(static_cast<size_t>(n), gain ? 1.0f : 0.0f);
  if (gain || bias)
    return values;
  const double bound = 0.02 * std::sqrt(3.0);
  for (int64_t i = 0; i < n; ++i) {
    // 24 bits: exact in float and double alike.
    double u =
        static_cast<double>(
            mix(static_cast<uint32_t>(index), static_cast<uint32_t>(i)) >> 8) /
        16777216.0;
    values[static_cast<size_t>(i)] = static_cast<float>((2 * u - 1) * bound);
  }
  return values;
}

std::vector<rlx::NamedInput> lastTokens(const std::vector<int32_t> &ids,
                                        const std::vector<int32_t> &positions,
                                        int64_t count) {
  return {rlx::NamedInput::of(
              "ids",
              rlx::TensorView::of(ids.data() + ids.size() - count, {1, count})),
          rlx::NamedInput::of(
              "pos_ids",
              rlx::TensorView::of(positions.data() + positions.size() - count,
                                  {1, count}))};
}

rlx::Graph buildGraph(const Config &c, bool cache, int64_t tokens) {
  rlx::Graph g;
  int64_t seq = cache ? -1 : tokens;
  std::vector<std::string> dims =
      cache ? std::vector<std::string>{"", "seq"} : std::vector<std::string>{};
  rlx::Tensor ids = g.input("ids", rlx::DType::i32, {1, seq}, dims);
  rlx::Tensor posIds = g.input("pos_ids", rlx::DType::i32, {1, seq}, dims);
  rlx::Tensor position;
  if (cache)
    position = g.input("position", rlx::DType::i32, {1});
  auto param = [&](const std::string &name, std::vector<int64_t> shape) {
    return g.param(name, rlx::DType::f32, std::move(shape));
  };
  int64_t d = c.dim;
  rlx::Tensor h = g.add(g.embedding(ids, param("wte", {c.vocab, d})),
                        g.embedding(posIds, param("wpe", {c.context, d})));
  rlx::AttentionOptions attention;
  attention.heads = c.heads;
  attention.headDim = d / c.heads;
  attention.mask = rlx::MaskKind::causal;
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string p = "h." + std::to_string(l) + ".";
    auto linear = [&](rlx::Tensor x, const std::string &name, int64_t in,
                      int64_t out, rlx::Activation act) {
      return g.linear(x, param(p + name + ".w", {in, out}),
                      param(p + name + ".b", {out}), act);
    };
    rlx::Tensor a =
        g.layerNorm(h, param(p + "ln1.g", {d}), param(p + "ln1.b", {d}));
    rlx::Tensor q = linear(a, "attn.q", d, d, rlx::Activation::none);
    rlx::Tensor k = linear(a, "attn.k", d, d, rlx::Activation::none);
    rlx::Tensor v = linear(a, "attn.v", d, d, rlx::Activation::none);
    rlx::Tensor context;
    if (cache) {
      // The caches [1, context, d]: rows [position, position + seq) are
      // this run's keys and values.
      rlx::Tensor kc = g.cacheWrite(
          g.state(p + "k_cache", rlx::DType::f32, {1, c.context, d}), k,
          position, 1);
      rlx::Tensor vc = g.cacheWrite(
          g.state(p + "v_cache", rlx::DType::f32, {1, c.context, d}), v,
          position, 1);
      context = g.attention(q, kc, vc, attention, {}, position);
    } else {
      context = g.attention(q, k, v, attention);
    }
    h = g.add(h, linear(context, "attn.o", d, d, rlx::Activation::none));
    rlx::Tensor m =
        g.layerNorm(h, param(p + "ln2.g", {d}), param(p + "ln2.b", {d}));
    rlx::Tensor up = linear(m, "mlp.fc", d, 4 * d, rlx::Activation::gelu_tanh);
    h = g.add(h, linear(up, "mlp.proj", 4 * d, d, rlx::Activation::none));
  }
  h = g.layerNorm(h, param("lnf.g", {d}), param("lnf.b", {d}));
  g.setOutputs({{"logits", g.linear(h, param("lm_head", {d, c.vocab}))}});
  return g;
}

} // namespace gpt2
