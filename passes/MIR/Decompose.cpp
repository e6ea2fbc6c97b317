//===- Decompose.cpp - Builders of MIR primitive chains -------------------===//
#include "passes/MIR/Decompose.h"
#include "dialects/Common/ConstantTables.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"

#include "mlir/IR/IRMapping.h"

#include <limits>

namespace mlir::rlx::mir {

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// The type of `x` with dim `axis` set to 1 (a keep_dim reduction).
static RankedTensorType keptType(RankedTensorType x, int64_t axis) {
  SmallVector<int64_t> shape(x.getShape());
  shape[axis] = 1;
  return RankedTensorType::get(shape, x.getElementType());
}

static Value reduceKeep(OpBuilder &b, Location loc, ReduceKind kind, Value x,
                        int64_t axis) {
  auto type = tensorType(x);
  return b.create<ReduceOp>(loc, keptType(type, axis), kind, x,
                            ArrayRef<int64_t>{axis}, /*keep_dim=*/true);
}

/// mir.binary with the broadcast result type of its operands.
static Value binary(OpBuilder &b, Location loc, BinaryKind kind, Value lhs,
                    Value rhs) {
  std::string why;
  auto shape = broadcastShapes(tensorType(lhs).getShape(),
                               tensorType(rhs).getShape(), why);
  assert(shape && "callers pass broadcastable operands");
  auto type = RankedTensorType::get(*shape, tensorType(lhs).getElementType());
  return b.create<BinaryOp>(loc, type, kind, lhs, rhs);
}

static Value unary(OpBuilder &b, Location loc, UnaryKind kind, Value x) {
  return b.create<UnaryOp>(loc, x.getType(), kind, x);
}

Value buildScalarConstant(OpBuilder &b, Location loc, Type elementType,
                          double value) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute element;
  if (auto f = dyn_cast<FloatType>(elementType)) {
    APFloat v(value);
    bool lost = false;
    v.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    element = b.getFloatAttr(elementType, v);
  } else {
    element = b.getIntegerAttr(elementType, static_cast<int64_t>(value));
  }
  return b.create<ConstantOp>(loc, DenseElementsAttr::get(type, element));
}

Value buildMatmulEpilogue(OpBuilder &b, Location loc, Value lhs, Value rhs,
                          Value bias, Activation act, Type resultType) {
  Value y = b.create<MatmulOp>(loc, resultType, lhs, rhs);
  if (bias)
    y = b.create<BinaryOp>(loc, resultType, BinaryKind::add, y, bias);
  return applyActivation(b, loc, act, y);
}

std::pair<Value, Value> buildResidualNorm(OpBuilder &b, Location loc,
                                          NormKind kind, Value x,
                                          Value residual, Value bias,
                                          Value gamma, Value beta,
                                          FloatAttr eps) {
  Value sum =
      b.create<BinaryOp>(loc, x.getType(), BinaryKind::add, x, residual);
  if (bias)
    sum = b.create<BinaryOp>(loc, x.getType(), BinaryKind::add, sum, bias);
  Value normed;
  if (kind == NormKind::layer)
    normed = b.create<LayerNormOp>(loc, x.getType(), sum, gamma, beta, eps);
  else
    normed = b.create<RmsNormOp>(loc, x.getType(), sum, gamma, eps);
  return {normed, sum};
}

Value buildSwiglu(OpBuilder &b, Location loc, Value x, Value wGate, Value wUp,
                  Type resultType) {
  Value gate = b.create<MatmulOp>(loc, resultType, x, wGate);
  gate = unary(b, loc, UnaryKind::silu, gate);
  Value up = b.create<MatmulOp>(loc, resultType, x, wUp);
  return b.create<BinaryOp>(loc, resultType, BinaryKind::mul, gate, up);
}

Value buildSoftmax(OpBuilder &b, Location loc, Value x, int64_t axis) {
  auto type = tensorType(x);
  axis = *normalizeAxis(axis, type.getRank());
  Value max = reduceKeep(b, loc, ReduceKind::max, x, axis);
  Value e =
      unary(b, loc, UnaryKind::exp, binary(b, loc, BinaryKind::sub, x, max));
  Value sum = reduceKeep(b, loc, ReduceKind::sum, e, axis);
  return binary(b, loc, BinaryKind::div, e, sum);
}

/// `x` with its dims permuted: result dim i is x's dim perm[i].
static Value transpose(OpBuilder &b, Location loc, Value x,
                       ArrayRef<int64_t> perm) {
  auto type = tensorType(x);
  SmallVector<int64_t> shape;
  for (int64_t d : perm)
    shape.push_back(type.getDimSize(d));
  return b.create<TransposeOp>(
      loc, RankedTensorType::get(shape, type.getElementType()), x, perm);
}

/// [..., M, K] x [..., K, N] with equal batch dims.
static Value matmul(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto l = tensorType(lhs), r = tensorType(rhs);
  SmallVector<int64_t> shape(l.getShape().drop_back());
  shape.push_back(r.getShape().back());
  return b.create<MatmulOp>(
      loc, RankedTensorType::get(shape, l.getElementType()), lhs, rhs);
}

/// `x` with its type's shape replaced by `shape`.
static Value reshapeTo(OpBuilder &b, Location loc, Value x,
                       ArrayRef<int64_t> shape) {
  return b.create<ReshapeOp>(
      loc, RankedTensorType::get(shape, tensorType(x).getElementType()), x);
}

Value repeatKvHeads(OpBuilder &b, Location loc, Value x, int64_t heads) {
  auto type = tensorType(x);
  int64_t batch = type.getDimSize(0), seq = type.getDimSize(1),
          kvHeads = type.getDimSize(2), dim = type.getDimSize(3);
  if (kvHeads == heads)
    return x;
  Value one = reshapeTo(b, loc, x, {batch, seq, kvHeads, 1, dim});
  Value groups = b.create<BroadcastOp>(
      loc,
      RankedTensorType::get({batch, seq, kvHeads, heads / kvHeads, dim},
                            type.getElementType()),
      one);
  return reshapeTo(b, loc, groups, {batch, seq, heads, dim});
}

/// The [S, T] i1 table of the keys each query sees at a run-time
/// `position` p (mir.attention): causal, t - s <= p; else t - S < p.
static Value visibleKeys(OpBuilder &b, Location loc, int64_t seqQ, int64_t seqK,
                         bool causal, Value position) {
  auto positionType = tensorType(position);
  Type index = positionType.getElementType();
  unsigned width = index.getIntOrFloatBitWidth();
  SmallVector<APInt> offsets;
  offsets.reserve(seqQ * seqK);
  for (int64_t s = 0; s < seqQ; ++s)
    for (int64_t t = 0; t < seqK; ++t)
      offsets.push_back(APInt(width, causal ? t - s : t - seqQ,
                              /*isSigned=*/true));
  auto tableType = RankedTensorType::get({seqQ, seqK}, index);
  Value table = b.create<ConstantOp>(
      loc, DenseElementsAttr::get(tableType, ArrayRef<APInt>(offsets)));
  // p as a scalar tensor broadcasts against the table.
  Value p = positionType.getRank() == 0
                ? position
                : b.create<ReshapeOp>(loc, RankedTensorType::get({}, index),
                                      position);
  auto maskType = RankedTensorType::get({seqQ, seqK}, b.getI1Type());
  return b.create<CompareOp>(
      loc, maskType, causal ? CompareKind::le : CompareKind::lt, table, p);
}

Value buildAttention(OpBuilder &b, Location loc, Value q, Value k, Value v,
                     double scale, bool causal, Value position) {
  static constexpr int64_t kHeadMajor[] = {0, 2, 1, 3};
  static constexpr int64_t kKeysLast[] = {0, 2, 3, 1};
  int64_t heads = tensorType(q).getDimSize(2);
  k = repeatKvHeads(b, loc, k, heads);
  v = repeatKvHeads(b, loc, v, heads);
  Value scores = matmul(b, loc, transpose(b, loc, q, kHeadMajor),
                        transpose(b, loc, k, kKeysLast));
  auto type = tensorType(scores);
  auto element = cast<FloatType>(type.getElementType());
  scores = binary(b, loc, BinaryKind::mul, scores,
                  buildScalarConstant(b, loc, element, scale));
  Value visible;
  if (position) {
    visible = visibleKeys(b, loc, type.getDimSize(2), type.getDimSize(3),
                          causal, position);
    scores = b.create<SelectOp>(
        loc, type, visible, scores,
        buildScalarConstant(b, loc, element,
                            -std::numeric_limits<double>::infinity()));
  } else if (causal) {
    int64_t seqQ = type.getDimSize(2), seqK = type.getDimSize(3);
    Value mask;
    if (ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK))
      mask = b.create<CausalMaskOp>(
          loc, MaskKindAttr::get(b.getContext(), MaskKind::causal), scores,
          IntegerAttr());
    else
      mask = b.create<ConstantOp>(
          loc, causalMaskConstant(seqQ, seqK, std::nullopt, element));
    scores = binary(b, loc, BinaryKind::add, scores, mask);
  }
  Value probs = b.create<SoftmaxOp>(loc, type, scores, -1);
  if (visible)
    probs = b.create<SelectOp>(loc, type, visible, probs,
                               buildScalarConstant(b, loc, element, 0));
  Value context = matmul(b, loc, probs, transpose(b, loc, v, kHeadMajor));
  return transpose(b, loc, context, kHeadMajor);
}

Value buildLayerNorm(OpBuilder &b, Location loc, Value x, Value gamma,
                     Value beta, double eps) {
  auto type = tensorType(x);
  int64_t last = type.getRank() - 1;
  Value mean = reduceKeep(b, loc, ReduceKind::mean, x, last);
  Value centered = binary(b, loc, BinaryKind::sub, x, mean);
  Value var =
      reduceKeep(b, loc, ReduceKind::mean,
                 binary(b, loc, BinaryKind::mul, centered, centered), last);
  Value epsilon = buildScalarConstant(b, loc, type.getElementType(), eps);
  Value inv = unary(b, loc, UnaryKind::rsqrt,
                    binary(b, loc, BinaryKind::add, var, epsilon));
  Value y = binary(b, loc, BinaryKind::mul,
                   binary(b, loc, BinaryKind::mul, centered, inv), gamma);
  return beta ? binary(b, loc, BinaryKind::add, y, beta) : y;
}

Value buildRmsNorm(OpBuilder &b, Location loc, Value x, Value gamma,
                   double eps) {
  auto type = tensorType(x);
  int64_t last = type.getRank() - 1;
  Value ms = reduceKeep(b, loc, ReduceKind::mean,
                        binary(b, loc, BinaryKind::mul, x, x), last);
  Value epsilon = buildScalarConstant(b, loc, type.getElementType(), eps);
  Value inv = unary(b, loc, UnaryKind::rsqrt,
                    binary(b, loc, BinaryKind::add, ms, epsilon));
  return binary(b, loc, BinaryKind::mul,
                binary(b, loc, BinaryKind::mul, x, inv), gamma);
}

Value buildUnfusedRegion(OpBuilder &b, ElementwiseOp region) {
  Block &body = region.getBody().front();
  Location loc = region.getLoc();
  IRMapping map;
  for (auto [arg, input] : llvm::zip(body.getArguments(), region.getInputs()))
    map.map(arg, input);
  // The tensor type a step has: its operands' broadcast shape, its own
  // element type (scalar constants are rank 0 and broadcast to anything).
  auto stepType = [&](Operation &step) {
    SmallVector<int64_t> shape;
    std::string why;
    for (Value v : step.getOperands())
      shape =
          *broadcastShapes(shape, tensorType(map.lookup(v)).getShape(), why);
    return RankedTensorType::get(shape, step.getResult(0).getType());
  };
  for (Operation &step : body.without_terminator()) {
    Value tensor;
    if (auto cst = dyn_cast<ConstantOp>(step)) {
      auto type = RankedTensorType::get({}, cst.getType());
      tensor = b.create<ConstantOp>(
          loc, DenseElementsAttr::get(type, cst.getValue()));
    } else {
      OperationState state(step.getLoc(), step.getName());
      for (Value v : step.getOperands())
        state.addOperands(map.lookup(v));
      state.addAttributes(step.getAttrs());
      state.addTypes(stepType(step));
      tensor = b.create(state)->getResult(0);
    }
    map.map(step.getResult(0), tensor);
  }
  Value result = map.lookup(cast<YieldOp>(body.back()).getValue());
  if (result.getType() != region.getType())
    result = b.create<BroadcastOp>(loc, region.getType(), result);
  return result;
}

} // namespace mlir::rlx::mir
