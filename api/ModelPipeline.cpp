//===- ModelPipeline.cpp - One model, many shapes: template -> specialize -===//
//
// The template is the module after compileTemplate (parsed, verified, its
// target attached, HIR lowered to MIR with symbolic dims): done once. A
// specialization clones it, binds the variant's dims and runs the rest
// (specializeToLIR, then the backend), through the AOT cache when one is
// set, keyed as a Session compile of the same text and binding.
//
//===----------------------------------------------------------------------===//
#include "rlx/ModelPipeline.h"
#include "api/AxisRows.h"
#include "api/Backend.h"
#include "api/CachedCompile.h"
#include "api/Compiler.h"
#include "api/GraphToHIR.h"
#include "api/ManifestFromLIR.h"
#include "dialects/Common/DTypes.h"
#include "passes/Common/Log.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace rlx {

//===----------------------------------------------------------------------===//
// Variants and binding manifests
//===----------------------------------------------------------------------===//

const char *modelPhaseName(ModelPhase phase) {
  switch (phase) {
  case ModelPhase::inference:
    return "inference";
  case ModelPhase::encoder:
    return "encoder";
  case ModelPhase::prefill:
    return "prefill";
  case ModelPhase::decode:
    return "decode";
  }
  return "?";
}

std::vector<std::pair<std::string, int64_t>> ModelVariant::binding() const {
  std::vector<std::pair<std::string, int64_t>> out = {{"batch", batch}};
  if (seq > 0)
    out.push_back({"seq", seq});
  if (pastSeq > 0)
    out.push_back({"past_seq", pastSeq});
  out.insert(out.end(), extra.begin(), extra.end());
  std::sort(out.begin(), out.end());
  return out;
}

std::string ModelVariant::cacheKey() const {
  std::string key = std::string(modelPhaseName(phase)) + ":";
  bool first = true;
  for (const auto &[name, size] : binding()) {
    key += (first ? "" : ",") + name + "=" + std::to_string(size);
    first = false;
  }
  return key;
}

static std::string formatShape(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? "x" : "") + std::to_string(shape[i]);
  return out + "]";
}

BindingManifest bindingManifestOf(const Manifest &manifest,
                                  std::string variantKey) {
  BindingManifest out;
  out.graphName = manifest.name;
  out.variantKey = std::move(variantKey);
  out.arenaSize = manifest.arenaSize;
  out.alignment = manifest.alignment;
  for (const Slot &slot : manifest.slots) {
    if (slot.role == SlotRole::constant)
      continue;
    SlotBinding b;
    b.name = slot.name;
    b.role = slot.role;
    b.dtype = slot.dtype;
    b.shape = slot.givenShape();
    b.elements = slot.elementCount();
    b.bytes = static_cast<uint64_t>(b.elements) * dtypeSize(slot.dtype);
    b.offset = slot.offset;
    b.size = slot.size;
    for (const SlotBinding &earlier : out.slots)
      if (b.size > 0 && b.offset >= earlier.offset &&
          b.offset + b.size <= earlier.offset + earlier.size)
        b.isView = true;
    out.slots.push_back(std::move(b));
  }
  return out;
}

const SlotBinding *BindingManifest::find(SlotRole role,
                                         const std::string &name) const {
  for (const SlotBinding &s : slots)
    if (s.role == role && s.name == name)
      return &s;
  return nullptr;
}

std::vector<WeightBlock> BindingManifest::weightBlocks() const {
  std::vector<WeightBlock> blocks;
  for (const SlotBinding &s : slots) {
    if (s.role != SlotRole::param)
      continue;
    size_t dot = s.name.rfind('.');
    std::string prefix = dot == std::string::npos ? "" : s.name.substr(0, dot);
    auto it =
        std::find_if(blocks.begin(), blocks.end(),
                     [&](const WeightBlock &b) { return b.prefix == prefix; });
    if (it == blocks.end()) {
      blocks.push_back({prefix, {}, 0});
      it = std::prev(blocks.end());
    }
    it->params.push_back(s.name);
    it->bytes += s.bytes;
  }
  return blocks;
}

std::vector<std::string> BindingManifest::diff(const BindingManifest &a,
                                               const BindingManifest &b) {
  std::vector<std::string> lines;
  auto label = [](const SlotBinding &s) {
    return std::string(slotRoleName(s.role)) + " " + s.name;
  };
  for (const SlotBinding &from : a.slots) {
    const SlotBinding *to = b.find(from.role, from.name);
    if (!to) {
      lines.push_back("- " + label(from));
      continue;
    }
    std::string changes;
    auto add = [&](const std::string &what) {
      changes += (changes.empty() ? "" : ", ") + what;
    };
    if (from.dtype != to->dtype)
      add(std::string("dtype ") + dtypeName(from.dtype) + " -> " +
          dtypeName(to->dtype));
    if (from.shape != to->shape)
      add("shape " + formatShape(from.shape) + " -> " + formatShape(to->shape));
    if (from.offset != to->offset)
      add("offset " + std::to_string(from.offset) + " -> " +
          std::to_string(to->offset));
    if (from.size != to->size)
      add("size " + std::to_string(from.size) + " -> " +
          std::to_string(to->size));
    if (from.isView != to->isView)
      add(std::string("view ") + (from.isView ? "yes" : "no") + " -> " +
          (to->isView ? "yes" : "no"));
    if (!changes.empty())
      lines.push_back(label(from) + ": " + changes);
  }
  for (const SlotBinding &to : b.slots)
    if (!a.find(to.role, to.name))
      lines.push_back("+ " + label(to));
  if (a.arenaSize != b.arenaSize)
    lines.push_back("arena size " + std::to_string(a.arenaSize) + " -> " +
                    std::to_string(b.arenaSize));
  return lines;
}

//===----------------------------------------------------------------------===//
// ModelCompilePipeline
//===----------------------------------------------------------------------===//

namespace {
/// One weight as the pipeline holds it: immutable once made, apart from
/// the packed copies it makes on first use.
struct Weight {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;

  /// `data` (its bytes, or a packed or converted copy) as a view of its
  /// shape and of `as` (its dtype unless converted).
  TensorView view(const std::vector<uint8_t> &data,
                  std::optional<DType> as = std::nullopt) const {
    TensorView v;
    v.dtype = as.value_or(dtype);
    v.shape = shape;
    v.data = data.data();
    v.bytes = data.size();
    return v;
  }

  /// Its bytes in `slot`'s layout and dtype: the row-major bytes, or its
  /// panels of slot.panelWidth, or its values converted to the slot's f16 /
  /// bf16 (Slot::givenAs), made on first use and shared by every graph
  /// whose code reads that form (the same for every specialization of one
  /// target and policy).
  Expected<TensorView> stored(const Slot &slot) const {
    if (!slot.storedDiffersFromGiven())
      return view(bytes);
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<uint8_t> &packed = laidOut[{slot.panelWidth, slot.dtype}];
    if (packed.empty())
      if (Status s = packParam(slot, view(bytes), packed); !s)
        return s;
    return view(packed, slot.dtype);
  }

  /// The bytes it holds: row-major, packed and converted.
  uint64_t bytesHeld() const {
    std::lock_guard<std::mutex> lock(mutex);
    uint64_t total = bytes.size();
    for (const auto &[form, packed] : laidOut)
      total += packed.size();
    return total;
  }

private:
  mutable std::mutex mutex;
  /// Packed or converted copies by (panel width, stored dtype).
  mutable std::map<std::pair<int64_t, DType>, std::vector<uint8_t>> laidOut;
};
} // namespace

struct ModelCompilePipeline::Impl {
  Device device;
  size_t capacity;
  Precision precision;
  LoweringPolicy policy;
  std::unique_ptr<mlir::MLIRContext> context = mlir::rlx::makeCompilerContext();

  /// The template (MIR, dims possibly symbolic), its source text (the AOT
  /// cache key's module) and the options every specialization starts from.
  mlir::OwningOpRef<mlir::ModuleOp> templ;
  std::string text;
  CompileOptions base;
  std::vector<ParamSpec> params;
  std::set<std::string> symbols;
  /// Each named input's symbol per dim ("" for a static dim).
  std::map<std::string, std::vector<std::string>> inputDims;

  /// One copy of each weight set, shared by every specialization: CPU
  /// graphs read it in place (CompiledGraph::bindParam) and keep it alive,
  /// so a weight set again gets a new buffer and the old one lives until
  /// no graph reads it.
  std::map<std::string, std::shared_ptr<const Weight>> weights;
  /// The FIFO: keys oldest first, and what they hold.
  std::deque<std::string> order;
  std::map<std::string, CompiledComponent> fifo;
  std::shared_ptr<AotCache> cache;
  /// Specializations compiled (or taken from the AOT cache) so far.
  uint64_t compiles = 0;
  mutable std::mutex mutex;

  ~Impl() { mlir::rlx::setLogSink(context.get(), {}); }

  mlir::rlx::CompilerOptions compilerOptions(const CompileOptions &o) const {
    return mlir::rlx::compilerOptionsFor(device, o, precision, policy);
  }

  Status requireTemplate() const {
    if (!templ)
      return Status(StatusCode::failed_precondition,
                    "the pipeline has no template: call buildTemplate first");
    return Status::ok();
  }

  /// The compile options of `variant`: the base options with the variant's
  /// binding of the template's symbols. batch, seq and past_seq bind only
  /// when the template has that symbol; an `extra` symbol it lacks is an
  /// error (a misspelling, not a size to ignore).
  Expected<CompileOptions> optionsFor(const ModelVariant &variant) const {
    CompileOptions options = base;
    options.dims.clear();
    for (const auto &[name, size] : variant.extra)
      if (!symbols.count(name))
        return Status(StatusCode::invalid_argument,
                      "variant " + variant.cacheKey() + " binds '" + name +
                          "', which the template does not have (its symbols: " +
                          joinedSymbols() + ")");
    for (const auto &[name, size] : variant.binding())
      if (symbols.count(name))
        options.dims.push_back({name, size});
    return options;
  }

  std::string joinedSymbols() const {
    std::string out;
    for (const std::string &s : symbols)
      out += (out.empty() ? "" : ", ") + s;
    return out.empty() ? "none" : out;
  }

  /// The template's clone specialized to LIR for `options`.
  Expected<mlir::OwningOpRef<mlir::ModuleOp>>
  specializeClone(const CompileOptions &options) {
    mlir::OwningOpRef<mlir::ModuleOp> clone(templ->clone());
    if (Status s = mlir::rlx::specializeToLIR(*clone, compilerOptions(options));
        !s)
      return s;
    return std::move(clone);
  }

  /// Binds `graph`'s param `name`, if its code reads one, to `weight`.
  static Status bindWeight(CompiledGraph &graph, const std::string &name,
                           const std::shared_ptr<const Weight> &weight) {
    const Slot *slot = graph.manifest().findSlot(SlotRole::param, name);
    if (!slot)
      return Status::ok(); // this binding's code does not read it
    Expected<TensorView> stored = weight->stored(*slot);
    if (!stored)
      return stored.status();
    return graph.bindStoredParam(name, *stored, weight);
  }

  /// Compiles `variant` and gives it every weight set so far.
  Expected<CompiledComponent> compileVariant(const ModelVariant &variant) {
    if (Status s = requireTemplate(); !s)
      return s;
    ++compiles;
    Expected<CompileOptions> options = optionsFor(variant);
    if (!options)
      return options.status();
    Expected<mlir::rlx::Backend *> backend = mlir::rlx::usableBackend(device);
    if (!backend)
      return backend.status();
    mlir::rlx::CompilerOptions copts = compilerOptions(*options);
    Expected<CompiledGraph> graph = mlir::rlx::compileThroughCache(
        context.get(), **backend, copts, cache.get(), [&] { return text; },
        [&]() -> Expected<runtime::Artifact> {
          auto lir = specializeClone(*options);
          if (!lir)
            return lir.status();
          return mlir::rlx::compileLIRToArtifact(**lir, copts);
        });
    if (!graph)
      return graph.status();
    auto shared = std::make_shared<CompiledGraph>(std::move(*graph));
    for (const auto &[name, weight] : weights)
      if (Status s = bindWeight(*shared, name, weight); !s)
        return s;
    BindingManifest manifest =
        bindingManifestOf(shared->manifest(), variant.cacheKey());
    return CompiledComponent{std::move(shared), std::move(manifest)};
  }
};

ModelCompilePipeline::ModelCompilePipeline(Device device, size_t capacity,
                                           Precision precision,
                                           LoweringPolicy policy)
    : impl_(std::make_unique<Impl>()) {
  impl_->device = device;
  impl_->capacity = capacity;
  impl_->precision = precision;
  impl_->policy = policy;
}
ModelCompilePipeline::ModelCompilePipeline(ModelCompilePipeline &&) noexcept =
    default;
ModelCompilePipeline &
ModelCompilePipeline::operator=(ModelCompilePipeline &&) noexcept = default;
ModelCompilePipeline::~ModelCompilePipeline() = default;

/// The params and dim symbols `module` declares (before lowering).
static void
collectSignature(mlir::ModuleOp module, std::vector<ParamSpec> &params,
                 std::set<std::string> &symbols,
                 std::map<std::string, std::vector<std::string>> &inputDims) {
  module.walk([&](mlir::Operation *op) {
    llvm::StringRef kind = op->getName().getStringRef();
    if ((kind == "hir.param" || kind == "mir.param") &&
        op->getNumResults() == 1) {
      auto name = op->getAttrOfType<mlir::StringAttr>("name");
      auto type =
          mlir::dyn_cast<mlir::RankedTensorType>(op->getResult(0).getType());
      if (!name || !type)
        return;
      // A param stored converted is given in its `given` type.
      mlir::Type element = type.getElementType();
      if (auto given = op->getAttrOfType<mlir::TypeAttr>("given"))
        element = given.getValue();
      std::optional<DType> dtype = mlir::rlx::dtypeOf(element);
      if (!dtype)
        return;
      // A param stored permuted is given in the other order.
      std::vector<int64_t> shape(type.getShape().begin(),
                                 type.getShape().end());
      if (auto permuted =
              op->getAttrOfType<mlir::DenseI64ArrayAttr>("permuted"))
        shape = unpermutedShape(
            shape, std::vector<int64_t>(permuted.asArrayRef().begin(),
                                        permuted.asArrayRef().end()));
      bool seen =
          std::any_of(params.begin(), params.end(), [&](const ParamSpec &p) {
            return p.name == name.getValue();
          });
      if (!seen)
        params.push_back({name.getValue().str(), *dtype, shape});
    }
  });
  symbols = mlir::rlx::dimSymbols(module);
  module.walk([&](mlir::func::FuncOp func) {
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      std::string name;
      for (const char *attr : {"hir.name", "mir.name"})
        if (auto n = func.getArgAttrOfType<mlir::StringAttr>(i, attr))
          name = n.getValue().str();
      for (const char *attr : {"hir.dims", "mir.dims"}) {
        auto dims = func.getArgAttrOfType<mlir::ArrayAttr>(i, attr);
        if (!dims)
          continue;
        std::vector<std::string> perDim;
        for (mlir::Attribute d : dims) {
          auto symbol = mlir::dyn_cast<mlir::StringAttr>(d);
          perDim.push_back(symbol ? symbol.getValue().str() : "");
        }
        if (!name.empty())
          inputDims[name] = std::move(perDim);
      }
    }
  });
}

Status ModelCompilePipeline::buildTemplate(std::string_view moduleText,
                                           const CompileOptions &options,
                                           std::string_view sourceName) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (impl_->capacity == 0)
    return Status(StatusCode::invalid_argument,
                  "ModelCompilePipeline capacity 0: give at least 1");
  if (Status s = mlir::rlx::usableBackend(impl_->device).status(); !s)
    return s;
  auto module =
      mlir::rlx::parseModuleText(impl_->context.get(), moduleText, sourceName);
  if (!module)
    return module.status();
  std::vector<ParamSpec> params;
  std::set<std::string> symbols;
  std::map<std::string, std::vector<std::string>> inputDims;
  collectSignature(**module, params, symbols, inputDims);
  CompileOptions base = options;
  base.dims.clear();
  if (Status s =
          mlir::rlx::compileTemplate(**module, impl_->compilerOptions(base));
      !s)
    return s;
  impl_->templ = std::move(*module);
  impl_->text = std::string(moduleText);
  impl_->base = std::move(base);
  impl_->params = std::move(params);
  impl_->symbols = std::move(symbols);
  impl_->inputDims = std::move(inputDims);
  impl_->order.clear();
  impl_->fifo.clear();
  for (auto it = impl_->weights.begin(); it != impl_->weights.end();) {
    bool declared =
        std::any_of(impl_->params.begin(), impl_->params.end(),
                    [&](const ParamSpec &p) { return p.name == it->first; });
    it = declared ? std::next(it) : impl_->weights.erase(it);
  }
  return Status::ok();
}

Status ModelCompilePipeline::buildTemplate(const Graph &graph,
                                           const CompileOptions &options) {
  std::string text;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    auto module =
        mlir::rlx::translateGraphToHIR(impl_->context.get(), graph, "graph");
    if (!module)
      return module.status();
    llvm::raw_string_ostream os(text);
    (*module)->print(os);
  }
  return buildTemplate(text, options, "<graph>");
}

Status ModelCompilePipeline::buildTemplate(const Model &model) {
  if (model.isOnnx)
    return Status(StatusCode::unimplemented,
                  "ModelCompilePipeline takes a graph or MLIR text as its "
                  "template; compile an ONNX model with Session "
                  "(docs/ONNX.md)");
  if (model.precision != impl_->precision)
    return Status(StatusCode::invalid_argument,
                  "the model's precision is not the pipeline's: construct "
                  "the ModelCompilePipeline with the model's precision");
  if (model.policy != impl_->policy)
    return Status(StatusCode::invalid_argument,
                  "the model's lowering policy is not the pipeline's: "
                  "construct the ModelCompilePipeline with the model's "
                  "policy");
  if (model.cache)
    setCache(model.cache);
  return model.isGraph
             ? buildTemplate(model.graph, model.options)
             : buildTemplate(model.text, model.options, model.sourceName);
}

Device ModelCompilePipeline::device() const { return impl_->device; }

bool ModelCompilePipeline::hasTemplate() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return static_cast<bool>(impl_->templ);
}

std::vector<std::string> ModelCompilePipeline::symbols() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return {impl_->symbols.begin(), impl_->symbols.end()};
}

std::vector<std::pair<std::string, std::vector<std::string>>>
ModelCompilePipeline::inputDims() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return {impl_->inputDims.begin(), impl_->inputDims.end()};
}

std::vector<ParamSpec> ModelCompilePipeline::params() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->params;
}

void ModelCompilePipeline::setCache(std::shared_ptr<AotCache> cache) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->cache = std::move(cache);
}

Status ModelCompilePipeline::setParam(const std::string &name,
                                      const TensorView &value) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (Status s = impl_->requireTemplate(); !s)
    return s;
  auto spec = std::find_if(impl_->params.begin(), impl_->params.end(),
                           [&](const ParamSpec &p) { return p.name == name; });
  if (spec == impl_->params.end()) {
    std::string known;
    for (const ParamSpec &p : impl_->params)
      known += (known.empty() ? "" : ", ") + p.name;
    return Status(StatusCode::not_found,
                  "the template has no param named '" + name +
                      "' (its params: " + (known.empty() ? "none" : known) +
                      ")");
  }
  bool shapeFits = spec->shape.size() == value.shape.size();
  for (size_t i = 0; shapeFits && i < spec->shape.size(); ++i)
    shapeFits = spec->shape[i] < 0 || spec->shape[i] == value.shape[i];
  if (spec->dtype != value.dtype || !shapeFits)
    return Status(StatusCode::invalid_argument,
                  "param '" + name + "' is " + dtypeName(spec->dtype) + " " +
                      formatShape(spec->shape) + ", got " +
                      dtypeName(value.dtype) + " " + formatShape(value.shape));
  int64_t count = value.elementCount();
  if (count < 0 ||
      value.bytes != static_cast<size_t>(count) * dtypeSize(value.dtype))
    return Status(StatusCode::invalid_argument,
                  "param '" + name + "': " + std::to_string(value.bytes) +
                      " bytes do not hold " + formatShape(value.shape) +
                      " elements of " + dtypeName(value.dtype));
  auto weight = std::make_shared<Weight>();
  weight->dtype = value.dtype;
  weight->shape = value.shape;
  const auto *bytes = static_cast<const uint8_t *>(value.data);
  weight->bytes.assign(bytes, bytes + value.bytes);
  std::shared_ptr<const Weight> shared = std::move(weight);
  impl_->weights[name] = shared;
  for (auto &[key, component] : impl_->fifo)
    if (Status s = Impl::bindWeight(*component.graph, name, shared); !s)
      return s;
  return Status::ok();
}

Status ModelCompilePipeline::setParam(const std::string &name,
                                      const float *data, size_t count) {
  std::vector<int64_t> shape;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (const ParamSpec &p : impl_->params)
      if (p.name == name)
        shape = p.shape;
  }
  // An unknown name or a shape with symbolic dims: the TensorView overload
  // says what is wrong (the count alone cannot place a `?`).
  if (shape.empty() && count != 1)
    shape = {static_cast<int64_t>(count)};
  TensorView view;
  view.dtype = DType::f32;
  view.shape = shape;
  view.data = data;
  view.bytes = count * sizeof(float);
  return setParam(name, view);
}

Expected<Specialization>
ModelCompilePipeline::specialize(const ModelVariant &variant) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  if (Status s = impl_->requireTemplate(); !s)
    return s;
  Expected<CompileOptions> options = impl_->optionsFor(variant);
  if (!options)
    return options.status();
  auto lir = impl_->specializeClone(*options);
  if (!lir)
    return lir.status();
  Specialization out;
  out.variantKey = variant.cacheKey();
  llvm::raw_string_ostream os(out.lir);
  (*lir)->print(os);
  return out;
}

Expected<std::shared_ptr<CompiledGraph>>
ModelCompilePipeline::compile(const ModelVariant &variant) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  Expected<CompiledComponent> component = impl_->compileVariant(variant);
  if (!component)
    return component.status();
  return component->graph;
}

Expected<CompiledComponent>
ModelCompilePipeline::getOrCompileComponent(const ModelVariant &variant) {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  std::string key = variant.cacheKey();
  if (auto it = impl_->fifo.find(key); it != impl_->fifo.end())
    return it->second;
  Expected<CompiledComponent> component = impl_->compileVariant(variant);
  if (!component)
    return component.status();
  while (impl_->order.size() >= impl_->capacity) {
    impl_->fifo.erase(impl_->order.front());
    impl_->order.pop_front();
  }
  impl_->order.push_back(key);
  impl_->fifo.emplace(key, *component);
  return component;
}

Expected<std::shared_ptr<CompiledGraph>>
ModelCompilePipeline::getOrCompile(const ModelVariant &variant) {
  Expected<CompiledComponent> component = getOrCompileComponent(variant);
  if (!component)
    return component.status();
  return component->graph;
}

//===----------------------------------------------------------------------===//
// Shape buckets
//===----------------------------------------------------------------------===//

Expected<ShapeBuckets> ShapeBuckets::ladder(std::string symbol, int64_t max) {
  if (max < 1 || max > (int64_t(1) << 40))
    return Status(StatusCode::invalid_argument,
                  "bucket ladder for '" + symbol + "' up to " +
                      std::to_string(max) + ": give 1 to 2^40");
  std::vector<int64_t> sizes;
  for (int64_t size = 1;; size *= 2) {
    sizes.push_back(size);
    if (size >= max)
      break;
  }
  return ranges(std::move(symbol), std::move(sizes));
}

Expected<ShapeBuckets> ShapeBuckets::ranges(std::string symbol,
                                            std::vector<int64_t> sizes) {
  if (sizes.empty())
    return Status(StatusCode::invalid_argument,
                  "buckets for '" + symbol + "': give at least one size");
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] < 1 || (i > 0 && sizes[i] <= sizes[i - 1]))
      return Status(StatusCode::invalid_argument,
                    "buckets for '" + symbol +
                        "': sizes must be >= 1 and strictly ascending, got " +
                        formatShape(sizes));
  ShapeBuckets buckets;
  buckets.symbol_ = std::move(symbol);
  buckets.sizes_ = std::move(sizes);
  return buckets;
}

Expected<int64_t> ShapeBuckets::bucketFor(int64_t extent) const {
  for (int64_t size : sizes_)
    if (size >= extent)
      return size;
  return Status(StatusCode::out_of_range,
                "'" + symbol_ + "' = " + std::to_string(extent) +
                    " is beyond the largest bucket (" +
                    std::to_string(sizes_.back()) + ")");
}

Expected<std::vector<NamedOutput>>
ModelCompilePipeline::runPadded(const ShapeBuckets &buckets,
                                const ModelVariant &variant,
                                const std::vector<NamedInput> &inputs) {
  const std::string &symbol = buckets.symbol();
  std::map<std::string, size_t> axisOf;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    if (Status s = impl_->requireTemplate(); !s)
      return s;
    for (const auto &[name, dims] : impl_->inputDims)
      for (size_t d = 0; d < dims.size(); ++d)
        if (dims[d] == symbol)
          axisOf[name] = d;
  }
  if (axisOf.empty())
    return Status(StatusCode::invalid_argument,
                  "no input of the template has a dim named '" + symbol +
                      "' to bucket");
  int64_t extent = -1;
  std::optional<size_t> outputAxis;
  for (const NamedInput &in : inputs) {
    auto it = axisOf.find(in.name);
    if (it == axisOf.end())
      continue;
    if (in.shape.size() <= it->second)
      return Status(StatusCode::invalid_argument,
                    "input '" + in.name + "' needs its shape for runPadded " +
                        "(its dim " + std::to_string(it->second) + " is '" +
                        symbol + "')");
    if (std::any_of(in.shape.begin(), in.shape.end(),
                    [](int64_t d) { return d < 0; }))
      return Status(StatusCode::invalid_argument,
                    "input '" + in.name + "' has a negative dim in its shape " +
                        formatShape(in.shape));
    int64_t size = in.shape[it->second];
    if (extent >= 0 && size != extent)
      return Status(StatusCode::invalid_argument,
                    "inputs disagree on '" + symbol +
                        "': " + std::to_string(extent) + " and " +
                        std::to_string(size) + " ('" + in.name + "')");
    extent = size;
    if (!outputAxis)
      outputAxis = it->second;
  }
  if (extent < 0)
    return Status(StatusCode::invalid_argument,
                  "runPadded: no input given has the dim '" + symbol + "'");
  Expected<int64_t> bucket = buckets.bucketFor(extent);
  if (!bucket)
    return bucket.status();

  ModelVariant bound = variant;
  if (symbol == "batch")
    bound.batch = *bucket;
  else if (symbol == "seq")
    bound.seq = *bucket;
  else if (symbol == "past_seq")
    bound.pastSeq = *bucket;
  else {
    auto it = std::find_if(bound.extra.begin(), bound.extra.end(),
                           [&](const auto &e) { return e.first == symbol; });
    if (it != bound.extra.end())
      it->second = *bucket;
    else
      bound.extra.push_back({symbol, *bucket});
  }
  Expected<std::shared_ptr<CompiledGraph>> graph = getOrCompile(bound);
  if (!graph)
    return graph.status();

  std::vector<std::vector<uint8_t>> padded;
  padded.reserve(inputs.size());
  std::vector<NamedInput> run = inputs;
  for (NamedInput &in : run) {
    auto it = axisOf.find(in.name);
    if (it == axisOf.end())
      continue;
    Expected<AxisLayout> layout = checkedLayout(
        "input '" + in.name + "'", in.shape, it->second, in.dtype, in.bytes);
    if (!layout)
      return layout.status();
    padded.push_back(copyRows(static_cast<const uint8_t *>(in.data), *layout, 0,
                              layout->rows, *bucket));
    in.shape[it->second] = *bucket;
    in.data = padded.back().data();
    in.bytes = padded.back().size();
  }
  Expected<std::vector<NamedOutput>> outputs = (*graph)->run(run);
  if (!outputs)
    return outputs.status();
  size_t axis = *outputAxis;
  for (NamedOutput &out : *outputs) {
    if (out.shape.size() <= axis || out.shape[axis] != *bucket)
      return Status(StatusCode::failed_precondition,
                    "output '" + out.name + "' " + formatShape(out.shape) +
                        " has no dim " + std::to_string(axis) + " of '" +
                        symbol + "' (" + std::to_string(*bucket) +
                        ") to slice back: runPadded slices outputs along the "
                        "inputs' dim");
    AxisLayout layout = layoutAlong(out.shape, axis, out.dtype);
    out.bytes = copyRows(out.bytes.data(), layout, 0, extent, extent);
    out.shape[axis] = extent;
  }
  return outputs;
}

std::vector<std::string> ModelCompilePipeline::cachedVariants() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return {impl_->order.begin(), impl_->order.end()};
}

size_t ModelCompilePipeline::capacity() const { return impl_->capacity; }

uint64_t ModelCompilePipeline::compiles() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->compiles;
}

uint64_t ModelCompilePipeline::weightBytes() const {
  std::lock_guard<std::mutex> lock(impl_->mutex);
  uint64_t total = 0;
  for (const auto &[name, weight] : impl_->weights)
    total += weight->bytesHeld();
  return total;
}

} // namespace rlx
