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

/// The DType of a C++ element type (f16 and bf16 have none: give their
/// bits as uint16_t with an explicit dtype).
template <typename T> struct DTypeOf;
template <> struct DTypeOf<float> {
  static constexpr DType value = DType::f32;
};
template <> struct DTypeOf<double> {
  static constexpr DType value = DType::f64;
};
template <> struct DTypeOf<int8_t> {
  static constexpr DType value = DType::i8;
};
template <> struct DTypeOf<int32_t> {
  static constexpr DType value = DType::i32;
};
template <> struct DTypeOf<int64_t> {
  static constexpr DType value = DType::i64;
};
template <> struct DTypeOf<bool> { static constexpr DType value = DType::i1; };

/// Contiguous elements of one type, not owned.
template <typename T> struct Span {
  T *data = nullptr;
  size_t size = 0;
  T *begin() const { return data; }
  T *end() const { return data + size; }
  T &operator[](size_t i) const { return data[i]; }
};

/// Tensor data as the caller holds it: its dtype, shape and bytes (not
/// owned). run() and setParam check all three against the manifest.
struct TensorView {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  const void *data = nullptr;
  /// Size in bytes.
  size_t bytes = 0;

  /// `data` as a tensor of `shape` (elementCount(shape) elements of T).
  template <typename T>
  static TensorView of(const T *data, std::vector<int64_t> shape) {
    TensorView view;
    view.dtype = DTypeOf<T>::value;
    view.shape = std::move(shape);
    view.data = data;
    view.bytes = static_cast<size_t>(view.elementCount()) * sizeof(T);
    return view;
  }
  /// The product of the shape (1 for a scalar).
  int64_t elementCount() const;
};

/// An input to run(): a name and its data. `shape`, when given, is checked
/// against the manifest too; empty, only the dtype and byte size are.
struct NamedInput {
  NamedInput() = default;
  NamedInput(std::string name, const void *data, size_t bytes,
             DType dtype = DType::f32, std::vector<int64_t> shape = {})
      : name(std::move(name)), data(data), bytes(bytes), dtype(dtype),
        shape(std::move(shape)) {}

  std::string name;
  const void *data = nullptr;
  /// Size in bytes.
  size_t bytes = 0;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;

  /// The input `name` holding `view` (shape checked).
  static NamedInput of(std::string name, const TensorView &view) {
    return {std::move(name), view.data, view.bytes, view.dtype, view.shape};
  }
};

/// An output of run(): its slot and a copy of its bytes.
struct NamedOutput {
  std::string name;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;

  /// The data as floats; null unless the output is f32 (use as<T>() to be
  /// told why).
  const float *floats() const {
    return dtype == DType::f32 ? reinterpret_cast<const float *>(bytes.data())
                               : nullptr;
  }
  /// The elements as T; invalid_argument naming both dtypes when T is not
  /// the output's element type.
  template <typename T> Expected<Span<const T>> as() const {
    if (DTypeOf<T>::value != dtype)
      return Status(StatusCode::invalid_argument,
                    "output '" + name + "' is " + dtypeName(dtype) + ", not " +
                        dtypeName(DTypeOf<T>::value));
    return Span<const T>{reinterpret_cast<const T *>(bytes.data()),
                         bytes.size() / sizeof(T)};
  }
  /// The output as a TensorView (valid while this NamedOutput lives).
  TensorView view() const { return {dtype, shape, bytes.data(), bytes.size()}; }
};

/// Where runInto writes an output: the caller's memory, which must have the
/// output's dtype and exact byte size.
struct OutputBuffer {
  std::string name;
  void *data = nullptr;
  size_t bytes = 0;
  DType dtype = DType::f32;

  template <typename T>
  static OutputBuffer of(std::string name, T *data, size_t count) {
    return {std::move(name), data, count * sizeof(T), DTypeOf<T>::value};
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

/// `value` (row-major, the shape of param `slot` and the dtype its values
/// are given in, Slot::givenDType()) in the layout and dtype the code reads
/// it in: packed into panels (Slot::panelWidth), converted to f16 / bf16
/// (Slot::givenAs), else copied. Checks dtype, shape and size.
Status packParam(const Slot &slot, const TensorView &value,
                 std::vector<uint8_t> &stored);

/// The memory a compiled graph holds for data (docs/Embedding.md,
/// "Parameters and memory").
struct MemoryUse {
  /// The arena it allocated: on the CPU the bytes below the params (which
  /// live outside it), on Vulkan the whole arena, params included, in
  /// device memory.
  uint64_t arenaBytes = 0;
  /// Its own copies of params made by setParam, outside the arena (CPU).
  uint64_t ownedParamBytes = 0;
  /// Param bytes it reads in place from the caller's memory (bindParam).
  uint64_t borrowedParamBytes = 0;
  /// Its own memory for states (a KV cache; CPU: allocated on the first run
  /// or setState that needs it; on Vulkan states are in the arena).
  uint64_t ownedStateBytes = 0;
  /// State bytes it reads and writes in the caller's memory (bindState).
  uint64_t borrowedStateBytes = 0;
};

struct CompiledGraphFactory;

/// Thread safety: every member may be called from several threads at once.
/// Runs, runSlots and setParam on one graph are serialized (it has one
/// arena), so each run sees whole parameters; graphs are independent of
/// each other and of the Session that compiled them. CPU graphs loaded
/// with threads = 0 share one pool and take turns on it (LoadOptions).
/// The views runSlots returns are valid until the graph's next run, from
/// any thread.
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
  /// Binds parameter `name` to `value`, whose dtype and shape must be the
  /// parameter's. A param stored in f16 / bf16 that a mixed-precision policy
  /// would otherwise cast on every run takes its values in f32
  /// (Slot::givenAs) and converts them here, once (round to nearest even;
  /// docs/Optimizer.md).
  Status setParam(const std::string &name, const TensorView &value);
  /// Binds parameter `name` to the caller's memory without copying it: on
  /// the CPU the code reads `value.data` in place on every later run, so it
  /// must stay valid and unchanged until the parameter is set or bound
  /// again or the graph is destroyed; the graph holds `keepAlive` (may be
  /// null) for exactly that long, so shared weights can own themselves. Any
  /// alignment of the element type will do. On a device with memory of its
  /// own (Vulkan) the data is copied as setParam does and `keepAlive` is
  /// released at once. Checks as setParam; many graphs may bind one buffer
  /// (docs/Embedding.md, "Parameters and memory").
  Status bindParam(const std::string &name, const TensorView &value,
                   std::shared_ptr<const void> keepAlive = nullptr);
  /// A param the code reads in matmul panels (its Slot::panelWidth > 0) is
  /// packed when set, and one given in f32 and stored in f16 / bf16
  /// (Slot::givenAs) converted: setParam and bindParam copy it into panels
  /// or converted values the graph owns. bindStoredParam binds bytes
  /// already packed or converted (rlx::packParam), in place as bindParam
  /// does, so graphs can share one copy; for another param it is
  /// bindParam. `stored` has the param's stored dtype (Slot::dtype) and
  /// byte size; its shape is not checked (the panels' bytes have none).
  Status bindStoredParam(const std::string &name, const TensorView &stored,
                         std::shared_ptr<const void> keepAlive = nullptr);
  /// States (Slot::state; docs/Embedding.md, "State"): memory the code
  /// writes in place and keeps between runs, a decoder's KV cache. A state
  /// needs nothing before a run (it starts as zeros); the param functions
  /// refuse it by name. The names, in manifest order:
  std::vector<std::string> stateNames() const;
  /// Writes `value` (the state's dtype and shape) into the graph's own
  /// memory for state `name` (undoing a bindState).
  Status setState(const std::string &name, const TensorView &value);
  /// Copies state `name`'s bytes as the last run left them into `out`,
  /// exactly its byte size (downloaded from a device's memory).
  Status readState(const std::string &name, void *out, size_t bytes);
  /// On the CPU: runs read and write state `name` in the caller's memory
  /// (`bytes` of `dtype`, any alignment of the element), which must stay
  /// valid until the state is set or bound again or the graph is
  /// destroyed; the graph holds `keepAlive` that long. Several graphs may
  /// bind one buffer and so share a cache (one run at a time across them:
  /// the caller serializes). unimplemented on a device with memory of its
  /// own (Vulkan): use setState / readState there.
  Status bindState(const std::string &name, void *data, size_t bytes,
                   DType dtype, std::shared_ptr<void> keepAlive = nullptr);
  /// Zeros every state where the code reads it (its own memory, or the
  /// caller's when bound).
  Status resetStates();
  /// The memory the graph holds for data now.
  MemoryUse memoryUse() const;
  /// Runs with named inputs (each input exactly once) and returns copies of
  /// the outputs. Thread-safe: concurrent calls are serialized. Inputs are
  /// read where they are, during the call only (not copied, never written;
  /// no alignment beyond the element's is needed).
  Expected<std::vector<NamedOutput>> run(const std::vector<NamedInput> &inputs);
  /// Runs as run() and writes the outputs named in `outputs` into the
  /// caller's buffers (no allocation for outputs); every buffer is checked
  /// (name, dtype, exact size, each output at most once) before the run.
  /// Outputs not named are not copied.
  Status runInto(const std::vector<NamedInput> &inputs,
                 const std::vector<OutputBuffer> &outputs);
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
  /// Threads for a CPU artifact: 0 (the default) runs on the process's
  /// shared pool (one thread per core, shared by every graph loaded so; runs
  /// of different graphs take turns on it), N from 1 to 4096 gives the graph
  /// a pool of N threads of its own. A Vulkan artifact runs on its device
  /// and uses none.
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
