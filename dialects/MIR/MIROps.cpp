//===- MIROps.cpp - Verifiers, folders, parallel dims of MIR ops ----------===//
#include "dialects/MIR/MIROps.h"
#include "dialects/Common/OpRules.h"
#include "dialects/Common/ShapeRules.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

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
  // mir.param C1, C2
  return verifyParamName(*this, getName());
}

//===----------------------------------------------------------------------===//
// Elementwise primitives
//===----------------------------------------------------------------------===//

LogicalResult UnaryOp::verify() {
  // mir.unary C2
  return verifyUnaryOperand(*this, getKind(), getType());
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
  // mir.binary C1, C2, C3
  return verifyBinaryOperands(*this, getKind(), getLhs().getType(),
                              getRhs().getType(), getType());
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

LogicalResult CompareOp::verify() {
  // mir.compare C1
  if (failed(verifySameElementType(
          *this, {getLhs().getType(), getRhs().getType()}, "operands")))
    return failure();
  // mir.compare C2
  return verifyElementwiseShapes(
      *this, {getLhs().getType(), getRhs().getType()}, getType());
}

LogicalResult SelectOp::verify() {
  // mir.select C1
  if (failed(verifySameElementType(
          *this,
          {getTrueValue().getType(), getFalseValue().getType(), getType()},
          "choices and result")))
    return failure();
  // mir.select C2
  return verifyElementwiseShapes(*this,
                                 {getCondition().getType(),
                                  getTrueValue().getType(),
                                  getFalseValue().getType()},
                                 getType());
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

LogicalResult MatmulOp::verify() {
  // mir.matmul C1
  if (failed(verifySameElementType(
          *this, {getLhs().getType(), getRhs().getType(), getType()},
          "operands and result")))
    return failure();
  // mir.matmul C2, C3, C4
  return verifyMatmulShapes(*this, getLhs().getType(), getRhs().getType(),
                            getType());
}

LogicalResult ReduceOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  int64_t rank = in.getRank();
  // mir.reduce C1
  if (getAxes().empty())
    return emitOpError("axes must not be empty");
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t axis : getAxes()) {
    auto norm = normalizeAxis(axis, rank);
    if (!norm)
      return emitOpError() << "axis " << axis << " is out of range for rank "
                           << rank;
    if (!seen.insert(*norm).second)
      return emitOpError() << "axis " << axis << " appears more than once";
  }
  // mir.reduce C2
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    if (!seen.contains(i))
      expected.push_back(in.getDimSize(i));
    else if (getKeepDim())
      expected.push_back(1);
  }
  if (!shapesCompatible(expected, out.getShape()))
    return emitOpError("result shape ") << formatShape(out.getShape())
                                        << " must be " << formatShape(expected);
  // mir.reduce C3
  if (failed(verifySameElementType(*this, {in, out}, "operand and result")))
    return failure();
  // mir.reduce C4
  if (getKind() == ReduceKind::mean && !isFloatLike(in))
    return emitOpError("'mean' needs a float operand, got ") << in;
  return success();
}

LogicalResult SoftmaxOp::verify() {
  // mir.softmax C2
  return verifyAxis(*this, getAxis(), getType().getRank());
}

LogicalResult LayerNormOp::verify() {
  // mir.layer_norm C2
  if (failed(verifyFeatureParam(*this, "gamma", getGamma(), getType())) ||
      failed(verifyFeatureParam(*this, "beta", getBeta(), getType())))
    return failure();
  // mir.layer_norm C3
  return verifyEpsilon(*this, getEps().convertToFloat());
}

LogicalResult RmsNormOp::verify() {
  // mir.rms_norm C2
  if (failed(verifyFeatureParam(*this, "gamma", getGamma(), getType())))
    return failure();
  // mir.rms_norm C3
  return verifyEpsilon(*this, getEps().convertToFloat());
}

LogicalResult CumsumOp::verify() {
  // mir.cumsum C2
  return verifyAxis(*this, getAxis(), getType().getRank());
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  ArrayRef<int64_t> perm = getPermutation();
  // mir.transpose C1
  if (static_cast<int64_t>(perm.size()) != in.getRank())
    return emitOpError() << "permutation has " << perm.size()
                         << " entries but the input has rank " << in.getRank();
  SmallVector<bool> seen(perm.size(), false);
  for (int64_t p : perm) {
    if (p < 0 || p >= in.getRank() || seen[p])
      return emitOpError("permutation is not a permutation of [0, rank)");
    seen[p] = true;
  }
  // mir.transpose C2
  SmallVector<int64_t> expected;
  for (int64_t p : perm)
    expected.push_back(in.getDimSize(p));
  if (!shapesCompatible(expected, out.getShape()))
    return emitOpError("result shape ") << formatShape(out.getShape())
                                        << " must be " << formatShape(expected);
  return verifySameElementType(*this, {in, out}, "operand and result");
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

LogicalResult ReshapeOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  // mir.reshape C1
  if (failed(verifySameElementType(*this, {in, out}, "operand and result")))
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

LogicalResult SliceOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  int64_t rank = in.getRank();
  ArrayRef<int64_t> offsets = getOffsets(), sizes = getSizes(),
                    strides = getStrides();
  // mir.slice C1
  if (static_cast<int64_t>(offsets.size()) != rank ||
      static_cast<int64_t>(sizes.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOpError() << "offsets, sizes and strides must each have " << rank
                         << " entries (the input rank)";
  for (int64_t i = 0; i < rank; ++i) {
    // mir.slice C2
    if (offsets[i] < 0 || sizes[i] < 0 || strides[i] < 1)
      return emitOpError() << "dim " << i << ": offset " << offsets[i]
                           << ", size " << sizes[i] << ", stride " << strides[i]
                           << " (need offset >= 0, size >= 0, stride >= 1)";
    // mir.slice C3
    int64_t dim = in.getDimSize(i);
    if (ShapedType::isDynamic(dim) || sizes[i] == 0)
      continue;
    std::optional<int64_t> last =
        llvm::checkedMulAdd(sizes[i] - 1, strides[i], offsets[i]);
    if (!last)
      return emitOpError() << "dim " << i << ": the window end offset + "
                           << "(size - 1) * stride overflows int64 and is "
                           << "outside the input dim of size " << dim;
    if (*last >= dim)
      return emitOpError() << "dim " << i << ": window [" << offsets[i] << ", "
                           << *last << "] is outside the input dim of size "
                           << dim;
  }
  // mir.slice C4
  if (!shapesCompatible(sizes, out.getShape()))
    return emitOpError("result shape ")
           << formatShape(out.getShape()) << " must be " << formatShape(sizes);
  return verifySameElementType(*this, {in, out}, "operand and result");
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

LogicalResult ConcatOp::verify() {
  // mir.concat C1
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto out = getType();
  int64_t rank = out.getRank();
  // mir.concat C3
  if (failed(verifyAxis(*this, getAxis(), rank)))
    return failure();
  int64_t axis = *normalizeAxis(getAxis(), rank);
  int64_t sum = 0;
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto t = cast<RankedTensorType>(v.getType());
    // mir.concat C2
    if (t.getRank() != rank || t.getElementType() != out.getElementType())
      return emitOpError() << "input " << i << " (" << t
                           << ") must have the result's rank and element type";
    // mir.concat C4
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && !dimsCompatible(t.getDimSize(d), out.getDimSize(d)))
        return emitOpError()
               << "input " << i << " dim " << d << " is "
               << formatShape({t.getDimSize(d)}) << " but the result's is "
               << formatShape({out.getDimSize(d)});
    if (ShapedType::isDynamic(t.getDimSize(axis)) || sum < 0)
      sum = ShapedType::kDynamic;
    else if (llvm::AddOverflow(sum, t.getDimSize(axis), sum))
      return emitOpError() << "the inputs' dim " << axis
                           << " sizes add up to more than int64 can hold";
  }
  if (!dimsCompatible(sum, out.getDimSize(axis)))
    return emitOpError() << "result dim " << axis << " is "
                         << out.getDimSize(axis) << " but the inputs add up to "
                         << sum;
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
  if (failed(verifySameElementType(*this, {in, out}, "operand and result")))
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

LogicalResult GatherOp::verify() {
  auto table = getTable().getType();
  auto indices = getIndices().getType();
  auto out = getType();
  // mir.gather C1
  if (failed(verifyAxis(*this, getAxis(), table.getRank())))
    return failure();
  int64_t axis = *normalizeAxis(getAxis(), table.getRank());
  // mir.gather C2
  SmallVector<int64_t> expected(table.getShape().take_front(axis));
  llvm::append_range(expected, indices.getShape());
  llvm::append_range(expected, table.getShape().drop_front(axis + 1));
  if (!shapesCompatible(expected, out.getShape()))
    return emitOpError("result shape ") << formatShape(out.getShape())
                                        << " must be " << formatShape(expected);
  return verifySameElementType(*this, {table, out}, "table and result");
}

//===----------------------------------------------------------------------===//
// Convolution, pooling, top-k
//===----------------------------------------------------------------------===//

/// Checks the common window attributes: 2 entries >= 1 each for `pairs`, 4
/// entries >= 0 for padding.
static LogicalResult
verifyWindowAttrs(Operation *op,
                  ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> pairs,
                  ArrayRef<int64_t> padding) {
  for (auto [name, values] : pairs)
    if (values.size() != 2 || values[0] < 1 || values[1] < 1)
      return op->emitOpError() << name << " must have 2 entries >= 1";
  if (padding.size() != 4 ||
      llvm::any_of(padding, [](int64_t p) { return p < 0; }))
    return op->emitOpError("padding must have 4 entries >= 0 "
                           "[top, left, bottom, right]");
  return success();
}

LogicalResult Conv2dOp::verify() {
  auto in = getInput().getType();
  auto filter = getFilter().getType();
  auto out = getType();
  // mir.conv2d C1
  if (in.getRank() != 4 || filter.getRank() != 4)
    return emitOpError("input and filter must have rank 4 (NCHW, OIHW)");
  // mir.conv2d C2
  if (failed(verifyWindowAttrs(
          *this, {{"strides", getStrides()}, {"dilations", getDilations()}},
          getPadding())))
    return failure();
  // The I64Attr getter is unsigned: compare the signed value.
  int64_t groups = getGroups();
  if (groups < 1)
    return emitOpError("groups must be >= 1");
  // mir.conv2d C3
  int64_t channels = in.getDimSize(1), outChannels = filter.getDimSize(0);
  if (!ShapedType::isDynamic(channels) &&
      (channels % groups != 0 ||
       !dimsCompatible(filter.getDimSize(1), channels / groups)))
    return emitOpError() << "filter dim 1 must be input channels / groups = "
                         << channels << " / " << groups;
  if (!ShapedType::isDynamic(outChannels) && outChannels % groups != 0)
    return emitOpError() << "groups (" << groups
                         << ") must divide the filter's output channels ("
                         << outChannels << ")";
  // mir.conv2d C4
  if (Value bias = getBias()) {
    auto b = cast<RankedTensorType>(bias.getType());
    if (b.getRank() != 1 || !dimsCompatible(b.getDimSize(0), outChannels))
      return emitOpError("bias must have shape ")
             << formatShape({outChannels}) << ", got "
             << formatShape(b.getShape());
  }
  // mir.conv2d C5
  ArrayRef<int64_t> pad = getPadding();
  bool overflow = false;
  auto ho =
      windowOutputDim(in.getDimSize(2), pad[0], pad[2], filter.getDimSize(2),
                      getStrides()[0], getDilations()[0], overflow);
  auto wo =
      windowOutputDim(in.getDimSize(3), pad[1], pad[3], filter.getDimSize(3),
                      getStrides()[1], getDilations()[1], overflow);
  if (overflow)
    return emitOpError("the padded input or the dilated filter size "
                       "overflows int64");
  if (!ho || !wo)
    return emitOpError("the dilated filter is larger than the padded input");
  SmallVector<int64_t> expected = {in.getDimSize(0), outChannels, *ho, *wo};
  if (!shapesCompatible(expected, out.getShape()))
    return emitOpError("result shape ") << formatShape(out.getShape())
                                        << " must be " << formatShape(expected);
  // mir.conv2d C6
  SmallVector<Type> types = {in, filter, out};
  if (getBias())
    types.push_back(getBias().getType());
  return verifySameElementType(*this, types, "operands and result");
}

LogicalResult PoolOp::verify() {
  auto in = getInput().getType();
  auto out = getType();
  // mir.pool C1
  if (in.getRank() != 4)
    return emitOpError("input must have rank 4 (NCHW)");
  // mir.pool C2
  if (failed(verifyWindowAttrs(
          *this, {{"kernel", getKernel()}, {"strides", getStrides()}},
          getPadding())))
    return failure();
  // mir.pool C3
  ArrayRef<int64_t> pad = getPadding();
  bool overflow = false;
  auto ho = windowOutputDim(in.getDimSize(2), pad[0], pad[2], getKernel()[0],
                            getStrides()[0], 1, overflow);
  auto wo = windowOutputDim(in.getDimSize(3), pad[1], pad[3], getKernel()[1],
                            getStrides()[1], 1, overflow);
  if (overflow)
    return emitOpError("the padded input size overflows int64");
  if (!ho || !wo)
    return emitOpError("the kernel is larger than the padded input");
  SmallVector<int64_t> expected = {in.getDimSize(0), in.getDimSize(1), *ho,
                                   *wo};
  if (!shapesCompatible(expected, out.getShape()))
    return emitOpError("result shape ") << formatShape(out.getShape())
                                        << " must be " << formatShape(expected);
  return verifySameElementType(*this, {in, out}, "operand and result");
}

LogicalResult TopKOp::verify() {
  auto in = getInput().getType();
  // mir.topk C1
  if (failed(verifyAxis(*this, getAxis(), in.getRank())))
    return failure();
  int64_t axis = *normalizeAxis(getAxis(), in.getRank());
  // mir.topk C2
  // The I64Attr getter is unsigned: compare the signed value.
  int64_t k = getK();
  int64_t dim = in.getDimSize(axis);
  if (k < 1 || (!ShapedType::isDynamic(dim) && k > dim))
    return emitOpError() << "k = " << k << " must be in [1, "
                         << formatShape({dim}) << "] (the axis dim)";
  // mir.topk C3
  SmallVector<int64_t> expected(in.getShape());
  expected[axis] = k;
  for (Type t : {getValues().getType(), getIndices().getType()}) {
    auto shape = cast<RankedTensorType>(t).getShape();
    if (!shapesCompatible(expected, shape))
      return emitOpError("result shape ")
             << formatShape(shape) << " must be " << formatShape(expected);
  }
  return verifySameElementType(*this, {in, getValues().getType()},
                               "input and values");
}

//===----------------------------------------------------------------------===//
// Fused ops
//===----------------------------------------------------------------------===//

LogicalResult FusedMatmulOp::verify() {
  // mir.fused_matmul C1-C4
  if (failed(verifySameElementType(
          *this, {getLhs().getType(), getRhs().getType(), getType()},
          "operands and result")) ||
      failed(verifyMatmulShapes(*this, getLhs().getType(), getRhs().getType(),
                                getType())))
    return failure();
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

LogicalResult ResidualNormOp::verify() {
  Type x = getInput().getType();
  // mir.residual_norm C1
  for (Type t :
       {getResidual().getType(), getNormed().getType(), getSum().getType()})
    if (t != x)
      return emitOpError() << "input, residual and both results must have "
                           << "the same type, got " << x << " and " << t;
  // mir.residual_norm C2
  if (failed(verifyFeatureParam(*this, "bias", getBias(), x)) ||
      failed(verifyFeatureParam(*this, "gamma", getGamma(), x)) ||
      failed(verifyFeatureParam(*this, "beta", getBeta(), x)))
    return failure();
  // mir.residual_norm C3
  if (getBeta() && getKind() != NormKind::layer)
    return emitOpError("beta is only allowed with 'layer' norm");
  // mir.residual_norm C4
  return verifyEpsilon(*this, getEps().convertToFloat());
}

LogicalResult SwigluOp::verify() {
  // mir.swiglu C1
  if (getWGate().getType() != getWUp().getType())
    return emitOpError("w_gate and w_up must have the same type, got ")
           << getWGate().getType() << " and " << getWUp().getType();
  // mir.swiglu C2, C3
  if (failed(verifyProjection(*this, "w_gate", getInput().getType(),
                              getWGate().getType(), getType())))
    return failure();
  return verifySameElementType(
      *this, {getInput().getType(), getWGate().getType(), getType()},
      "operands and result");
}

LogicalResult SharedMatmulOp::verify() {
  // mir.shared_matmul C1
  if (getWeights().size() < 2)
    return emitOpError("needs at least two weights");
  if (getWeights().size() != getOutputs().size())
    return emitOpError() << "has " << getWeights().size() << " weights but "
                         << getOutputs().size() << " results";
  // mir.shared_matmul C2, C3
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getWeights(), getOutputs()))) {
    auto [w, y] = pair;
    std::string name = "weight " + std::to_string(i);
    if (failed(verifyProjection(*this, name, getInput().getType(), w.getType(),
                                y.getType())) ||
        failed(verifySameElementType(
            *this, {getInput().getType(), w.getType(), y.getType()},
            "operands and results")))
      return failure();
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

/// The input's leading dims are the results'; weights are read whole, except
/// that they split with N (columns).
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

#define GET_OP_CLASSES
#include "dialects/MIR/MIROps.cpp.inc"
