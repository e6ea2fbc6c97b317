//===- ModelPipeline.h - One model, many shapes: template -> specialize ---===//
//
// Serving code compiles one model for many shapes (batch sizes, sequence
// lengths, prefill and decode). ModelCompilePipeline holds a model written
// with symbolic dims as a template, specializes it per binding and keeps
// the compiled specializations in a FIFO cache; its weights are set once
// and given to every specialization. BindingManifest says where every
// tensor of a specialization lives. docs/ModelPipeline.md.
//
// Thread safety: a pipeline may be used from several threads; calls that
// compile or change weights take its lock. The CompiledGraphs it hands out
// are shared_ptrs: one evicted from the FIFO stays valid while held.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_MODELPIPELINE_H
#define RLX_MODELPIPELINE_H

#include "rlx/AotCache.h"
#include "rlx/CompileOptions.h"
#include "rlx/CompiledGraph.h"
#include "rlx/Device.h"
#include "rlx/Model.h"
#include "rlx/Status.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rlx {

/// What a specialization is for.
enum class ModelPhase { inference, encoder, prefill, decode };

/// "inference", "encoder", "prefill", "decode".
const char *modelPhaseName(ModelPhase phase);

/// One specialization of a template: the sizes its symbols take.
struct ModelVariant {
  /// Binds the symbol "batch" (always).
  int64_t batch = 1;
  /// Binds "seq" when > 0.
  int64_t seq = 0;
  /// Binds "past_seq" when > 0 (a decoder's KV cache length).
  int64_t pastSeq = 0;
  ModelPhase phase = ModelPhase::inference;
  /// Further symbols, e.g. {{"kv_seq", 17}}.
  std::vector<std::pair<std::string, int64_t>> extra;

  /// The symbol bindings, sorted by name.
  std::vector<std::pair<std::string, int64_t>> binding() const;
  /// "decode:batch=1,past_seq=15,seq=1": the phase and the sorted
  /// binding, stable across runs and processes.
  std::string cacheKey() const;
};

/// Where one tensor of a specialization lives.
struct SlotBinding {
  std::string name;
  SlotRole role = SlotRole::input;
  DType dtype = DType::f32;
  /// The shape its values are given in (a param stored permuted:
  /// Slot::givenShape()).
  std::vector<int64_t> shape;
  int64_t elements = 0;
  uint64_t bytes = 0;
  /// Its range in the arena.
  uint64_t offset = 0;
  uint64_t size = 0;
  /// Its bytes lie inside an earlier slot's: it aliases that memory (an
  /// output that is a reshape of an input, say) rather than owning its own.
  bool isView = false;
};

/// The params of one dotted prefix ("layers.0.attn" for
/// "layers.0.attn.wq", ...), in manifest order, and their total bytes.
struct WeightBlock {
  std::string prefix;
  std::vector<std::string> params;
  uint64_t bytes = 0;
};

/// Every input, param and output of one compiled specialization.
struct BindingManifest {
  std::string graphName;
  std::string variantKey;
  uint64_t arenaSize = 0;
  uint64_t alignment = 0;
  std::vector<SlotBinding> slots;

  /// The binding of `role` named `name`, or null.
  const SlotBinding *find(SlotRole role, const std::string &name) const;
  /// The params grouped by their name up to the last '.', in first-seen
  /// order ("" for names without a dot).
  std::vector<WeightBlock> weightBlocks() const;
  /// What differs from `a` to `b`, one line per slot: "input x: shape
  /// [1x16x256] -> [2x16x256], offset 0 -> 0", "+ output z" for a slot only
  /// in `b`, "- ..." for one only in `a`, and the arena size. Empty when
  /// they are the same.
  static std::vector<std::string> diff(const BindingManifest &a,
                                       const BindingManifest &b);
};

BindingManifest bindingManifestOf(const Manifest &manifest,
                                  std::string variantKey = "");

/// A param the template declares.
struct ParamSpec {
  std::string name;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
};

/// What specialize() produced: the LIR of one binding.
struct Specialization {
  std::string variantKey;
  /// The LIR module, as text.
  std::string lir;
};

/// A compiled specialization and its binding manifest.
struct CompiledComponent {
  std::shared_ptr<CompiledGraph> graph;
  BindingManifest manifest;
};

/// The sizes one symbol is rounded up to (docs/ModelPipeline.md, "Shape
/// buckets"): a power-of-two ladder, or sizes given.
class ShapeBuckets {
public:
  /// 1, 2, 4, ... up to the first power of two >= `max` (>= 1).
  static Expected<ShapeBuckets> ladder(std::string symbol, int64_t max);
  /// `sizes`, strictly ascending, each >= 1.
  static Expected<ShapeBuckets> ranges(std::string symbol,
                                       std::vector<int64_t> sizes);

  /// The smallest bucket >= `extent`; out_of_range beyond the largest.
  Expected<int64_t> bucketFor(int64_t extent) const;
  const std::string &symbol() const { return symbol_; }
  const std::vector<int64_t> &sizes() const { return sizes_; }

private:
  std::string symbol_;
  std::vector<int64_t> sizes_;
};

class ModelCompilePipeline {
public:
  /// Compiles for `device`; the FIFO keeps at most `capacity` (>= 1)
  /// specializations.
  explicit ModelCompilePipeline(
      Device device = Device::cpu, size_t capacity = 8,
      Precision precision = Precision::f32,
      LoweringPolicy policy = LoweringPolicy::fusable);
  ModelCompilePipeline(ModelCompilePipeline &&) noexcept;
  ModelCompilePipeline &operator=(ModelCompilePipeline &&) noexcept;
  ~ModelCompilePipeline();

  /// Parses and verifies `moduleText` (HIR or MIR with symbolic dims) and
  /// keeps it as the template, with `options` as every specialization's
  /// base (their dims are replaced by each variant's binding). Forgets the
  /// previous template's specializations; keeps no weights it does not
  /// declare.
  Status buildTemplate(std::string_view moduleText,
                       const CompileOptions &options = {},
                       std::string_view sourceName = "<template>");
  /// A graph built with the Graph API as the template (its inputs' symbolic
  /// dims are the symbols variants bind), as buildTemplate(text) of its
  /// HIR.
  Status buildTemplate(const Graph &graph, const CompileOptions &options = {});
  /// A Model (rlx/Model.h) as the template: its graph or text with its
  /// options; its cache, when set, becomes the pipeline's. invalid_argument
  /// when its precision or lowering policy is not the pipeline's (set in
  /// the constructor); unimplemented for an ONNX model (compile those with
  /// Session, docs/ONNX.md).
  Status buildTemplate(const Model &model);
  /// The device the pipeline compiles for (its constructor's).
  Device device() const;
  /// Whether a template has been built (buildTemplate succeeded).
  bool hasTemplate() const;
  /// The symbols the template's inputs name, sorted ("batch", "seq").
  std::vector<std::string> symbols() const;
  /// Each input of the template with the symbol of each of its dims ("" for
  /// a static dim), by input name.
  std::vector<std::pair<std::string, std::vector<std::string>>>
  inputDims() const;
  /// The template's params, in order.
  std::vector<ParamSpec> params() const;

  /// Looks in `cache` before compiling a specialization (rlx/AotCache.h).
  void setCache(std::shared_ptr<AotCache> cache);

  /// Sets a weight once for every specialization, present and future: the
  /// pipeline keeps one copy and gives it to each. invalid_argument for a
  /// name the template does not declare or a shape or dtype it does not
  /// have.
  Status setParam(const std::string &name, const TensorView &value);
  /// An f32 param of the shape the template declares, from `count` floats.
  Status setParam(const std::string &name, const float *data, size_t count);

  /// The LIR of `variant` (not compiled to code, not cached).
  Expected<Specialization> specialize(const ModelVariant &variant);
  /// Compiles `variant` now, outside the FIFO, with the weights set so far.
  Expected<std::shared_ptr<CompiledGraph>> compile(const ModelVariant &variant);
  /// The FIFO's specialization of `variant`, compiled on first use; at
  /// capacity the oldest one is evicted first.
  Expected<std::shared_ptr<CompiledGraph>>
  getOrCompile(const ModelVariant &variant);
  /// getOrCompile with the specialization's binding manifest.
  Expected<CompiledComponent>
  getOrCompileComponent(const ModelVariant &variant);

  /// Runs `inputs` on the specialization of the bucket their extent along
  /// `buckets.symbol()` rounds up to (`variant` with that symbol bound to
  /// the bucket; compiled through the FIFO): inputs whose template type
  /// names the symbol are padded with zero rows along that dim up to the
  /// bucket (every such input must give its shape and agree on the
  /// extent); each output is sliced back to the extent along the same dim
  /// as the first padded input's. Exact when no real row depends on a later
  /// one along that dim (a batch dim; a sequence under a causal mask):
  /// padding adds rows after the real ones.
  Expected<std::vector<NamedOutput>>
  runPadded(const ShapeBuckets &buckets, const ModelVariant &variant,
            const std::vector<NamedInput> &inputs);

  /// The variants in the FIFO, oldest first.
  std::vector<std::string> cachedVariants() const;
  size_t capacity() const;
  /// How many specializations the pipeline has compiled (or taken from its
  /// AOT cache) since it was made: what a serving loop watches to know it
  /// compiles nothing more.
  uint64_t compiles() const;
  /// Bytes of weights the pipeline holds: one copy each, plus one packed
  /// copy of each weight CPU code reads in matmul panels (shared by every
  /// specialization; docs/ModelPipeline.md, "Weights").
  uint64_t weightBytes() const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_MODELPIPELINE_H
