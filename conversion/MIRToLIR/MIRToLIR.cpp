//===- MIRToLIR.cpp - convert-mir-to-lir ----------------------------------===//
//
// Each function is lowered in four steps:
//   check   — static ranked tensors only, MIR ops only;
//   collect — one buffer per tensor value (views share their source's),
//             one step per kernel in op order, slots for the manifest;
//   plan    — MemoryPlan over the steps;
//   emit    — lir.io slots, one lir.kernel per step, the lir.schedule.
// Kernel bodies and their workgroup splits come from Kernels.h.
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/MIRToLIR.h"
#include "conversion/MIRToLIR/KernelConfig.h"
#include "conversion/MIRToLIR/Kernels.h"
#include "conversion/MIRToLIR/MemoryPlan.h"
#include "conversion/Passes.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/MIR/MIRDialect.h"
#include "dialects/MIR/MIROps.h"
#include "dialects/Target/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTMIRTOLIR
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {

enum class BufferKind { input, param, output, constant, temp };

/// The bytes behind one or more tensor values (a value and its views).
struct Buffer {
  BufferKind kind = BufferKind::temp;
  std::string name; // slots only
  MemRefType type;  // the manifest type of a slot
  Type given;       // params: the element type values are given in, if not
                    // `type`'s (mir.param's `given`)
  DenseI64ArrayAttr permuted; // params: mir.param's `permuted`, if any
  bool state = false; // params: a mir.state, written in place by the code
  int64_t bytes = 0;
  DenseElementsAttr value; // constants
  bool read = false;       // constants: some kernel reads the buffer
  int64_t firstStep = 0;   // temps: written by this step...
  int64_t lastStep = 0;    // ...and last read by this one
  int64_t offset = 0;
};

/// One kernel and its dispatch.
struct Step {
  Operation *op = nullptr;        // the MIR op; null for an output copy
  SmallVector<Value> operands;    // tensor values read
  SmallVector<Attribute> scalars; // per operand: its splat, folded in, or null
  unsigned copyTarget = 0;        // output copy: the output buffer
};

class FunctionLowering {
public:
  FunctionLowering(func::FuncOp fn, const MIRToLIROptions &options,
                   KernelConfigAttrInterface config)
      : fn(fn), options(options), config(config) {}

  LogicalResult run() {
    if (failed(check()) || failed(collect()) || failed(plan()))
      return failure();
    return emit();
  }

private:
  LogicalResult check();
  LogicalResult collect();
  LogicalResult plan();
  LogicalResult emit();

  unsigned addBuffer(BufferKind kind, Type tensorType, std::string name = "");
  void read(Value value, int64_t step);
  LogicalResult emitKernel(OpBuilder &b, const Step &step, StringRef name);

  func::FuncOp fn;
  MIRToLIROptions options;
  KernelConfigAttrInterface config;
  SmallVector<Buffer> buffers;
  DenseMap<Value, unsigned> bufferOf;
  SmallVector<Step> steps;
  SmallVector<unsigned> inputs, params, outputs, constants;
  SmallVector<unsigned> slots; // manifest order
  int64_t arenaSize = 0;
};

} // namespace

static MemRefType memrefTypeOf(Type tensorType) {
  auto type = cast<RankedTensorType>(tensorType);
  return MemRefType::get(type.getShape(), type.getElementType());
}

static bool isStaticTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape();
}

/// Why `type` cannot be a buffer, for a diagnostic.
static std::string describeType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isa<RankedTensorType>(type))
    os << "a dynamic shape (" << type
       << "); specialize the symbolic dims first (mir-specialize)";
  else
    os << "type " << type << ", not a ranked tensor";
  return text;
}

/// The value of a splat mir.constant behind `value` (through views), or null.
static Attribute splatConstantOf(Value value) {
  Operation *def = value.getDefiningOp();
  while (def && (isa<mir::ReshapeOp>(def) ||
                 (isa<mir::CastOp>(def) &&
                  getElementTypeOrSelf(def->getOperand(0).getType()) ==
                      getElementTypeOrSelf(def->getResult(0).getType()))))
    def = def->getOperand(0).getDefiningOp();
  auto constant = dyn_cast_or_null<mir::ConstantOp>(def);
  if (!constant)
    return nullptr;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat())
    return nullptr;
  return dense.getSplatValue<Attribute>();
}

/// A view: reshape, or a cast that keeps the element type (and so the
/// shape: mir.cast C1).
static bool isView(Operation *op) {
  if (isa<mir::ReshapeOp>(op))
    return true;
  auto cast = dyn_cast<mir::CastOp>(op);
  return cast && getElementTypeOrSelf(cast.getInput().getType()) ==
                     getElementTypeOrSelf(cast.getOutput().getType());
}

LogicalResult FunctionLowering::check() {
  if (fn.isExternal())
    return fn.emitOpError("has no body to lower to a lir.program");
  if (!llvm::hasSingleElement(fn.getBody()))
    return fn.emitOpError("must have a single block to lower to a "
                          "lir.program");
  for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes()))
    if (!isStaticTensor(type))
      return fn.emitOpError()
             << "argument #" << i << " has " << describeType(type);
  for (auto [i, type] : llvm::enumerate(fn.getResultTypes()))
    if (!isStaticTensor(type))
      return fn.emitOpError()
             << "result #" << i << " has " << describeType(type);
  for (Operation &op : fn.getBody().front()) {
    if (isa<func::ReturnOp>(op))
      continue;
    if (!isa<mir::MIRDialect>(op.getDialect()))
      return op.emitOpError("is not a MIR op; convert-mir-to-lir lowers "
                            "mir.* ops and func.return only");
    for (auto [i, type] : llvm::enumerate(op.getResultTypes()))
      if (!isStaticTensor(type))
        return op.emitOpError()
               << "result #" << i << " has " << describeType(type);
  }
  return success();
}

unsigned FunctionLowering::addBuffer(BufferKind kind, Type tensorType,
                                     std::string name) {
  Buffer buffer;
  buffer.kind = kind;
  buffer.name = std::move(name);
  buffer.type = memrefTypeOf(tensorType);
  // BoundedShapes on every MIR op and the check above keep this finite.
  buffer.bytes = checkedByteSize(buffer.type).value_or(0);
  buffers.push_back(std::move(buffer));
  return buffers.size() - 1;
}

void FunctionLowering::read(Value value, int64_t step) {
  Buffer &buffer = buffers[bufferOf.lookup(value)];
  buffer.read = true;
  buffer.lastStep = std::max(buffer.lastStep, step);
}

/// `mir.name` of an argument or result, else `<fallback><i>`.
static std::string ioName(DictionaryAttr attrs, StringRef fallback,
                          unsigned i) {
  if (attrs)
    if (auto name = attrs.getAs<StringAttr>("mir.name"))
      return name.str();
  return (fallback + Twine(i)).str();
}

LogicalResult FunctionLowering::collect() {
  Block &body = fn.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    unsigned i = arg.getArgNumber();
    unsigned id = addBuffer(BufferKind::input, arg.getType(),
                            ioName(fn.getArgAttrDict(i), "input", i));
    bufferOf[arg] = id;
    inputs.push_back(id);
  }

  llvm::StringMap<unsigned> paramByName;
  for (Operation &op : body.without_terminator()) {
    if (auto param = dyn_cast<mir::ParamOp>(op)) {
      // mir.param C2: one name, one type, one tensor.
      auto [it, inserted] =
          paramByName.try_emplace(param.getName(), buffers.size());
      if (inserted) {
        unsigned id = addBuffer(BufferKind::param, param.getType(),
                                param.getName().str());
        buffers[id].given = param.getGiven().value_or(Type());
        buffers[id].permuted = param.getPermutedAttr();
        params.push_back(it->second);
      }
      bufferOf[param.getOutput()] = it->second;
      continue;
    }
    if (auto state = dyn_cast<mir::StateOp>(op)) {
      // A param slot the code writes (mir.state C1: its name is its own).
      auto [it, inserted] =
          paramByName.try_emplace(state.getName(), buffers.size());
      if (!inserted)
        return state.emitOpError()
               << "has the name of another param or state, '" << state.getName()
               << "'";
      unsigned id =
          addBuffer(BufferKind::param, state.getType(), state.getName().str());
      buffers[id].state = true;
      params.push_back(id);
      bufferOf[state.getOutput()] = id;
      continue;
    }
    if (auto constant = dyn_cast<mir::ConstantOp>(op)) {
      unsigned id = addBuffer(BufferKind::constant, constant.getType());
      buffers[id].value = cast<DenseElementsAttr>(constant.getValue());
      bufferOf[constant.getOutput()] = id;
      constants.push_back(id);
      continue;
    }
    if (isView(&op)) {
      bufferOf[op.getResult(0)] = bufferOf.lookup(op.getOperand(0));
      continue;
    }
    int64_t index = steps.size();
    Step step;
    step.op = &op;
    // A cache write updates its state in place: the result is the state's
    // buffer, and the kernel reads only the update and the position.
    auto write = dyn_cast<mir::CacheWriteOp>(op);
    for (OpOperand &operand : op.getOpOperands()) {
      if (write && operand.getOperandNumber() == 0)
        continue;
      Attribute splat;
      if (acceptsScalarOperand(&op, operand.getOperandNumber()))
        splat = splatConstantOf(operand.get());
      step.operands.push_back(operand.get());
      step.scalars.push_back(splat);
      if (!splat)
        read(operand.get(), index);
    }
    if (write) {
      bufferOf[write.getOutput()] = bufferOf.lookup(write.getCache());
      steps.push_back(std::move(step));
      continue;
    }
    for (Value result : op.getResults()) {
      unsigned id = addBuffer(BufferKind::temp, result.getType());
      buffers[id].firstStep = buffers[id].lastStep = index;
      bufferOf[result] = id;
    }
    steps.push_back(std::move(step));
  }

  // Outputs: a result computed here becomes its output slot; anything
  // else (an input, param, constant, or a value already returned) is
  // copied into a slot of its own after the last kernel.
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    std::string name = ioName(fn.getResultAttrDict(i), "output", i);
    unsigned source = bufferOf.lookup(value);
    if (buffers[source].kind == BufferKind::temp) {
      Buffer &buffer = buffers[source];
      buffer.kind = BufferKind::output;
      buffer.name = name;
      buffer.type = memrefTypeOf(value.getType());
      outputs.push_back(source);
      continue;
    }
    unsigned id = addBuffer(BufferKind::output, value.getType(), name);
    outputs.push_back(id);
    Step copy;
    copy.operands.push_back(value);
    copy.scalars.push_back(nullptr);
    copy.copyTarget = id;
    read(value, steps.size());
    steps.push_back(std::move(copy));
  }

  // lir.program C4: names are unique per kind.
  for (auto [role, ids] :
       {std::make_pair("input", &inputs), std::make_pair("output", &outputs)}) {
    llvm::StringSet<> seen;
    for (unsigned id : *ids)
      if (!seen.insert(buffers[id].name).second)
        return fn.emitOpError()
               << "has two " << role << "s named '" << buffers[id].name << "'";
  }
  int64_t next = 0;
  for (unsigned id : constants)
    if (buffers[id].read)
      buffers[id].name = "constant" + std::to_string(next++);
  return success();
}

LogicalResult FunctionLowering::plan() {
  slots.append(inputs.begin(), inputs.end());
  slots.append(params.begin(), params.end());
  slots.append(outputs.begin(), outputs.end());
  for (unsigned id : constants)
    if (buffers[id].read)
      slots.push_back(id);

  SmallVector<unsigned> order(slots);
  SmallVector<BufferRequest> requests;
  // Params trail the arena (MemoryPlan.h): the CPU keeps them outside it.
  for (unsigned id : slots)
    requests.push_back({buffers[id].bytes, /*pinned=*/true, 0, 0,
                        /*trailing=*/buffers[id].kind == BufferKind::param});
  for (auto [id, buffer] : llvm::enumerate(buffers)) {
    if (buffer.kind != BufferKind::temp)
      continue;
    order.push_back(id);
    requests.push_back(
        {buffer.bytes, /*pinned=*/false, buffer.firstStep, buffer.lastStep});
  }
  std::optional<MemoryPlan> memory = planMemory(requests, options.alignment);
  if (!memory)
    return fn.emitOpError("needs an arena larger than INT64_MAX bytes");
  for (auto [id, offset] : llvm::zip(order, memory->offsets))
    buffers[id].offset = offset;
  arenaSize = memory->arenaSize;
  return success();
}

/// The smallest divisor of `size`, at least `minChunk`, that gives each
/// workgroup at least `minElements` elements at `rowElements` per index;
/// chunks divide `size` exactly, so every workgroup has the same static
/// shape.
static int64_t chooseChunk(int64_t size, int64_t rowElements,
                           int64_t minElements, int64_t minChunk) {
  int64_t need =
      rowElements > 0 ? llvm::divideCeil(minElements, rowElements) : size;
  need = std::max(need, minChunk);
  for (int64_t chunk = std::max<int64_t>(need, 1); chunk < size; ++chunk)
    if (size % chunk == 0)
      return chunk;
  return size;
}

static int64_t elementsAfter(ArrayRef<int64_t> shape, int64_t dim) {
  int64_t count = 1;
  for (int64_t size : shape.drop_front(dim + 1))
    count *= size;
  return count;
}

LogicalResult FunctionLowering::emitKernel(OpBuilder &b, const Step &step,
                                           StringRef name) {
  Location loc = step.op ? step.op->getLoc() : fn.getLoc();
  auto kernel = b.create<lir::KernelOp>(loc, name, ArrayRef<int64_t>{1},
                                        /*workgroup_size=*/nullptr);
  // A contraction's arithmetic, for the manifest's cost facts.
  if (int64_t flops = step.op ? mir::contractionFlops(step.op) : 0)
    kernel->setAttr(kFlopsAttrName, b.getI64IntegerAttr(flops));
  Block *body = new Block();
  kernel.getBody().push_back(body);
  OpBuilder kb = OpBuilder::atBlockEnd(body);

  // The kernel's arguments: each operand read as a buffer, then each
  // result; a splat operand folded in is a constant in the body instead.
  SmallVector<Value> operands, results;
  for (auto [i, scalar] : llvm::enumerate(step.scalars)) {
    if (scalar) {
      operands.push_back(
          kb.create<arith::ConstantOp>(loc, cast<TypedAttr>(scalar)));
      continue;
    }
    operands.push_back(
        body->addArgument(memrefTypeOf(step.operands[i].getType()), loc));
  }
  if (step.op)
    for (Value result : step.op->getResults())
      results.push_back(body->addArgument(memrefTypeOf(result.getType()), loc));
  else
    results.push_back(body->addArgument(buffers[step.copyTarget].type, loc));

  // A target may build the whole kernel its own way (a GPU's invocations,
  // workgroup memory and barriers).
  FailureOr<std::optional<KernelShape>> custom =
      config.buildKernel(kb, step.op, operands, results);
  if (failed(custom))
    return failure();
  if (*custom) {
    kernel.setGrid((*custom)->grid);
    if (!(*custom)->workgroupSize.empty())
      kernel.setWorkgroupSize((*custom)->workgroupSize);
    kb.create<lir::ReturnOp>(loc);
    return success();
  }

  // The neutral kernel: the split is, by default, chunks of the outermost
  // independent result dim larger than 1 (dims before it are 1); the
  // target's kernel configuration may keep the kernel whole, pick another
  // independent dim, and sets the least chunk. Each operand splits along
  // the dim that walks with it.
  ArrayRef<int64_t> shape =
      cast<MemRefType>(results.front().getType()).getShape();
  int64_t independent = step.op ? independentLeadingDims(step.op)
                                : static_cast<int64_t>(shape.size());
  int64_t defaultDim = -1;
  for (int64_t d = 0; d < independent && defaultDim < 0; ++d)
    if (shape[d] > 1)
      defaultDim = d;
  StringRef libraryCall =
      step.op ? config.getLibraryCall(step.op, options.nativeMatmul) : "";
  KernelSplitPolicy policy =
      config.getSplitPolicy(step.op, shape, defaultDim, libraryCall);
  std::optional<int64_t> splitDim;
  int64_t rank = static_cast<int64_t>(shape.size());
  if (!policy.whole && policy.dim && *policy.dim >= 0 && *policy.dim < rank)
    splitDim = policy.dim;
  else if (!policy.whole && defaultDim >= 0)
    splitDim = defaultDim;
  // The option replaces the target's element minimum wherever it sets one.
  int64_t minElements = policy.minElements;
  if (options.workgroupElements > 0 && minElements > 0)
    minElements = options.workgroupElements;
  SmallVector<std::optional<int64_t>> operandDims(step.operands.size());
  int64_t chunk = 1, grid = 1;
  if (splitDim) {
    int64_t rowElements = 0;
    for (Value result : results)
      rowElements =
          std::max(rowElements,
                   elementsAfter(cast<MemRefType>(result.getType()).getShape(),
                                 *splitDim));
    for (auto [i, value] : llvm::enumerate(step.operands)) {
      if (step.scalars[i])
        continue;
      operandDims[i] =
          step.op ? operandDimAlong(step.op, i, *splitDim) : splitDim;
      if (operandDims[i])
        rowElements =
            std::max(rowElements,
                     elementsAfter(cast<ShapedType>(value.getType()).getShape(),
                                   *operandDims[i]));
    }
    chunk = chooseChunk(shape[*splitDim], rowElements, minElements,
                        std::max<int64_t>(1, policy.minChunk));
    grid = shape[*splitDim] / chunk;
  }
  kernel.setGrid(ArrayRef<int64_t>{grid});

  // A workgroup's rows: [id * chunk, (id + 1) * chunk) along `dim`.
  Value start;
  if (grid > 1) {
    start = kb.create<lir::WorkgroupIdOp>(loc, kb.getIndexType(), 0);
    if (chunk > 1)
      start = kb.create<arith::MulIOp>(
          loc, start, kb.create<arith::ConstantIndexOp>(loc, chunk));
  }
  auto rows = [&](Value memref, std::optional<int64_t> dim) -> Value {
    if (grid == 1 || !dim)
      return memref;
    ArrayRef<int64_t> full = cast<MemRefType>(memref.getType()).getShape();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [d, size] : llvm::enumerate(full)) {
      bool split = static_cast<int64_t>(d) == *dim;
      offsets.push_back(split ? OpFoldResult(start) : kb.getIndexAttr(0));
      sizes.push_back(kb.getIndexAttr(split ? chunk : size));
      strides.push_back(kb.getIndexAttr(1));
    }
    return kb.create<memref::SubViewOp>(loc, memref, offsets, sizes, strides);
  };
  for (auto [i, operand] : llvm::enumerate(operands))
    if (!step.scalars[i])
      operand = rows(operand, operandDims[i]);
  for (Value &result : results)
    result = rows(result, splitDim);

  if (step.op) {
    if (failed(
            buildKernelBody(kb, loc, step.op, operands, results, libraryCall)))
      return failure();
  } else {
    buildCopyBody(kb, loc, operands[0], results[0]);
  }
  kb.create<lir::ReturnOp>(loc);
  return success();
}

static IOKind ioKindOf(BufferKind kind) {
  switch (kind) {
  case BufferKind::input:
    return IOKind::input;
  case BufferKind::param:
    return IOKind::param;
  case BufferKind::output:
    return IOKind::output;
  case BufferKind::constant:
  case BufferKind::temp:
    break;
  }
  return IOKind::constant;
}

LogicalResult FunctionLowering::emit() {
  OpBuilder b(fn);
  Location loc = fn.getLoc();
  auto program = b.create<lir::ProgramOp>(loc, fn.getSymName(), arenaSize,
                                          options.alignment);
  Block *body = new Block();
  program.getBody().push_back(body);
  b.setInsertionPointToEnd(body);

  for (unsigned id : slots) {
    const Buffer &buffer = buffers[id];
    b.create<lir::IOOp>(loc, ioKindOf(buffer.kind), buffer.name, buffer.offset,
                        /*panels=*/IntegerAttr(),
                        buffer.given ? TypeAttr::get(buffer.given) : TypeAttr(),
                        buffer.permuted, buffer.state, buffer.type,
                        buffer.kind == BufferKind::constant
                            ? ElementsAttr(buffer.value)
                            : ElementsAttr());
  }

  // A step that writes only empty tensors does nothing: it gets no kernel
  // and no dispatch (a GPU kernel over zero elements does not lower).
  auto writesNothing = [&](const Step &step) {
    auto empty = [](Type type) {
      auto shaped = dyn_cast<ShapedType>(type);
      return shaped && shaped.hasStaticShape() && shaped.getNumElements() == 0;
    };
    if (!step.op)
      return empty(buffers[step.copyTarget].type);
    return step.op->getNumResults() > 0 &&
           llvm::all_of(step.op->getResultTypes(), empty);
  };
  llvm::erase_if(steps, writesNothing);

  SmallVector<std::string> names;
  for (auto [i, step] : llvm::enumerate(steps)) {
    std::string base = step.op ? kernelBaseName(step.op) : "copy";
    names.push_back(base + "_" + std::to_string(i));
    if (failed(emitKernel(b, step, names.back()))) {
      program.erase();
      return failure();
    }
  }

  auto schedule = b.create<lir::ScheduleOp>(loc);
  Block *scheduleBody = new Block();
  schedule.getBody().push_back(scheduleBody);
  OpBuilder sb = OpBuilder::atBlockEnd(scheduleBody);
  DenseMap<std::pair<int64_t, Type>, Value> views;
  auto viewOf = [&](int64_t offset, MemRefType type) {
    Value &view = views[{offset, type}];
    if (!view)
      view = sb.create<lir::ViewOp>(loc, type, offset);
    return view;
  };
  for (auto [step, name] : llvm::zip(steps, names)) {
    SmallVector<Value> args;
    for (auto [value, scalar] : llvm::zip(step.operands, step.scalars))
      if (!scalar)
        args.push_back(viewOf(buffers[bufferOf.lookup(value)].offset,
                              memrefTypeOf(value.getType())));
    if (step.op) {
      for (Value result : step.op->getResults())
        args.push_back(viewOf(buffers[bufferOf.lookup(result)].offset,
                              memrefTypeOf(result.getType())));
    } else {
      const Buffer &target = buffers[step.copyTarget];
      args.push_back(viewOf(target.offset, target.type));
    }
    sb.create<lir::DispatchOp>(loc, name, args);
  }
  fn.erase();
  return success();
}

FailureOr<KernelConfigAttrInterface> mlir::rlx::kernelConfigOf(Operation *op) {
  TargetAttrInterface target = getTargetOrDefault(op);
  auto config = dyn_cast<KernelConfigAttrInterface>(target);
  if (!config)
    return op->emitError()
           << "target " << target
           << " has no kernel configuration: no backend that builds LIR "
              "kernels for it is registered (the CPU backend's is "
              "registerCpuBackend)";
  return config;
}

LogicalResult
mlir::rlx::convertFunctionToProgram(func::FuncOp fn,
                                    const MIRToLIROptions &options) {
  FailureOr<KernelConfigAttrInterface> config = kernelConfigOf(fn);
  if (failed(config))
    return failure();
  return FunctionLowering(fn, options, *config).run();
}

namespace {
struct ConvertMIRToLIR : mlir::rlx::impl::ConvertMIRToLIRBase<ConvertMIRToLIR> {
  using ConvertMIRToLIRBase::ConvertMIRToLIRBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Diagnostics on the location only: the op would print the whole module.
    MIRToLIROptions options{alignment, workgroupElements, nativeMatmul};
    if (options.alignment < 1 || !llvm::isPowerOf2_64(options.alignment)) {
      emitError(module.getLoc())
          << "convert-mir-to-lir: alignment must be a power of two, got "
          << options.alignment;
      return signalPassFailure();
    }
    if (options.workgroupElements < 0) {
      emitError(module.getLoc())
          << "convert-mir-to-lir: workgroup-elements must be >= 0 (0: the "
             "target's), got "
          << options.workgroupElements;
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    bool ok = true;
    for (func::FuncOp fn : functions)
      ok &= succeeded(convertFunctionToProgram(fn, options));
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
