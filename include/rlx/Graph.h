//===- Graph.h - Building a model in C++ ----------------------------------===//
//
// A Graph records model-level ops (the HIR vocabulary, plus the MIR data
// movement ops a model needs) on symbolic handles. It stores no shapes:
// compiling translates it to HIR, where the dialects' shape rules and
// verifiers check it, so a rule is never written twice and a mistake is
// reported with the op's index and kind.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_GRAPH_H
#define RLX_GRAPH_H

#include "rlx/Manifest.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rlx {

/// A value of a Graph: the index of the node that produces it, and which of
/// that node's results.
struct Tensor {
  int32_t node = -1;
  int32_t result = 0;
  bool valid() const { return node >= 0; }
};

/// Activation of a linear layer's epilogue.
/// relu6 is min(max(x, 0), 6).
enum class Activation {
  none,
  relu,
  gelu,
  gelu_tanh,
  silu,
  sigmoid,
  tanh,
  relu6
};

/// Elementwise unary functions (the MIR `unary` kinds).
enum class UnaryKind {
  gelu,
  gelu_tanh,
  silu,
  relu,
  sigmoid,
  tanh,
  exp,
  log,
  sqrt,
  rsqrt,
  neg,
  abs,
  sin,
  cos,
  tan,
  atan,
  round,
  erf,
  floor,
  ceil
};

enum class BinaryKind { add, sub, mul, div, max, min, pow };

enum class MaskKind { none, causal, sliding_window, custom, additive_bias };

enum class NormKind { layer, rms };

struct AttentionOptions {
  int64_t heads = 1;
  int64_t headDim = 1;
  /// 0: same as heads.
  int64_t kvHeads = 0;
  MaskKind mask = MaskKind::none;
  /// For sliding_window.
  int64_t window = 0;
  /// 0: 1 / sqrt(headDim).
  float scale = 0.0f;
  /// 0: no softcap.
  float softcap = 0.0f;
};

/// One recorded op. Kinds are the HIR/MIR op names ("hir.linear").
struct GraphNode {
  std::string kind;
  std::vector<Tensor> operands;
  /// Integer, float and string attributes by name.
  std::vector<std::pair<std::string, int64_t>> ints;
  /// Integer array attributes by name (a slice's offsets, sizes, strides).
  std::vector<std::pair<std::string, std::vector<int64_t>>> intArrays;
  std::vector<std::pair<std::string, double>> floats;
  std::vector<std::pair<std::string, std::string>> strings;
  /// Enum attributes by name ("act", "kind", "mask_kind"): the public
  /// enum's value, numbered as the IR's enum (dialects/Common/Enums.td;
  /// api/GraphToHIR.cpp checks the correspondence when it compiles).
  std::vector<std::pair<std::string, int32_t>> enums;
  /// Declared type (inputs, params, constants, reshape targets).
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  /// Symbol names of an input's dynamic dims ("" for static ones).
  std::vector<std::string> dims;
  /// A constant's bytes.
  std::vector<uint8_t> data;
  int32_t numResults = 1;
};

class Graph {
public:
  /// A per-run input. `shape` entries < 0 are symbolic dims named by
  /// `dims` (same length as shape; "" for static entries).
  Tensor input(const std::string &name, DType dtype, std::vector<int64_t> shape,
               std::vector<std::string> dims = {});
  /// A named parameter (weight), bound with CompiledGraph::setParam.
  Tensor param(const std::string &name, DType dtype,
               std::vector<int64_t> shape);
  /// A state: memory the compiled graph keeps between runs, zeros in a new
  /// graph (a decoder's KV cache; mir.state). Its one use is the cache of a
  /// cacheWrite; CompiledGraph sets, reads, binds and resets it by name.
  Tensor state(const std::string &name, DType dtype,
               std::vector<int64_t> shape);
  /// `cache` (a state) with `update`'s rows written in place at the run-time
  /// `position` (an i32 or i64 tensor of one element) along `axis`; rows
  /// past the cache's size are not written (mir.cache_write). Read the
  /// result, not the state.
  Tensor cacheWrite(Tensor cache, Tensor update, Tensor position, int64_t axis);
  /// A constant; `data` holds elementCount * dtypeSize bytes.
  Tensor constant(DType dtype, std::vector<int64_t> shape,
                  std::vector<uint8_t> data);
  /// A f32 constant.
  Tensor constant(std::vector<int64_t> shape, const std::vector<float> &data);

  /// act(x W + b); W is [in, out]; `bias` may be invalid (none).
  Tensor linear(Tensor x, Tensor weight, Tensor bias = {},
                Activation act = Activation::none);
  Tensor matmul(Tensor a, Tensor b);
  /// Scaled dot-product attention on projected q [B,S,H*D], k, v. With a
  /// run-time `position` p (an i32 or i64 tensor of one element; mask none
  /// or causal) the queries sit at p + s among the keys: causal, query s
  /// sees the keys t <= p + s, else t < p + S (a KV cache filled up to
  /// p + S; hir.attention).
  Tensor attention(Tensor q, Tensor k, Tensor v, const AttentionOptions &opts,
                   Tensor mask = {}, Tensor position = {});
  Tensor layerNorm(Tensor x, Tensor gamma, Tensor beta = {}, float eps = 1e-5f);
  Tensor rmsNorm(Tensor x, Tensor gamma, float eps = 1e-6f);
  /// (norm(x + residual), x + residual).
  std::pair<Tensor, Tensor> residualNorm(NormKind kind, Tensor x,
                                         Tensor residual, Tensor gamma,
                                         Tensor beta = {}, float eps = 1e-5f);
  Tensor softmax(Tensor x, int64_t axis = -1);
  Tensor swiglu(Tensor x, Tensor wGate, Tensor wUp);
  /// Rotary embedding of x [B,S,H*D] at `positions` [S]; rotaryDim 0 = headDim.
  Tensor rope(Tensor x, Tensor positions, int64_t heads, int64_t headDim,
              int64_t rotaryDim = 0, float theta = 10000.0f);
  Tensor embedding(Tensor ids, Tensor table);
  Tensor unary(UnaryKind kind, Tensor x);
  Tensor binary(BinaryKind kind, Tensor a, Tensor b);
  Tensor relu(Tensor x) { return unary(UnaryKind::relu, x); }
  Tensor add(Tensor a, Tensor b) { return binary(BinaryKind::add, a, b); }
  Tensor mul(Tensor a, Tensor b) { return binary(BinaryKind::mul, a, b); }
  /// Same elements, new static shape.
  Tensor reshape(Tensor x, std::vector<int64_t> shape);
  Tensor transpose(Tensor x, std::vector<int64_t> permutation);
  /// `inputs` joined along `axis` (negative counts from the end): equal
  /// ranks and element types, equal dims but `axis` (mir.concat).
  Tensor concat(std::vector<Tensor> inputs, int64_t axis);
  /// The window of x at `offsets` with `sizes` elements taken every
  /// `strides` (empty: all 1) along each dim, inside x's static shape
  /// (mir.slice).
  Tensor slice(Tensor x, std::vector<int64_t> offsets,
               std::vector<int64_t> sizes, std::vector<int64_t> strides = {});

  /// The graph's outputs, in order, with their names.
  void setOutputs(std::vector<std::pair<std::string, Tensor>> outputs);

  const std::vector<GraphNode> &nodes() const { return nodes_; }
  const std::vector<std::pair<std::string, Tensor>> &outputs() const {
    return outputs_;
  }

private:
  Tensor record(GraphNode node);

  std::vector<GraphNode> nodes_;
  std::vector<std::pair<std::string, Tensor>> outputs_;
};

} // namespace rlx

#endif // RLX_GRAPH_H
