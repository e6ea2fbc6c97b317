//===- Decoder.h - Token-by-token decoding over a runtime-owned KV cache --===//
//
// A Decoder runs an autoregressive model the way LLM runtimes do: its KV
// caches are states (Graph::state, mir.state) of a fixed capacity that the
// compiled code writes in place at a run-time position, and its attention
// reads them up to that position, so one compiled graph serves every decode
// step and a few prefill buckets serve every prompt. Nothing compiles after
// the buckets. docs/ModelPipeline.md, "Decoding".
//
// The model (a template with symbolic dims, as for ModelCompilePipeline):
//   - inputs whose dim 1 is the symbol "seq": the new tokens (ids or
//     embeddings), [batch, seq, ...];
//   - an input "position", i32 [1]: where the first new token goes; the
//     Decoder gives it;
//   - states [batch, capacity, ...], each written by one cacheWrite along
//     axis 1 at "position", read by attention with that position;
//   - outputs [batch, seq, ...] (logits): row i belongs to token i.
//
// Thread safety: none; use one Decoder per thread (each holds its caches).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DECODER_H
#define RLX_DECODER_H

#include "rlx/CompiledGraph.h"
#include "rlx/Device.h"
#include "rlx/Model.h"
#include "rlx/Status.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rlx {

struct DecoderOptions {
  /// The prefill buckets: a prompt of n tokens runs on the smallest bucket
  /// >= n (padded after its last token; causal attention never lets a real
  /// token see a pad), a longer one in chunks of the largest. Strictly
  /// ascending, each >= 2 (one token runs on the decode graph).
  std::vector<int64_t> prefillBuckets = {16, 64};
  /// The batch the model is specialized to (the symbol "batch").
  int64_t batch = 1;
  /// The input that carries the position (i32 [1]).
  std::string positionInput = "position";
};

class Decoder {
public:
  /// Compiles `model`'s decode graph (seq = 1) and prefill buckets for
  /// `device` with the model's options, and checks the contract above:
  /// invalid_argument naming what is missing (no state, no "seq" input, a
  /// position input of the wrong type, states of different capacities).
  static Expected<std::unique_ptr<Decoder>>
  create(const Model &model, Device device = Device::cpu,
         const DecoderOptions &options = {});
  ~Decoder();

  /// Sets a weight once for every graph (one copy; ModelCompilePipeline).
  Status setParam(const std::string &name, const TensorView &value);

  /// Runs the prompt's tokens (`inputs` with dim 1 = n >= 1) at the current
  /// position, writes their keys and values into the caches and returns the
  /// outputs of its last chunk, rows for its real tokens only; the position
  /// advances by n. out_of_range when position + n would pass the capacity
  /// (nothing runs). Another error in a later chunk leaves the earlier
  /// chunks in the caches: position() says how many tokens they hold.
  Expected<std::vector<NamedOutput>>
  prefill(const std::vector<NamedInput> &inputs);
  /// One token (`inputs` with dim 1 = 1) on the decode graph.
  Expected<std::vector<NamedOutput>>
  step(const std::vector<NamedInput> &inputs);
  /// Position 0, caches zeroed.
  Status reset();

  /// Tokens in the caches.
  int64_t position() const;
  /// Tokens the caches hold at most.
  int64_t capacity() const;
  /// The graphs it runs: the decode graph and one per bucket.
  size_t graphCount() const;
  /// Specializations compiled since create began: graphCount() after
  /// create, and the same after any number of prefills and steps.
  uint64_t compiles() const;
  /// The caches (ownedStateBytes: CPU, the Decoder's one copy; Vulkan, in
  /// each graph's arena), the weights (ownedParamBytes, one copy and its
  /// packed panels) and every graph's arena.
  MemoryUse memoryUse() const;

  struct Impl;

private:
  explicit Decoder(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_DECODER_H
