//===- Importer.cpp - ONNX graph to MIR function --------------------------===//
//
// Walks the (topologically sorted, checker-approved) graph once: graph
// inputs become arguments, initializers become params or constants when
// first read, each node goes through its row of the op table, and the graph
// outputs become the results. The first error ends the import.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/Importer.h"
#include "conversion/ONNXToMIR/ONNXToMIR.h"
#include "dialects/Common/DTypes.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/ConstantEvaluation.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

namespace mlir::rlx::onnximport {

using ::rlx::Expected;
using ::rlx::Status;
using ::rlx::StatusCode;

/// Results of at most this many elements are evaluated while importing
/// (shape arithmetic); larger ones are left to mir-fold-constants.
static constexpr int64_t kEvaluateLimit = 4096;

Type elementTypeOfOnnx(MLIRContext *ctx, int32_t t) {
  std::optional<::rlx::DType> dtype = storageDTypeOfOnnx(t);
  return dtype ? elementTypeOf(ctx, *dtype) : Type();
}

bool initializerIsParam(const TensorData &t) {
  int64_t count = 1;
  for (int64_t d : t.shape)
    count *= d;
  switch (t.elementType) {
  case ::onnx::TensorProto::FLOAT:
  case ::onnx::TensorProto::FLOAT16:
  case ::onnx::TensorProto::BFLOAT16:
  case ::onnx::TensorProto::DOUBLE:
    return count > 1;
  default:
    return count > kConstantIntegerLimit;
  }
}

/// The dense elements of `t`'s bytes as `type` (i1 one byte per element).
static DenseElementsAttr denseOf(RankedTensorType type, const uint8_t *data,
                                 size_t bytes) {
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values(bytes);
    for (size_t i = 0; i < bytes; ++i)
      values[i] = data[i] != 0;
    return DenseElementsAttr::get(type, values);
  }
  return DenseElementsAttr::getFromRawBuffer(
      type, ArrayRef<char>(reinterpret_cast<const char *>(data), bytes));
}

class Importer {
public:
  Importer(MLIRContext *ctx, const OnnxFile &file, const ImportOptions &options)
      : ctx(ctx), b(ctx), file(file), impl(file.impl()), options(options) {}

  Expected<OwningOpRef<ModuleOp>> run();

  // What Node reaches.
  MLIRContext *ctx;
  OpBuilder b;
  const OnnxFile &file;
  const OnnxFile::Impl &impl;
  const ImportOptions &options;
  /// ONNX value name -> MIR value.
  llvm::StringMap<Value> values;
  /// Argument -> graph input name.
  DenseMap<Value, std::string> argNames;
  /// The values that hold unsigned integers.
  DenseSet<Value> unsignedValues;
  /// Symbols left unbound, for messages.
  std::vector<std::string> unboundSymbols;
  /// Per function argument: it holds unsigned integers.
  SmallVector<bool> unsignedInputs;
  Status error;

  /// The MIR value of ONNX value `name`; initializers are created when first
  /// read. Null with `error` set when there is none.
  Value lookup(const std::string &name, const std::string &who);
  /// The graph inputs `v` is computed from.
  std::vector<std::string> inputsBehind(Value v);
  LogicalResult setError(StatusCode code, std::string message) {
    if (error)
      error = Status(code, std::move(message));
    return failure();
  }
  std::string opsetText() const {
    if (impl.originalOpset == kOpsetVersion)
      return "opset " + std::to_string(kOpsetVersion);
    return "opset " + std::to_string(impl.originalOpset) + " lifted to " +
           std::to_string(kOpsetVersion);
  }

private:
  Status declareArguments(SmallVectorImpl<Type> &types,
                          SmallVectorImpl<Attribute> &dims,
                          SmallVectorImpl<std::string> &names,
                          SmallVectorImpl<const ::rlx::ConstantInput *> &bound);
  Status checkOptions();
};

Status Importer::checkOptions() {
  const std::string &src = impl.sourceName;
  std::set<std::string> symbols;
  for (const ValueDecl &in : impl.inputs)
    for (const ValueDecl::Dim &d : in.dims)
      if (!d.symbol.empty())
        symbols.insert(d.symbol);
  for (const auto &[symbol, size] : options.dims) {
    if (size < 0)
      return Status(StatusCode::invalid_argument,
                    src + ": dim '" + symbol + "' bound to a negative size " +
                        std::to_string(size));
    if (symbols.count(symbol))
      continue;
    std::string known;
    for (const std::string &s : symbols)
      known += (known.empty() ? "" : ", ") + s;
    return Status(StatusCode::invalid_argument,
                  src + ": the model has no symbolic dim '" + symbol +
                      "' to bind (its symbolic dims: " +
                      (known.empty() ? std::string("none") : known) + ")");
  }
  std::set<std::string> seen;
  for (const ::rlx::ConstantInput &c : options.constants) {
    if (!seen.insert(c.name).second)
      return Status(StatusCode::invalid_argument,
                    src + ": constant input '" + c.name + "' is given twice");
    bool isInput = llvm::any_of(
        impl.inputs, [&](const ValueDecl &d) { return d.name == c.name; });
    if (!isInput) {
      std::string names;
      for (const ValueDecl &d : impl.inputs)
        names += (names.empty() ? "" : ", ") + d.name;
      return Status(StatusCode::not_found,
                    src + ": the model has no input '" + c.name +
                        "' to bind as a constant (its inputs: " +
                        (names.empty() ? std::string("none") : names) + ")");
    }
  }
  return Status::ok();
}

Status Importer::declareArguments(
    SmallVectorImpl<Type> &types, SmallVectorImpl<Attribute> &dimAttrs,
    SmallVectorImpl<std::string> &names,
    SmallVectorImpl<const ::rlx::ConstantInput *> &bound) {
  const std::string &src = impl.sourceName;
  std::map<std::string, int64_t> binding(options.dims.begin(),
                                         options.dims.end());
  std::set<std::string> unbound;
  for (const ValueDecl &in : impl.inputs) {
    Type element = elementTypeOfOnnx(ctx, in.elementType);
    if (!element)
      return Status(StatusCode::unimplemented,
                    src + ": graph input '" + in.name + "' holds " +
                        onnxTypeName(in.elementType) +
                        " elements, which rlx has no dtype for");
    const ::rlx::ConstantInput *constant = nullptr;
    for (const ::rlx::ConstantInput &c : options.constants)
      if (c.name == in.name)
        constant = &c;
    SmallVector<int64_t> shape;
    SmallVector<Attribute> dims;
    bool symbolic = false;
    for (auto [i, d] : llvm::enumerate(in.dims)) {
      if (d.size >= 0) {
        shape.push_back(d.size);
        dims.push_back(b.getI64IntegerAttr(d.size));
        continue;
      }
      std::string symbol =
          d.symbol.empty() ? in.name + ":" + std::to_string(i) : d.symbol;
      auto it = binding.find(symbol);
      if (it != binding.end()) {
        shape.push_back(it->second);
        dims.push_back(b.getI64IntegerAttr(it->second));
        continue;
      }
      if (constant && i < constant->shape.size()) {
        // A constant's own shape fixes the dims it has.
        shape.push_back(constant->shape[i]);
        dims.push_back(b.getI64IntegerAttr(constant->shape[i]));
        continue;
      }
      shape.push_back(ShapedType::kDynamic);
      dims.push_back(b.getStringAttr(symbol));
      unbound.insert(symbol);
      symbolic = true;
    }
    if (shape.size() > static_cast<size_t>(kMaxRank))
      return Status(StatusCode::invalid_argument,
                    src + ": graph input '" + in.name + "' has rank " +
                        std::to_string(shape.size()) + " (rlx allows " +
                        std::to_string(kMaxRank) + ")");
    if (!checkedElementCount(shape))
      return Status(StatusCode::invalid_argument,
                    src + ": graph input '" + in.name +
                        "' has more elements than int64 counts");
    if (constant) {
      std::optional<::rlx::DType> want = storageDTypeOfOnnx(in.elementType);
      auto describe = [](const std::vector<int64_t> &s) {
        std::string text = "[";
        for (size_t i = 0; i < s.size(); ++i)
          text += (i ? "x" : "") + std::to_string(s[i]);
        return text + "]";
      };
      std::vector<int64_t> declared(shape.begin(), shape.end());
      if (constant->dtype != *want || constant->shape != declared)
        return Status(
            StatusCode::invalid_argument,
            src + ": constant input '" + in.name + "' is " +
                ::rlx::dtypeName(constant->dtype) + " " +
                describe(constant->shape) + ", the model declares " +
                ::rlx::dtypeName(*want) + " " + describe(declared));
      int64_t count = *checkedElementCount(shape);
      if (constant->bytes.size() !=
          static_cast<size_t>(count) * ::rlx::dtypeSize(constant->dtype))
        return Status(StatusCode::invalid_argument,
                      src + ": constant input '" + in.name + "' has " +
                          std::to_string(constant->bytes.size()) +
                          " bytes, its shape and dtype need " +
                          std::to_string(count *
                                         ::rlx::dtypeSize(constant->dtype)));
      bound.push_back(constant);
      continue;
    }
    types.push_back(RankedTensorType::get(shape, element));
    dimAttrs.push_back(symbolic ? b.getArrayAttr(dims) : Attribute());
    unsignedInputs.push_back(isUnsignedOnnx(in.elementType));
    names.push_back(in.name);
    bound.push_back(nullptr);
  }
  unboundSymbols.assign(unbound.begin(), unbound.end());
  return Status::ok();
}

Value Importer::lookup(const std::string &name, const std::string &who) {
  auto it = values.find(name);
  if (it != values.end())
    return it->second;
  const TensorData *init = file.findInitializer(name);
  if (!init) {
    (void)setError(StatusCode::invalid_argument,
             who + ": input '" + name + "' is no graph input, initializer " +
                 "or output of an earlier node");
    return {};
  }
  if (!init->problem.empty()) {
    (void)setError(StatusCode::unimplemented, who + ": " + init->problem);
    return {};
  }
  Type element = elementTypeOfOnnx(ctx, init->elementType);
  if (!element) {
    (void)setError(StatusCode::unimplemented,
             who + ": initializer '" + name + "' holds " +
                 onnxTypeName(init->elementType) +
                 " elements, which rlx has no dtype for");
    return {};
  }
  if (init->shape.size() > static_cast<size_t>(kMaxRank)) {
    (void)setError(StatusCode::invalid_argument,
             who + ": initializer '" + name + "' has rank " +
                 std::to_string(init->shape.size()));
    return {};
  }
  auto type = RankedTensorType::get(init->shape, element);
  // Initializers are created at the top of the function, so any node may
  // read them.
  OpBuilder::InsertionGuard guard(b);
  Block *entry = b.getInsertionBlock();
  b.setInsertionPointToStart(entry);
  Location loc = NameLoc::get(
      StringAttr::get(ctx, impl.sourceName + ": initializer '" + name + "'"));
  Value v;
  if (initializerIsParam(*init)) {
    OperationState state(loc, mir::ParamOp::getOperationName());
    state.addAttribute("name", b.getStringAttr(name));
    state.addTypes(type);
    v = b.create(state)->getResult(0);
  } else {
    OperationState state(loc, mir::ConstantOp::getOperationName());
    state.addAttribute("value", denseOf(type, init->data, init->bytes));
    state.addTypes(type);
    v = b.create(state)->getResult(0);
  }
  values[name] = v;
  if (isUnsignedOnnx(init->elementType))
    unsignedValues.insert(v);
  return v;
}

std::vector<std::string> Importer::inputsBehind(Value v) {
  llvm::SetVector<Value> seen;
  SmallVector<Value> work{v};
  std::set<std::string> names;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x))
      continue;
    auto it = argNames.find(x);
    if (it != argNames.end()) {
      names.insert(it->second);
      continue;
    }
    if (Operation *op = x.getDefiningOp())
      for (Value operand : op->getOperands())
        work.push_back(operand);
  }
  return {names.begin(), names.end()};
}

//===----------------------------------------------------------------------===//
// Node
//===----------------------------------------------------------------------===//

Node::Node(Importer &importer, const ::onnx::NodeProto &proto, Location loc)
    : importer_(importer), proto_(proto), loc_(loc) {}

MLIRContext *Node::ctx() const { return importer_.ctx; }
OpBuilder &Node::builder() { return importer_.b; }

/// "<model>: node '<name>' (<op>, opset N)".
static std::string describeNode(const Importer &importer,
                                const ::onnx::NodeProto &proto) {
  std::string name = proto.name().empty()
                         ? "with output '" +
                               (proto.output_size() ? proto.output(0) : "") +
                               "'"
                         : "'" + proto.name() + "'";
  return importer.impl.sourceName + ": node " + name + " (" + proto.op_type() +
         ", " + importer.opsetText() + ")";
}

LogicalResult Node::fail(const Twine &message) {
  return importer_.setError(StatusCode::invalid_argument,
                            describeNode(importer_, proto_) + ": " +
                                message.str());
}

LogicalResult Node::unsupported(const Twine &message) {
  return importer_.setError(StatusCode::unimplemented,
                            describeNode(importer_, proto_) + ": " +
                                message.str());
}

bool Node::has(int i) const {
  return i < proto_.input_size() && !proto_.input(i).empty();
}

FailureOr<Value> Node::input(int i) {
  if (!has(i))
    return fail("input " + Twine(i) + " is required");
  Value v = importer_.lookup(proto_.input(i), describeNode(importer_, proto_));
  if (!v)
    return failure();
  return v;
}

FailureOr<DenseElementsAttr> Node::constantInput(int i, StringRef role) {
  FailureOr<Value> v = input(i);
  if (failed(v))
    return failure();
  Attribute attr;
  if (matchPattern(*v, m_Constant(&attr)))
    if (auto dense = dyn_cast<DenseElementsAttr>(attr))
      return dense;
  std::string text = "input " + std::to_string(i) + " ('" + proto_.input(i) +
                     "', the " + role.str() +
                     ") must be known at compile time, but ";
  std::vector<std::string> behind = importer_.inputsBehind(*v);
  auto type = dyn_cast<RankedTensorType>(v->getType());
  if (!behind.empty()) {
    text += "it is computed from graph input";
    text += behind.size() > 1 ? "s " : " ";
    for (size_t k = 0; k < behind.size(); ++k)
      text += (k ? ", '" : "'") + behind[k] + "'";
    text += ": bind ";
    text += behind.size() > 1 ? "them" : "it";
    text += " to a value (rlx-run --const NAME=FILE.npy, "
            "CompileOptions::constants)";
  } else {
    text += "it is computed at run time (from params)";
  }
  (void)type;
  return fail(text);
}

FailureOr<SmallVector<int64_t>> Node::intsInput(int i, StringRef role) {
  FailureOr<DenseElementsAttr> c = constantInput(i, role);
  if (failed(c))
    return failure();
  if (!isa<IntegerType>(c->getElementType()) || c->getType().getRank() > 1)
    return fail("input " + Twine(i) + " (the " + role +
                ") must be an integer scalar or vector");
  SmallVector<int64_t> out;
  for (const APInt &v : c->getValues<APInt>())
    out.push_back(v.getSExtValue());
  return out;
}

FailureOr<SmallVector<int64_t>> Node::staticShape(Value v, StringRef role) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  if (type.hasStaticShape())
    return SmallVector<int64_t>(type.getShape());
  std::string symbols;
  for (const std::string &s : importer_.unboundSymbols)
    symbols += (symbols.empty() ? "" : ", ") + s;
  return fail("the shape of " + role +
              " is needed at compile time, but it has symbolic dims: bind "
              "the model's symbolic dims (" +
              symbols + ") with --bind / CompileOptions::dims");
}

const ::onnx::AttributeProto *Node::attr(StringRef name) const {
  for (const auto &a : proto_.attribute())
    if (a.name() == name)
      return &a;
  return nullptr;
}

FailureOr<int64_t> Node::attrInt(StringRef name, int64_t fallback) {
  const auto *a = attr(name);
  if (!a)
    return fallback;
  if (a->type() != ::onnx::AttributeProto::INT)
    return fail("attribute '" + name + "' is not an int");
  return a->i();
}

FailureOr<float> Node::attrFloat(StringRef name, float fallback) {
  const auto *a = attr(name);
  if (!a)
    return fallback;
  if (a->type() != ::onnx::AttributeProto::FLOAT)
    return fail("attribute '" + name + "' is not a float");
  return a->f();
}

FailureOr<std::string> Node::attrString(StringRef name, StringRef fallback) {
  const auto *a = attr(name);
  if (!a)
    return fallback.str();
  if (a->type() != ::onnx::AttributeProto::STRING)
    return fail("attribute '" + name + "' is not a string");
  return a->s();
}

FailureOr<std::optional<SmallVector<int64_t>>>
Node::attrInts(StringRef name) {
  const auto *a = attr(name);
  if (!a)
    return std::optional<SmallVector<int64_t>>();
  if (a->type() != ::onnx::AttributeProto::INTS)
    return fail("attribute '" + name + "' is not a list of ints");
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>(a->ints().begin(), a->ints().end()));
}

LogicalResult Node::refuseAttr(StringRef name, StringRef why) {
  if (!attr(name))
    return success();
  return unsupported("attribute '" + name + "' is not supported (" + why +
                     ")");
}

bool Node::wants(int i) const {
  return i < proto_.output_size() && !proto_.output(i).empty();
}

void Node::setOutput(int i, Value v) {
  if (wants(i))
    importer_.values[proto_.output(i)] = v;
}

bool Node::isUnsigned(Value v) const {
  return importer_.unsignedValues.count(v) != 0;
}

void Node::markUnsigned(Value v) { importer_.unsignedValues.insert(v); }

FailureOr<Value> Node::zeroExtend(Value x) {
  // Sign-extended, then 2^width added back where that made it negative.
  unsigned width =
      llvm::cast<RankedTensorType>(x.getType()).getElementType()
          .getIntOrFloatBitWidth();
  Type i64 = builder().getI64Type();
  FailureOr<Value> wide = cast(x, i64);
  if (failed(wide) || width >= 64)
    return wide;
  FailureOr<Value> negative =
      compare(CompareKind::lt, *wide, scalar(i64, 0));
  FailureOr<Value> lifted = binary(
      BinaryKind::add, *wide,
      scalar(i64, static_cast<double>(int64_t(1) << width)));
  if (failed(negative) || failed(lifted))
    return failure();
  return select(*negative, *lifted, *wide);
}

FailureOr<Value> Node::flipSign(Value x) {
  Type element = llvm::cast<RankedTensorType>(x.getType()).getElementType();
  unsigned width = element.getIntOrFloatBitWidth();
  auto type = RankedTensorType::get({}, element);
  Value lowest = constant(DenseElementsAttr::get(
      type, APInt::getSignedMinValue(width)));
  return binary(BinaryKind::add, x, lowest);
}

FailureOr<SmallVector<Value>>
Node::createMulti(StringRef name, ValueRange operands,
                  ArrayRef<NamedAttribute> attrs, ArrayRef<Type> declared,
                  unsigned numResults) {
  std::string diagnostic;
  ScopedDiagnosticHandler capture(ctx(), [&](Diagnostic &d) {
    if (diagnostic.empty())
      diagnostic = d.str();
    return success();
  });
  OpBuilder &b = builder();
  OperationState state(loc_, name);
  state.addOperands(operands);
  state.addAttributes(attrs);
  if (!declared.empty())
    state.addTypes(declared);
  else
    state.addTypes(SmallVector<Type>(numResults, b.getNoneType()));
  Operation *op = b.create(state);
  if (declared.empty()) {
    SmallVector<Type> types;
    if (failed(inferResultTypesOf(op, types)) || types.size() != numResults) {
      op->erase();
      return fail(diagnostic.empty() ? "the MIR op '" + name +
                                           "' cannot infer its result types"
                                     : diagnostic);
    }
    for (auto [result, type] : llvm::zip(op->getResults(), types))
      result.setType(type);
  }
  if (failed(verify(op))) {
    op->erase();
    return fail(diagnostic.empty() ? "the MIR op '" + name + "' is invalid"
                                   : diagnostic);
  }
  // Every operand a constant and one small static result: its value now.
  SmallVector<DenseElementsAttr> constants;
  for (Value operand : operands) {
    Attribute attr;
    if (!matchPattern(operand, m_Constant(&attr)) ||
        !isa<DenseElementsAttr>(attr))
      break;
    constants.push_back(llvm::cast<DenseElementsAttr>(attr));
  }
  if (numResults == 1 && constants.size() == operands.size()) {
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (type && type.hasStaticShape() &&
        type.getNumElements() <= kEvaluateLimit) {
      FailureOr<DenseElementsAttr> value =
          mir::evaluateOnConstants(op, constants, type);
      if (succeeded(value)) {
        op->erase();
        return SmallVector<Value>{constant(*value)};
      }
    }
  }
  return SmallVector<Value>(op->getResults());
}

FailureOr<Value> Node::create(StringRef name, ValueRange operands,
                              ArrayRef<NamedAttribute> attrs,
                              ArrayRef<Type> declared) {
  FailureOr<SmallVector<Value>> results =
      createMulti(name, operands, attrs, declared, 1);
  if (failed(results))
    return failure();
  return results->front();
}

Value Node::constant(DenseElementsAttr value) {
  OperationState state(loc_, mir::ConstantOp::getOperationName());
  state.addAttribute("value", value);
  state.addTypes(value.getType());
  return builder().create(state)->getResult(0);
}

Value Node::scalar(Type elementType, double value) {
  auto type = RankedTensorType::get({}, elementType);
  if (auto f = dyn_cast<FloatType>(elementType))
    return constant(DenseElementsAttr::get(
        type, FloatAttr::get(f, value).getValue()));
  if (elementType.isInteger(1))
    return constant(DenseElementsAttr::get(type, value != 0));
  return constant(DenseElementsAttr::get(
      type, APInt(elementType.getIntOrFloatBitWidth(),
                  static_cast<int64_t>(value), /*isSigned=*/true)));
}

Value Node::ints(ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                    builder().getI64Type());
  return constant(DenseElementsAttr::get(type, values));
}

FailureOr<Value> Node::unary(UnaryKind kind, Value x) {
  return create(mir::UnaryOp::getOperationName(), {x},
                {builder().getNamedAttr("kind",
                                        UnaryKindAttr::get(ctx(), kind))});
}

FailureOr<Value> Node::binary(BinaryKind kind, Value a, Value c) {
  return create(mir::BinaryOp::getOperationName(), {a, c},
                {builder().getNamedAttr("kind",
                                        BinaryKindAttr::get(ctx(), kind))});
}

FailureOr<Value> Node::compare(CompareKind kind, Value a, Value c) {
  return create(mir::CompareOp::getOperationName(), {a, c},
                {builder().getNamedAttr("kind",
                                        CompareKindAttr::get(ctx(), kind))});
}

FailureOr<Value> Node::select(Value c, Value a, Value x) {
  return create(mir::SelectOp::getOperationName(), {c, a, x});
}

FailureOr<Value> Node::cast(Value x, Type elementType) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getElementType() == elementType)
    return x;
  return create(mir::CastOp::getOperationName(), {x}, {},
                {type.clone(elementType)});
}

FailureOr<Value> Node::reshape(Value x, ArrayRef<int64_t> shape) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getShape() == shape)
    return x;
  return create(mir::ReshapeOp::getOperationName(), {x}, {},
                {type.clone(shape)});
}

FailureOr<Value> Node::transpose(Value x, ArrayRef<int64_t> permutation) {
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return x;
  return create(
      mir::TransposeOp::getOperationName(), {x},
      {builder().getNamedAttr("permutation",
                              builder().getDenseI64ArrayAttr(permutation))});
}

FailureOr<Value> Node::broadcast(Value x, ArrayRef<int64_t> shape) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getShape() == shape)
    return x;
  return create(mir::BroadcastOp::getOperationName(), {x}, {},
                {type.clone(shape)});
}

FailureOr<Value> Node::slice(Value x, ArrayRef<int64_t> offsets,
                             ArrayRef<int64_t> sizes,
                             ArrayRef<int64_t> strides) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getShape() == sizes &&
      llvm::all_of(offsets, [](int64_t o) { return o == 0; }) &&
      llvm::all_of(strides, [](int64_t s) { return s == 1; }))
    return x;
  OpBuilder &b = builder();
  return create(mir::SliceOp::getOperationName(), {x},
                {b.getNamedAttr("offsets", b.getDenseI64ArrayAttr(offsets)),
                 b.getNamedAttr("sizes", b.getDenseI64ArrayAttr(sizes)),
                 b.getNamedAttr("strides", b.getDenseI64ArrayAttr(strides))});
}

FailureOr<Value> Node::concat(ValueRange xs, int64_t axis) {
  if (xs.size() == 1)
    return xs.front();
  return create(mir::ConcatOp::getOperationName(), xs,
                {builder().getNamedAttr("axis",
                                        builder().getI64IntegerAttr(axis))});
}

FailureOr<Value> Node::reduce(ReduceKind kind, Value x, ArrayRef<int64_t> axes,
                              bool keepDim) {
  OpBuilder &b = builder();
  SmallVector<NamedAttribute> attrs{
      b.getNamedAttr("kind", ReduceKindAttr::get(ctx(), kind)),
      b.getNamedAttr("axes", b.getDenseI64ArrayAttr(axes))};
  if (keepDim)
    attrs.push_back(b.getNamedAttr("keep_dim", b.getUnitAttr()));
  return create(mir::ReduceOp::getOperationName(), {x}, attrs);
}

FailureOr<Value> Node::matmul(Value a, Value c) {
  return create(mir::MatmulOp::getOperationName(), {a, c});
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

Expected<OwningOpRef<ModuleOp>> Importer::run() {
  const std::string &src = impl.sourceName;
  if (Status s = checkOptions(); !s)
    return s;
  SmallVector<Type> argTypes;
  SmallVector<Attribute> argDims;
  SmallVector<std::string> argNamesInOrder;
  SmallVector<const ::rlx::ConstantInput *> bound;
  if (Status s = declareArguments(argTypes, argDims, argNamesInOrder, bound);
      !s)
    return s;

  Location fileLoc = NameLoc::get(StringAttr::get(ctx, src));
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  b.setInsertionPointToEnd(module->getBody());
  std::string funcName = impl.graph.graph().name();
  if (funcName.empty() || !llvm::all_of(funcName, [](char c) {
        return llvm::isAlnum(c) || c == '_';
      }))
    funcName = "main_graph";
  auto func = b.create<func::FuncOp>(fileLoc, funcName,
                                     b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  for (auto [i, name] : llvm::enumerate(argNamesInOrder)) {
    Value arg = entry->getArgument(i);
    values[name] = arg;
    argNames[arg] = name;
    if (unsignedInputs[i])
      unsignedValues.insert(arg);
    func.setArgAttr(i, "mir.name", b.getStringAttr(name));
    if (argDims[i])
      func.setArgAttr(i, "mir.dims", argDims[i]);
  }
  size_t boundIndex = 0;
  for (const ValueDecl &in : impl.inputs) {
    const ::rlx::ConstantInput *c = bound[boundIndex++];
    if (!c)
      continue;
    auto type = RankedTensorType::get(c->shape,
                                      elementTypeOfOnnx(ctx, in.elementType));
    OperationState state(NameLoc::get(StringAttr::get(
                             ctx, src + ": constant input '" + in.name + "'")),
                         mir::ConstantOp::getOperationName());
    state.addAttribute("value", denseOf(type, c->bytes.data(), c->bytes.size()));
    state.addTypes(type);
    values[in.name] = b.create(state)->getResult(0);
    if (isUnsignedOnnx(in.elementType))
      unsignedValues.insert(values[in.name]);
  }

  for (const ::onnx::NodeProto &proto : impl.graph.graph().node()) {
    std::string where = describeNode(*this, proto);
    if (!proto.domain().empty() && proto.domain() != "ai.onnx")
      return Status(StatusCode::unimplemented,
                    where + ": domain '" + proto.domain() +
                        "' is not supported (rlx implements the default "
                        "domain, ai.onnx)");
    const OpEntry *entry = findOp(proto.op_type());
    if (!entry)
      return Status(StatusCode::unimplemented,
                    where + ": op type '" + proto.op_type() +
                        "' is not supported (docs/ONNX.md lists the "
                        "supported ops)");
    Location loc = NameLoc::get(StringAttr::get(ctx, where));
    Node node(*this, proto, loc);
    // Unsigned inputs: refused, or the op's own business, or carried to the
    // outputs of their type.
    SmallVector<Type> unsignedTypes;
    for (const std::string &in : proto.input()) {
      if (in.empty())
        continue;
      // Creates initializers, so their signedness is known too.
      if (!lookup(in, where))
        return error;
      auto it = values.find(in);
      if (!unsignedValues.count(it->second))
        continue;
      if (entry->unsignedInputs == UnsignedInputs::refuse)
        return Status(StatusCode::unimplemented,
                      where + ": input '" + in +
                          "' holds unsigned integers, which this op does "
                          "not take");
      unsignedTypes.push_back(llvm::cast<RankedTensorType>(
                                  it->second.getType())
                                  .getElementType());
    }
    if (failed(entry->import(node)))
      return error ? Status(StatusCode::internal,
                            where + ": the import failed without a reason")
                   : error;
    for (int i = 0; i < proto.output_size(); ++i) {
      if (proto.output(i).empty())
        continue;
      auto it = values.find(proto.output(i));
      if (it == values.end())
        return Status(StatusCode::unimplemented,
                      where + ": output " + std::to_string(i) + " ('" +
                          proto.output(i) + "') is not supported");
      Type element =
          llvm::cast<RankedTensorType>(it->second.getType()).getElementType();
      if (entry->unsignedInputs == UnsignedInputs::same &&
          llvm::is_contained(unsignedTypes, element))
        unsignedValues.insert(it->second);
    }
  }

  SmallVector<Value> results;
  for (const ValueDecl &out : impl.outputs) {
    Value v = lookup(out.name, src + ": graph output '" + out.name + "'");
    if (!v)
      return error;
    auto type = llvm::cast<RankedTensorType>(v.getType());
    Type declared = elementTypeOfOnnx(ctx, out.elementType);
    if (!declared)
      return Status(StatusCode::unimplemented,
                    src + ": graph output '" + out.name + "' holds " +
                        onnxTypeName(out.elementType) +
                        " elements, which rlx has no dtype for");
    if (declared != type.getElementType())
      return Status(StatusCode::invalid_argument,
                    src + ": graph output '" + out.name +
                        "' is declared with another element type than the "
                        "value it names");
    results.push_back(v);
  }
  b.create<func::ReturnOp>(fileLoc, results);
  // What shape arithmetic left behind (constants it folded, bound inputs)
  // goes, so the module holds what the model computes.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*entry)))
    if (isOpTriviallyDead(&op))
      op.erase();
  func.setFunctionType(
      b.getFunctionType(argTypes, ValueRange(results).getTypes()));
  for (auto [i, out] : llvm::enumerate(impl.outputs))
    func.setResultAttr(i, "mir.name", b.getStringAttr(out.name));
  return std::move(module);
}

Expected<OwningOpRef<ModuleOp>> importOnnx(MLIRContext *ctx,
                                           const OnnxFile &file,
                                           const ImportOptions &options) {
  ctx->getOrLoadDialect<mir::MIRDialect>();
  ctx->getOrLoadDialect<func::FuncDialect>();
  try {
    Importer importer(ctx, file, options);
    return importer.run();
  } catch (const std::exception &e) {
    return Status(StatusCode::internal,
                  file.sourceName() + ": import failed: " + e.what());
  } catch (...) {
    return Status(StatusCode::internal,
                  file.sourceName() + ": import failed: unknown exception");
  }
}

std::vector<std::string> importedOpTypes() {
  std::vector<std::string> types;
  for (const OpEntry &e : allOps())
    types.push_back(e.type);
  return types;
}

std::vector<std::string> compileTimeInputs(const OnnxFile &file) {
  // Backwards from every input an op needs at compile time, through the
  // nodes that compute it, to graph inputs; a Shape node reads only its
  // input's shape, so the walk stops there.
  const auto &graph = file.impl().graph.graph();
  std::unordered_map<std::string, const ::onnx::NodeProto *> producer;
  for (const auto &node : graph.node())
    for (const std::string &out : node.output())
      producer[out] = &node;
  std::set<std::string> inputs;
  for (const ValueDecl &in : file.inputs())
    inputs.insert(in.name);
  std::vector<std::string> work;
  for (const auto &node : graph.node()) {
    const OpEntry *entry = findOp(node.op_type());
    if (!entry)
      continue;
    for (int i = 0; i < node.input_size() && i < 32; ++i)
      if (entry->compileTimeInputs & (1u << i))
        work.push_back(node.input(i));
  }
  std::set<std::string> seen, found;
  while (!work.empty()) {
    std::string name = work.back();
    work.pop_back();
    if (name.empty() || !seen.insert(name).second)
      continue;
    if (inputs.count(name)) {
      found.insert(name);
      continue;
    }
    auto it = producer.find(name);
    if (it == producer.end() || it->second->op_type() == "Shape" ||
        it->second->op_type() == "Size")
      continue;
    for (const std::string &in : it->second->input())
      work.push_back(in);
  }
  std::vector<std::string> ordered;
  for (const ValueDecl &in : file.inputs())
    if (found.count(in.name))
      ordered.push_back(in.name);
  return ordered;
}

} // namespace mlir::rlx::onnximport
