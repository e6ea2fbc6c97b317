//===- Session.h - Compile graphs and run them ----------------------------===//
//
// Session(device, precision[, policy]) compiles a Graph, MLIR text (HIR or
// MIR) or an ONNX model (rlx/Onnx.h) into a CompiledGraph
// (rlx/CompiledGraph.h). The MLIRContext lives
// behind a pimpl: this header includes nothing from MLIR. Linking it needs
// the compiler library (rlx::compiler); a program that only loads and runs
// artifacts needs rlx/CompiledGraph.h and rlx::runtime alone.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_SESSION_H
#define RLX_SESSION_H

#include "rlx/AotCache.h"
#include "rlx/CompileOptions.h"
#include "rlx/CompiledGraph.h"
#include "rlx/Devices.h"
#include "rlx/Graph.h"
#include "rlx/Model.h"
#include "rlx/Onnx.h"
#include "rlx/Status.h"

#include <functional>
#include <memory>
#include <string_view>

namespace rlx {

/// Thread safety: a Session may be used from several threads; it compiles
/// one graph at a time (concurrent compile calls wait for each other), so
/// every call returns the diagnostics of its own compilation. The
/// CompiledGraphs it returns are independent of it and of each other.
/// Receives a Session's reports and warnings (Session::setLogHandler).
using LogHandler = std::function<void(LogLevel level, const std::string &text)>;

class Session {
public:
  explicit Session(Device device = Device::cpu,
                   Precision precision = Precision::f32,
                   LoweringPolicy policy = LoweringPolicy::fusable);
  Session(Session &&) noexcept;
  ~Session();

  Expected<CompiledGraph> compile(const Graph &graph);
  Expected<CompiledGraph> compile(std::string_view moduleText);
  Expected<CompiledGraph> compileWith(const Graph &graph,
                                      const CompileOptions &options);
  /// `sourceName` is the file name diagnostics give ("model.mlir:3:7:
  /// error: ...").
  Expected<CompiledGraph> compileWith(std::string_view moduleText,
                                      const CompileOptions &options,
                                      std::string_view sourceName = "<module>");
  /// An ONNX model, imported with `options.dims` and `options.constants`
  /// bound; the returned graph has every param set from its initializer
  /// (docs/ONNX.md).
  Expected<CompiledGraph> compile(const OnnxModel &model);
  Expected<CompiledGraph> compileWith(const OnnxModel &model,
                                      const CompileOptions &options);
  /// A Model (rlx/Model.h) — graph, text or ONNX — with its own options,
  /// as every compile entry point takes it (ModelCompilePipeline,
  /// GraphDevices, Stages, Decoder). invalid_argument when its precision or
  /// lowering policy is not this Session's. The model's cache, when set,
  /// is used for this compile; else the Session's (setCache).
  Expected<CompiledGraph> compile(const Model &model);
  /// Where the reports (CompileOptions::report, RLX_FUSION_REPORT) and
  /// warnings of this Session's compilations go: `handler`, called once per
  /// whole report or warning, on the compiling thread or one of the
  /// compiler's workers; an empty handler restores stderr.
  void setLogHandler(LogHandler handler);

  /// Compiles from now on look in `cache` first and store what they compile
  /// there (rlx/AotCache.h); null: no cache (the default). A compile asked
  /// for reports or IR dumps always compiles. A damaged or foreign entry
  /// is a warning to the log handler, then a compile that replaces it.
  void setCache(std::shared_ptr<AotCache> cache);

  /// Loads a serialized artifact (no compiler involved); it must be for the
  /// session's device (incompatible otherwise).
  Expected<CompiledGraph> load(const std::vector<uint8_t> &artifact,
                               int threads = 0);

  /// What this Session compiles for and with (its constructor's).
  Device device() const;
  Precision precision() const;
  LoweringPolicy policy() const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_SESSION_H
