//===- MIROps.cpp - Type inference, verifiers, folders, parallel dims ---===//
//
// Verification order (MLIR 19): ODS invariants and traits, then verify(),
// then, with the region verifiers, InferTypeOpInterface's check of the
// declared result types. A verify() therefore never relies on what the type
// inference checks; it checks only the constraints the inference leaves to
// it (each op's description in MIROps.td says which).
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "dialects/Common/ConstantTables.h"
#include "dialects/Common/DTypes.h"
#include "dialects/Common/InferRules.h"
#include "dialects/Common/OpRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static bool isFloatLike(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    t = shaped.getElementType();
  return isa<FloatType>(t);
}

static RankedTensorType tensorOf(Type t) {
  return dyn_cast<RankedTensorType>(t);
}

/// True when `value` is a constant splat equal to `one` (1 or 1.0).
static bool isSplatOf(Value value, double number) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr)) {
    Type elt = splat.getElementType();
    if (isa<FloatType>(elt))
      return splat.getSplatValue<APFloat>().convertToDouble() == number;
    if (isa<IntegerType>(elt))
      return splat.getSplatValue<APInt>().getSExtValue() ==
             static_cast<int64_t>(number);
  }
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble() == number;
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getInt() == static_cast<int64_t>(number);
  return false;
}

//===----------------------------------------------------------------------===//
// ConstantOp / ParamOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  Type type = getType();
  // mir.constant C2
  if (isa<RankedTensorType>(type)) {
    if (!isa<DenseElementsAttr>(getValue()))
      return emitOpError("a tensor constant must hold dense elements");
    return success();
  }
  if (!isa<FloatAttr, IntegerAttr>(getValue()))
    return emitOpError("a scalar constant must hold a float or integer");
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult ParamOp::verify() {
  // mir.param C3
  if (std::optional<Type> given = getGiven()) {
    std::optional<::rlx::DType> from = dtypeOf(*given),
                                stored = dtypeOf(getType().getElementType());
    const char *problem = "a param is converted only from f32 to f16 or bf16";
    if (from && stored && *from != *stored)
      problem =
          ::rlx::givenDTypeProblem(::rlx::SlotRole::param, *stored, *from);
    if (problem)
      return emitOpError() << "given " << *given << " for a param of "
                           << getType() << ": " << problem;
  }
  // mir.param C4
  if (std::optional<ArrayRef<int64_t>> permuted = getPermuted()) {
    auto type = cast<ShapedType>(getType());
    if (!type.hasRank())
      return emitOpError("a permuted param needs a ranked type");
    if (const char *problem =
            ::rlx::permutationProblem(::rlx::SlotRole::param, /*state=*/false,
                                      static_cast<size_t>(type.getRank()),
                                      permuted->data(), permuted->size()))
      return emitOpError() << "permuted [" << *permuted << "] for a param of "
                           << getType() << ": " << problem;
  }
  // mir.param C1, C2
  return verifyParamName(*this, getName());
}

//===----------------------------------------------------------------------===//
// StateOp / CacheWriteOp
//===----------------------------------------------------------------------===//

LogicalResult StateOp::verify() {
  // mir.state C1
  if (failed(verifyParamName(*this, getName())))
    return failure();
  if (Block *block = (*this)->getBlock())
    for (Operation &other : *block) {
      if (&other == getOperation() || !isa<StateOp, ParamOp>(other))
        continue;
      auto name = other.getAttrOfType<StringAttr>("name");
      if (name && name.getValue() == getName())
        return emitOpError()
               << "state '" << getName() << "' has the name of another "
               << other.getName() << " of the block";
    }
  // mir.state C2
  Value output = getOutput();
  if (output.use_empty())
    return success();
  if (!output.hasOneUse())
    return emitOpError() << "state '" << getName()
                         << "' is used more than once; its one use is the "
                            "cache of a mir.cache_write, whose result the "
                            "readers take";
  OpOperand &use = *output.use_begin();
  if (!isa<CacheWriteOp>(use.getOwner()) || use.getOperandNumber() != 0)
    return emitOpError() << "state '" << getName()
                         << "' must be read through the mir.cache_write "
                            "that updates it, not by "
                         << use.getOwner()->getName();
  return success();
}

LogicalResult CacheWriteOp::verify() {
  // mir.cache_write C1
  if (!getCache().getDefiningOp<StateOp>())
    return emitOpError("the cache must be a mir.state (the write updates "
                       "its memory in place)");
  RankedTensorType cache = tensorOf(getCache().getType()),
                   update = tensorOf(getUpdate().getType()),
                   position = tensorOf(getPosition().getType());
  // mir.cache_write C4
  int64_t axis = getDim(), rank = cache.getRank();
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " is outside the cache's rank "
                         << rank;
  // mir.cache_write C2
  if (update.getRank() != rank ||
      update.getElementType() != cache.getElementType())
    return emitOpError() << "update " << update
                         << " must have the rank and element type of the "
                            "cache "
                         << cache;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t c = cache.getDimSize(d), u = update.getDimSize(d);
    if (ShapedType::isDynamic(c) || ShapedType::isDynamic(u))
      continue;
    if (d == axis ? u > c : u != c)
      return emitOpError() << "update " << formatShape(update.getShape())
                           << " must match the cache "
                           << formatShape(cache.getShape())
                           << " in every dim but the axis " << axis
                           << ", and not exceed it there";
  }
  // mir.cache_write C3
  if (position.hasStaticShape() && position.getNumElements() != 1)
    return emitOpError() << "position must have one element, got "
                         << formatShape(position.getShape());
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise primitives
//===----------------------------------------------------------------------===//

LogicalResult UnaryOp::verify() {
  // mir.unary C2
  return verifyUnaryOperand(*this, getKind(), getInput().getType());
}

OpFoldResult UnaryOp::fold(FoldAdaptor) {
  auto inner = getInput().getDefiningOp<UnaryOp>();
  if (!inner)
    return {};
  // neg(neg(x)) = x; abs and relu are idempotent.
  if (getKind() == UnaryKind::neg && inner.getKind() == UnaryKind::neg)
    return inner.getInput();
  if ((getKind() == UnaryKind::abs || getKind() == UnaryKind::relu) &&
      inner.getKind() == getKind())
    return inner.getResult();
  return {};
}

LogicalResult BinaryOp::verify() {
  // mir.binary C3
  return verifyBinaryOperand(*this, getKind(), getLhs().getType());
}

OpFoldResult BinaryOp::fold(FoldAdaptor) {
  // Only folds that need no broadcast and are exact for every value
  // (x + 0.0 is not: -0.0 + 0.0 = +0.0).
  if (getLhs().getType() != getType())
    return {};
  switch (getKind()) {
  case BinaryKind::mul:
  case BinaryKind::div:
    if (isSplatOf(getRhs(), 1.0))
      return getLhs();
    break;
  case BinaryKind::add:
  case BinaryKind::sub:
    if (!isFloatLike(getType()) && isSplatOf(getRhs(), 0.0))
      return getLhs();
    break;
  default:
    break;
  }
  return {};
}

LogicalResult CompareOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  TypeRange operands = adaptor.getOperands().getTypes();
  // mir.compare C1
  if (failed(inferSameElementType(in, operands, "operands")))
    return failure();
  // mir.compare C2
  return inferElementwiseType(
      in, operands, IntegerType::get(adaptor.getLhs().getContext(), 1), types);
}

LogicalResult SelectOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  // mir.select C1
  FailureOr<Type> element = inferSameElementType(
      in, {adaptor.getTrueValue().getType(), adaptor.getFalseValue().getType()},
      "choices");
  if (failed(element))
    return failure();
  // mir.select C2
  return inferElementwiseType(in, adaptor.getOperands().getTypes(), *element,
                              types);
}

OpFoldResult SelectOp::fold(FoldAdaptor) {
  if (getTrueValue() != getFalseValue() ||
      getTrueValue().getType() != getType())
    return {};
  // A dynamic condition dim against a dynamic value dim may still broadcast
  // the value (1 against n): that select is not the identity.
  if (auto cond = tensorOf(getCondition().getType())) {
    ArrayRef<int64_t> c = cond.getShape(),
                      v = cast<RankedTensorType>(getType()).getShape();
    for (size_t i = 1; i <= c.size(); ++i)
      if (ShapedType::isDynamic(c[c.size() - i]) &&
          ShapedType::isDynamic(v[v.size() - i]))
        return {};
  }
  return getTrueValue();
}

LogicalResult CastOp::verify() {
  // mir.cast C1
  auto in = tensorOf(getInput().getType());
  auto out = tensorOf(getType());
  if (static_cast<bool>(in) != static_cast<bool>(out))
    return emitOpError("operand and result must both be tensors or both "
                       "scalars");
  if (in && !shapesCompatible(in.getShape(), out.getShape()))
    return emitOpError("result shape ")
           << formatShape(out.getShape()) << " differs from operand shape "
           << formatShape(in.getShape());
  return success();
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Contractions, reductions, normalizations
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  if (failed(input))
    return failure();
  DenseI64ArrayAttr axes = adaptor.getProperties().axes;
  if (failed(in.requireAttrs({{"axes", axes}})))
    return failure();
  // mir.reduce C1
  if (axes.empty())
    return in.fail("axes must not be empty");
  int64_t rank = input->getRank();
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : axes.asArrayRef()) {
    std::optional<int64_t> dim = normalizeAxis(axis, rank);
    if (!dim)
      return in.fail("axis ", axis, " is out of range for rank ", rank);
    if (reduced[*dim])
      return in.fail("axis ", axis, " appears more than once");
    reduced[*dim] = true;
  }
  // mir.reduce C2, C3
  bool keepDim = static_cast<bool>(adaptor.getProperties().keep_dim);
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced[i])
      shape.push_back(input->getDimSize(i));
    else if (keepDim)
      shape.push_back(1);
  }
  types.push_back(RankedTensorType::get(shape, input->getElementType()));
  return success();
}

LogicalResult ReduceOp::verify() {
  // mir.reduce C4
  if (getKind() == ReduceKind::mean && !isFloatLike(getInput().getType()))
    return emitOpError("'mean' needs a float operand, got ")
           << getInput().getType();
  return success();
}

LogicalResult SoftmaxOp::verify() {
  // mir.softmax C2
  return verifyAxis(*this, getAxis(), getInput().getType().getRank());
}

LogicalResult LayerNormOp::verify() {
  // mir.layer_norm C2, C3
  return verifyNormParams(*this, NormKind::layer, getInput().getType(), Value(),
                          getGamma(), getBeta(), getEps().convertToFloat());
}

LogicalResult RmsNormOp::verify() {
  // mir.rms_norm C2, C3
  return verifyNormParams(*this, NormKind::rms, getInput().getType(), Value(),
                          getGamma(), Value(), getEps().convertToFloat());
}

LogicalResult CumsumOp::verify() {
  // mir.cumsum C2
  return verifyAxis(*this, getAxis(), getInput().getType().getRank());
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferResultTypes(const Inference &in,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  if (failed(input))
    return failure();
  DenseI64ArrayAttr permutation = adaptor.getProperties().permutation;
  if (failed(in.requireAttrs({{"permutation", permutation}})))
    return failure();
  ArrayRef<int64_t> perm = permutation.asArrayRef();
  int64_t rank = input->getRank();
  // mir.transpose C1
  if (static_cast<int64_t>(perm.size()) != rank)
    return in.fail("permutation has ", perm.size(),
                   " entries but the input has rank ", rank);
  SmallVector<bool> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 0 || p >= rank || seen[p])
      return in.fail("permutation is not a permutation of [0, rank)");
    seen[p] = true;
  }
  // mir.transpose C2
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(input->getDimSize(p));
  types.push_back(RankedTensorType::get(shape, input->getElementType()));
  return success();
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  for (auto [i, p] : llvm::enumerate(getPermutation()))
    if (static_cast<int64_t>(i) != p)
      return {};
  if (getInput().getType() != getType())
    return {};
  return getInput();
}

namespace {
/// transpose(transpose(x, p1), p2) -> transpose(x, p1 o p2).
struct ComposeTransposes : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "input is not a transpose");
    SmallVector<int64_t> composed;
    for (int64_t p : op.getPermutation())
      composed.push_back(inner.getPermutation()[p]);
    rewriter.replaceOpWithNewOp<TransposeOp>(op, op.getType(), inner.getInput(),
                                             composed);
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ComposeTransposes>(context);
}

/// Reshape and broadcast keep the element type.
static LogicalResult verifySameElementType(Operation *op, ShapedType in,
                                           ShapedType out) {
  if (in.getElementType() != out.getElementType())
    return op->emitOpError("operand and result must have the same element "
                           "type, got ")
           << in.getElementType() << " and " << out.getElementType();
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  // mir.reshape C1
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  // mir.reshape C2
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError() << "element count changes from " << in.getNumElements()
                         << " to " << out.getNumElements();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  // With two or more dynamic dims equal types do not mean equal shapes
  // (?x? may be 2x6 in and 3x4 out).
  if (getInput().getType() == getType() && getType().getNumDynamicDims() <= 1)
    return getInput();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput()))
    if (getType().hasStaticShape())
      return dense.reshape(getType());
  return {};
}

namespace {
/// reshape(reshape(x)) -> reshape(x).
struct CollapseReshapes : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<ReshapeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "input is not a reshape");
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getInput());
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CollapseReshapes>(context);
}

LogicalResult SliceOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  if (failed(input))
    return failure();
  const Properties &props = adaptor.getProperties();
  if (failed(in.requireAttrs({{"offsets", props.offsets},
                              {"sizes", props.sizes},
                              {"strides", props.strides}})))
    return failure();
  ArrayRef<int64_t> offsets = props.offsets.asArrayRef(),
                    sizes = props.sizes.asArrayRef(),
                    strides = props.strides.asArrayRef();
  int64_t rank = input->getRank();
  // mir.slice C1
  if (static_cast<int64_t>(offsets.size()) != rank ||
      static_cast<int64_t>(sizes.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return in.fail("offsets, sizes and strides must each have ", rank,
                   " entries (the input rank)");
  for (int64_t i = 0; i < rank; ++i) {
    // mir.slice C2
    if (offsets[i] < 0 || sizes[i] < 0 || strides[i] < 1)
      return in.fail("dim ", i, ": offset ", offsets[i], ", size ", sizes[i],
                     ", stride ", strides[i],
                     " (need offset >= 0, size >= 0, stride >= 1)");
    // mir.slice C3
    int64_t dim = input->getDimSize(i);
    if (ShapedType::isDynamic(dim) || sizes[i] == 0)
      continue;
    std::optional<int64_t> last =
        llvm::checkedMulAdd(sizes[i] - 1, strides[i], offsets[i]);
    if (!last)
      return in.fail("dim ", i,
                     ": the window end offset + (size - 1) * stride "
                     "overflows int64 and is outside the input dim of size ",
                     dim);
    if (*last >= dim)
      return in.fail("dim ", i, ": window [", offsets[i], ", ", *last,
                     "] is outside the input dim of size ", dim);
  }
  // mir.slice C4
  types.push_back(RankedTensorType::get(sizes, input->getElementType()));
  return success();
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  auto in = getInput().getType();
  if (in != getType() || !in.hasStaticShape())
    return {};
  for (int64_t i = 0; i < in.getRank(); ++i)
    if (getOffsets()[i] != 0 || getStrides()[i] != 1)
      return {};
  return getInput();
}

LogicalResult ConcatOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  ValueRange inputs = adaptor.getOperands();
  // mir.concat C1
  if (inputs.empty())
    return in.fail("needs at least one input");
  IntegerAttr axisAttr = adaptor.getProperties().axis;
  if (failed(in.requireAttrs({{"axis", axisAttr}})))
    return failure();
  FailureOr<RankedTensorType> first = in.tensor(inputs.front(), "input 0");
  if (failed(first))
    return failure();
  int64_t rank = first->getRank();
  // mir.concat C3
  std::optional<int64_t> axis = normalizeAxis(axisAttr.getInt(), rank);
  if (!axis)
    return in.fail("axis ", axisAttr.getInt(), " is out of range for rank ",
                   rank);
  SmallVector<int64_t> shape(first->getShape());
  int64_t sum = 0;
  for (auto [i, value] : llvm::enumerate(inputs)) {
    FailureOr<RankedTensorType> t = in.tensor(value, "each input");
    if (failed(t))
      return failure();
    // mir.concat C2
    if (t->getRank() != rank || t->getElementType() != first->getElementType())
      return in.fail("input ", i, " (", *t,
                     ") must have the rank and element type of input 0 (",
                     *first, ")");
    // mir.concat C4: other dims take the first static size they have.
    for (int64_t d = 0; d < rank; ++d) {
      if (d == *axis)
        continue;
      int64_t size = t->getDimSize(d);
      if (!dimsCompatible(size, shape[d]))
        return in.fail("input ", i, " dim ", d, " is ", formatShape({size}),
                       " but an earlier input's is ", formatShape({shape[d]}));
      if (ShapedType::isDynamic(shape[d]))
        shape[d] = size;
    }
    int64_t size = t->getDimSize(*axis);
    if (ShapedType::isDynamic(sum) || ShapedType::isDynamic(size))
      sum = ShapedType::kDynamic;
    else if (llvm::AddOverflow(sum, size, sum))
      return in.fail("the inputs' dim ", *axis,
                     " sizes add up to more than int64 can hold");
  }
  shape[*axis] = sum;
  types.push_back(RankedTensorType::get(shape, first->getElementType()));
  return success();
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getInputs()[0].getType() == getType())
    return getInputs()[0];
  return {};
}

LogicalResult BroadcastOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  // mir.broadcast C1
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  // mir.broadcast C2
  if (!broadcastsTo(in.getShape(), out.getShape()))
    return emitOpError() << "operand shape " << formatShape(in.getShape())
                         << " does not broadcast to "
                         << formatShape(out.getShape());
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  // A dynamic input dim may be 1 and expand to the result's dynamic dim.
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    if (getType().hasStaticShape())
      return SplatElementsAttr::get(getType(),
                                    splat.getSplatValue<Attribute>());
  return {};
}

LogicalResult GatherOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> table = in.tensor(adaptor.getTable(), "table");
  FailureOr<RankedTensorType> indices =
      in.tensor(adaptor.getIndices(), "indices");
  if (failed(table) || failed(indices))
    return failure();
  // An OperationState need not carry the default axis.
  IntegerAttr axisAttr = adaptor.getProperties().axis;
  int64_t axisValue = axisAttr ? axisAttr.getInt() : 0;
  // mir.gather C1
  std::optional<int64_t> axis = normalizeAxis(axisValue, table->getRank());
  if (!axis)
    return in.fail("axis ", axisValue, " is out of range for rank ",
                   table->getRank());
  // mir.gather C2
  SmallVector<int64_t> shape(table->getShape().take_front(*axis));
  llvm::append_range(shape, indices->getShape());
  llvm::append_range(shape, table->getShape().drop_front(*axis + 1));
  types.push_back(RankedTensorType::get(shape, table->getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution, pooling, top-k
//===----------------------------------------------------------------------===//

/// The window attributes of conv2d and pool: 2 entries >= 1 each for
/// `pairs`, 4 entries >= 0 for padding.
static LogicalResult
checkWindowAttrs(const Inference &in,
                 ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> pairs,
                 ArrayRef<int64_t> padding) {
  for (auto [name, values] : pairs)
    if (values.size() != 2 || values[0] < 1 || values[1] < 1)
      return in.fail(name, " must have 2 entries >= 1");
  if (padding.size() != 4 ||
      llvm::any_of(padding, [](int64_t p) { return p < 0; }))
    return in.fail("padding must have 4 entries >= 0 "
                   "[top, left, bottom, right]");
  return success();
}

/// A pool's output dim with `ceil_mode` (its floor size was inferred, so
/// nothing overflows): the division rounded up, without a last window that
/// would start past the input and the leading padding.
static int64_t poolCeilDim(int64_t in, int64_t padBefore, int64_t padAfter,
                           int64_t window, int64_t stride, int64_t dilation) {
  auto ceilDiv = [](int64_t a, int64_t b) { return a / b + (a % b != 0); };
  int64_t span = dilation * (window - 1) + 1;
  int64_t out = ceilDiv(in + padBefore + padAfter - span, stride) + 1;
  // (out - 1) * stride >= in + padBefore, without the product.
  if (out - 1 >= ceilDiv(in + padBefore, stride))
    --out;
  return out;
}

/// Result dim `dim` (2: H, 3: W) of conv2d or pool, whose window is named
/// `window` in messages.
static FailureOr<int64_t> inferWindowDim(const Inference &in, StringRef window,
                                         int64_t dim, int64_t size,
                                         int64_t padBefore, int64_t padAfter,
                                         int64_t windowSize, int64_t stride,
                                         int64_t dilation) {
  bool overflow = false;
  std::optional<int64_t> out = windowOutputDim(
      size, padBefore, padAfter, windowSize, stride, dilation, overflow);
  if (out)
    return *out;
  if (overflow)
    return in.fail("the padded input or the ", window,
                   " size overflows int64 in dim ", dim);
  return in.fail("the ", window, " is larger than the padded input in dim ",
                 dim);
}

LogicalResult Conv2dOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  FailureOr<RankedTensorType> filter = in.tensor(adaptor.getFilter(), "filter");
  if (failed(input) || failed(filter))
    return failure();
  const Properties &props = adaptor.getProperties();
  if (failed(in.requireAttrs({{"strides", props.strides},
                              {"padding", props.padding},
                              {"dilations", props.dilations},
                              {"groups", props.groups}})))
    return failure();
  // mir.conv2d C1
  if (input->getRank() != 4 || filter->getRank() != 4)
    return in.fail("input and filter must have rank 4 (NCHW, OIHW)");
  // mir.conv2d C2
  ArrayRef<int64_t> strides = props.strides.asArrayRef(),
                    dilations = props.dilations.asArrayRef(),
                    pad = props.padding.asArrayRef();
  if (failed(checkWindowAttrs(
          in, {{"strides", strides}, {"dilations", dilations}}, pad)))
    return failure();
  int64_t groups = props.groups.getInt();
  if (groups < 1)
    return in.fail("groups must be >= 1");
  // mir.conv2d C3
  int64_t channels = input->getDimSize(1), outChannels = filter->getDimSize(0);
  if (!ShapedType::isDynamic(channels) &&
      (channels % groups != 0 ||
       !dimsCompatible(filter->getDimSize(1), channels / groups)))
    return in.fail("filter dim 1 must be input channels / groups = ", channels,
                   " / ", groups);
  if (!ShapedType::isDynamic(outChannels) && outChannels % groups != 0)
    return in.fail("groups (", groups,
                   ") must divide the filter's output channels (", outChannels,
                   ")");
  // mir.conv2d C4
  if (Value bias = adaptor.getBias()) {
    FailureOr<RankedTensorType> b = in.tensor(bias, "bias");
    if (failed(b))
      return failure();
    if (b->getRank() != 1 || !dimsCompatible(b->getDimSize(0), outChannels))
      return in.fail("bias must have shape ", formatShape({outChannels}),
                     ", got ", formatShape(b->getShape()));
  }
  // mir.conv2d C5
  FailureOr<int64_t> ho =
      inferWindowDim(in, "dilated filter", 2, input->getDimSize(2), pad[0],
                     pad[2], filter->getDimSize(2), strides[0], dilations[0]);
  if (failed(ho))
    return failure();
  FailureOr<int64_t> wo =
      inferWindowDim(in, "dilated filter", 3, input->getDimSize(3), pad[1],
                     pad[3], filter->getDimSize(3), strides[1], dilations[1]);
  if (failed(wo))
    return failure();
  // mir.conv2d C6
  if (failed(inferSameElementType(in, adaptor.getOperands().getTypes(),
                                  "operands")))
    return failure();
  types.push_back(RankedTensorType::get(
      {input->getDimSize(0), outChannels, *ho, *wo}, input->getElementType()));
  return success();
}

LogicalResult PoolOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  if (failed(input))
    return failure();
  const Properties &props = adaptor.getProperties();
  if (failed(in.requireAttrs({{"kernel", props.kernel},
                              {"strides", props.strides},
                              {"padding", props.padding}})))
    return failure();
  // mir.pool C1
  if (input->getRank() != 4)
    return in.fail("input must have rank 4 (NCHW)");
  // mir.pool C2
  ArrayRef<int64_t> kernel = props.kernel.asArrayRef(),
                    strides = props.strides.asArrayRef(),
                    pad = props.padding.asArrayRef();
  SmallVector<int64_t> dilations{1, 1};
  if (props.dilations)
    dilations.assign(props.dilations.asArrayRef().begin(),
                     props.dilations.asArrayRef().end());
  if (failed(checkWindowAttrs(in,
                              {{"kernel", kernel},
                               {"strides", strides},
                               {"dilations", dilations}},
                              pad)))
    return failure();
  // mir.pool C3
  SmallVector<int64_t> out;
  for (int64_t d = 0; d < 2; ++d) {
    FailureOr<int64_t> size = inferWindowDim(
        in, "kernel", 2 + d, input->getDimSize(2 + d), pad[d], pad[2 + d],
        kernel[d], strides[d], dilations[d]);
    if (failed(size))
      return failure();
    out.push_back(*size);
  }
  if (props.ceil_mode)
    for (int64_t d = 0; d < 2; ++d)
      if (!ShapedType::isDynamic(out[d]))
        out[d] = poolCeilDim(input->getDimSize(2 + d), pad[d], pad[2 + d],
                             kernel[d], strides[d], dilations[d]);
  types.push_back(RankedTensorType::get(
      {input->getDimSize(0), input->getDimSize(1), out[0], out[1]},
      input->getElementType()));
  return success();
}

LogicalResult PoolOp::verify() {
  // mir.pool C4
  if (getCountIncludePad() && getKind() != PoolKind::avg)
    return emitOpError("count_include_pad applies to avg pooling only");
  return success();
}

LogicalResult TopKOp::inferResultTypes(const Inference &in, Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> input = in.tensor(adaptor.getInput(), "input");
  if (failed(input))
    return failure();
  IntegerAttr kAttr = adaptor.getProperties().k;
  if (failed(in.requireAttrs({{"k", kAttr}})))
    return failure();
  // An OperationState need not carry the default axis.
  IntegerAttr axisAttr = adaptor.getProperties().axis;
  int64_t axisValue = axisAttr ? axisAttr.getInt() : -1;
  // mir.topk C1
  std::optional<int64_t> axis = normalizeAxis(axisValue, input->getRank());
  if (!axis)
    return in.fail("axis ", axisValue, " is out of range for rank ",
                   input->getRank());
  // mir.topk C2
  int64_t k = kAttr.getInt(), dim = input->getDimSize(*axis);
  if (k < 1 || (!ShapedType::isDynamic(dim) && k > dim))
    return in.fail("k = ", k, " must be in [1, ", formatShape({dim}),
                   "] (the axis dim)");
  // mir.topk C3
  SmallVector<int64_t> shape(input->getShape());
  shape[*axis] = k;
  types.push_back(RankedTensorType::get(shape, input->getElementType()));
  types.push_back(
      RankedTensorType::get(shape, IntegerType::get(input->getContext(), 64)));
  return success();
}

bool TopKOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != 2 || declared.size() != 2)
    return false;
  // The indices may be i32 or i64 (the ODS constraint), whichever the
  // producer chose; their shape is inferred.
  auto indices = dyn_cast<RankedTensorType>(inferred[1]);
  auto declaredIndices = dyn_cast<RankedTensorType>(declared[1]);
  if (!indices || !declaredIndices)
    return false;
  return isCompatibleResultType(inferred[0], declared[0]) &&
         isCompatibleResultType(indices.clone(declaredIndices.getElementType()),
                                declaredIndices);
}

//===----------------------------------------------------------------------===//
// Constants that depend on a shape
//===----------------------------------------------------------------------===//

LogicalResult CausalMaskOp::inferResultTypes(const Inference &in,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &types) {
  FailureOr<RankedTensorType> scores = in.tensor(adaptor.getScores(), "scores");
  if (failed(scores))
    return failure();
  // mir.causal_mask C1
  int64_t rank = scores->getRank();
  if (rank < 2)
    return in.fail("scores must have rank >= 2, got rank ", rank);
  // mir.causal_mask C4
  types.push_back(RankedTensorType::get(
      {scores->getDimSize(rank - 2), scores->getDimSize(rank - 1)},
      scores->getElementType()));
  return success();
}

LogicalResult CausalMaskOp::verify() {
  // mir.causal_mask C2
  MaskKind kind = getKind();
  if (kind != MaskKind::causal && kind != MaskKind::sliding_window)
    return emitOpError() << "kind must be 'causal' or 'sliding_window', got '"
                         << stringifyMaskKind(kind) << "'";
  // mir.causal_mask C3
  bool needsWindow = kind == MaskKind::sliding_window;
  if (needsWindow != getWindow().has_value())
    return emitOpError() << "window must be given exactly for "
                            "'sliding_window' masks";
  // I64Attr getters return uint64_t: compare the signed value.
  if (getWindow() && static_cast<int64_t>(*getWindow()) < 1)
    return emitOpError("window must be >= 1");
  // mir.causal_mask C5 (C1 is the inference's, checked after verify()).
  ArrayRef<int64_t> shape = getScores().getType().getShape();
  if (shape.size() < 2)
    return success();
  int64_t seqQ = shape[shape.size() - 2], seqK = shape.back();
  if (ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK))
    return success();
  std::string problem =
      causalMaskSizeProblem(stringifyMaskKind(kind), seqQ, seqK);
  if (!problem.empty())
    return emitOpError(problem);
  return success();
}

std::optional<int64_t> CausalMaskOp::getSignedWindow() {
  if (std::optional<uint64_t> window = getWindow())
    return static_cast<int64_t>(*window);
  return std::nullopt;
}

OpFoldResult CausalMaskOp::fold(FoldAdaptor) { return getStaticValue(); }

DenseElementsAttr CausalMaskOp::getStaticValue() {
  auto type = getType();
  auto element = dyn_cast<FloatType>(type.getElementType());
  if (!element || type.getRank() != 2 || !type.hasStaticShape())
    return {};
  MaskKind kind = getKind();
  if (kind != MaskKind::causal && kind != MaskKind::sliding_window)
    return {};
  int64_t seqQ = type.getDimSize(0), seqK = type.getDimSize(1);
  // An unverified op may be over the limit: no value (the verifier says
  // why).
  if (!causalMaskSizeProblem(stringifyMaskKind(kind), seqQ, seqK).empty())
    return {};
  return causalMaskConstant(seqQ, seqK, getSignedWindow(), element);
}

//===----------------------------------------------------------------------===//
// Fused ops
//===----------------------------------------------------------------------===//

LogicalResult FusedMatmulOp::inferResultTypes(const Inference &in,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  // mir.fused_matmul C1-C4
  return inferMatmulTypes(in, adaptor.getOperands().take_front(2), types);
}

LogicalResult FusedMatmulOp::verify() {
  // mir.fused_matmul C5
  if (Value bias = getBias()) {
    auto b = cast<RankedTensorType>(bias.getType());
    if (b.getElementType() != getType().getElementType())
      return emitOpError("bias must have the result's element type");
    if (!broadcastsTo(b.getShape(), getType().getShape()))
      return emitOpError("bias shape ")
             << formatShape(b.getShape()) << " does not broadcast to "
             << formatShape(getType().getShape());
  }
  return success();
}

LogicalResult ResidualNormOp::inferResultTypes(const Inference &in,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  // The getters index by the segment sizes: check them against the operands
  // (input, residual, bias?, gamma, beta?) first.
  ArrayRef<int32_t> segments = adaptor.getProperties().operandSegmentSizes;
  int64_t total = 0;
  bool fits = true;
  for (auto [i, size] : llvm::enumerate(segments)) {
    bool optional = i == 2 || i == 4;
    fits &= optional ? size == 0 || size == 1 : size == 1;
    total += size;
  }
  if (!fits || total != static_cast<int64_t>(adaptor.getOperands().size()))
    return in.fail("operand segment sizes do not fit (input, residual, bias?, "
                   "gamma, beta?) and ",
                   adaptor.getOperands().size(), " operands");
  // mir.residual_norm C1
  return inferResidualNormTypes(in, adaptor.getInput(), adaptor.getResidual(),
                                types);
}

LogicalResult ResidualNormOp::verify() {
  // mir.residual_norm C2, C3, C4
  return verifyNormParams(*this, getKind(), getInput().getType(), getBias(),
                          getGamma(), getBeta(), getEps().convertToFloat());
}

LogicalResult SwigluOp::verify() {
  // mir.swiglu C1
  return verifySwigluWeights(*this, getWGate().getType(), getWUp().getType());
}

LogicalResult AttentionOp::verify() {
  RankedTensorType q = getQuery().getType(), k = getKey().getType(),
                   v = getValue().getType();
  // mir.attention C2
  if (q.getRank() != 4 || k.getRank() != 4 || v.getRank() != 4)
    return emitOpError("query, key and value must have rank 4 "
                       "[batch, seq, heads, head_dim], got ")
           << formatShape(q.getShape()) << ", " << formatShape(k.getShape())
           << ", " << formatShape(v.getShape());
  if (q.getElementType() != k.getElementType())
    return emitOpError("query and key must have one element type, got ")
           << q.getElementType() << " and " << k.getElementType();
  if (k != v)
    return emitOpError("key and value must have one type, got ")
           << k << " and " << v;
  // mir.attention C3
  for (int64_t dim : {0, 3})
    if (!ShapedType::isDynamic(q.getDimSize(dim)) &&
        !ShapedType::isDynamic(k.getDimSize(dim)) &&
        q.getDimSize(dim) != k.getDimSize(dim))
      return emitOpError("query ")
             << formatShape(q.getShape()) << " and key "
             << formatShape(k.getShape())
             << " must agree on batch and head_dim (dims 0, 3)";
  int64_t heads = q.getDimSize(2), kvHeads = k.getDimSize(2);
  if (!ShapedType::isDynamic(heads) && !ShapedType::isDynamic(kvHeads) &&
      (kvHeads == 0 ? heads != 0 : heads % kvHeads != 0))
    return emitOpError("key's ") << kvHeads << " heads must divide query's "
                                 << heads << " (grouped-query attention)";
  // mir.attention C4
  double scale = getScale().convertToDouble();
  if (!std::isfinite(scale) || scale <= 0)
    return emitOpError("scale must be finite and positive, got ") << scale;
  // mir.attention C6
  if (Value position = getPosition()) {
    auto type = cast<RankedTensorType>(position.getType());
    if (type.hasStaticShape() && type.getNumElements() != 1)
      return emitOpError() << "position must have one element, got "
                           << formatShape(type.getShape());
  }
  // mir.attention C5
  int64_t seqQ = q.getDimSize(1), seqK = k.getDimSize(1);
  if (getCausal() && !getPosition() && !ShapedType::isDynamic(seqQ) &&
      !ShapedType::isDynamic(seqK) && seqQ > seqK)
    return emitOpError("a causal attention needs S <= T (every query sees a "
                       "key), got S = ")
           << seqQ << ", T = " << seqK;
  return success();
}

LogicalResult SharedMatmulOp::inferResultTypes(const Inference &in,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &types) {
  // The getters index by the segment sizes: check them against the operands
  // (input, weights..., biases...) first.
  ArrayRef<int32_t> segments = adaptor.getProperties().operandSegmentSizes;
  if (segments[0] != 1 || segments[1] < 0 || segments[2] < 0 ||
      1 + int64_t(segments[1]) + segments[2] !=
          int64_t(adaptor.getOperands().size()))
    return in.fail("operand segment sizes do not fit (input, weights..., "
                   "biases...) and ",
                   adaptor.getOperands().size(), " operands");
  // mir.shared_matmul C1 (one result per weight: the inferred types)
  if (adaptor.getWeights().size() < 2)
    return in.fail("needs at least two weights");
  // mir.shared_matmul C2, C3
  for (auto [i, weight] : llvm::enumerate(adaptor.getWeights())) {
    if (failed(inferProjectionType(in, "weight " + std::to_string(i),
                                   adaptor.getInput(), weight, types)))
      return failure();
  }
  return success();
}

LogicalResult SharedMatmulOp::verify() {
  // mir.shared_matmul C4
  OperandRange weights = getWeights(), biases = getBiases();
  if (!biases.empty() && biases.size() != weights.size())
    return emitOpError() << "has " << biases.size() << " biases for "
                         << weights.size()
                         << " weights; give none or one per weight";
  // mir.shared_matmul C5
  Type element = getInput().getType().getElementType();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(biases, weights))) {
    auto [bias, weight] = pair;
    auto b = cast<RankedTensorType>(bias.getType());
    int64_t n = cast<RankedTensorType>(weight.getType()).getDimSize(1);
    if (b.getRank() != 1 || !dimsCompatible(b.getDimSize(0), n))
      return emitOpError() << "bias " << i << " must have shape "
                           << formatShape({n}) << " (weight " << i
                           << "'s N), got " << formatShape(b.getShape());
    if (b.getElementType() != element)
      return emitOpError() << "bias " << i
                           << " must have the input's element type " << element
                           << ", got " << b.getElementType();
  }
  return success();
}

LogicalResult ElementwiseOp::verify() {
  // mir.elementwise C1
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  // mir.elementwise C3
  auto out = getType();
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto t = cast<RankedTensorType>(v.getType());
    if (!broadcastsTo(t.getShape(), out.getShape()))
      return emitOpError() << "input " << i << " shape "
                           << formatShape(t.getShape())
                           << " does not broadcast to the result shape "
                           << formatShape(out.getShape());
  }
  return success();
}

LogicalResult ElementwiseOp::verifyRegions() {
  Block &body = getBody().front();
  // mir.elementwise C2
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments but there are " << getInputs().size()
                         << " inputs";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(body.getArguments(), getInputs()))) {
    auto [arg, input] = pair;
    Type elt = cast<RankedTensorType>(input.getType()).getElementType();
    if (arg.getType() != elt)
      return emitOpError() << "body argument " << i << " has type "
                           << arg.getType() << " but input " << i
                           << " has element type " << elt;
  }
  // mir.elementwise C5 (checked first: the body walk below needs it)
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!yield)
    return emitOpError("body must end with mir.yield");
  // mir.elementwise C4
  for (Operation &step : body.without_terminator()) {
    if (!isa<UnaryOp, BinaryOp, CompareOp, SelectOp, CastOp, ConstantOp>(step))
      return step.emitOpError("is not allowed in a mir.elementwise body; "
                              "steps are scalar mir.unary, binary, compare, "
                              "select, cast and constant");
    for (Type t : step.getResultTypes())
      if (isa<ShapedType>(t))
        return step.emitOpError("in a mir.elementwise body must be scalar, "
                                "got ")
               << t;
  }
  if (yield.getValue().getType() != getType().getElementType())
    return yield.emitOpError()
           << "yields " << yield.getValue().getType()
           << " but the result element type is " << getType().getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Parallel dims (ParallelDimsOpInterface; docs/CPUBackend.md, "Workgroups")
//===----------------------------------------------------------------------===//

// The families that split alike (elementwise, matmul, rows, axis ops) get
// the interface from a trait (MIRInterfaces.h); these ops define it.

using mir::detail::axisOf;
using mir::detail::rankOf;

static int64_t allResultDims(Operation *op) { return rankOf(op->getResult(0)); }

/// Result dim `dim` of a transpose is input dim `permutation[dim]`.
int64_t TransposeOp::getIndependentLeadingDims() {
  return allResultDims(*this);
}
std::optional<int64_t> TransposeOp::getOperandDimAlong(unsigned, int64_t dim) {
  return getPermutation()[dim];
}

/// Every gather result dim is independent: those of the indices come from
/// the indices (the table is read whole along them), the others from the
/// table.
int64_t GatherOp::getIndependentLeadingDims() { return allResultDims(*this); }
std::optional<int64_t> GatherOp::getOperandDimAlong(unsigned index,
                                                    int64_t dim) {
  int64_t axis = axisOf(getAxis(), getTable());
  int64_t indexRank = rankOf(getIndices());
  bool inIndices = dim >= axis && dim < axis + indexRank;
  if (index == 1)
    return inIndices ? std::optional<int64_t>(dim - axis) : std::nullopt;
  if (inIndices)
    return std::nullopt;
  return dim < axis ? dim : dim - indexRank + 1;
}

/// The input's leading dims are the results'; weights and biases are read
/// whole, except that they split with N (columns).
int64_t SharedMatmulOp::getIndependentLeadingDims() {
  return rankOf(getResult(0)) - 1;
}
std::optional<int64_t> SharedMatmulOp::getOperandDimAlong(unsigned index,
                                                          int64_t dim) {
  bool columns = dim == rankOf(getResult(0)) - 1;
  if (index == 0)
    return columns ? std::nullopt : std::optional<int64_t>(dim);
  return columns ? std::optional<int64_t>(rankOf(getOperand(index)) - 1)
                 : std::nullopt;
}

/// As a matmul with two weights: batch dims and M run along the input's,
/// N (a small swiglu splits its columns) along both weights' columns.
int64_t SwigluOp::getIndependentLeadingDims() {
  return rankOf(getResult()) - 1;
}
std::optional<int64_t> SwigluOp::getOperandDimAlong(unsigned index,
                                                    int64_t dim) {
  // w_up has w_gate's type and splits as it does.
  return mir::detail::matmulDimAlong(*this, index == 2 ? 1 : index, dim);
}

/// The dims before the first reduced one keep their place in the input.
int64_t ReduceOp::getIndependentLeadingDims() {
  int64_t first = rankOf(getInput());
  for (int64_t axis : getAxes())
    first = std::min(first, axisOf(axis, getInput()));
  return first;
}
std::optional<int64_t> ReduceOp::getOperandDimAlong(unsigned, int64_t dim) {
  return dim;
}

/// The dims before the axis.
int64_t ConcatOp::getIndependentLeadingDims() {
  return axisOf(getAxis(), getOutput());
}
std::optional<int64_t> ConcatOp::getOperandDimAlong(unsigned, int64_t dim) {
  return dim;
}

/// N and C.
int64_t PoolOp::getIndependentLeadingDims() { return 2; }
std::optional<int64_t> PoolOp::getOperandDimAlong(unsigned, int64_t dim) {
  return dim;
}

/// N, and O when each output channel reads every input channel: the input
/// splits with N, the filter and bias with O.
int64_t Conv2dOp::getIndependentLeadingDims() {
  return getGroups() == 1 ? 2 : 1;
}
std::optional<int64_t> Conv2dOp::getOperandDimAlong(unsigned index,
                                                    int64_t dim) {
  if (dim == 0)
    return index == 0 ? std::optional<int64_t>(0) : std::nullopt;
  return index == 0 ? std::nullopt : std::optional<int64_t>(0);
}

//===----------------------------------------------------------------------===//
// Contraction FLOPs (ContractionOpInterface)
//===----------------------------------------------------------------------===//

using mir::detail::productFlops;

/// The contraction dim K: `value`'s last dim.
static int64_t lastDim(Value value) {
  return cast<ShapedType>(value.getType()).getShape().back();
}

/// [..., M, K] x [..., K, N]: one product of depth K per result element.
int64_t MatmulOp::getFlops() {
  return productFlops(getOperation()->getResults(), lastDim(getLhs()), 1);
}
int64_t FusedMatmulOp::getFlops() {
  return productFlops(getOperation()->getResults(), lastDim(getLhs()), 1);
}

/// input [..., K] x weight_i [K, N_i]: one product of depth K per element of
/// each result.
int64_t SharedMatmulOp::getFlops() {
  return productFlops(getOutputs(), lastDim(getInput()), 1);
}

/// input [..., K] x w_gate [K, F] and x w_up [K, F]: two products of depth K
/// per result element.
int64_t SwigluOp::getFlops() {
  return productFlops(getOperation()->getResults(), lastDim(getInput()), 2);
}

/// Two products per result element (q . k over head_dim for each of T keys,
/// then p . v): 2 * T * D multiply-adds each, whether or not a causal mask
/// hides some of them.
int64_t AttentionOp::getFlops() {
  int64_t seqK = getKeyLength();
  if (ShapedType::isDynamic(seqK))
    return 0;
  return productFlops(getOperation()->getResults(), seqK, 2);
}

/// OIHW filter: each output element is a product of depth
/// (C / groups) * KH * KW, the filter's dims after O.
int64_t Conv2dOp::getFlops() {
  ArrayRef<int64_t> filter = cast<ShapedType>(getFilter().getType()).getShape();
  if (llvm::is_contained(filter.drop_front(), ShapedType::kDynamic))
    return 0;
  std::optional<int64_t> depth = checkedElementCount(filter.drop_front());
  if (!depth)
    return std::numeric_limits<int64_t>::max();
  return productFlops(getOperation()->getResults(), *depth, 1);
}

#define GET_OP_CLASSES
#include "dialects/MIR/MIROps.cpp.inc"
