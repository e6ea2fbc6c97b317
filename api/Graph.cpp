//===- Graph.cpp - Building a model in C++ --------------------------------===//
//
// Recording only: shapes and validity are checked when the graph is
// translated to HIR (GraphToHIR.cpp), by the dialects' own rules.
//
//===----------------------------------------------------------------------===//
#include "rlx/Graph.h"

#include <cstring>

namespace rlx {

/// The enum attribute `name` of a node: the value's number.
template <typename Enum>
static std::pair<std::string, int32_t> enumAttr(const char *name, Enum value) {
  return {name, static_cast<int32_t>(value)};
}

Tensor Graph::record(GraphNode node) {
  nodes_.push_back(std::move(node));
  return Tensor{static_cast<int32_t>(nodes_.size() - 1), 0};
}

Tensor Graph::input(const std::string &name, DType dtype,
                    std::vector<int64_t> shape, std::vector<std::string> dims) {
  GraphNode n;
  n.kind = "input";
  n.strings = {{"name", name}};
  n.dtype = dtype;
  n.shape = std::move(shape);
  n.dims = std::move(dims);
  return record(std::move(n));
}

Tensor Graph::param(const std::string &name, DType dtype,
                    std::vector<int64_t> shape) {
  GraphNode n;
  n.kind = "hir.param";
  n.strings = {{"name", name}};
  n.dtype = dtype;
  n.shape = std::move(shape);
  return record(std::move(n));
}

Tensor Graph::state(const std::string &name, DType dtype,
                    std::vector<int64_t> shape) {
  GraphNode n;
  n.kind = "mir.state";
  n.strings = {{"name", name}};
  n.dtype = dtype;
  n.shape = std::move(shape);
  return record(std::move(n));
}

Tensor Graph::cacheWrite(Tensor cache, Tensor update, Tensor position,
                         int64_t axis) {
  GraphNode n;
  n.kind = "mir.cache_write";
  n.operands = {cache, update, position};
  n.ints = {{"axis", axis}};
  return record(std::move(n));
}

Tensor Graph::constant(DType dtype, std::vector<int64_t> shape,
                       std::vector<uint8_t> data) {
  GraphNode n;
  n.kind = "mir.constant";
  n.dtype = dtype;
  n.shape = std::move(shape);
  n.data = std::move(data);
  return record(std::move(n));
}

Tensor Graph::constant(std::vector<int64_t> shape,
                       const std::vector<float> &data) {
  std::vector<uint8_t> bytes(data.size() * sizeof(float));
  if (!data.empty())
    std::memcpy(bytes.data(), data.data(), bytes.size());
  return constant(DType::f32, std::move(shape), std::move(bytes));
}

Tensor Graph::linear(Tensor x, Tensor weight, Tensor bias, Activation act) {
  GraphNode n;
  n.kind = "hir.linear";
  n.operands = {x, weight};
  if (bias.valid())
    n.operands.push_back(bias);
  n.enums = {enumAttr("act", act)};
  return record(std::move(n));
}

Tensor Graph::matmul(Tensor a, Tensor b) {
  GraphNode n;
  n.kind = "hir.matmul";
  n.operands = {a, b};
  return record(std::move(n));
}

Tensor Graph::attention(Tensor q, Tensor k, Tensor v,
                        const AttentionOptions &opts, Tensor mask,
                        Tensor position) {
  GraphNode n;
  n.kind = "hir.attention";
  n.operands = {q, k, v};
  if (mask.valid())
    n.operands.push_back(mask);
  if (position.valid())
    n.operands.push_back(position);
  n.intArrays = {{"operandSegmentSizes",
                  {1, 1, 1, mask.valid() ? 1 : 0, position.valid() ? 1 : 0}}};
  n.ints = {{"heads", opts.heads}, {"head_dim", opts.headDim}};
  if (opts.kvHeads > 0)
    n.ints.push_back({"kv_heads", opts.kvHeads});
  if (opts.mask == MaskKind::sliding_window)
    n.ints.push_back({"window", opts.window});
  if (opts.scale != 0.0f)
    n.floats.push_back({"scale", opts.scale});
  if (opts.softcap != 0.0f)
    n.floats.push_back({"softcap", opts.softcap});
  n.enums = {enumAttr("mask_kind", opts.mask)};
  return record(std::move(n));
}

Tensor Graph::layerNorm(Tensor x, Tensor gamma, Tensor beta, float eps) {
  GraphNode n;
  n.kind = "hir.layer_norm";
  n.operands = {x, gamma};
  if (beta.valid())
    n.operands.push_back(beta);
  n.floats = {{"eps", eps}};
  return record(std::move(n));
}

Tensor Graph::rmsNorm(Tensor x, Tensor gamma, float eps) {
  GraphNode n;
  n.kind = "hir.rms_norm";
  n.operands = {x, gamma};
  n.floats = {{"eps", eps}};
  return record(std::move(n));
}

std::pair<Tensor, Tensor> Graph::residualNorm(NormKind kind, Tensor x,
                                              Tensor residual, Tensor gamma,
                                              Tensor beta, float eps) {
  GraphNode n;
  n.kind = "hir.residual_norm";
  n.operands = {x, residual, gamma};
  if (beta.valid())
    n.operands.push_back(beta);
  n.floats = {{"eps", eps}};
  n.enums = {enumAttr("kind", kind)};
  n.numResults = 2;
  Tensor normed = record(std::move(n));
  return {normed, Tensor{normed.node, 1}};
}

Tensor Graph::softmax(Tensor x, int64_t axis) {
  GraphNode n;
  n.kind = "hir.softmax";
  n.operands = {x};
  n.ints = {{"axis", axis}};
  return record(std::move(n));
}

Tensor Graph::swiglu(Tensor x, Tensor wGate, Tensor wUp) {
  GraphNode n;
  n.kind = "hir.swiglu";
  n.operands = {x, wGate, wUp};
  return record(std::move(n));
}

Tensor Graph::rope(Tensor x, Tensor positions, int64_t heads, int64_t headDim,
                   int64_t rotaryDim, float theta) {
  GraphNode n;
  n.kind = "hir.rope";
  n.operands = {x, positions};
  n.ints = {{"heads", heads}, {"head_dim", headDim}};
  if (rotaryDim > 0)
    n.ints.push_back({"rotary_dim", rotaryDim});
  n.floats = {{"theta", theta}};
  return record(std::move(n));
}

Tensor Graph::embedding(Tensor ids, Tensor table) {
  GraphNode n;
  n.kind = "hir.embedding";
  n.operands = {ids, table};
  return record(std::move(n));
}

Tensor Graph::unary(UnaryKind kind, Tensor x) {
  GraphNode n;
  n.kind = "hir.activation";
  n.operands = {x};
  n.enums = {enumAttr("kind", kind)};
  return record(std::move(n));
}

Tensor Graph::binary(BinaryKind kind, Tensor a, Tensor b) {
  GraphNode n;
  n.kind = "hir.binary";
  n.operands = {a, b};
  n.enums = {enumAttr("kind", kind)};
  return record(std::move(n));
}

Tensor Graph::reshape(Tensor x, std::vector<int64_t> shape) {
  GraphNode n;
  n.kind = "mir.reshape";
  n.operands = {x};
  n.shape = std::move(shape);
  return record(std::move(n));
}

Tensor Graph::transpose(Tensor x, std::vector<int64_t> permutation) {
  GraphNode n;
  n.kind = "mir.transpose";
  n.operands = {x};
  n.shape = std::move(permutation);
  return record(std::move(n));
}

Tensor Graph::concat(std::vector<Tensor> inputs, int64_t axis) {
  GraphNode n;
  n.kind = "mir.concat";
  n.operands = std::move(inputs);
  n.ints = {{"axis", axis}};
  return record(std::move(n));
}

Tensor Graph::slice(Tensor x, std::vector<int64_t> offsets,
                    std::vector<int64_t> sizes, std::vector<int64_t> strides) {
  GraphNode n;
  n.kind = "mir.slice";
  n.operands = {x};
  if (strides.empty())
    strides.assign(offsets.size(), 1);
  n.intArrays = {{"offsets", std::move(offsets)},
                 {"sizes", std::move(sizes)},
                 {"strides", std::move(strides)}};
  return record(std::move(n));
}

void Graph::setOutputs(std::vector<std::pair<std::string, Tensor>> outputs) {
  outputs_ = std::move(outputs);
}

} // namespace rlx
