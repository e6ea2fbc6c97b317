//===- GraphToHIR.cpp - Translate a C++ Graph into an HIR module ----------===//
//
// Each recorded node becomes the HIR (or MIR) op of its kind, built in
// generic form; result types come from the op's own type inference
// (InferTypeOpInterface) and the module is then verified, so the Graph API
// has no rules of its own.
//
//===----------------------------------------------------------------------===//
#include "api/GraphToHIR.h"
#include "dialects/Common/DTypes.h"
#include "dialects/Common/Enums.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

// rlx/Graph.h's enums number their values as the IR's enums
// (dialects/Common/Enums.td): a Graph stores the number, the keywords live
// in Enums.td alone. Checked here, value by value, and for the count.
#define RLX_SAME_NUMBER(Enum, value)                                           \
  static_assert(static_cast<uint32_t>(::rlx::Enum::value) ==                   \
                    static_cast<uint32_t>(::mlir::rlx::Enum::value),           \
                "rlx::" #Enum "::" #value " is numbered unlike the IR's")
#define RLX_SAME_COUNT(Enum, last)                                             \
  static_assert(static_cast<uint32_t>(::rlx::Enum::last) ==                    \
                    ::mlir::rlx::getMaxEnumValFor##Enum(),                     \
                "rlx::" #Enum " has another number of values than the IR's")
RLX_SAME_NUMBER(Activation, none);
RLX_SAME_NUMBER(Activation, relu);
RLX_SAME_NUMBER(Activation, gelu);
RLX_SAME_NUMBER(Activation, gelu_tanh);
RLX_SAME_NUMBER(Activation, silu);
RLX_SAME_NUMBER(Activation, sigmoid);
RLX_SAME_NUMBER(Activation, tanh);
RLX_SAME_NUMBER(Activation, relu6);
RLX_SAME_COUNT(Activation, relu6);
RLX_SAME_NUMBER(UnaryKind, gelu);
RLX_SAME_NUMBER(UnaryKind, gelu_tanh);
RLX_SAME_NUMBER(UnaryKind, silu);
RLX_SAME_NUMBER(UnaryKind, relu);
RLX_SAME_NUMBER(UnaryKind, sigmoid);
RLX_SAME_NUMBER(UnaryKind, tanh);
RLX_SAME_NUMBER(UnaryKind, exp);
RLX_SAME_NUMBER(UnaryKind, log);
RLX_SAME_NUMBER(UnaryKind, sqrt);
RLX_SAME_NUMBER(UnaryKind, rsqrt);
RLX_SAME_NUMBER(UnaryKind, neg);
RLX_SAME_NUMBER(UnaryKind, abs);
RLX_SAME_NUMBER(UnaryKind, sin);
RLX_SAME_NUMBER(UnaryKind, cos);
RLX_SAME_NUMBER(UnaryKind, tan);
RLX_SAME_NUMBER(UnaryKind, atan);
RLX_SAME_NUMBER(UnaryKind, round);
RLX_SAME_NUMBER(UnaryKind, erf);
RLX_SAME_NUMBER(UnaryKind, floor);
RLX_SAME_NUMBER(UnaryKind, ceil);
RLX_SAME_COUNT(UnaryKind, ceil);
RLX_SAME_NUMBER(BinaryKind, add);
RLX_SAME_NUMBER(BinaryKind, sub);
RLX_SAME_NUMBER(BinaryKind, mul);
RLX_SAME_NUMBER(BinaryKind, div);
RLX_SAME_NUMBER(BinaryKind, max);
RLX_SAME_NUMBER(BinaryKind, min);
RLX_SAME_NUMBER(BinaryKind, pow);
RLX_SAME_COUNT(BinaryKind, pow);
RLX_SAME_NUMBER(MaskKind, none);
RLX_SAME_NUMBER(MaskKind, causal);
RLX_SAME_NUMBER(MaskKind, sliding_window);
RLX_SAME_NUMBER(MaskKind, custom);
RLX_SAME_NUMBER(MaskKind, additive_bias);
RLX_SAME_COUNT(MaskKind, additive_bias);
RLX_SAME_NUMBER(NormKind, layer);
RLX_SAME_NUMBER(NormKind, rms);
RLX_SAME_COUNT(NormKind, rms);
#undef RLX_SAME_NUMBER
#undef RLX_SAME_COUNT

namespace mlir::rlx {

namespace {
/// Builds the module; `fail` records the first error with the node's index.
class Translator {
public:
  Translator(MLIRContext *ctx, const ::rlx::Graph &graph)
      : ctx(ctx), graph(graph), b(ctx) {}

  ::rlx::Expected<OwningOpRef<ModuleOp>> run(StringRef name);

private:
  ::rlx::Status fail(size_t node, const std::string &why) {
    return ::rlx::Status(::rlx::StatusCode::invalid_argument,
                         "graph node " + std::to_string(node) + " (" +
                             graph.nodes()[node].kind + "): " + why);
  }
  RankedTensorType tensorOf(ArrayRef<int64_t> shape, ::rlx::DType dtype) {
    return RankedTensorType::get(shape, elementTypeOf(ctx, dtype));
  }
  /// The result types node `i` declares (params, constants, reshapes), or
  /// nullopt when its op infers them.
  FailureOr<std::optional<SmallVector<Type>>>
  declaredTypes(size_t i, ValueRange operands, std::string &why);
  /// Sets the result types of `op` (built with placeholders) from its type
  /// inference, which sees the op's properties.
  LogicalResult inferTypes(Operation *op, std::string &why);
  /// Attributes of node `i` in the form its op expects.
  FailureOr<NamedAttrList> attributes(size_t i, std::string &why);

  MLIRContext *ctx;
  const ::rlx::Graph &graph;
  OpBuilder b;
};
} // namespace

FailureOr<std::optional<SmallVector<Type>>>
Translator::declaredTypes(size_t i, ValueRange operands, std::string &why) {
  const ::rlx::GraphNode &n = graph.nodes()[i];
  if (n.kind == "hir.param" || n.kind == "mir.state" ||
      n.kind == "mir.constant")
    return std::optional(SmallVector<Type>{tensorOf(n.shape, n.dtype)});
  if (n.kind != "mir.reshape")
    return std::optional<SmallVector<Type>>();
  if (operands.size() != 1)
    return why = "expected 1 operand, but found " +
                 std::to_string(operands.size()),
           failure();
  Type element = cast<RankedTensorType>(operands[0].getType()).getElementType();
  return std::optional(
      SmallVector<Type>{RankedTensorType::get(n.shape, element)});
}

LogicalResult Translator::inferTypes(Operation *op, std::string &why) {
  if (!isa<InferTypeOpInterface>(op))
    return why = "the op does not infer its result types", failure();
  // The inference reports "'<kind>' op <why>"; the Status names the kind.
  std::string prefix = "'" + op->getName().getStringRef().str() + "' op ";
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
    std::string message = diag.str();
    if (why.empty())
      why = StringRef(message).starts_with(prefix)
                ? message.substr(prefix.size())
                : message;
    return success();
  });
  SmallVector<Type> types;
  if (failed(inferResultTypesOf(op, types))) {
    if (why.empty())
      why = "its result types cannot be inferred";
    return failure();
  }
  if (types.size() != op->getNumResults())
    return why = "the op infers " + std::to_string(types.size()) +
                 " results, the node has " +
                 std::to_string(op->getNumResults()),
           failure();
  for (auto [result, type] : llvm::zip(op->getResults(), types))
    result.setType(type);
  return success();
}

FailureOr<NamedAttrList> Translator::attributes(size_t i, std::string &why) {
  const ::rlx::GraphNode &n = graph.nodes()[i];
  NamedAttrList attrs;
  for (auto &[name, value] : n.strings)
    if (name == "name")
      attrs.append(name, b.getStringAttr(value));
  for (auto &[name, value] : n.enums) {
    // A number the IR's enum does not have (a cast from an int) is refused.
    auto has = [&, value = value](auto symbolize) {
      return value >= 0 && symbolize(static_cast<uint32_t>(value)).has_value();
    };
    bool known = name == "act"
                     ? has([](uint32_t v) { return symbolizeActivation(v); })
                 : name == "mask_kind"
                     ? has([](uint32_t v) { return symbolizeMaskKind(v); })
                 : n.kind == "hir.activation"
                     ? has([](uint32_t v) { return symbolizeUnaryKind(v); })
                 : n.kind == "hir.binary"
                     ? has([](uint32_t v) { return symbolizeBinaryKind(v); })
                     : has([](uint32_t v) { return symbolizeNormKind(v); });
    if (!known) {
      why = "unknown " + name + " " + std::to_string(value);
      return failure();
    }
    attrs.append(name, b.getI32IntegerAttr(value));
  }
  for (auto &[name, value] : n.ints)
    attrs.append(name, b.getI64IntegerAttr(value));
  for (auto &[name, values] : n.intArrays) {
    // Which operands fill an op's optional operands (hir.attention's mask
    // and position): MLIR's segment sizes are i32.
    if (name == "operandSegmentSizes") {
      SmallVector<int32_t> sizes(values.begin(), values.end());
      attrs.append(name, b.getDenseI32ArrayAttr(sizes));
      continue;
    }
    attrs.append(name, b.getDenseI64ArrayAttr(values));
  }
  for (auto &[name, value] : n.floats)
    attrs.append(name, b.getF32FloatAttr(static_cast<float>(value)));
  if (n.kind == "mir.transpose")
    attrs.append("permutation", b.getDenseI64ArrayAttr(n.shape));
  if (n.kind == "mir.constant") {
    auto type = tensorOf(n.shape, n.dtype);
    std::optional<int64_t> count = checkedElementCount(n.shape);
    if (!count || static_cast<int64_t>(n.data.size()) !=
                      *count * static_cast<int64_t>(::rlx::dtypeSize(n.dtype)))
      return why = "constant data has " + std::to_string(n.data.size()) +
                   " bytes, its shape and dtype need " +
                   (count ? std::to_string(*count * ::rlx::dtypeSize(n.dtype))
                          : std::string("more than int64 can count")),
             failure();
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(
            type,
            ArrayRef<char>(reinterpret_cast<const char *>(n.data.data()),
                           n.data.size()),
            splat))
      return why = "constant data is not a valid buffer for its type",
             failure();
    attrs.append(
        "value",
        DenseElementsAttr::getFromRawBuffer(
            type, ArrayRef<char>(reinterpret_cast<const char *>(n.data.data()),
                                 n.data.size())));
  }
  return attrs;
}

::rlx::Expected<OwningOpRef<ModuleOp>> Translator::run(StringRef name) {
  Location loc = UnknownLoc::get(ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  const auto &nodes = graph.nodes();
  if (graph.outputs().empty())
    return ::rlx::Status(::rlx::StatusCode::invalid_argument,
                         "the graph has no outputs (call setOutputs)");

  // Inputs become the function's arguments, in order.
  SmallVector<Type> argTypes;
  SmallVector<size_t> inputNodes;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].kind != "input")
      continue;
    SmallVector<int64_t> shape;
    for (int64_t d : nodes[i].shape)
      shape.push_back(d < 0 ? ShapedType::kDynamic : d);
    if (auto count = checkedElementCount(shape); !count)
      return fail(i, "the input's element count overflows int64");
    argTypes.push_back(tensorOf(shape, nodes[i].dtype));
    inputNodes.push_back(i);
  }
  b.setInsertionPointToEnd(module->getBody());
  auto func =
      b.create<func::FuncOp>(loc, name, b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToEnd(entry);

  // values[node][result]
  std::vector<SmallVector<Value>> values(nodes.size());
  for (auto [argIndex, node] : llvm::enumerate(inputNodes)) {
    const ::rlx::GraphNode &n = nodes[node];
    values[node].push_back(entry->getArgument(argIndex));
    for (auto &[key, value] : n.strings)
      if (key == "name")
        func.setArgAttr(argIndex, "hir.name", b.getStringAttr(value));
    if (!n.dims.empty()) {
      if (n.dims.size() != n.shape.size())
        return fail(node, "dims has " + std::to_string(n.dims.size()) +
                              " entries for a rank-" +
                              std::to_string(n.shape.size()) + " input");
      SmallVector<Attribute> dims;
      for (auto [d, sym] : llvm::zip(n.shape, n.dims))
        dims.push_back(d < 0 ? Attribute(b.getStringAttr(sym))
                             : Attribute(b.getI64IntegerAttr(d)));
      func.setArgAttr(argIndex, "hir.dims", b.getArrayAttr(dims));
    }
  }

  for (size_t i = 0; i < nodes.size(); ++i) {
    const ::rlx::GraphNode &n = nodes[i];
    if (n.kind == "input")
      continue;
    SmallVector<Value> operands;
    for (const ::rlx::Tensor &t : n.operands) {
      if (t.node < 0 || static_cast<size_t>(t.node) >= i ||
          t.result >= static_cast<int32_t>(values[t.node].size()))
        return fail(i, "operand refers to node " + std::to_string(t.node) +
                           " result " + std::to_string(t.result) +
                           ", which is not an earlier value");
      operands.push_back(values[t.node][t.result]);
    }
    std::string why;
    auto declared = declaredTypes(i, operands, why);
    if (failed(declared))
      return fail(i, why);
    auto attrs = attributes(i, why);
    if (failed(attrs))
      return fail(i, why);
    // Each op is named by its place in the graph, for diagnostics and the
    // device reports (rlx/Devices.h).
    Location opLoc = NameLoc::get(StringAttr::get(
        ctx, "graph op #" + std::to_string(i) + " (" + n.kind + ")"));
    OperationState state(opLoc, n.kind);
    state.addOperands(operands);
    // Inherent attributes become properties when the op is created, and
    // only the created op's properties carry them (and their defaults) to
    // the inference: the results get placeholder types until then.
    state.addAttributes(attrs->getAttrs());
    if (*declared)
      state.addTypes(**declared);
    else
      state.addTypes(SmallVector<Type>(n.numResults, b.getNoneType()));
    // An op with several optional operands has its segment sizes among the
    // node's attributes (Graph::attention).
    Operation *op = b.create(state);
    if (!*declared && failed(inferTypes(op, why))) {
      op->erase();
      return fail(i, why);
    }
    values[i].assign(op->result_begin(), op->result_end());
  }

  SmallVector<Value> results;
  for (auto &[outName, t] : graph.outputs()) {
    if (t.node < 0 || static_cast<size_t>(t.node) >= nodes.size() ||
        t.result >= static_cast<int32_t>(values[t.node].size()))
      return ::rlx::Status(::rlx::StatusCode::invalid_argument,
                           "output '" + outName + "' refers to node " +
                               std::to_string(t.node) +
                               ", which is not a value of the graph");
    results.push_back(values[t.node][t.result]);
  }
  b.create<func::ReturnOp>(loc, results);
  func.setFunctionType(
      b.getFunctionType(argTypes, ValueRange(results).getTypes()));
  for (auto [i, out] : llvm::enumerate(graph.outputs()))
    func.setResultAttr(i, "hir.name", b.getStringAttr(out.first));
  return module;
}

::rlx::Expected<OwningOpRef<ModuleOp>>
translateGraphToHIR(MLIRContext *ctx, const ::rlx::Graph &graph,
                    StringRef name) {
  Translator translator(ctx, graph);
  return translator.run(name);
}

} // namespace mlir::rlx
