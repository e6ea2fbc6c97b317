//===- ElementwiseOps.cpp - ONNX elementwise ops as MIR -------------------===//
//
// Arithmetic, activations, comparisons, logic and casts: mir.unary,
// mir.binary, mir.compare, mir.select and mir.cast with numpy broadcasting
// (which both ONNX and MIR use). Activations MIR has no kind for are
// written as the chains the fusion passes see through.
//
//===----------------------------------------------------------------------===//
#include "conversion/ONNXToMIR/OpImporters.h"

#include "mlir/IR/BuiltinTypes.h"

namespace mlir::rlx::onnximport {

Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}
int64_t rankOf(Value v) { return cast<RankedTensorType>(v.getType()).getRank(); }
ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

FailureOr<int64_t> axisIn(Node &n, int64_t axis, int64_t rank,
                          StringRef what) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return n.fail(what + " " + Twine(axis) + " is outside [-" + Twine(rank) +
                  ", " + Twine(rank) + ")");
  return axis < 0 ? axis + rank : axis;
}

/// Sets output 0 to `v` when it was built.
static LogicalResult done(Node &n, FailureOr<Value> v) {
  if (failed(v))
    return failure();
  n.setOutput(0, *v);
  return success();
}

static bool isFloat(Value v) { return isa<FloatType>(elementOf(v)); }

static FailureOr<Value> castValue(Node &n, Value x, Type element,
                                  bool toUnsigned);

static LogicalResult binaryOp(Node &n, BinaryKind kind) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  if (failed(a) || failed(b))
    return failure();
  if (elementOf(*a) != elementOf(*b))
    return n.fail("the operands have different element types");
  return done(n, n.binary(kind, *a, *b));
}

LogicalResult importAdd(Node &n) { return binaryOp(n, BinaryKind::add); }
LogicalResult importSub(Node &n) { return binaryOp(n, BinaryKind::sub); }
LogicalResult importMul(Node &n) { return binaryOp(n, BinaryKind::mul); }

LogicalResult importDiv(Node &n) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  if (failed(a) || failed(b))
    return failure();
  if (!n.isUnsigned(*a))
    return binaryOp(n, BinaryKind::div);
  // Unsigned: both zero-extended to i64, where signed division is unsigned
  // division, then truncated back.
  Type element = elementOf(*a);
  if (element.getIntOrFloatBitWidth() >= 64)
    return n.unsupported("UINT64 division is not supported");
  FailureOr<Value> wa = n.zeroExtend(*a), wb = n.zeroExtend(*b);
  if (failed(wa) || failed(wb))
    return failure();
  FailureOr<Value> q = n.binary(BinaryKind::div, *wa, *wb);
  if (succeeded(q))
    q = n.cast(*q, element);
  if (failed(q))
    return failure();
  n.markUnsigned(*q);
  return done(n, q);
}

LogicalResult importPow(Node &n) {
  FailureOr<Value> x = n.input(0), y = n.input(1);
  if (failed(x) || failed(y))
    return failure();
  Type base = elementOf(*x);
  if (isa<FloatType>(base)) {
    // The exponent computes in the base's type.
    FailureOr<Value> e = castValue(n, *y, base, false);
    if (failed(e))
      return failure();
    return done(n, n.binary(BinaryKind::pow, *x, *e));
  }
  // Integer base: computed in f64 and truncated to the base's type, as
  // numpy's power of an integer array followed by astype.
  Type f64 = n.builder().getF64Type();
  FailureOr<Value> xf = castValue(n, *x, f64, false),
                   yf = castValue(n, *y, f64, false);
  if (failed(xf) || failed(yf))
    return failure();
  FailureOr<Value> p = n.binary(BinaryKind::pow, *xf, *yf);
  if (failed(p))
    return failure();
  return done(n, castValue(n, *p, base, n.isUnsigned(*x)));
}

/// A variadic op folded left to right with `kind`. Unsigned max and min
/// compare with the sign bits flipped.
static FailureOr<Value> variadic(Node &n, BinaryKind kind) {
  if (n.numInputs() < 1)
    return n.fail("needs at least one input");
  FailureOr<Value> acc = n.input(0);
  if (failed(acc))
    return failure();
  bool flip = n.isUnsigned(*acc) &&
              (kind == BinaryKind::max || kind == BinaryKind::min);
  bool isUnsigned = n.isUnsigned(*acc);
  if (flip)
    acc = n.flipSign(*acc);
  for (int i = 1; i < n.numInputs() && succeeded(acc); ++i) {
    FailureOr<Value> next = n.input(i);
    if (failed(next))
      return failure();
    if (elementOf(*next) != elementOf(*acc) ||
        n.isUnsigned(*next) != isUnsigned)
      return n.fail("the inputs have different element types");
    if (flip)
      next = n.flipSign(*next);
    if (failed(next))
      return failure();
    acc = n.binary(kind, *acc, *next);
  }
  if (flip && succeeded(acc))
    acc = n.flipSign(*acc);
  if (isUnsigned && succeeded(acc))
    n.markUnsigned(*acc);
  return acc;
}

LogicalResult importMax(Node &n) { return done(n, variadic(n, BinaryKind::max)); }
LogicalResult importMin(Node &n) { return done(n, variadic(n, BinaryKind::min)); }
LogicalResult importSum(Node &n) { return done(n, variadic(n, BinaryKind::add)); }

LogicalResult importMean(Node &n) {
  FailureOr<Value> sum = variadic(n, BinaryKind::add);
  if (failed(sum))
    return failure();
  if (!isFloat(*sum))
    return n.fail("Mean takes float inputs");
  return done(n, n.binary(BinaryKind::div, *sum,
                          n.scalar(elementOf(*sum), n.numInputs())));
}

static LogicalResult unaryOp(Node &n, UnaryKind kind, bool floatOnly = true) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  // |x| and max(x, 0) of an unsigned x are x.
  if (n.isUnsigned(*x) && (kind == UnaryKind::abs || kind == UnaryKind::relu))
    return done(n, x);
  if (floatOnly && !isFloat(*x))
    return n.unsupported("integer inputs are not supported");
  return done(n, n.unary(kind, *x));
}

LogicalResult importAbs(Node &n) { return unaryOp(n, UnaryKind::abs, false); }
LogicalResult importNeg(Node &n) { return unaryOp(n, UnaryKind::neg, false); }
LogicalResult importRelu(Node &n) { return unaryOp(n, UnaryKind::relu, false); }
LogicalResult importSqrt(Node &n) { return unaryOp(n, UnaryKind::sqrt); }
LogicalResult importExp(Node &n) { return unaryOp(n, UnaryKind::exp); }
LogicalResult importLog(Node &n) { return unaryOp(n, UnaryKind::log); }
LogicalResult importErf(Node &n) { return unaryOp(n, UnaryKind::erf); }
LogicalResult importTanh(Node &n) { return unaryOp(n, UnaryKind::tanh); }
LogicalResult importSigmoid(Node &n) { return unaryOp(n, UnaryKind::sigmoid); }
LogicalResult importSin(Node &n) { return unaryOp(n, UnaryKind::sin); }
LogicalResult importCos(Node &n) { return unaryOp(n, UnaryKind::cos); }
LogicalResult importTan(Node &n) { return unaryOp(n, UnaryKind::tan); }
LogicalResult importAtan(Node &n) { return unaryOp(n, UnaryKind::atan); }
LogicalResult importRound(Node &n) { return unaryOp(n, UnaryKind::round); }
LogicalResult importFloor(Node &n) { return unaryOp(n, UnaryKind::floor); }
LogicalResult importCeil(Node &n) { return unaryOp(n, UnaryKind::ceil); }

LogicalResult importReciprocal(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.unsupported("integer inputs are not supported");
  return done(n, n.binary(BinaryKind::div, n.scalar(elementOf(*x), 1.0), *x));
}

/// x < 0 ? negative(x) : x, with `negative` built on x.
static LogicalResult piecewise(
    Node &n, function_ref<FailureOr<Value>(Value x)> negative) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  FailureOr<Value> below =
      n.compare(CompareKind::lt, *x, n.scalar(elementOf(*x), 0.0));
  FailureOr<Value> neg = negative(*x);
  if (failed(below) || failed(neg))
    return failure();
  return done(n, n.select(*below, *neg, *x));
}

LogicalResult importLeakyRelu(Node &n) {
  FailureOr<float> alpha = n.attrFloat("alpha", 0.01f);
  if (failed(alpha))
    return failure();
  return piecewise(n, [&](Value x) {
    return n.binary(BinaryKind::mul, x, n.scalar(elementOf(x), *alpha));
  });
}

/// alpha * (exp(x / divisor) - 1).
static FailureOr<Value> expm1Scaled(Node &n, Value x, double alpha,
                                    double divisor) {
  Type t = elementOf(x);
  Value in = x;
  if (divisor != 1.0) {
    FailureOr<Value> scaled =
        n.binary(BinaryKind::div, x, n.scalar(t, divisor));
    if (failed(scaled))
      return failure();
    in = *scaled;
  }
  FailureOr<Value> e = n.unary(UnaryKind::exp, in);
  if (failed(e))
    return failure();
  FailureOr<Value> m = n.binary(BinaryKind::sub, *e, n.scalar(t, 1.0));
  if (failed(m))
    return failure();
  return n.binary(BinaryKind::mul, *m, n.scalar(t, alpha));
}

LogicalResult importElu(Node &n) {
  FailureOr<float> alpha = n.attrFloat("alpha", 1.0f);
  if (failed(alpha))
    return failure();
  return piecewise(n, [&](Value x) { return expm1Scaled(n, x, *alpha, 1.0); });
}

LogicalResult importCelu(Node &n) {
  FailureOr<float> alpha = n.attrFloat("alpha", 1.0f);
  if (failed(alpha))
    return failure();
  return piecewise(n,
                   [&](Value x) { return expm1Scaled(n, x, *alpha, *alpha); });
}

LogicalResult importSelu(Node &n) {
  FailureOr<float> alpha = n.attrFloat("alpha", 1.67326319217681884765625f);
  FailureOr<float> gamma = n.attrFloat("gamma", 1.05070102214813232421875f);
  if (failed(alpha) || failed(gamma))
    return failure();
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  Type t = elementOf(*x);
  FailureOr<Value> below = n.compare(CompareKind::le, *x, n.scalar(t, 0.0));
  FailureOr<Value> neg = expm1Scaled(n, *x, *alpha, 1.0);
  if (failed(below) || failed(neg))
    return failure();
  FailureOr<Value> picked = n.select(*below, *neg, *x);
  if (failed(picked))
    return failure();
  return done(n, n.binary(BinaryKind::mul, *picked, n.scalar(t, *gamma)));
}

LogicalResult importPRelu(Node &n) {
  FailureOr<Value> slope = n.input(1);
  if (failed(slope))
    return failure();
  return piecewise(n, [&](Value x) -> FailureOr<Value> {
    if (elementOf(*slope) != elementOf(x))
      return n.fail("the slope has another element type than the input");
    return n.binary(BinaryKind::mul, x, *slope);
  });
}

/// max(0, min(1, alpha * x + beta)).
static FailureOr<Value> hardSigmoid(Node &n, Value x, double alpha,
                                    double beta) {
  Type t = elementOf(x);
  FailureOr<Value> y = n.binary(BinaryKind::mul, x, n.scalar(t, alpha));
  if (succeeded(y))
    y = n.binary(BinaryKind::add, *y, n.scalar(t, beta));
  if (succeeded(y))
    y = n.binary(BinaryKind::min, *y, n.scalar(t, 1.0));
  if (succeeded(y))
    y = n.binary(BinaryKind::max, *y, n.scalar(t, 0.0));
  return y;
}

LogicalResult importHardSigmoid(Node &n) {
  FailureOr<float> alpha = n.attrFloat("alpha", 0.2f);
  FailureOr<float> beta = n.attrFloat("beta", 0.5f);
  FailureOr<Value> x = n.input(0);
  if (failed(alpha) || failed(beta) || failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  return done(n, hardSigmoid(n, *x, *alpha, *beta));
}

LogicalResult importHardSwish(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  FailureOr<Value> gate = hardSigmoid(n, *x, 1.0 / 6.0, 0.5);
  if (failed(gate))
    return failure();
  return done(n, n.binary(BinaryKind::mul, *x, *gate));
}

LogicalResult importSoftplus(Node &n) {
  // log(1 + exp(x)), written max(x, 0) + log(1 + exp(-|x|)) so large |x|
  // neither overflows nor loses x.
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  Type t = elementOf(*x);
  FailureOr<Value> a = n.unary(UnaryKind::abs, *x);
  if (succeeded(a))
    a = n.unary(UnaryKind::neg, *a);
  if (succeeded(a))
    a = n.unary(UnaryKind::exp, *a);
  if (succeeded(a))
    a = n.binary(BinaryKind::add, *a, n.scalar(t, 1.0));
  if (succeeded(a))
    a = n.unary(UnaryKind::log, *a);
  FailureOr<Value> r = n.unary(UnaryKind::relu, *x);
  if (failed(a) || failed(r))
    return failure();
  return done(n, n.binary(BinaryKind::add, *r, *a));
}

LogicalResult importSoftsign(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  if (!isFloat(*x))
    return n.fail("takes float inputs");
  FailureOr<Value> d = n.unary(UnaryKind::abs, *x);
  if (succeeded(d))
    d = n.binary(BinaryKind::add, *d, n.scalar(elementOf(*x), 1.0));
  if (failed(d))
    return failure();
  return done(n, n.binary(BinaryKind::div, *x, *d));
}

LogicalResult importClip(Node &n) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  // Unsigned: clipped with the sign bits flipped (the bounds too).
  bool flip = n.isUnsigned(*x);
  if (flip) {
    x = n.flipSign(*x);
    if (failed(x))
      return failure();
  }
  Value y = *x;
  for (auto [i, kind] :
       {std::pair{1, BinaryKind::max}, std::pair{2, BinaryKind::min}}) {
    if (!n.has(i))
      continue;
    FailureOr<Value> bound = n.input(i);
    if (failed(bound))
      return failure();
    if (rankOf(*bound) != 0 || elementOf(*bound) != elementOf(y))
      return n.fail("input " + Twine(i) +
                    " must be a scalar of the input's element type");
    if (flip) {
      bound = n.flipSign(*bound);
      if (failed(bound))
        return failure();
    }
    FailureOr<Value> next = n.binary(kind, y, *bound);
    if (failed(next))
      return failure();
    y = *next;
  }
  if (flip) {
    FailureOr<Value> back = n.flipSign(y);
    if (failed(back))
      return failure();
    y = *back;
    n.markUnsigned(y);
  }
  n.setOutput(0, y);
  return success();
}

LogicalResult importWhere(Node &n) {
  FailureOr<Value> c = n.input(0), a = n.input(1), b = n.input(2);
  if (failed(c) || failed(a) || failed(b))
    return failure();
  return done(n, n.select(*c, *a, *b));
}

/// Booleans compare through i8 (MIR compares numbers).
static FailureOr<Value> comparable(Node &n, Value v) {
  if (!elementOf(v).isInteger(1))
    return v;
  return n.cast(v, n.builder().getI8Type());
}

static LogicalResult compareOp(Node &n, CompareKind kind) {
  FailureOr<Value> a = n.input(0), b = n.input(1);
  if (failed(a) || failed(b))
    return failure();
  if (elementOf(*a) != elementOf(*b) || n.isUnsigned(*a) != n.isUnsigned(*b))
    return n.fail("the operands have different element types");
  // Unsigned order is signed order with the sign bits flipped (equality is
  // the same either way).
  if (n.isUnsigned(*a) && kind != CompareKind::eq) {
    a = n.flipSign(*a);
    b = n.flipSign(*b);
    if (failed(a) || failed(b))
      return failure();
  }
  a = comparable(n, *a);
  b = comparable(n, *b);
  if (failed(a) || failed(b))
    return failure();
  return done(n, n.compare(kind, *a, *b));
}

LogicalResult importEqual(Node &n) { return compareOp(n, CompareKind::eq); }
LogicalResult importLess(Node &n) { return compareOp(n, CompareKind::lt); }
LogicalResult importLessOrEqual(Node &n) {
  return compareOp(n, CompareKind::le);
}
LogicalResult importGreater(Node &n) { return compareOp(n, CompareKind::gt); }
LogicalResult importGreaterOrEqual(Node &n) {
  return compareOp(n, CompareKind::ge);
}

static FailureOr<Value> boolInput(Node &n, int i) {
  FailureOr<Value> v = n.input(i);
  if (failed(v))
    return failure();
  if (!elementOf(*v).isInteger(1))
    return n.fail("input " + Twine(i) + " must be bool");
  return v;
}

static Value boolean(Node &n, bool value) {
  return n.scalar(n.builder().getI1Type(), value);
}

LogicalResult importNot(Node &n) {
  FailureOr<Value> x = boolInput(n, 0);
  if (failed(x))
    return failure();
  return done(n, n.select(*x, boolean(n, false), boolean(n, true)));
}

LogicalResult importAnd(Node &n) {
  FailureOr<Value> a = boolInput(n, 0), b = boolInput(n, 1);
  if (failed(a) || failed(b))
    return failure();
  return done(n, n.select(*a, *b, boolean(n, false)));
}

LogicalResult importOr(Node &n) {
  FailureOr<Value> a = boolInput(n, 0), b = boolInput(n, 1);
  if (failed(a) || failed(b))
    return failure();
  return done(n, n.select(*a, boolean(n, true), *b));
}

LogicalResult importXor(Node &n) {
  FailureOr<Value> a = boolInput(n, 0), b = boolInput(n, 1);
  if (failed(a) || failed(b))
    return failure();
  FailureOr<Value> notB = n.select(*b, boolean(n, false), boolean(n, true));
  if (failed(notB))
    return failure();
  return done(n, n.select(*a, *notB, *b));
}

/// `x` cast to `element`, unsigned when `toUnsigned`, with `x`'s own
/// signedness.
static FailureOr<Value> castValue(Node &n, Value x, Type element,
                                  bool toUnsigned) {
  Type from = elementOf(x);
  bool fromUnsigned = n.isUnsigned(x);
  Type i64 = n.builder().getI64Type();
  FailureOr<Value> y = x;
  if (fromUnsigned && !element.isInteger(1)) {
    if (from.getIntOrFloatBitWidth() < 64) {
      // Zero-extended to i64, then on as a signed value.
      y = n.zeroExtend(x);
      if (succeeded(y))
        y = n.cast(*y, element);
    } else if (isa<FloatType>(element)) {
      // UINT64 above 2^63 reads as negative: 2^64 added back in f64.
      Type f64 = n.builder().getF64Type();
      FailureOr<Value> asFloat = n.cast(x, f64);
      FailureOr<Value> negative = n.compare(CompareKind::lt, x, n.scalar(i64, 0));
      if (failed(asFloat) || failed(negative))
        return failure();
      FailureOr<Value> lifted = n.binary(BinaryKind::add, *asFloat,
                                         n.scalar(f64, 18446744073709551616.0));
      if (succeeded(lifted))
        y = n.select(*negative, *lifted, *asFloat);
      else
        y = lifted;
      if (succeeded(y))
        y = n.cast(*y, element);
    } else {
      y = n.cast(x, element);
    }
  } else if (toUnsigned && isa<FloatType>(from)) {
    // Through i64 (a float above the signed range of the target's width
    // still converts); UINT64 takes values of 2^63 and more by subtracting
    // 2^63 first and adding it back wrapping.
    if (element.getIntOrFloatBitWidth() < 64) {
      y = n.cast(x, i64);
      if (succeeded(y))
        y = n.cast(*y, element);
    } else {
      Value half = n.scalar(from, 9223372036854775808.0);
      FailureOr<Value> high = n.compare(CompareKind::ge, x, half);
      FailureOr<Value> low = n.cast(x, i64);
      FailureOr<Value> shifted = n.binary(BinaryKind::sub, x, half);
      if (succeeded(shifted))
        shifted = n.cast(*shifted, i64);
      if (succeeded(shifted))
        shifted = n.flipSign(*shifted);
      if (failed(high) || failed(low) || failed(shifted))
        return failure();
      y = n.select(*high, *shifted, *low);
    }
  } else {
    y = n.cast(x, element);
  }
  if (succeeded(y) && toUnsigned)
    n.markUnsigned(*y);
  return y;
}

static LogicalResult castTo(Node &n, int32_t to) {
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  Type element = elementTypeOfOnnx(n.ctx(), to);
  if (!element)
    return n.unsupported("casting to " + onnxTypeName(to) +
                         " is not supported (rlx has no dtype for it)");
  return done(n, castValue(n, *x, element, isUnsignedOnnx(to)));
}

LogicalResult importCast(Node &n) {
  FailureOr<int64_t> to = n.attrInt("to", -1);
  if (failed(to))
    return failure();
  if (*to < 0)
    return n.fail("attribute 'to' is required");
  if (n.attr("saturate"))
    return n.unsupported("attribute 'saturate' (opset 19) is not supported");
  return castTo(n, static_cast<int32_t>(*to));
}

LogicalResult importCastLike(Node &n) {
  FailureOr<Value> like = n.input(1);
  if (failed(like))
    return failure();
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  return done(n, castValue(n, *x, elementOf(*like), n.isUnsigned(*like)));
}

LogicalResult importIdentity(Node &n) { return done(n, n.input(0)); }

LogicalResult importDropout(Node &n) {
  // Inference, or training with ratio 0: the identity; the mask, when asked
  // for, is all true. Training with a ratio drops at random: not supported.
  if (n.has(2)) {
    FailureOr<DenseElementsAttr> training = n.constantInput(2, "training mode");
    if (failed(training))
      return failure();
    if (!training->getElementType().isInteger(1) ||
        training->getType().getNumElements() != 1)
      return n.fail("training_mode must be one bool");
    bool ratioZero = false;
    if (n.has(1)) {
      FailureOr<DenseElementsAttr> ratio = n.constantInput(1, "ratio");
      if (failed(ratio))
        return failure();
      ratioZero = isa<FloatType>(ratio->getElementType()) &&
                  ratio->getType().getNumElements() == 1 &&
                  (*ratio->value_begin<APFloat>()).isZero();
    }
    if (*training->getValues<bool>().begin() && !ratioZero)
      return n.unsupported("training mode with a nonzero ratio (random "
                           "drops) is not supported");
  }
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  n.setOutput(0, *x);
  if (n.wants(1)) {
    FailureOr<SmallVector<int64_t>> shape = n.staticShape(*x, "the input");
    if (failed(shape))
      return failure();
    auto type = RankedTensorType::get(*shape, n.builder().getI1Type());
    n.setOutput(1, n.constant(DenseElementsAttr::get(type, true)));
  }
  return success();
}

} // namespace mlir::rlx::onnximport
