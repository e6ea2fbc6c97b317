//===- HIRToMIR.cpp - convert-hir-to-mir ----------------------------------===//
//
// One OpRewritePattern per HIR op, applied by the greedy driver to the HIR
// ops only. Every rewrite keeps value types (HIR and MIR share the tensor
// types), so dialect conversion's operand remapping buys nothing; running the
// driver on the existing HIR ops alone leaves MIR that the input already holds
// (HIR's escape hatch) unfolded and in place.
//
//===----------------------------------------------------------------------===//
#include "conversion/HIRToMIR/HIRToMIR.h"
#include "conversion/Passes.h"
#include "dialects/Common/ConstantTables.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/HIR/HIRDialect.h"
#include "dialects/HIR/HIROps.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Decompose.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTHIRTOMIR
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

/// `value` rounded to nearest-even in `type`'s format.
static APFloat inFormat(double value, FloatType type) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return result;
}

namespace {

/// Creates MIR ops at one location. Callers pass result types the MIR shape
/// rules accept (checked before the first op is built, so a pattern never
/// fails halfway).
class MirBuilder {
public:
  MirBuilder(PatternRewriter &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  static RankedTensorType typeOf(Value v) {
    return cast<RankedTensorType>(v.getType());
  }

  Value reshape(Value v, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, typeOf(v).getElementType());
    return rewriter.create<mir::ReshapeOp>(loc, type, v);
  }

  Value transpose(Value v, ArrayRef<int64_t> permutation) {
    RankedTensorType in = typeOf(v);
    SmallVector<int64_t> shape;
    for (int64_t p : permutation)
      shape.push_back(in.getDimSize(p));
    auto type = RankedTensorType::get(shape, in.getElementType());
    return rewriter.create<mir::TransposeOp>(loc, type, v, permutation);
  }

  Value broadcast(Value v, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, typeOf(v).getElementType());
    return rewriter.create<mir::BroadcastOp>(loc, type, v);
  }

  Value matmul(Value lhs, Value rhs, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, typeOf(lhs).getElementType());
    return rewriter.create<mir::MatmulOp>(loc, type, lhs, rhs);
  }

  Value binary(BinaryKind kind, Value lhs, Value rhs, ArrayRef<int64_t> shape) {
    auto type = RankedTensorType::get(shape, typeOf(lhs).getElementType());
    return rewriter.create<mir::BinaryOp>(loc, type, kind, lhs, rhs);
  }

  /// `lhs kind rhs` where `rhs` broadcasts to `lhs`'s shape.
  Value binary(BinaryKind kind, Value lhs, Value rhs) {
    return binary(kind, lhs, rhs, typeOf(lhs).getShape());
  }

  Value unary(UnaryKind kind, Value v) {
    return rewriter.create<mir::UnaryOp>(loc, v.getType(), kind, v);
  }

  Value convert(Value v, Type elementType) {
    auto type = RankedTensorType::get(typeOf(v).getShape(), elementType);
    return rewriter.create<mir::CastOp>(loc, type, v);
  }

  Value constant(DenseElementsAttr value) {
    return rewriter.create<mir::ConstantOp>(loc, value);
  }
  Value constant(RankedTensorType type, ArrayRef<APFloat> values) {
    return constant(DenseElementsAttr::get(type, values));
  }

  /// A rank-0 constant: it broadcasts against any tensor.
  Value scalar(FloatType type, const APFloat &value) {
    return constant(RankedTensorType::get({}, type), value);
  }
  Value scalar(FloatType type, double value) {
    return scalar(type, inFormat(value, type));
  }

private:
  PatternRewriter &rewriter;
  Location loc;
};

/// A pattern that knows the lowering policy.
template <typename OpTy> struct HirPattern : OpRewritePattern<OpTy> {
  HirPattern(MLIRContext *context, bool direct)
      : OpRewritePattern<OpTy>(context), direct(direct) {}
  bool direct;
};

//===----------------------------------------------------------------------===//
// One-to-one ops
//===----------------------------------------------------------------------===//

/// An HIR op whose MIR counterpart has the same operands, result types and
/// attribute names (param, matmul, activation -> unary, binary, softmax,
/// layer_norm, rms_norm).
template <typename HirOp, typename MirOp>
struct OneToOneLowering : HirPattern<HirOp> {
  using HirPattern<HirOp>::HirPattern;
  LogicalResult matchAndRewrite(HirOp op,
                                PatternRewriter &rewriter) const override {
    OperationState state(op.getLoc(), MirOp::getOperationName());
    state.addOperands(op->getOperands());
    state.addTypes(op->getResultTypes());
    state.addAttributes(op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct EmbeddingLowering : HirPattern<hir::EmbeddingOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::EmbeddingOp op,
                                PatternRewriter &rewriter) const override {
    // Both read zeros for an out-of-range id, so no clamp is needed.
    rewriter.replaceOpWithNewOp<mir::GatherOp>(op, op.getType(), op.getTable(),
                                               op.getIds(),
                                               rewriter.getI64IntegerAttr(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Blocks with a fused MIR counterpart
//===----------------------------------------------------------------------===//

/// `input x weight` as MIR wants it: matmul needs rank >= 2, so a vector
/// input is viewed as one row and `finish` drops that row again.
struct Projection {
  Projection(MirBuilder &mb, Value input, RankedTensorType result)
      : mb(mb), result(result), input(input), vector(result.getRank() == 1) {
    if (vector) {
      this->input =
          mb.reshape(input, {1, MirBuilder::typeOf(input).getDimSize(0)});
      this->result = RankedTensorType::get({1, result.getDimSize(0)},
                                           result.getElementType());
    }
  }
  Value finish(Value v, RankedTensorType original) {
    return vector ? mb.reshape(v, original.getShape()) : v;
  }

  MirBuilder &mb;
  RankedTensorType result;
  Value input;
  bool vector;
};

struct LinearLowering : HirPattern<hir::LinearOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::LinearOp op,
                                PatternRewriter &rewriter) const override {
    MirBuilder mb(rewriter, op.getLoc());
    Projection proj(mb, op.getInput(), op.getType());
    Value y;
    if (direct) {
      y = rewriter.create<mir::FusedMatmulOp>(op.getLoc(), proj.result,
                                              proj.input, op.getWeight(),
                                              op.getBias(), op.getActAttr());
    } else {
      // The chain the matmul-epilogue fusion recognises.
      y = mir::buildMatmulEpilogue(rewriter, op.getLoc(), proj.input,
                                   op.getWeight(), op.getBias(), op.getAct(),
                                   proj.result);
    }
    rewriter.replaceOp(op, proj.finish(y, op.getType()));
    return success();
  }
};

struct SwigluLowering : HirPattern<hir::SwigluOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::SwigluOp op,
                                PatternRewriter &rewriter) const override {
    if (direct) {
      rewriter.replaceOpWithNewOp<mir::SwigluOp>(
          op, op.getType(), op.getInput(), op.getWGate(), op.getWUp());
      return success();
    }
    MirBuilder mb(rewriter, op.getLoc());
    Projection proj(mb, op.getInput(), op.getType());
    Value y = mir::buildSwiglu(rewriter, op.getLoc(), proj.input, op.getWGate(),
                               op.getWUp(), proj.result);
    rewriter.replaceOp(op, proj.finish(y, op.getType()));
    return success();
  }
};

struct ResidualNormLowering : HirPattern<hir::ResidualNormOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::ResidualNormOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getInput().getType();
    if (direct) {
      rewriter.replaceOpWithNewOp<mir::ResidualNormOp>(
          op, type, type, op.getKindAttr(), op.getInput(), op.getResidual(),
          /*bias=*/Value(), op.getGamma(), op.getBeta(), op.getEpsAttr());
      return success();
    }
    auto [normed, sum] = mir::buildResidualNorm(
        rewriter, op.getLoc(), op.getKind(), op.getInput(), op.getResidual(),
        /*bias=*/Value(), op.getGamma(), op.getBeta(), op.getEpsAttr());
    rewriter.replaceOp(op, {normed, sum});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Attention
//===----------------------------------------------------------------------===//

/// The shapes of an attention lowering, computed before any op is built.
struct AttentionPlan {
  SmallVector<int64_t> scores;  // q k^T: [B, H, S, T]
  SmallVector<int64_t> masked;  // after a mask operand, which may refine dims
  SmallVector<int64_t> context; // probs v: [B, H, S, D]
};

/// Plans `op`'s lowering; on failure `why` says what stands in the way.
static FailureOr<AttentionPlan> planAttention(hir::AttentionOp op,
                                              std::string &why) {
  RankedTensorType q = op.getQuery().getType(), k = op.getKey().getType();
  int64_t heads = op.getHeads(), dim = op.getHeadDim();
  int64_t seqQ = q.getDimSize(1), seqK = k.getDimSize(1);
  AttentionPlan plan;
  auto scores = matmulShape({q.getDimSize(0), heads, seqQ, dim},
                            {k.getDimSize(0), heads, dim, seqK}, why);
  if (!scores)
    return failure();
  plan.scores = *scores;
  plan.masked = *scores;
  MaskKind kind = op.getMaskKind();
  if (kind == MaskKind::causal || kind == MaskKind::sliding_window) {
    // Static lengths make the mask a constant table here; symbolic ones a
    // mir.causal_mask, whose verifier checks the same limit once bound.
    if (!ShapedType::isDynamic(seqQ) && !ShapedType::isDynamic(seqK)) {
      why = causalMaskSizeProblem(stringifyMaskKind(kind), seqQ, seqK);
      if (!why.empty())
        return failure();
    }
  } else if (Value mask = op.getMask()) {
    auto masked = broadcastShapes(
        plan.scores, cast<RankedTensorType>(mask.getType()).getShape(), why);
    if (!masked)
      return failure();
    plan.masked = *masked;
  }
  auto context =
      matmulShape(plan.masked, {k.getDimSize(0), heads, seqK, dim}, why);
  if (!context)
    return failure();
  plan.context = *context;
  return plan;
}

/// [B, L, N*D] -> [B, N, L, D].
static Value splitHeads(MirBuilder &mb, Value x, int64_t heads, int64_t dim) {
  RankedTensorType t = MirBuilder::typeOf(x);
  Value split = mb.reshape(x, {t.getDimSize(0), t.getDimSize(1), heads, dim});
  return mb.transpose(split, {0, 2, 1, 3});
}

/// Grouped-query attention: [B, KVH, T, D] -> [B, H, T, D], each kv head
/// repeated H / KVH times in a row (head h reads kv head h / (H / KVH)).
static Value repeatKvHeads(MirBuilder &mb, Value x, int64_t heads) {
  RankedTensorType t = MirBuilder::typeOf(x);
  int64_t batch = t.getDimSize(0), kvHeads = t.getDimSize(1),
          seq = t.getDimSize(2), dim = t.getDimSize(3);
  if (kvHeads == heads)
    return x;
  Value one = mb.reshape(x, {batch, kvHeads, 1, seq, dim});
  Value groups = mb.broadcast(one, {batch, kvHeads, heads / kvHeads, seq, dim});
  return mb.reshape(groups, {batch, heads, seq, dim});
}

/// True when `op` is what mir.attention computes: no mask or the causal
/// one, no softcap (grouped-query attention included: the HIR verifier
/// makes kv heads divide heads).
static bool isPlainAttention(hir::AttentionOp op) {
  return !op.getSoftcap() && (op.getMaskKind() == MaskKind::none ||
                              op.getMaskKind() == MaskKind::causal);
}

/// True when mir.attention may be written for `op` now: its causal mask
/// needs static S <= T (the op's C5); a symbolic length gets the chain,
/// which mir-fuse-attention turns into the op once it is bound.
static bool isAttentionOpNow(hir::AttentionOp op, const AttentionPlan &plan) {
  if (op.getMaskKind() != MaskKind::causal || op.getPosition())
    return true;
  int64_t seqQ = plan.scores[2], seqK = plan.scores[3];
  return !ShapedType::isDynamic(seqQ) && !ShapedType::isDynamic(seqK) &&
         seqQ <= seqK;
}

struct AttentionLowering : HirPattern<hir::AttentionOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::AttentionOp op,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<AttentionPlan> plan = planAttention(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);

    MirBuilder mb(rewriter, op.getLoc());
    auto type = cast<FloatType>(op.getQuery().getType().getElementType());
    int64_t heads = op.getHeads(), kvHeads = op.getNumKvHeads(),
            dim = op.getHeadDim();
    double scale = op.getScale() ? op.getScale()->convertToDouble()
                                 : 1.0 / std::sqrt(static_cast<double>(dim));
    if (isPlainAttention(op)) {
      // mir.attention on the token-major [B, L, H, D] views, or the chain
      // mir-fuse-attention turns into it (the fusable policy, or a causal
      // mask whose lengths are not bound yet: a symbolic model and the
      // same model written with its lengths optimize to the same MIR).
      auto tokenMajor = [&](Value x, int64_t count) {
        RankedTensorType t = MirBuilder::typeOf(x);
        return mb.reshape(x, {t.getDimSize(0), t.getDimSize(1), count, dim});
      };
      Value q = tokenMajor(op.getQuery(), heads),
            k = tokenMajor(op.getKey(), kvHeads),
            v = tokenMajor(op.getValue(), kvHeads);
      bool causal = op.getMaskKind() == MaskKind::causal;
      // A run-time position is the op's alone: the chain has no form for
      // it while lengths are symbolic (mir-legalize-for-target writes its
      // masked chain for a target that does not claim the op).
      Value position = op.getPosition();
      Value context = (direct && isAttentionOpNow(op, *plan)) || position
                          ? rewriter.create<mir::AttentionOp>(
                                op.getLoc(), q.getType(), q, k, v, position,
                                rewriter.getF64FloatAttr(scale),
                                causal ? rewriter.getUnitAttr() : UnitAttr())
                          : mir::buildAttention(rewriter, op.getLoc(), q, k, v,
                                                scale, causal);
      rewriter.replaceOp(op, mb.reshape(context, op.getType().getShape()));
      return success();
    }
    Value q = splitHeads(mb, op.getQuery(), heads, dim);
    Value k =
        repeatKvHeads(mb, splitHeads(mb, op.getKey(), kvHeads, dim), heads);
    Value v =
        repeatKvHeads(mb, splitHeads(mb, op.getValue(), kvHeads, dim), heads);

    Value kT = mb.transpose(k, {0, 1, 3, 2});
    Value scores = mb.matmul(q, kT, plan->scores);
    scores = mb.binary(BinaryKind::mul, scores, mb.scalar(type, scale));
    if (std::optional<APFloat> softcap = op.getSoftcap()) {
      Value cap = mb.scalar(type, softcap->convertToDouble());
      scores = mb.binary(BinaryKind::div, scores, cap);
      scores = mb.unary(UnaryKind::tanh, scores);
      scores = mb.binary(BinaryKind::mul, scores, cap);
    }

    switch (op.getMaskKind()) {
    case MaskKind::none:
      break;
    case MaskKind::causal:
    case MaskKind::sliding_window: {
      int64_t seqQ = plan->scores[2], seqK = plan->scores[3];
      std::optional<int64_t> window;
      if (op.getMaskKind() == MaskKind::sliding_window)
        window = op.getWindow();
      Value mask;
      if (ShapedType::isDynamic(seqQ) || ShapedType::isDynamic(seqK))
        mask = rewriter.create<mir::CausalMaskOp>(
            op.getLoc(), op.getMaskKindAttr(), scores, op.getWindowAttr());
      else
        mask = mb.constant(causalMaskConstant(seqQ, seqK, window, type));
      scores = mb.binary(BinaryKind::add, scores, mask);
      break;
    }
    case MaskKind::custom: {
      Value dropped = mb.scalar(
          type, APFloat::getInf(type.getFloatSemantics(), /*Negative=*/true));
      auto masked = RankedTensorType::get(plan->masked, type);
      scores = rewriter.create<mir::SelectOp>(op.getLoc(), masked, op.getMask(),
                                              scores, dropped);
      break;
    }
    case MaskKind::additive_bias:
      scores = mb.binary(BinaryKind::add, scores, op.getMask(), plan->masked);
      break;
    }

    Value probs = rewriter.create<mir::SoftmaxOp>(
        op.getLoc(), scores.getType(), scores, rewriter.getI64IntegerAttr(-1));
    Value context = mb.matmul(probs, v, plan->context);
    Value merged = mb.transpose(context, {0, 2, 1, 3});
    rewriter.replaceOp(op, mb.reshape(merged, op.getType().getShape()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Rope
//===----------------------------------------------------------------------===//

/// Why `op` cannot be lowered, or an empty string.
static std::string ropeBlocker(hir::RopeOp op) {
  int64_t dim = op.getHeadDim();
  if (dim > kMaxConstantElements / dim)
    return "head_dim " + std::to_string(dim) + " needs a " +
           std::to_string(dim) + "x" + std::to_string(dim) +
           " rotation constant, over the limit of " +
           std::to_string(kMaxConstantElements) + " constant elements";
  return "";
}

struct RopeLowering : HirPattern<hir::RopeOp> {
  using HirPattern::HirPattern;
  LogicalResult matchAndRewrite(hir::RopeOp op,
                                PatternRewriter &rewriter) const override {
    std::string why = ropeBlocker(op);
    if (!why.empty())
      return rewriter.notifyMatchFailure(op, why);

    MirBuilder mb(rewriter, op.getLoc());
    RankedTensorType x = op.getType();
    auto type = cast<FloatType>(x.getElementType());
    int64_t heads = op.getHeads(), dim = op.getHeadDim();
    int64_t rotary = op.getRotaryDim().value_or(dim), half = rotary / 2;
    int64_t batch = x.getDimSize(0), seq = x.getDimSize(1);
    int64_t positions = op.getPositions().getType().getDimSize(0);

    // Angles in f32 (f64 for f64 models): f16 and bf16 cannot even hold the
    // positions exactly (bf16 stops at 256), let alone position * frequency.
    FloatType angleType = type.isF64() ? FloatType(rewriter.getF64Type())
                                       : FloatType(rewriter.getF32Type());
    double theta = op.getTheta().convertToDouble();
    SmallVector<APFloat> invFreq;
    for (int64_t i = 0; i < dim; ++i) {
      // Pass-through dims get frequency 0: cos 1 and sin 0 keep them as is.
      double f = i < rotary
                     ? std::pow(theta, -2.0 * static_cast<double>(i % half) /
                                           static_cast<double>(rotary))
                     : 0.0;
      invFreq.push_back(inFormat(f, angleType));
    }
    Value pos = mb.convert(op.getPositions(), angleType);
    pos = mb.reshape(pos, {positions, 1});
    Value freq =
        mb.constant(RankedTensorType::get({1, dim}, angleType), invFreq);
    Value angles = mb.binary(BinaryKind::mul, pos, freq, {positions, dim});
    Value cos = mb.unary(UnaryKind::cos, angles);
    Value sin = mb.unary(UnaryKind::sin, angles);
    if (angleType != type) {
      cos = mb.convert(cos, type);
      sin = mb.convert(sin, type);
    }
    // [S, 1, D] broadcasts over the heads of [B, S, H, D].
    cos = mb.reshape(cos, {positions, 1, dim});
    sin = mb.reshape(sin, {positions, 1, dim});

    // Rotate half as a matmul: slicing would need static batch and seq.
    // Column i < R/2 takes -x[i + R/2], column R/2 <= i < R takes x[i - R/2],
    // pass-through columns are zero.
    APFloat palette[] = {APFloat::getZero(type.getFloatSemantics()),
                         inFormat(-1.0, type), inFormat(1.0, type)};
    DenseElementsAttr rotation = paletteConstant(
        RankedTensorType::get({dim, dim}, type), palette, [&](int64_t n) {
          int64_t row = n / dim, col = n % dim;
          if (col < half && row == col + half)
            return 1u;
          if (col >= half && col < rotary && row == col - half)
            return 2u;
          return 0u;
        });
    Value x4 = mb.reshape(op.getInput(), {batch, seq, heads, dim});
    Value rotated =
        mb.matmul(x4, mb.constant(rotation), {batch, seq, heads, dim});
    // positions' length may be static where x's is not.
    SmallVector<int64_t> shape = {batch, seq, heads, dim};
    if (ShapedType::isDynamic(seq))
      shape[1] = positions;
    Value y =
        mb.binary(BinaryKind::add, mb.binary(BinaryKind::mul, x4, cos, shape),
                  mb.binary(BinaryKind::mul, rotated, sin, shape), shape);
    rewriter.replaceOp(op, mb.reshape(y, x.getShape()));
    return success();
  }
};

/// Why the HIR op `op` was left in place, for the pass's diagnostic.
static std::string loweringBlocker(Operation *op) {
  std::string why;
  if (auto attention = dyn_cast<hir::AttentionOp>(op))
    (void)planAttention(attention, why);
  else if (auto rope = dyn_cast<hir::RopeOp>(op))
    why = ropeBlocker(rope);
  return why;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Moves `hir.name` / `hir.dims` to `mir.name` / `mir.dims` on the
/// arguments and results of `fn`.
static void renameAnnotations(func::FuncOp fn) {
  MLIRContext *ctx = fn.getContext();
  auto hirName = StringAttr::get(ctx, "hir.name"),
       hirDims = StringAttr::get(ctx, "hir.dims");
  auto mirName = StringAttr::get(ctx, "mir.name"),
       mirDims = StringAttr::get(ctx, "mir.dims");
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
    if (Attribute name = fn.removeArgAttr(i, hirName))
      fn.setArgAttr(i, mirName, name);
    if (Attribute dims = fn.removeArgAttr(i, hirDims))
      fn.setArgAttr(i, mirDims, dims);
  }
  for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i)
    if (Attribute name = fn.removeResultAttr(i, hirName))
      fn.setResultAttr(i, mirName, name);
}

struct ConvertHIRToMIR : mlir::rlx::impl::ConvertHIRToMIRBase<ConvertHIRToMIR> {
  using ConvertHIRToMIRBase::ConvertHIRToMIRBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();

    SmallVector<Operation *> hirOps;
    module.walk([&](Operation *op) {
      if (isa_and_nonnull<hir::HIRDialect>(op->getDialect()))
        hirOps.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    populateHIRToMIRPatterns(patterns, policy == ::rlx::LoweringPolicy::direct);
    GreedyRewriteConfig config;
    // Only the HIR ops are rewritten, each once; new MIR ops are not
    // revisited. Unused HIR ops are erased (they are pure), as the
    // canonicalizer after this pass would. The op-list driver makes a single
    // sweep (maxIterations does not apply), so the rewrite count is the
    // bound; the slack only matters for a pattern that wrongly re-creates HIR.
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    config.maxNumRewrites = 2 * static_cast<int64_t>(hirOps.size()) + 1;
    // Not converging leaves HIR ops behind, which the walk below reports.
    (void)applyOpPatternsAndFold(hirOps, std::move(patterns), config);

    bool ok = true;
    module.walk([&](Operation *op) {
      if (auto fn = dyn_cast<func::FuncOp>(op))
        renameAnnotations(fn);
      if (isa_and_nonnull<hir::HIRDialect>(op->getDialect())) {
        InFlightDiagnostic diag = op->emitOpError("cannot be lowered to MIR");
        std::string why = loweringBlocker(op);
        if (!why.empty())
          diag << ": " << why;
        ok = false;
      }
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (attr.getName().getValue().starts_with("hir.")) {
          op->emitOpError() << "attribute '" << attr.getName().getValue()
                            << "' has no MIR equivalent";
          ok = false;
        }
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace

void mlir::rlx::populateHIRToMIRPatterns(RewritePatternSet &patterns,
                                         bool directPolicy) {
  patterns.add<OneToOneLowering<hir::ParamOp, mir::ParamOp>,
               OneToOneLowering<hir::MatmulOp, mir::MatmulOp>,
               OneToOneLowering<hir::ActivationOp, mir::UnaryOp>,
               OneToOneLowering<hir::BinaryOp, mir::BinaryOp>,
               OneToOneLowering<hir::SoftmaxOp, mir::SoftmaxOp>,
               OneToOneLowering<hir::LayerNormOp, mir::LayerNormOp>,
               OneToOneLowering<hir::RmsNormOp, mir::RmsNormOp>, LinearLowering,
               AttentionLowering, ResidualNormLowering, SwigluLowering,
               RopeLowering, EmbeddingLowering>(patterns.getContext(),
                                                directPolicy);
}
