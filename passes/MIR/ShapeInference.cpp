//===- ShapeInference.cpp - Result shapes of MIR ops ----------------------===//
//
// An op whose result types follow from its operands and attributes answers
// for itself (InferTypeOpInterface, the same inference its verifier runs).
// The rules here are for the ops whose result types are declared: leaves
// keep theirs, and a reshape, broadcast or elementwise result resolves its
// `?` dims from its input. The verifiers, run after specialization, judge
// what the inference leaves to them.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/ShapeInference.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

using Types = SmallVector<Type>;
using Shape = SmallVector<int64_t>;

/// The diagnostic for a result dim no operand determines.
static InFlightDiagnostic emitDimError(Operation *op, unsigned result,
                                       int64_t dim) {
  return op->emitOpError() << "cannot infer result " << result << " dim " << dim
                           << ": ";
}

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// `shape` with the element type (and encoding) of result `index`.
static Type withShape(Operation *op, unsigned index, ArrayRef<int64_t> shape) {
  return cast<RankedTensorType>(op->getResult(index).getType()).clone(shape);
}

/// A cast's result has the shape of its input. A scalar result (a step of an
/// elementwise body) stays as it is.
static Types inferCast(CastOp op) {
  Value input = op.getInput();
  Type result = op.getType();
  if (!isa<RankedTensorType>(result))
    return {result};
  return {withShape(op, 0, shapeOf(input))};
}

/// `target` with each dynamic dim taken from the right-aligned dim of
/// `source`. The rule of mir.broadcast and mir.elementwise, whose results
/// may be larger than their inputs: a `?` that only a 1 (or nothing) lines
/// up with could be any size, unless `passThrough` marks it (a `?` that a
/// `?` lined up with before binding, which is not an expansion).
static FailureOr<Shape> resolveExpansion(Operation *op, StringRef sourceName,
                                         ArrayRef<int64_t> source,
                                         ArrayRef<int64_t> target,
                                         ArrayRef<bool> passThrough) {
  Shape shape(target);
  int64_t lead = static_cast<int64_t>(target.size() - source.size());
  for (int64_t i = 0, e = shape.size(); i < e; ++i) {
    if (!ShapedType::isDynamic(shape[i]))
      continue;
    if (i < lead) {
      emitDimError(op, 0, i) << sourceName << " has no dim aligned with it";
      return failure();
    }
    if (source[i - lead] == 1 &&
        !(i < static_cast<int64_t>(passThrough.size()) && passThrough[i])) {
      emitDimError(op, 0, i)
          << "the dim of " << sourceName << " aligned with it (dim " << i - lead
          << ") is 1, which broadcasts to any size";
      return failure();
    }
    shape[i] = source[i - lead];
  }
  return shape;
}

static FailureOr<Types> inferReshape(ReshapeOp op, ArrayRef<bool> passThrough) {
  // With several `?`, the dims of the common prefix (passThroughDims) are
  // the input's own; with one, the element count alone decides.
  Shape target(op.getType().getShape());
  auto in = op.getInput().getType();
  if (llvm::count_if(target, ShapedType::isDynamic) > 1)
    for (auto [i, keep] : llvm::enumerate(passThrough))
      if (keep && i < static_cast<size_t>(in.getRank()))
        target[i] = in.getDimSize(i);
  Shape dynamicDims;
  for (auto [i, d] : llvm::enumerate(target))
    if (ShapedType::isDynamic(d))
      dynamicDims.push_back(i);
  if (dynamicDims.empty())
    return Types{withShape(op, 0, target)};
  if (dynamicDims.size() > 1) {
    auto diag = op.emitOpError() << "cannot infer result 0: dims ";
    llvm::interleaveComma(dynamicDims, diag);
    diag << " are dynamic; a reshape can infer at most one besides the "
            "leading dims it keeps from its input";
    return failure();
  }
  if (!in.hasStaticShape())
    return Types{withShape(op, 0, target)};
  // Both counts fit: every type was checked against int64 overflow.
  int64_t total = *checkedElementCount(in.getShape());
  int64_t known = *checkedElementCount(target);
  int64_t dim = dynamicDims.front();
  if (known == 0) {
    emitDimError(op, 0, dim) << "the result's static dims multiply to 0, so "
                                "no element count determines it";
    return failure();
  }
  if (total % known != 0) {
    emitDimError(op, 0, dim)
        << "the input has " << total << " elements, not a multiple of " << known
        << " (the product of the result's static dims)";
    return failure();
  }
  Shape shape(target);
  shape[dim] = total / known;
  return Types{withShape(op, 0, shape)};
}

/// The broadcast of an elementwise region's input shapes; on failure `why`
/// says which dims clash.
static std::optional<Shape> broadcastInputs(ElementwiseOp op,
                                            std::string &why) {
  Shape inputs;
  for (Value v : op.getInputs()) {
    auto next = broadcastShapes(inputs, shapeOf(v), why);
    if (!next)
      return std::nullopt;
    inputs = std::move(*next);
  }
  return inputs;
}

/// An elementwise region's result takes its `?` dims from the broadcast of
/// its inputs.
static FailureOr<Types> inferElementwise(ElementwiseOp op,
                                         ArrayRef<bool> passThrough) {
  std::string why;
  std::optional<Shape> inputs = broadcastInputs(op, why);
  if (!inputs) {
    op.emitOpError() << "cannot infer result 0: operand shapes do not "
                        "broadcast: "
                     << why;
    return failure();
  }
  auto shape = resolveExpansion(op, "the broadcast of the inputs", *inputs,
                                op.getType().getShape(), passThrough);
  if (failed(shape))
    return failure();
  return Types{withShape(op, 0, *shape)};
}

/// The result types of an op with InferTypeOpInterface: the inferred shapes
/// with the declared element types (topk's indices may be i32 or i64; on
/// verified ops the other element types agree).
static FailureOr<Types> inferWithInterface(Operation *op) {
  Types inferred;
  if (failed(inferResultTypesOf(op, inferred)))
    return failure();
  if (inferred.size() != op->getNumResults()) {
    op->emitOpError() << "infers " << inferred.size() << " result types for "
                      << op->getNumResults() << " results";
    return failure();
  }
  Types types;
  for (auto [result, type] : llvm::zip(op->getResults(), inferred)) {
    auto declared = dyn_cast<RankedTensorType>(result.getType());
    auto shaped = dyn_cast<RankedTensorType>(type);
    types.push_back(declared && shaped ? declared.clone(shaped.getShape())
                                       : type);
  }
  return types;
}

SmallVector<bool> mlir::rlx::mir::passThroughDims(Operation *op) {
  std::optional<Shape> source;
  std::string why;
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    // With several `?` (which the element count alone cannot place), a
    // reshape regroups trailing dims: in the prefix where input and result
    // agree dim by dim (`?` over `?`, or one static size), each `?` is the
    // input's dim ([B, L, H*D] -> [B, L, H, D]).
    ArrayRef<int64_t> from = shapeOf(reshape.getInput());
    ArrayRef<int64_t> to = reshape.getType().getShape();
    if (llvm::count_if(to, ShapedType::isDynamic) < 2)
      return {};
    SmallVector<bool> keep(to.size(), false);
    for (size_t i = 0; i < std::min(from.size(), to.size()); ++i) {
      if (from[i] != to[i])
        break;
      keep[i] = ShapedType::isDynamic(to[i]);
    }
    return keep;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(op))
    source = Shape(shapeOf(broadcast.getInput()));
  else if (auto elementwise = dyn_cast<ElementwiseOp>(op))
    source = broadcastInputs(elementwise, why);
  auto result = op->getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                    : RankedTensorType();
  if (!source || !result || source->size() > result.getShape().size())
    return {};
  ArrayRef<int64_t> target = result.getShape();
  SmallVector<bool> keep(target.size(), false);
  int64_t lead = static_cast<int64_t>(target.size() - source->size());
  for (int64_t i = lead, e = target.size(); i < e; ++i)
    keep[i] = ShapedType::isDynamic(target[i]) &&
              ShapedType::isDynamic((*source)[i - lead]);
  return keep;
}

FailureOr<SmallVector<Type>>
mlir::rlx::mir::inferResultTypes(Operation *op, ArrayRef<bool> passThrough) {
  return llvm::TypeSwitch<Operation *, FailureOr<Types>>(op)
      // Leaves keep their declared types.
      .Case<ConstantOp, ParamOp, StateOp>([](Operation *leaf) {
        return Types(leaf->getResultTypes().begin(),
                     leaf->getResultTypes().end());
      })
      .Case<func::ReturnOp, YieldOp>([](Operation *) { return Types{}; })
      // Declared result types with `?` dims to resolve.
      .Case([](CastOp o) { return inferCast(o); })
      .Case([&](ReshapeOp o) { return inferReshape(o, passThrough); })
      .Case([&](BroadcastOp o) -> FailureOr<Types> {
        auto shape = resolveExpansion(o, "the input", shapeOf(o.getInput()),
                                      o.getType().getShape(), passThrough);
        if (failed(shape))
          return failure();
        return Types{withShape(o, 0, *shape)};
      })
      .Case([&](ElementwiseOp o) { return inferElementwise(o, passThrough); })
      .Default([](Operation *other) -> FailureOr<Types> {
        if (isa_and_nonnull<MIRDialect>(other->getDialect()) &&
            isa<InferTypeOpInterface>(other))
          return inferWithInterface(other);
        other->emitOpError("has no shape inference rule (there is one for "
                           "every mir op and func.return)");
        return failure();
      });
}
