//===- ConstantEvaluation.cpp - MIR ops on dense constants ----------------===//
//
// Evaluates elementwise ops, casts and the data movement ops (reshape,
// transpose, broadcast, slice, concat, gather) whose operands are all dense
// constants: what mir-fold-constants folds and the ONNX importer computes
// shapes with, one definition of each op's values. Floats are computed in
// double and rounded to the element type (nearest even), which is bit-exact
// for +, -, *, / and sqrt on f16, bf16 and f32; transcendental functions
// follow the host libm. Values the ops leave undefined (integer x / 0, INT_MIN / -1,
// NaN or out-of-range float to int) are not folded: the op stays.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/ConstantEvaluation.h"

#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include <cmath>

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr auto kNearestEven = llvm::APFloat::rmNearestTiesToEven;

namespace {
/// The elements of one constant: APFloat for float element types, APInt for
/// integers (i1 included). A splat holds one element.
struct Elements {
  bool isFloat = false;
  SmallVector<APFloat> floats;
  SmallVector<APInt> ints;

  Elements() = default;
  explicit Elements(bool isFloat) : isFloat(isFloat) {}
  explicit Elements(DenseElementsAttr attr)
      : isFloat(isa<FloatType>(attr.getElementType())) {
    if (isFloat)
      floats = attr.isSplat()
                   ? SmallVector<APFloat>{attr.getSplatValue<APFloat>()}
                   : llvm::to_vector(attr.getValues<APFloat>());
    else
      ints = attr.isSplat() ? SmallVector<APInt>{attr.getSplatValue<APInt>()}
                            : llvm::to_vector(attr.getValues<APInt>());
  }

  /// Appends element `i` of `from` (same storage kind).
  void push(const Elements &from, int64_t i) {
    if (isFloat)
      floats.push_back(from.floats[i]);
    else
      ints.push_back(from.ints[i]);
  }

  /// One value is a splat of the whole type.
  DenseElementsAttr toAttr(RankedTensorType type) const {
    if (isFloat)
      return DenseElementsAttr::get(type, floats);
    return DenseElementsAttr::get(type, ints);
  }
};
} // namespace

/// Row-major strides of a static shape.
static SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// For every element of `shape` in row-major order, the offset
/// sum(index[d] * strides[d]) it reads.
static SmallVector<int64_t> offsetsOf(ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> strides) {
  int64_t count = ShapedType::getNumElements(shape);
  int64_t rank = shape.size();
  SmallVector<int64_t> out;
  out.reserve(count);
  SmallVector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (int64_t k = 0; k < count; ++k) {
    out.push_back(offset);
    for (int64_t d = rank - 1; d >= 0; --d) {
      offset += strides[d];
      if (++index[d] < shape[d])
        break;
      offset -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
  return out;
}

/// Where each element of `to` reads `from` under numpy broadcasting
/// (right-aligned; size-1 and missing dims repeat).
static SmallVector<int64_t> broadcastOffsets(ArrayRef<int64_t> from,
                                             ArrayRef<int64_t> to) {
  SmallVector<int64_t> fromStrides = stridesOf(from);
  SmallVector<int64_t> strides(to.size(), 0);
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    strides[lead + i] = from[i] == 1 ? 0 : fromStrides[i];
  return offsetsOf(to, strides);
}

namespace {
/// How an elementwise op reads its operands: one element when every operand
/// is a splat (the result is then a splat), else one per result element,
/// each operand through its broadcast offsets.
struct Frame {
  int64_t count = 1;
  struct Reader {
    bool splat = false;
    SmallVector<int64_t> offsets; // empty and !splat: same shape as result
  };
  SmallVector<Reader> readers;

  int64_t at(size_t operand, int64_t k) const {
    const Reader &r = readers[operand];
    if (r.splat)
      return 0;
    return r.offsets.empty() ? k : r.offsets[k];
  }
};
} // namespace

static FailureOr<Frame> frameFor(ArrayRef<DenseElementsAttr> operands,
                                 RankedTensorType result) {
  Frame frame;
  if (!llvm::all_of(operands, [](DenseElementsAttr a) { return a.isSplat(); }))
    frame.count = result.getNumElements();
  for (DenseElementsAttr attr : operands) {
    Frame::Reader reader;
    ArrayRef<int64_t> shape = attr.getType().getShape();
    if (attr.isSplat()) {
      reader.splat = true;
    } else if (shape != result.getShape()) {
      if (!broadcastsTo(shape, result.getShape()))
        return failure();
      reader.offsets = broadcastOffsets(shape, result.getShape());
    }
    frame.readers.push_back(std::move(reader));
  }
  return frame;
}

/// `x` rounded to nearest even in `semantics`.
static APFloat toFloat(double x, const llvm::fltSemantics &semantics) {
  APFloat value(x);
  bool lost = false;
  value.convert(semantics, kNearestEven, &lost);
  return value;
}

static double applyUnary(UnaryKind kind, double x) {
  switch (kind) {
  case UnaryKind::gelu:
    return 0.5 * x * (1.0 + std::erf(x * llvm::numbers::inv_sqrt2));
  case UnaryKind::gelu_tanh: {
    const double c = llvm::numbers::sqrt2 * llvm::numbers::inv_sqrtpi;
    return 0.5 * x * (1.0 + std::tanh(c * (x + 0.044715 * x * x * x)));
  }
  case UnaryKind::silu:
    return x / (1.0 + std::exp(-x));
  case UnaryKind::relu:
    return std::isnan(x) || x > 0.0 ? x : 0.0; // NaN propagates
  case UnaryKind::sigmoid:
    return 1.0 / (1.0 + std::exp(-x));
  case UnaryKind::tanh:
    return std::tanh(x);
  case UnaryKind::exp:
    return std::exp(x);
  case UnaryKind::log:
    return std::log(x);
  case UnaryKind::sqrt:
    return std::sqrt(x);
  case UnaryKind::rsqrt:
    return 1.0 / std::sqrt(x);
  case UnaryKind::neg:
    return -x;
  case UnaryKind::abs:
    return std::fabs(x);
  case UnaryKind::sin:
    return std::sin(x);
  case UnaryKind::cos:
    return std::cos(x);
  case UnaryKind::tan:
    return std::tan(x);
  case UnaryKind::atan:
    return std::atan(x);
  case UnaryKind::round: {
    // Half to even, independent of the host rounding mode.
    APFloat value(x);
    value.roundToIntegral(kNearestEven);
    return value.convertToDouble();
  }
  case UnaryKind::erf:
    return std::erf(x);
  case UnaryKind::floor:
    return std::floor(x);
  case UnaryKind::ceil:
    return std::ceil(x);
  }
  llvm_unreachable("unknown unary kind");
}

/// Integer unary: only neg, abs and relu exist (mir.unary C2).
static std::optional<APInt> applyUnary(UnaryKind kind, const APInt &x) {
  switch (kind) {
  case UnaryKind::neg:
    return -x;
  case UnaryKind::abs:
    return x.abs();
  case UnaryKind::relu:
    return x.isNegative() ? APInt::getZero(x.getBitWidth()) : x;
  default:
    return std::nullopt;
  }
}

static APFloat applyBinary(BinaryKind kind, const APFloat &a,
                           const APFloat &b) {
  // IEEE 754-2019 maximum/minimum: NaN propagates, -0 < +0.
  if (kind == BinaryKind::max)
    return llvm::maximum(a, b);
  if (kind == BinaryKind::min)
    return llvm::minimum(a, b);
  double x = a.convertToDouble(), y = b.convertToDouble(), r = 0.0;
  switch (kind) {
  case BinaryKind::add:
    r = x + y;
    break;
  case BinaryKind::sub:
    r = x - y;
    break;
  case BinaryKind::mul:
    r = x * y;
    break;
  case BinaryKind::div:
    r = x / y;
    break;
  case BinaryKind::pow:
    r = std::pow(x, y);
    break;
  default:
    llvm_unreachable("handled above");
  }
  return toFloat(r, a.getSemantics());
}

/// Integer binary, wrapping; nullopt where the result is undefined.
static std::optional<APInt> applyBinary(BinaryKind kind, const APInt &a,
                                        const APInt &b) {
  switch (kind) {
  case BinaryKind::add:
    return a + b;
  case BinaryKind::sub:
    return a - b;
  case BinaryKind::mul:
    return a * b;
  case BinaryKind::div:
    if (b.isZero() || (a.isMinSignedValue() && b.isAllOnes()))
      return std::nullopt;
    return a.sdiv(b);
  case BinaryKind::max:
    return llvm::APIntOps::smax(a, b);
  case BinaryKind::min:
    return llvm::APIntOps::smin(a, b);
  case BinaryKind::pow:
    return std::nullopt; // floats only (mir.binary C3)
  }
  llvm_unreachable("unknown binary kind");
}

/// IEEE comparison: everything but `ne` is false on NaN.
static bool applyCompare(CompareKind kind, const APFloat &a, const APFloat &b) {
  APFloat::cmpResult c = a.compare(b);
  switch (kind) {
  case CompareKind::eq:
    return c == APFloat::cmpEqual;
  case CompareKind::ne:
    return c != APFloat::cmpEqual;
  case CompareKind::lt:
    return c == APFloat::cmpLessThan;
  case CompareKind::le:
    return c == APFloat::cmpLessThan || c == APFloat::cmpEqual;
  case CompareKind::gt:
    return c == APFloat::cmpGreaterThan;
  case CompareKind::ge:
    return c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual;
  }
  llvm_unreachable("unknown compare kind");
}

static bool applyCompare(CompareKind kind, const APInt &a, const APInt &b) {
  switch (kind) {
  case CompareKind::eq:
    return a == b;
  case CompareKind::ne:
    return a != b;
  case CompareKind::lt:
    return a.slt(b);
  case CompareKind::le:
    return a.sle(b);
  case CompareKind::gt:
    return a.sgt(b);
  case CompareKind::ge:
    return a.sge(b);
  }
  llvm_unreachable("unknown compare kind");
}

/// Element `i` of `in` cast to `to` (mir.cast semantics), appended to `out`;
/// false where the value is undefined.
static bool castElement(const Elements &in, int64_t i, Type to, Elements &out) {
  if (auto floatType = dyn_cast<FloatType>(to)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    if (in.isFloat) {
      APFloat value = in.floats[i];
      bool lost = false;
      value.convert(semantics, kNearestEven, &lost);
      out.floats.push_back(value);
    } else {
      // i1 is 0 or 1, not 0 or -1.
      const APInt &v = in.ints[i];
      APFloat value(semantics);
      value.convertFromAPInt(v, /*IsSigned=*/v.getBitWidth() != 1,
                             kNearestEven);
      out.floats.push_back(value);
    }
    return true;
  }
  unsigned width = to.getIntOrFloatBitWidth();
  if (in.isFloat) {
    const APFloat &v = in.floats[i];
    if (width == 1) {
      out.ints.push_back(APInt(1, v.isZero() ? 0 : 1));
      return true;
    }
    llvm::APSInt result(width, /*isUnsigned=*/false);
    bool exact = false;
    if (v.convertToInteger(result, APFloat::rmTowardZero, &exact) &
        APFloat::opInvalidOp)
      return false;
    out.ints.push_back(result);
    return true;
  }
  const APInt &v = in.ints[i];
  if (width == 1)
    out.ints.push_back(APInt(1, v.isZero() ? 0 : 1));
  else if (v.getBitWidth() == 1)
    out.ints.push_back(v.zext(width));
  else
    out.ints.push_back(v.sextOrTrunc(width));
  return true;
}

static FailureOr<DenseElementsAttr>
evaluateUnary(UnaryOp op, DenseElementsAttr attr, RankedTensorType type) {
  Elements in(attr), out(in.isFloat);
  if (in.isFloat) {
    for (const APFloat &v : in.floats)
      out.floats.push_back(toFloat(
          applyUnary(op.getKind(), v.convertToDouble()), v.getSemantics()));
  } else {
    for (const APInt &v : in.ints) {
      std::optional<APInt> r = applyUnary(op.getKind(), v);
      if (!r)
        return failure();
      out.ints.push_back(*r);
    }
  }
  return out.toAttr(type);
}

static FailureOr<DenseElementsAttr>
evaluateBinary(BinaryOp op, ArrayRef<DenseElementsAttr> operands,
               RankedTensorType type) {
  FailureOr<Frame> frame = frameFor(operands, type);
  if (failed(frame))
    return failure();
  Elements lhs(operands[0]), rhs(operands[1]), out(lhs.isFloat);
  for (int64_t k = 0; k < frame->count; ++k) {
    int64_t i = frame->at(0, k), j = frame->at(1, k);
    if (lhs.isFloat) {
      out.floats.push_back(
          applyBinary(op.getKind(), lhs.floats[i], rhs.floats[j]));
      continue;
    }
    std::optional<APInt> r =
        applyBinary(op.getKind(), lhs.ints[i], rhs.ints[j]);
    if (!r)
      return failure();
    out.ints.push_back(*r);
  }
  return out.toAttr(type);
}

static FailureOr<DenseElementsAttr>
evaluateCompare(CompareOp op, ArrayRef<DenseElementsAttr> operands,
                RankedTensorType type) {
  FailureOr<Frame> frame = frameFor(operands, type);
  if (failed(frame))
    return failure();
  Elements lhs(operands[0]), rhs(operands[1]), out(/*isFloat=*/false);
  for (int64_t k = 0; k < frame->count; ++k) {
    int64_t i = frame->at(0, k), j = frame->at(1, k);
    bool r = lhs.isFloat
                 ? applyCompare(op.getKind(), lhs.floats[i], rhs.floats[j])
                 : applyCompare(op.getKind(), lhs.ints[i], rhs.ints[j]);
    out.ints.push_back(APInt(1, r ? 1 : 0));
  }
  return out.toAttr(type);
}

static FailureOr<DenseElementsAttr>
evaluateSelect(ArrayRef<DenseElementsAttr> operands, RankedTensorType type) {
  FailureOr<Frame> frame = frameFor(operands, type);
  if (failed(frame))
    return failure();
  Elements cond(operands[0]), onTrue(operands[1]), onFalse(operands[2]),
      out(onTrue.isFloat);
  for (int64_t k = 0; k < frame->count; ++k) {
    if (!cond.ints[frame->at(0, k)].isZero())
      out.push(onTrue, frame->at(1, k));
    else
      out.push(onFalse, frame->at(2, k));
  }
  return out.toAttr(type);
}

FailureOr<DenseElementsAttr> evaluateCast(DenseElementsAttr attr,
                                          RankedTensorType type) {
  Type to = type.getElementType();
  Elements in(attr), out(isa<FloatType>(to));
  int64_t count = in.isFloat ? in.floats.size() : in.ints.size();
  for (int64_t i = 0; i < count; ++i)
    if (!castElement(in, i, to, out))
      return failure();
  return out.toAttr(type);
}

/// Data movement: result element k is input element offsets[k].
static DenseElementsAttr gather(DenseElementsAttr attr,
                                ArrayRef<int64_t> offsets,
                                RankedTensorType type) {
  Elements in(attr), out(in.isFloat);
  if (attr.isSplat())
    return in.toAttr(type);
  for (int64_t offset : offsets)
    out.push(in, offset);
  return out.toAttr(type);
}

FailureOr<DenseElementsAttr>
mlir::rlx::mir::evaluateOnConstants(Operation *op,
                                    ArrayRef<DenseElementsAttr> operands,
                                    RankedTensorType type) {
  return llvm::TypeSwitch<Operation *, FailureOr<DenseElementsAttr>>(op)
      .Case([&](UnaryOp unary) {
        return evaluateUnary(unary, operands[0], type);
      })
      .Case([&](BinaryOp binary) {
        return evaluateBinary(binary, operands, type);
      })
      .Case([&](CompareOp compare) {
        return evaluateCompare(compare, operands, type);
      })
      .Case([&](SelectOp) { return evaluateSelect(operands, type); })
      .Case([&](CastOp) { return evaluateCast(operands[0], type); })
      .Case([&](ReshapeOp) -> FailureOr<DenseElementsAttr> {
        DenseElementsAttr input = operands[0];
        return input.reshape(type);
      })
      .Case([&](TransposeOp transpose) -> FailureOr<DenseElementsAttr> {
        if (operands[0].isSplat())
          return gather(operands[0], {}, type);
        // Result dim i walks input dim permutation[i].
        SmallVector<int64_t> inStrides =
            stridesOf(operands[0].getType().getShape());
        SmallVector<int64_t> strides;
        for (int64_t p : transpose.getPermutation())
          strides.push_back(inStrides[p]);
        return gather(operands[0], offsetsOf(type.getShape(), strides), type);
      })
      .Case([&](BroadcastOp) -> FailureOr<DenseElementsAttr> {
        ArrayRef<int64_t> from = operands[0].getType().getShape();
        if (operands[0].isSplat())
          return gather(operands[0], {}, type);
        if (!broadcastsTo(from, type.getShape()))
          return failure();
        return gather(operands[0], broadcastOffsets(from, type.getShape()),
                      type);
      })
      .Case([&](SliceOp slice) -> FailureOr<DenseElementsAttr> {
        if (operands[0].isSplat())
          return gather(operands[0], {}, type);
        // Result element i reads offsets + i * strides.
        SmallVector<int64_t> inStrides =
            stridesOf(operands[0].getType().getShape());
        int64_t base = 0;
        SmallVector<int64_t> strides;
        for (auto [d, offset, stride] :
             llvm::zip(inStrides, slice.getOffsets(), slice.getStrides())) {
          base += d * offset;
          strides.push_back(d * stride);
        }
        SmallVector<int64_t> offsets = offsetsOf(type.getShape(), strides);
        for (int64_t &o : offsets)
          o += base;
        return gather(operands[0], offsets, type);
      })
      .Case([&](ConcatOp concat) -> FailureOr<DenseElementsAttr> {
        // Row-major: the result is, for each index of the dims before
        // `axis`, each input's block of the dims from `axis` in turn.
        int64_t rank = type.getRank();
        int64_t axis = concat.getAxis() < 0 ? concat.getAxis() + rank
                                            : concat.getAxis();
        int64_t outer = 1;
        for (int64_t d = 0; d < axis; ++d)
          outer *= type.getDimSize(d);
        SmallVector<Elements> inputs;
        SmallVector<int64_t> blocks;
        for (DenseElementsAttr operand : operands) {
          int64_t block = 1;
          for (int64_t d = axis; d < rank; ++d)
            block *= operand.getType().getDimSize(d);
          blocks.push_back(block);
          inputs.emplace_back(operand);
        }
        Elements out(inputs.front().isFloat);
        for (int64_t o = 0; o < outer; ++o)
          for (auto [in, operand, block] :
               llvm::zip(inputs, operands, blocks))
            for (int64_t k = 0; k < block; ++k)
              out.push(in, operand.isSplat() ? 0 : o * block + k);
        return out.toAttr(type);
      })
      .Case([&](GatherOp g) -> FailureOr<DenseElementsAttr> {
        // table[:axis] ++ indices ++ table[axis+1:]; an index outside the
        // axis reads zeros (mir.gather).
        DenseElementsAttr table = operands[0], indices = operands[1];
        ArrayRef<int64_t> shape = table.getType().getShape();
        int64_t rank = shape.size();
        int64_t axis = g.getAxis() < 0 ? g.getAxis() + rank : g.getAxis();
        int64_t outer = 1, inner = 1;
        for (int64_t d = 0; d < axis; ++d)
          outer *= shape[d];
        for (int64_t d = axis + 1; d < rank; ++d)
          inner *= shape[d];
        Elements in(table), out(in.isFloat);
        SmallVector<APInt> ids =
            indices.isSplat()
                ? SmallVector<APInt>(indices.getType().getNumElements(),
                                     indices.getSplatValue<APInt>())
                : llvm::to_vector(indices.getValues<APInt>());
        Elements zero(in.isFloat);
        if (in.isFloat)
          zero.floats.push_back(APFloat::getZero(
              cast<FloatType>(table.getElementType()).getFloatSemantics()));
        else
          zero.ints.push_back(
              APInt(table.getElementType().getIntOrFloatBitWidth(), 0));
        for (int64_t o = 0; o < outer; ++o)
          for (const APInt &id : ids) {
            int64_t index = id.getSExtValue();
            for (int64_t k = 0; k < inner; ++k) {
              if (index < 0 || index >= shape[axis])
                out.push(zero, 0);
              else
                out.push(in, table.isSplat()
                                 ? 0
                                 : (o * shape[axis] + index) * inner + k);
            }
          }
        return out.toAttr(type);
      })
      .Default([](Operation *) { return failure(); });
}

