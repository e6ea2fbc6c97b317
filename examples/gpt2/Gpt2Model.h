//===- Gpt2Model.h - A GPT-2-style decoder built with the Graph API -------===//
//
// The decoder of examples/gpt2 (the example, its test and its benchmark
// share this one definition): token and position embeddings, pre-LN blocks
// of causal multi-head attention over a KV cache held in states (Graph::
// state, cacheWrite, attention at a run-time position) and a GELU (tanh) MLP,
// a final LayerNorm and the LM head. Weights come from a seeded formula that
// bench/compare/gpt2_torch.py computes identically, so PyTorch runs the same
// model without a weight file.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_EXAMPLES_GPT2MODEL_H
#define RLX_EXAMPLES_GPT2MODEL_H

#include "rlx/CompiledGraph.h"
#include "rlx/Graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gpt2 {

struct Config {
  int64_t layers = 12;
  int64_t dim = 768;
  int64_t heads = 12;
  int64_t vocab = 50257;
  /// Positions the embeddings cover, and the KV cache's capacity.
  int64_t context = 1024;

  /// GPT-2 small (124 M params).
  static Config small() { return {}; }
  /// A few-layer model for tests.
  static Config tiny() { return {2, 64, 4, 211, 96}; }
  int64_t params() const;
};

/// With `cache`: the decoder over KV-cache states (inputs "ids" and
/// "pos_ids" [1, seq] i32, "position" i32 [1]; output "logits" [1, seq,
/// vocab]); the rlx::Decoder contract. Without: the same model over a
/// whole static sequence of `tokens` with plain causal attention, the
/// reference a decoder must match.
rlx::Graph buildGraph(const Config &config, bool cache, int64_t tokens = 0);

/// The params of `config` by name and shape, in the graph's order.
struct Param {
  std::string name;
  std::vector<int64_t> shape;
};
std::vector<Param> paramsOf(const Config &config);

/// Param `index` (paramsOf order) of `shape`: LayerNorm gains 1 and biases
/// 0, every other weight uniform in [-a, a) with a = 0.02 * sqrt(3)
/// (variance 0.02²) from the integer hash of (index, element) that
/// gpt2_torch.py computes the same way.
std::vector<float> weightValues(const Param &param, int64_t index);

/// The decoder's inputs for the last `count` tokens of `ids` and their
/// `positions` (views of the vectors, [1, count] each).
std::vector<rlx::NamedInput> lastTokens(const std::vector<int32_t> &ids,
                                        const std::vector<int32_t> &positions,
                                        int64_t count);

} // namespace gpt2

#endif // RLX_EXAMPLES_GPT2MODEL_H
