//===- ExpandGpuMath.cpp - rlx-expand-gpu-math ----------------------------===//
#include "conversion/AccurateTanh.h"
#include "conversion/Passes.h"
#include "passes/Common/BoundedRewrite.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"

#include <limits>

namespace mlir::rlx {
#define GEN_PASS_DEF_EXPANDGPUMATH
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;

namespace {

Value floatConstant(PatternRewriter &b, Location loc, Type type, double v) {
  return b.create<arith::ConstantOp>(loc, b.getFloatAttr(type, v));
}

/// tan(x) = sin(x) / cos(x).
struct ExpandTan : OpRewritePattern<math::TanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TanOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value sin = rewriter.create<math::SinOp>(loc, op.getOperand());
    Value cos = rewriter.create<math::CosOp>(loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, sin, cos);
    return success();
  }
};

/// C's pow around a Pow of a non-negative base (GLSL's Pow is undefined for
/// x < 0, and for x = 0 with y <= 0).
struct ExpandPow : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!isa<FloatType>(type))
      return rewriter.notifyMatchFailure(op, "vector pow is not built");
    Value x = op.getLhs(), y = op.getRhs();
    Value zero = floatConstant(rewriter, loc, type, 0.0);
    Value one = floatConstant(rewriter, loc, type, 1.0);
    // |x|^y = exp(y log|x|) with rlx's exp and log (GLSL's Pow is only
    // "inherited from exp2(y * log2(x))", with no bound of its own).
    Value magnitude = rewriter.create<math::ExpOp>(
        loc, rewriter.create<arith::MulFOp>(
                 loc, y,
                 rewriter.create<math::LogOp>(
                     loc, rewriter.create<math::AbsFOp>(loc, x))));
    // exp(y log 0) = exp(-inf * y): 0 for y > 0, the pole and 0^0 below.
    auto cmp = [&](arith::CmpFPredicate p, Value a, Value b) {
      return rewriter.create<arith::CmpFOp>(loc, p, a, b);
    };
    // y is an integer, and odd.
    Value isInteger = cmp(arith::CmpFPredicate::OEQ,
                          rewriter.create<math::FloorOp>(loc, y), y);
    // y * 0.5, not y / 2: exact, where Vulkan's division may be 2.5 ulp off
    // and flip the parity.
    Value half = rewriter.create<arith::MulFOp>(
        loc, y, floatConstant(rewriter, loc, type, 0.5));
    Value isOdd = rewriter.create<arith::AndIOp>(
        loc, isInteger,
        cmp(arith::CmpFPredicate::ONE,
            rewriter.create<math::FloorOp>(loc, half), half));
    Value negativeBase = cmp(arith::CmpFPredicate::OLT, x, zero);
    Value nan = floatConstant(rewriter, loc, type,
                              std::numeric_limits<double>::quiet_NaN());
    Value inf = floatConstant(rewriter, loc, type,
                              std::numeric_limits<double>::infinity());
    Value signed_ = rewriter.create<arith::SelectOp>(
        loc, isOdd, rewriter.create<arith::NegFOp>(loc, magnitude), magnitude);
    Value negative =
        rewriter.create<arith::SelectOp>(loc, isInteger, signed_, nan);
    Value result = rewriter.create<arith::SelectOp>(loc, negativeBase, negative,
                                                    magnitude);
    // 0^y: +inf for y < 0 (C's pole), 1 for y = 0 (as any x^0).
    Value zeroBase = cmp(arith::CmpFPredicate::OEQ, x, zero);
    Value pole = rewriter.create<arith::AndIOp>(
        loc, zeroBase, cmp(arith::CmpFPredicate::OLT, y, zero));
    result = rewriter.create<arith::SelectOp>(loc, pole, inf, result);
    result = rewriter.create<arith::SelectOp>(
        loc, cmp(arith::CmpFPredicate::OEQ, y, zero), one, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// arith.maximumf / minimumf with their full meaning (NaN wins, and
/// max(-0, +0) = +0, min(-0, +0) = -0): GLSL's FMax / FMin leave both
/// undefined, and upstream adds only the NaN checks. Equal operands merge
/// their bits (and for max, or for min), which orders the zeros.
template <typename OpTy, bool isMax>
struct ExpandMaximumMinimum : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast<FloatType>(op.getType());
    if (!type || type.getWidth() > 32)
      return b.notifyMatchFailure(op, "only scalars up to f32 are expanded");
    Value x = op.getLhs(), y = op.getRhs();
    // The bits are merged as f32's: i16 needs a capability f16 does not
    // (the exact f16 -> f32 -> f16 round trip keeps the sign of zero).
    Type f32 = b.getF32Type();
    auto widen = [&](Value v) -> Value {
      return type.isF32() ? v : b.create<arith::ExtFOp>(loc, f32, v);
    };
    Type bits = b.getI32Type();
    Value xb = b.create<arith::BitcastOp>(loc, bits, widen(x));
    Value yb = b.create<arith::BitcastOp>(loc, bits, widen(y));
    Value merged = isMax ? b.create<arith::AndIOp>(loc, xb, yb).getResult()
                         : b.create<arith::OrIOp>(loc, xb, yb).getResult();
    Value tie = b.create<arith::BitcastOp>(loc, f32, merged);
    if (!type.isF32())
      tie = b.create<arith::TruncFOp>(loc, type, tie);
    auto cmp = [&](arith::CmpFPredicate p) {
      return b.create<arith::CmpFOp>(loc, p, x, y);
    };
    Value xWins =
        cmp(isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT);
    Value yWins =
        cmp(isMax ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT);
    Value result = b.create<arith::SelectOp>(
        loc, xWins, x, b.create<arith::SelectOp>(loc, yWins, y, tie));
    Value nan = b.create<arith::AddFOp>(loc, x, y);
    b.replaceOpWithNewOp<arith::SelectOp>(op, cmp(arith::CmpFPredicate::UNO),
                                          nan, result);
    return success();
  }
};

/// A polynomial in `x` by Horner's rule, highest coefficient first.
Value horner(PatternRewriter &b, Location loc, Value x,
             ArrayRef<double> coefficients) {
  Type type = x.getType();
  Value acc = floatConstant(b, loc, type, coefficients.front());
  for (double c : coefficients.drop_front())
    acc = b.create<arith::AddFOp>(loc, b.create<arith::MulFOp>(loc, acc, x),
                                  floatConstant(b, loc, type, c));
  return acc;
}

/// f32 exp without fused multiply-adds (Vulkan's Fma may round twice):
/// x = k ln2 + r with ln2 split so that k * 0.693359375 is exact (Cody and
/// Waite), Cephes' degree-7 polynomial for e^r on |r| <= ln2 / 2, and 2^k
/// applied as two exponent-field scalings (k reaches -150 for subnormal
/// results and 128 before overflow). About 1 ulp with correctly rounded
/// add and multiply, which Vulkan guarantees.
struct ExpandExp : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &b) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!type.isF32())
      return b.notifyMatchFailure(op, "only f32 exp is expanded");
    Type i32 = b.getI32Type();
    auto f = [&](double v) { return floatConstant(b, loc, type, v); };
    auto i = [&](int32_t v) {
      return b.create<arith::ConstantOp>(loc, b.getI32IntegerAttr(v));
    };
    Value x0 = op.getOperand();
    Value x = b.create<arith::MinimumFOp>(
        loc, b.create<arith::MaximumFOp>(loc, x0, f(-104.0)), f(89.0));
    Value k = b.create<math::FloorOp>(
        loc, b.create<arith::AddFOp>(
                 loc, b.create<arith::MulFOp>(loc, x, f(1.44269504088896341)),
                 f(0.5)));
    Value r = b.create<arith::SubFOp>(
        loc, x, b.create<arith::MulFOp>(loc, k, f(0.693359375)));
    r = b.create<arith::SubFOp>(
        loc, r, b.create<arith::MulFOp>(loc, k, f(-2.12194440e-4)));
    Value poly = horner(b, loc, r,
                        {1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
                         4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1});
    Value r2 = b.create<arith::MulFOp>(loc, r, r);
    Value y = b.create<arith::AddFOp>(
        loc,
        b.create<arith::AddFOp>(loc, b.create<arith::MulFOp>(loc, poly, r2), r),
        f(1.0));
    // 2^k = 2^k1 * 2^k2 with both halves in the normal exponent range.
    Value ki = b.create<arith::FPToSIOp>(loc, i32, k);
    Value k1 = b.create<arith::DivSIOp>(loc, ki, i(2));
    Value k2 = b.create<arith::SubIOp>(loc, ki, k1);
    auto pow2 = [&](Value e) {
      Value bits = b.create<arith::ShLIOp>(
          loc, b.create<arith::AddIOp>(loc, e, i(127)), i(23));
      return b.create<arith::BitcastOp>(loc, type, bits);
    };
    Value result = b.create<arith::MulFOp>(
        loc, b.create<arith::MulFOp>(loc, y, pow2(k1)), pow2(k2));
    auto cmp = [&](arith::CmpFPredicate p, Value a, Value c) {
      return b.create<arith::CmpFOp>(loc, p, a, c);
    };
    result = b.create<arith::SelectOp>(
        loc, cmp(arith::CmpFPredicate::OGT, x0, f(88.72283935546875)),
        f(std::numeric_limits<double>::infinity()), result);
    result = b.create<arith::SelectOp>(
        loc, cmp(arith::CmpFPredicate::OLT, x0, f(-103.97207708)), f(0.0),
        result);
    // NaN in, NaN out.
    result = b.create<arith::SelectOp>(
        loc, cmp(arith::CmpFPredicate::UNO, x0, x0), x0, result);
    b.replaceOp(op, result);
    return success();
  }
};

/// f32 atan without fused multiply-adds: Cephes' reduction to |x| <=
/// tan(pi/8) (through pi/4 and pi/2 offsets) and its degree-9 odd
/// polynomial; about 2 ulp. NaN propagates through the arithmetic.
struct ExpandAtan : OpRewritePattern<math::AtanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AtanOp op,
                                PatternRewriter &b) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    if (!type.isF32())
      return b.notifyMatchFailure(op, "only f32 atan is expanded");
    auto f = [&](double v) { return floatConstant(b, loc, type, v); };
    auto cmp = [&](arith::CmpFPredicate p, Value a, Value c) {
      return b.create<arith::CmpFOp>(loc, p, a, c);
    };
    Value x0 = op.getOperand();
    Value a = b.create<math::AbsFOp>(loc, x0);
    Value big = cmp(arith::CmpFPredicate::OGT, a, f(2.414213562373095));
    Value mid = cmp(arith::CmpFPredicate::OGT, a, f(0.4142135623730950));
    Value one = f(1.0);
    Value reducedBig =
        b.create<arith::DivFOp>(loc, b.create<arith::NegFOp>(loc, one), a);
    Value reducedMid =
        b.create<arith::DivFOp>(loc, b.create<arith::SubFOp>(loc, a, one),
                                b.create<arith::AddFOp>(loc, a, one));
    Value t = b.create<arith::SelectOp>(
        loc, big, reducedBig,
        b.create<arith::SelectOp>(loc, mid, reducedMid, a));
    Value offset = b.create<arith::SelectOp>(
        loc, big, f(1.5707963267948966),
        b.create<arith::SelectOp>(loc, mid, f(0.7853981633974483), f(0.0)));
    Value z = b.create<arith::MulFOp>(loc, t, t);
    Value poly = horner(b, loc, z,
                        {8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1,
                         -3.33329491539e-1});
    Value y = b.create<arith::AddFOp>(
        loc,
        b.create<arith::MulFOp>(loc, b.create<arith::MulFOp>(loc, poly, z), t),
        t);
    y = b.create<arith::AddFOp>(loc, y, offset);
    b.replaceOpWithNewOp<math::CopySignOp>(op, y, x0);
    return success();
  }
};

/// f32 tanh (conversion/AccurateTanh.h): GLSL's Tanh is bounded only as
/// its exp formula, which loses all relative accuracy near 0.
struct ExpandTanh : OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &b) const override {
    if (!op.getType().isF32())
      return b.notifyMatchFailure(op, "only f32 tanh is expanded");
    b.replaceOp(op,
                mlir::rlx::buildAccurateTanh(b, op.getLoc(), op.getOperand()));
    return success();
  }
};

/// The ops rlx computes with its own code instead of GLSL's, whose Vulkan
/// precision is far looser than the op suite's bounds (docs/VulkanBackend.md,
/// "Math"): first in terms of others, then those others as upstream's
/// polynomial approximations (f32; the CPU's vector code uses the same).
bool isRewrittenInTermsOfOthers(Operation *op) {
  // The result only once the op is known to have one: the walk visits every
  // op, and getResult(0) of one without results reads outside it.
  if (isa<math::TanOp>(op))
    return true;
  if (isa<math::PowFOp, arith::MaximumFOp, arith::MinimumFOp>(op))
    return isa<FloatType>(op->getResult(0).getType());
  return isa<math::TanhOp>(op) && op->getResult(0).getType().isF32();
}
bool isApproximated(Operation *op) {
  return isa<math::ExpM1Op, math::LogOp, math::Log2Op, math::Log1pOp,
             math::ErfOp>(op) &&
         getElementTypeOrSelf(op->getResult(0).getType()).isF32();
}
/// Last, as expm1 and erf make exps.
bool isOwnPolynomial(Operation *op) {
  return isa<math::ExpOp, math::AtanOp>(op) &&
         op->getResult(0).getType().isF32();
}

struct ExpandGpuMath : mlir::rlx::impl::ExpandGpuMathBase<ExpandGpuMath> {
  /// Rewrites the ops `select` picks, and no other (upstream's set also
  /// approximates sin, cos and tanh, tens of ulps off), until none is left:
  /// an expansion may create ops of the next round (expm1 makes exp and
  /// log).
  LogicalResult rewrite(function_ref<bool(Operation *)> select,
                        const FrozenRewritePatternSet &patterns) {
    for (int round = 0; round < 4; ++round) {
      SmallVector<Operation *> ops;
      getOperation().walk([&](Operation *op) {
        if (select(op))
          ops.push_back(op);
      });
      if (ops.empty())
        return success();
      GreedyRewriteConfig config = mlir::rlx::boundedRewriteConfig();
      config.strictMode = GreedyRewriteStrictness::ExistingOps;
      bool changed = false;
      if (failed(applyOpPatternsAndFold(ops, patterns, config, &changed)))
        break;
      // What no pattern takes is left for the SPIR-V conversion to name.
      if (!changed)
        return success();
    }
    return getOperation().emitError("rlx-expand-gpu-math did not converge");
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet own(ctx);
    own.add<ExpandTan, ExpandPow, ExpandTanh>(ctx);
    own.add<ExpandMaximumMinimum<arith::MaximumFOp, true>,
            ExpandMaximumMinimum<arith::MinimumFOp, false>>(ctx);
    RewritePatternSet approximations(ctx);
    populateMathPolynomialApproximationPatterns(approximations);
    RewritePatternSet polynomials(ctx);
    polynomials.add<ExpandExp, ExpandAtan>(ctx);
    if (failed(rewrite(isRewrittenInTermsOfOthers,
                       FrozenRewritePatternSet(std::move(own)))) ||
        failed(rewrite(isApproximated,
                       FrozenRewritePatternSet(std::move(approximations)))) ||
        failed(rewrite(isOwnPolynomial,
                       FrozenRewritePatternSet(std::move(polynomials)))))
      signalPassFailure();
  }
};
} // namespace
