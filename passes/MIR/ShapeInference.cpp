//===- ShapeInference.cpp - Result shapes of MIR ops ----------------------===//
//
// One rule per op, written from the op's Constraints in MIROps.td and built
// on the shared rules of dialects/Common/ShapeRules.h. Rules check only what
// they need to compute a shape; the verifiers, run after specialization,
// stay the one judge of operand consistency.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/ShapeInference.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

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

/// Ops whose result has the shape of `input`: unary, cast, softmax, norms,
/// cumsum. A scalar result (a step of an elementwise body) stays as it is.
static Types sameShapeAs(Operation *op, Value input) {
  Type result = op->getResult(0).getType();
  if (!isa<RankedTensorType>(result))
    return {result};
  return {withShape(op, 0, shapeOf(input))};
}

/// Numpy broadcast of `operands` (binary, compare, select). Scalars stay
/// scalars; a verified op never mixes the two.
static FailureOr<Types> inferBroadcast(Operation *op, ValueRange operands) {
  Type result = op->getResult(0).getType();
  if (!isa<RankedTensorType>(result))
    return Types{result};
  Shape shape;
  std::string why;
  for (Value v : operands) {
    auto next = broadcastShapes(shape, shapeOf(v), why);
    if (!next) {
      op->emitOpError() << "cannot infer result 0: operand shapes do not "
                           "broadcast: "
                        << why;
      return failure();
    }
    shape = std::move(*next);
  }
  return Types{withShape(op, 0, shape)};
}

/// `target` with each dynamic dim taken from the right-aligned dim of
/// `source`. The rule of mir.broadcast and mir.elementwise, whose results
/// may be larger than their inputs: a `?` that only a 1 (or nothing) lines
/// up with could be any size.
static FailureOr<Shape> resolveExpansion(Operation *op, StringRef sourceName,
                                         ArrayRef<int64_t> source,
                                         ArrayRef<int64_t> target) {
  Shape shape(target);
  int64_t lead = static_cast<int64_t>(target.size() - source.size());
  for (int64_t i = 0, e = shape.size(); i < e; ++i) {
    if (!ShapedType::isDynamic(shape[i]))
      continue;
    if (i < lead) {
      emitDimError(op, 0, i) << sourceName << " has no dim aligned with it";
      return failure();
    }
    if (source[i - lead] == 1) {
      emitDimError(op, 0, i)
          << "the dim of " << sourceName << " aligned with it (dim " << i - lead
          << ") is 1, which broadcasts to any size";
      return failure();
    }
    shape[i] = source[i - lead];
  }
  return shape;
}

/// Batched matmul result `[batch..., M, N]`. K does not shape the result,
/// so it is masked here and left to the verifier, whose message names it.
static FailureOr<Types> inferMatmul(Operation *op, Value lhs, Value rhs) {
  Shape rhsShape(shapeOf(rhs));
  if (rhsShape.size() >= 2)
    rhsShape[rhsShape.size() - 2] = ShapedType::kDynamic;
  std::string why;
  auto shape = matmulShape(shapeOf(lhs), rhsShape, why);
  if (!shape) {
    op->emitOpError() << "cannot infer result 0: " << why;
    return failure();
  }
  return Types{withShape(op, 0, *shape)};
}

static FailureOr<Types> inferReshape(ReshapeOp op) {
  ArrayRef<int64_t> target = op.getType().getShape();
  Shape dynamicDims;
  for (auto [i, d] : llvm::enumerate(target))
    if (ShapedType::isDynamic(d))
      dynamicDims.push_back(i);
  if (dynamicDims.empty())
    return Types{op.getType()};
  if (dynamicDims.size() > 1) {
    auto diag = op.emitOpError() << "cannot infer result 0: dims ";
    llvm::interleaveComma(dynamicDims, diag);
    diag << " are dynamic; a reshape can infer at most one";
    return failure();
  }
  auto in = op.getInput().getType();
  if (!in.hasStaticShape())
    return Types{op.getType()};
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

static Types inferReduce(ReduceOp op) {
  auto in = op.getInput().getType();
  int64_t rank = in.getRank();
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : op.getAxes())
    reduced[*normalizeAxis(axis, rank)] = true;
  Shape shape;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced[i])
      shape.push_back(in.getDimSize(i));
    else if (op.getKeepDim())
      shape.push_back(1);
  }
  return {withShape(op, 0, shape)};
}

static Types inferTranspose(TransposeOp op) {
  ArrayRef<int64_t> in = shapeOf(op.getInput());
  Shape shape;
  for (int64_t p : op.getPermutation())
    shape.push_back(in[p]);
  return {withShape(op, 0, shape)};
}

static Types inferConcat(ConcatOp op) {
  int64_t rank = op.getType().getRank();
  int64_t axis = *normalizeAxis(op.getAxis(), rank);
  Shape shape(rank, ShapedType::kDynamic);
  int64_t sum = 0;
  for (Value input : op.getInputs()) {
    ArrayRef<int64_t> dims = shapeOf(input);
    // Other dims: the first static one; the verifier checks they agree.
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && ShapedType::isDynamic(shape[d]))
        shape[d] = dims[d];
    if (ShapedType::isDynamic(sum) || ShapedType::isDynamic(dims[axis]) ||
        llvm::AddOverflow(sum, dims[axis], sum))
      sum = ShapedType::kDynamic;
  }
  shape[axis] = sum;
  return {withShape(op, 0, shape)};
}

static Types inferGather(GatherOp op) {
  ArrayRef<int64_t> table = shapeOf(op.getTable());
  int64_t axis = *normalizeAxis(op.getAxis(), table.size());
  Shape shape(table.take_front(axis));
  llvm::append_range(shape, shapeOf(op.getIndices()));
  llvm::append_range(shape, table.drop_front(axis + 1));
  return {withShape(op, 0, shape)};
}

/// One spatial output dim of conv2d / pool (the verifiers' formula, from
/// ShapeRules).
static FailureOr<int64_t> inferWindowDim(Operation *op, int64_t dim, int64_t in,
                                         int64_t padBefore, int64_t padAfter,
                                         int64_t window, int64_t stride,
                                         int64_t dilation) {
  bool overflow = false;
  std::optional<int64_t> out = windowOutputDim(in, padBefore, padAfter, window,
                                               stride, dilation, overflow);
  if (out)
    return *out;
  emitDimError(op, 0, dim) << (overflow
                                   ? "the padded input or the dilated window "
                                     "size overflows int64"
                                   : "the dilated window is larger than the "
                                     "padded input dim");
  return failure();
}

static FailureOr<Types> inferConv2d(Conv2dOp op) {
  ArrayRef<int64_t> in = shapeOf(op.getInput());
  ArrayRef<int64_t> filter = shapeOf(op.getFilter());
  ArrayRef<int64_t> pad = op.getPadding();
  auto ho = inferWindowDim(op, 2, in[2], pad[0], pad[2], filter[2],
                           op.getStrides()[0], op.getDilations()[0]);
  if (failed(ho))
    return failure();
  auto wo = inferWindowDim(op, 3, in[3], pad[1], pad[3], filter[3],
                           op.getStrides()[1], op.getDilations()[1]);
  if (failed(wo))
    return failure();
  return Types{withShape(op, 0, {in[0], filter[0], *ho, *wo})};
}

static FailureOr<Types> inferPool(PoolOp op) {
  ArrayRef<int64_t> in = shapeOf(op.getInput());
  ArrayRef<int64_t> pad = op.getPadding();
  auto ho = inferWindowDim(op, 2, in[2], pad[0], pad[2], op.getKernel()[0],
                           op.getStrides()[0], 1);
  if (failed(ho))
    return failure();
  auto wo = inferWindowDim(op, 3, in[3], pad[1], pad[3], op.getKernel()[1],
                           op.getStrides()[1], 1);
  if (failed(wo))
    return failure();
  return Types{withShape(op, 0, {in[0], in[1], *ho, *wo})};
}

static Types inferTopK(TopKOp op) {
  Shape shape(shapeOf(op.getInput()));
  shape[*normalizeAxis(op.getAxis(), shape.size())] = op.getK();
  return {withShape(op, 0, shape), withShape(op, 1, shape)};
}

/// `input x weight` for a rank-2 weight `[K, N]`: the input shape with the
/// last dim N (swiglu, shared_matmul).
static Type inferProjection(Operation *op, unsigned result, Value input,
                            Value weight) {
  Shape shape(shapeOf(input));
  shape.back() = shapeOf(weight)[1];
  return withShape(op, result, shape);
}

static FailureOr<Types> inferElementwise(ElementwiseOp op) {
  auto inputs = inferBroadcast(op, op.getInputs());
  if (failed(inputs))
    return failure();
  auto shape =
      resolveExpansion(op, "the broadcast of the inputs",
                       cast<RankedTensorType>(inputs->front()).getShape(),
                       op.getType().getShape());
  if (failed(shape))
    return failure();
  return Types{withShape(op, 0, *shape)};
}

FailureOr<SmallVector<Type>> mlir::rlx::mir::inferResultTypes(Operation *op) {
  return llvm::TypeSwitch<Operation *, FailureOr<Types>>(op)
      // Leaves keep their declared types.
      .Case<ConstantOp, ParamOp>([](Operation *leaf) {
        return Types(leaf->getResultTypes().begin(),
                     leaf->getResultTypes().end());
      })
      .Case<func::ReturnOp, YieldOp>([](Operation *) { return Types{}; })
      .Case<UnaryOp, CastOp, SoftmaxOp, LayerNormOp, RmsNormOp, CumsumOp>(
          [](auto o) { return sameShapeAs(o, o.getInput()); })
      .Case<BinaryOp, CompareOp>([](auto o) {
        return inferBroadcast(o, {o.getLhs(), o.getRhs()});
      })
      .Case([](SelectOp o) {
        return inferBroadcast(
            o, {o.getCondition(), o.getTrueValue(), o.getFalseValue()});
      })
      .Case<MatmulOp, FusedMatmulOp>(
          [](auto o) { return inferMatmul(o, o.getLhs(), o.getRhs()); })
      .Case([](ReduceOp o) { return inferReduce(o); })
      .Case([](TransposeOp o) { return inferTranspose(o); })
      .Case([](ReshapeOp o) { return inferReshape(o); })
      .Case([](SliceOp o) { return Types{withShape(o, 0, o.getSizes())}; })
      .Case([](ConcatOp o) { return inferConcat(o); })
      .Case([](BroadcastOp o) -> FailureOr<Types> {
        auto shape = resolveExpansion(o, "the input", shapeOf(o.getInput()),
                                      o.getType().getShape());
        if (failed(shape))
          return failure();
        return Types{withShape(o, 0, *shape)};
      })
      .Case([](GatherOp o) { return inferGather(o); })
      .Case([](Conv2dOp o) { return inferConv2d(o); })
      .Case([](PoolOp o) { return inferPool(o); })
      .Case([](TopKOp o) { return inferTopK(o); })
      .Case([](SwigluOp o) {
        return Types{inferProjection(o, 0, o.getInput(), o.getWGate())};
      })
      .Case([](SharedMatmulOp o) {
        Types types;
        for (auto [i, w] : llvm::enumerate(o.getWeights()))
          types.push_back(inferProjection(o, i, o.getInput(), w));
        return types;
      })
      .Case([](ResidualNormOp o) {
        ArrayRef<int64_t> shape = shapeOf(o.getInput());
        return Types{withShape(o, 0, shape), withShape(o, 1, shape)};
      })
      .Case([](ElementwiseOp o) { return inferElementwise(o); })
      .Default([](Operation *other) -> FailureOr<Types> {
        other->emitOpError("has no shape inference rule (there is one for "
                           "every mir op and func.return)");
        return failure();
      });
}
