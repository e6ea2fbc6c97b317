//===- CompiledGraph.h - A compiled graph, ready to run -------------------===//
//
// A CompiledGraph is what compiling a graph (rlx/Session.h) or loading an
// artifact gives: setParam, run (named inputs), runSlots (by index, outputs
// read in place), manifest, save. Loading and running need only the runtime
// library (rlx::runtime, no MLIR): load(path) maps an artifact file,
// loadBytes takes one in memory (docs/Embedding.md).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_COMPILEDGRAPH_H
#define RLX_COMPILEDGRAPH_H

#include "rlx/Device.h"
#include "rlx/Manifest.h"
#include "rlx/Status.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rlx {

/// An input to run(): a name and f32 data (or typed bytes).
struct NamedInput {
  std::string name;
  const void *data = nullptr;
  /// Size in bytes.
  size_t bytes = 0;
  DType dtype = DType::f32;
};

/// An output of run(): its slot and a copy of its bytes.
struct NamedOutput {
  std::string name;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
  /// The data as floats (f32 outputs).
  const float *floats() const {
    return reinterpret_cast<const float *>(bytes.data());
  }
};

/// A view of an output inside the arena, valid until the next run.
struct OutputView {
  const Slot *slot = nullptr;
  const void *data = nullptr;
};

/// One dispatch's share of a run, from profiling (CompiledGraph::
/// setProfiling): its symbol, kernel and grid (manifest order) and its mean
/// wall time per run.
struct DispatchTime {
  std::string symbol;
  std::string kernel;
  std::array<int64_t, 3> grid = {1, 1, 1};
  double meanMicros = 0;
};

/// The outputs of runSlots, in manifest order; owned by the CompiledGraph
/// and valid until its next run.
struct OutputViews {
  const OutputView *first = nullptr;
  size_t count = 0;
  size_t size() const { return count; }
  const OutputView &operator[](size_t i) const { return first[i]; }
  const OutputView *begin() const { return first; }
  const OutputView *end() const { return first + count; }
};

struct CompiledGraphFactory;

class CompiledGraph {
public:
  CompiledGraph(CompiledGraph &&) noexcept;
  CompiledGraph &operator=(CompiledGraph &&) noexcept;
  ~CompiledGraph();

  /// Binds parameter `name` to `count` floats.
  Status setParam(const std::string &name, const float *data, size_t count);
  /// Binds parameter `name` to `bytes` bytes of `dtype`.
  Status setParamTyped(const std::string &name, const void *data, size_t bytes,
                       DType dtype);
  /// Runs with named inputs (each input exactly once) and returns copies of
  /// the outputs. Thread-safe: concurrent calls are serialized. Inputs are
  /// read where they are, during the call only (not copied, never written;
  /// no alignment beyond the element's is needed).
  Expected<std::vector<NamedOutput>> run(const std::vector<NamedInput> &inputs);
  /// Runs with inputs by manifest index (`inputs[i]` has the byte size of
  /// input slot i) and returns views of the outputs in the arena. Makes no
  /// heap allocation and copies no input (read in place, as for run()):
  /// the steady-state fast path.
  Expected<OutputViews> runSlots(const std::vector<const void *> &inputs);
  /// Times every dispatch of the following runs (off by default: it costs
  /// two clock reads per dispatch). Turning it on clears earlier times.
  void setProfiling(bool on);
  /// The mean time per run of each dispatch since profiling was turned on;
  /// empty before any profiled run.
  std::vector<DispatchTime> dispatchTimes() const;
  const Manifest &manifest() const;
  /// The serialized artifact (for rlx-run --emit-artifact and caches), made
  /// on the first call: compiling hands the artifact to the runtime in
  /// memory.
  const std::vector<uint8_t> &artifactBytes() const;
  /// Writes the artifact to `path` (a temporary file renamed into place);
  /// load(path) reads it back.
  Status save(const std::string &path) const;
  /// The device the graph runs on.
  Device device() const;

  struct Impl;

private:
  friend struct CompiledGraphFactory;
  explicit CompiledGraph(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// How an artifact is loaded.
struct LoadOptions {
  /// Worker threads for a CPU artifact (0: one per core; at most 4096);
  /// a Vulkan artifact runs on its device and starts none.
  int threads = 0;
};

/// Loads the artifact file at `path` (memory-mapped while it is read) for
/// the device it was compiled for. Errors: not_found (no such file), the
/// artifact's own (runtime: data_loss for a damaged file, incompatible for
/// another format version, kernel ABI, CPU or device, unavailable when its
/// device is missing; docs/CPUBackend.md, "Artifact").
Expected<CompiledGraph> load(const std::string &path,
                             const LoadOptions &options = LoadOptions());
/// Loads an artifact held in memory (`size` bytes at `data`, copied).
Expected<CompiledGraph> loadBytes(const uint8_t *data, size_t size,
                                  const LoadOptions &options = LoadOptions());

} // namespace rlx

#endif // RLX_COMPILEDGRAPH_H
