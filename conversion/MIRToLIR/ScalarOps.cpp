//===- ScalarOps.cpp - MIR's scalar semantics as arith / math ops ---------===//
//
// Float steps on f16 / bf16: negation, abs, relu, max, min, add, sub, mul
// and div run in the element type (each is one correctly rounded result, and
// rounding an exact f32 result to f16 / bf16 gives the same bits); the
// other functions extend to f32, compute and truncate once, as the constant
// folder does in double.
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/ScalarOps.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rlx;

bool mlir::rlx::isHalfFloat(Type type) {
  return isa<Float16Type, BFloat16Type>(type);
}

Type mlir::rlx::computeType(Type type) {
  return isHalfFloat(type) ? Float32Type::get(type.getContext()) : type;
}

Value mlir::rlx::scalarConstant(OpBuilder &b, Location loc, Type type,
                                double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(floatType, value));
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value mlir::rlx::buildReciprocalSqrt(OpBuilder &b, Location loc, Value x) {
  return b.create<arith::DivFOp>(loc, scalarConstant(b, loc, x.getType(), 1.0),
                                 b.create<math::SqrtOp>(loc, x));
}

/// The float functions that are not a single basic operation, in `x`'s
/// type (f32 or f64).
static Value unaryInComputeType(OpBuilder &b, Location loc, UnaryKind kind,
                                Value x) {
  Type t = x.getType();
  auto c = [&](double v) { return scalarConstant(b, loc, t, v); };
  switch (kind) {
  case UnaryKind::gelu: {
    // 0.5 x (1 + erf(x / sqrt(2)))
    Value erf = b.create<math::ErfOp>(
        loc, b.create<arith::MulFOp>(loc, x, c(llvm::numbers::inv_sqrt2)));
    Value halfX = b.create<arith::MulFOp>(loc, c(0.5), x);
    return b.create<arith::MulFOp>(loc, halfX,
                                   b.create<arith::AddFOp>(loc, c(1.0), erf));
  }
  case UnaryKind::gelu_tanh: {
    // 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
    Value cube =
        b.create<arith::MulFOp>(loc, b.create<arith::MulFOp>(loc, x, x), x);
    Value inner = b.create<arith::AddFOp>(
        loc, x, b.create<arith::MulFOp>(loc, c(0.044715), cube));
    Value scaled = b.create<arith::MulFOp>(
        loc, c(llvm::numbers::sqrt2 * llvm::numbers::inv_sqrtpi), inner);
    Value tanh = b.create<math::TanhOp>(loc, scaled);
    Value halfX = b.create<arith::MulFOp>(loc, c(0.5), x);
    return b.create<arith::MulFOp>(loc, halfX,
                                   b.create<arith::AddFOp>(loc, c(1.0), tanh));
  }
  case UnaryKind::silu: {
    // x * sigmoid(x), written x / (1 + exp(-x)) to round once less.
    Value e = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, x));
    return b.create<arith::DivFOp>(loc, x,
                                   b.create<arith::AddFOp>(loc, c(1.0), e));
  }
  case UnaryKind::sigmoid: {
    Value e = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, x));
    return b.create<arith::DivFOp>(loc, c(1.0),
                                   b.create<arith::AddFOp>(loc, c(1.0), e));
  }
  case UnaryKind::tanh:
    return b.create<math::TanhOp>(loc, x);
  case UnaryKind::exp:
    return b.create<math::ExpOp>(loc, x);
  case UnaryKind::log:
    return b.create<math::LogOp>(loc, x);
  case UnaryKind::sqrt:
    return b.create<math::SqrtOp>(loc, x);
  case UnaryKind::rsqrt:
    return buildReciprocalSqrt(b, loc, x);
  case UnaryKind::sin:
    return b.create<math::SinOp>(loc, x);
  case UnaryKind::cos:
    return b.create<math::CosOp>(loc, x);
  case UnaryKind::tan:
    return b.create<math::TanOp>(loc, x);
  case UnaryKind::atan:
    return b.create<math::AtanOp>(loc, x);
  case UnaryKind::round:
    // Half to even, whatever the rounding mode.
    return b.create<math::RoundEvenOp>(loc, x);
  case UnaryKind::erf:
    return b.create<math::ErfOp>(loc, x);
  case UnaryKind::floor:
    return b.create<math::FloorOp>(loc, x);
  case UnaryKind::ceil:
    return b.create<math::CeilOp>(loc, x);
  case UnaryKind::relu:
  case UnaryKind::neg:
  case UnaryKind::abs:
    break;
  }
  llvm_unreachable("exact unary kinds are handled by the caller");
}

Value mlir::rlx::buildUnary(OpBuilder &b, Location loc, UnaryKind kind,
                            Value x) {
  Type type = x.getType();
  if (isa<IntegerType>(type)) {
    // mir.unary C2: only neg, abs and relu take integers; they wrap.
    switch (kind) {
    case UnaryKind::neg:
      return b.create<arith::SubIOp>(loc, scalarConstant(b, loc, type, 0), x);
    case UnaryKind::abs: {
      // x < 0 ? 0 - x : x (INT_MIN wraps to itself); arith only, since
      // MLIR 19's math-to-llvm has no math.absi lowering.
      Value zero = scalarConstant(b, loc, type, 0);
      Value negative =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, x, zero);
      return b.create<arith::SelectOp>(
          loc, negative, b.create<arith::SubIOp>(loc, zero, x), x);
    }
    case UnaryKind::relu:
      return b.create<arith::MaxSIOp>(loc, x, scalarConstant(b, loc, type, 0));
    default:
      llvm_unreachable("mir.unary C2: no integer form");
    }
  }
  switch (kind) {
  case UnaryKind::neg:
    return b.create<arith::NegFOp>(loc, x);
  case UnaryKind::abs:
    return b.create<math::AbsFOp>(loc, x);
  case UnaryKind::relu:
    // maximumf propagates NaN, and max(-0, +0) = +0.
    return b.create<arith::MaximumFOp>(loc, x, scalarConstant(b, loc, type, 0));
  default:
    break;
  }
  if (!isHalfFloat(type))
    return unaryInComputeType(b, loc, kind, x);
  Value wide = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
  return b.create<arith::TruncFOp>(loc, type,
                                   unaryInComputeType(b, loc, kind, wide));
}

Value mlir::rlx::buildActivation(OpBuilder &b, Location loc, Activation act,
                                 Value x) {
  switch (act) {
  case Activation::none:
    return x;
  case Activation::relu:
    return buildUnary(b, loc, UnaryKind::relu, x);
  case Activation::gelu:
    return buildUnary(b, loc, UnaryKind::gelu, x);
  case Activation::gelu_tanh:
    return buildUnary(b, loc, UnaryKind::gelu_tanh, x);
  case Activation::silu:
    return buildUnary(b, loc, UnaryKind::silu, x);
  case Activation::sigmoid:
    return buildUnary(b, loc, UnaryKind::sigmoid, x);
  case Activation::tanh:
    return buildUnary(b, loc, UnaryKind::tanh, x);
  case Activation::relu6:
    // min(max(x, 0), 6) as the chain it replaces: NaN propagates.
    return b.create<arith::MinimumFOp>(
        loc, buildUnary(b, loc, UnaryKind::relu, x),
        scalarConstant(b, loc, x.getType(), 6.0));
  }
  llvm_unreachable("unknown activation");
}

/// Signed division that never traps: x / 0 gives 0 and INT_MIN / -1 wraps
/// to INT_MIN (MIR leaves both undefined; a trap would crash the runtime).
static Value safeDivSI(OpBuilder &b, Location loc, Value x, Value y) {
  Type type = x.getType();
  Value zero = scalarConstant(b, loc, type, 0);
  Value one = scalarConstant(b, loc, type, 1);
  Value minusOne = scalarConstant(b, loc, type, -1);
  Value isZero =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, y, zero);
  Value isMinusOne =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, y, minusOne);
  Value unsafe = b.create<arith::OrIOp>(loc, isZero, isMinusOne);
  Value divisor = b.create<arith::SelectOp>(loc, unsafe, one, y);
  Value quotient = b.create<arith::DivSIOp>(loc, x, divisor);
  Value negated = b.create<arith::SubIOp>(loc, zero, x);
  Value byMinusOne =
      b.create<arith::SelectOp>(loc, isMinusOne, negated, quotient);
  return b.create<arith::SelectOp>(loc, isZero, zero, byMinusOne);
}

Value mlir::rlx::buildBinary(OpBuilder &b, Location loc, BinaryKind kind,
                             Value lhs, Value rhs) {
  Type type = lhs.getType();
  if (isa<IntegerType>(type)) {
    switch (kind) {
    case BinaryKind::add:
      return b.create<arith::AddIOp>(loc, lhs, rhs);
    case BinaryKind::sub:
      return b.create<arith::SubIOp>(loc, lhs, rhs);
    case BinaryKind::mul:
      return b.create<arith::MulIOp>(loc, lhs, rhs);
    case BinaryKind::div:
      return safeDivSI(b, loc, lhs, rhs);
    case BinaryKind::max:
      return b.create<arith::MaxSIOp>(loc, lhs, rhs);
    case BinaryKind::min:
      return b.create<arith::MinSIOp>(loc, lhs, rhs);
    case BinaryKind::pow:
      llvm_unreachable("mir.binary C3: pow only on floats");
    }
  }
  switch (kind) {
  case BinaryKind::add:
    return b.create<arith::AddFOp>(loc, lhs, rhs);
  case BinaryKind::sub:
    return b.create<arith::SubFOp>(loc, lhs, rhs);
  case BinaryKind::mul:
    return b.create<arith::MulFOp>(loc, lhs, rhs);
  case BinaryKind::div:
    return b.create<arith::DivFOp>(loc, lhs, rhs);
  case BinaryKind::max:
    // IEEE maximum / minimum: NaN propagates, -0 < +0.
    return b.create<arith::MaximumFOp>(loc, lhs, rhs);
  case BinaryKind::min:
    return b.create<arith::MinimumFOp>(loc, lhs, rhs);
  case BinaryKind::pow: {
    if (!isHalfFloat(type))
      return b.create<math::PowFOp>(loc, lhs, rhs);
    Type f32 = b.getF32Type();
    Value pow =
        b.create<math::PowFOp>(loc, b.create<arith::ExtFOp>(loc, f32, lhs),
                               b.create<arith::ExtFOp>(loc, f32, rhs));
    return b.create<arith::TruncFOp>(loc, type, pow);
  }
  }
  llvm_unreachable("unknown binary kind");
}

Value mlir::rlx::buildCompare(OpBuilder &b, Location loc, CompareKind kind,
                              Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType())) {
    // Ordered predicates: false on NaN; `ne` is unordered: true on NaN.
    arith::CmpFPredicate predicate = arith::CmpFPredicate::OEQ;
    switch (kind) {
    case CompareKind::eq:
      predicate = arith::CmpFPredicate::OEQ;
      break;
    case CompareKind::ne:
      predicate = arith::CmpFPredicate::UNE;
      break;
    case CompareKind::lt:
      predicate = arith::CmpFPredicate::OLT;
      break;
    case CompareKind::le:
      predicate = arith::CmpFPredicate::OLE;
      break;
    case CompareKind::gt:
      predicate = arith::CmpFPredicate::OGT;
      break;
    case CompareKind::ge:
      predicate = arith::CmpFPredicate::OGE;
      break;
    }
    return b.create<arith::CmpFOp>(loc, predicate, lhs, rhs);
  }
  arith::CmpIPredicate predicate = arith::CmpIPredicate::eq;
  switch (kind) {
  case CompareKind::eq:
    predicate = arith::CmpIPredicate::eq;
    break;
  case CompareKind::ne:
    predicate = arith::CmpIPredicate::ne;
    break;
  case CompareKind::lt:
    predicate = arith::CmpIPredicate::slt;
    break;
  case CompareKind::le:
    predicate = arith::CmpIPredicate::sle;
    break;
  case CompareKind::gt:
    predicate = arith::CmpIPredicate::sgt;
    break;
  case CompareKind::ge:
    predicate = arith::CmpIPredicate::sge;
    break;
  }
  return b.create<arith::CmpIOp>(loc, predicate, lhs, rhs);
}

Value mlir::rlx::buildCast(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat) {
    // Nearest even. f16 <-> bf16 goes through f32, which holds both exactly.
    if (toFloat.getWidth() > fromFloat.getWidth())
      return b.create<arith::ExtFOp>(loc, to, x);
    if (toFloat.getWidth() < fromFloat.getWidth())
      return b.create<arith::TruncFOp>(loc, to, x);
    Value wide = b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
    return b.create<arith::TruncFOp>(loc, to, wide);
  }
  if (fromFloat) {
    // To i1 is `!= 0` (NaN is true); else truncation toward zero.
    if (to.isInteger(1))
      return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNE, x,
                                     scalarConstant(b, loc, from, 0));
    return b.create<arith::FPToSIOp>(loc, to, x);
  }
  if (toFloat) {
    // i1 is 0 or 1, other integers are signed.
    if (from.isInteger(1))
      return b.create<arith::UIToFPOp>(loc, to, x);
    return b.create<arith::SIToFPOp>(loc, to, x);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (toWidth == 1)
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, x,
                                   scalarConstant(b, loc, from, 0));
  if (fromWidth == 1)
    return b.create<arith::ExtUIOp>(loc, to, x);
  if (toWidth > fromWidth)
    return b.create<arith::ExtSIOp>(loc, to, x);
  return b.create<arith::TruncIOp>(loc, to, x);
}

FailureOr<Value> mlir::rlx::buildRegionBody(OpBuilder &b, Location loc,
                                            Block &body, ValueRange args) {
  DenseMap<Value, Value> map;
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    map[arg] = value;
  auto get = [&](Value v) { return map.lookup(v); };
  for (Operation &op : body) {
    if (auto yield = dyn_cast<mir::YieldOp>(op))
      return get(yield.getValue());
    Value result =
        llvm::TypeSwitch<Operation *, Value>(&op)
            .Case([&](mir::ConstantOp c) -> Value {
              auto attr = dyn_cast<TypedAttr>(c.getValue());
              if (!attr || !isa<FloatAttr, IntegerAttr>(attr))
                return nullptr;
              return b.create<arith::ConstantOp>(loc, attr);
            })
            .Case([&](mir::UnaryOp u) {
              return buildUnary(b, loc, u.getKind(), get(u.getInput()));
            })
            .Case([&](mir::BinaryOp bin) {
              return buildBinary(b, loc, bin.getKind(), get(bin.getLhs()),
                                 get(bin.getRhs()));
            })
            .Case([&](mir::CompareOp cmp) {
              return buildCompare(b, loc, cmp.getKind(), get(cmp.getLhs()),
                                  get(cmp.getRhs()));
            })
            .Case([&](mir::SelectOp sel) -> Value {
              return b.create<arith::SelectOp>(loc, get(sel.getCondition()),
                                               get(sel.getTrueValue()),
                                               get(sel.getFalseValue()));
            })
            .Case([&](mir::CastOp cast) {
              return buildCast(b, loc, get(cast.getInput()),
                               cast.getOutput().getType());
            })
            .Default([](Operation *) -> Value { return nullptr; });
    if (!result) {
      op.emitOpError("is not a scalar step convert-mir-to-lir can lower");
      return failure();
    }
    map[op.getResult(0)] = result;
  }
  body.getParentOp()->emitOpError("body does not end in mir.yield");
  return failure();
}
