//===- Model.h - What to compile, and how
//----------------------------------===//
//
// A model as the device queries, the device policy and GraphDevices take
// it: a Graph, MLIR text (HIR or MIR) or an ONNX model, with the options,
// precision and lowering policy every device compiles it with. It owns a
// copy of the graph or text (an ONNX model is shared).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_MODEL_H
#define RLX_MODEL_H

#include "rlx/AotCache.h"
#include "rlx/CompileOptions.h"
#include "rlx/Graph.h"
#include "rlx/Onnx.h"

#include <memory>
#include <string>
#include <string_view>

namespace rlx {

struct Model {
  /// A graph built with the Graph API.
  static Model fromGraph(Graph graph) {
    Model m;
    m.graph = std::move(graph);
    m.isGraph = true;
    return m;
  }
  /// MLIR text; `sourceName` is the file name diagnostics give.
  static Model fromText(std::string_view text,
                        std::string sourceName = "<module>") {
    Model m;
    m.text = std::string(text);
    m.sourceName = std::move(sourceName);
    return m;
  }

  /// An ONNX model (rlx/Onnx.h); its params are set from its initializers
  /// on every device it compiles for.
  static Model fromOnnx(OnnxModel onnx) {
    Model m;
    m.onnx = std::move(onnx);
    m.isOnnx = true;
    return m;
  }

  bool isGraph = false;
  bool isOnnx = false;
  Graph graph;
  OnnxModel onnx;
  std::string text;
  std::string sourceName;
  CompileOptions options;
  Precision precision = Precision::f32;
  LoweringPolicy policy = LoweringPolicy::fusable;
  /// Where every compile of this model looks first and stores its code
  /// (Session::setCache); null: no cache.
  std::shared_ptr<AotCache> cache;
};

} // namespace rlx

#endif // RLX_MODEL_H
