//===- FuseMatmulEpilogue.cpp - mir-fuse-matmul-epilogue ------------------===//
//
// matmul -> add(bias) -> activation becomes one mir.fused_matmul, whose
// epilogue runs on the output tile while it is in registers; conv2d ->
// activation one mir.conv2d with `act` (the conv's bias is its operand
// already), applied on each finished output tile. ReLU6 as exporters write
// it (Clip(0, 6): max with 0, then min with 6) is the `relu6` activation.
//
//===----------------------------------------------------------------------===//
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEMATMULEPILOGUE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "matmul-epilogue";
static constexpr StringLiteral kFused = "mir.fused_matmul";
static constexpr StringLiteral kConvPattern = "conv-epilogue";
static constexpr StringLiteral kConv = "mir.conv2d";

namespace {
/// A bias add the fused matmul can absorb.
struct BiasMatch {
  MatmulOp matmul;
  Value bias;
};

/// An activation the fused matmul can absorb.
struct ActivationMatch {
  Operation *producer; // mir.matmul or a mir.fused_matmul without act
  Activation act;
};
} // namespace

/// The matmul and bias of `add` if it is a fusable bias add; else `why`.
static FailureOr<BiasMatch> matchBias(BinaryOp add, const FusionOptions &opts,
                                      std::string &why) {
  if (add.getKind() != BinaryKind::add || !isa<RankedTensorType>(add.getType()))
    return why = "not a tensor add", failure();
  for (int side = 0; side < 2; ++side) {
    Value mm = side == 0 ? add.getLhs() : add.getRhs();
    Value bias = side == 0 ? add.getRhs() : add.getLhs();
    auto matmul = mm.getDefiningOp<MatmulOp>();
    if (!matmul)
      continue;
    if (!isa<FloatType>(matmul.getType().getElementType()))
      return why = "fused matmul needs a float type", failure();
    if (!matmul->hasOneUse())
      return why = "matmul result has " +
                   std::to_string(
                       std::distance(matmul->use_begin(), matmul->use_end())) +
                   " uses",
             failure();
    if (add.getType() != matmul.getType())
      return why = "the add broadcasts the matmul result to a larger shape",
             failure();
    // A same-shape operand is a residual, left for residual-norm fusion.
    if (bias.getType() == matmul.getType())
      return why = "the other operand has the full result shape (a "
                   "residual, not a bias)",
             failure();
    if (!broadcastsTo(cast<RankedTensorType>(bias.getType()).getShape(),
                      matmul.getType().getShape()))
      return why = "bias does not broadcast to the matmul result", failure();
    if (!opts.allow(matmul, kFused))
      return why = opts.notClaimed(kFused), failure();
    return BiasMatch{matmul, bias};
  }
  return why = "no operand is a matmul", failure();
}

static FailureOr<ActivationMatch>
matchActivation(UnaryOp unary, const FusionOptions &opts, std::string &why) {
  Operation *producer = unary.getInput().getDefiningOp();
  auto fused = dyn_cast_or_null<FusedMatmulOp>(producer);
  if (!isa_and_nonnull<MatmulOp>(producer) &&
      !(fused && fused.getAct() == Activation::none))
    return why = "input is not a matmul without epilogue activation", failure();
  std::optional<Activation> act = epilogueActivation(unary.getKind());
  if (!act)
    return why = "'" + stringifyUnaryKind(unary.getKind()).str() +
                 "' is not an epilogue activation",
           failure();
  if (!isa<FloatType>(getElementTypeOrSelf(unary.getType())))
    return why = "fused matmul needs a float type", failure();
  if (!producer->hasOneUse())
    return why = "matmul result has more than one use", failure();
  if (!opts.allow(producer, kFused))
    return why = opts.notClaimed(kFused), failure();
  return ActivationMatch{producer, *act};
}

/// The conv an activation can join; else `why`.
static FailureOr<Conv2dOp> matchConvActivation(UnaryOp unary,
                                               const FusionOptions &opts,
                                               std::string &why) {
  auto conv = unary.getInput().getDefiningOp<Conv2dOp>();
  if (!conv || conv.getAct() != Activation::none)
    return why = "input is not a conv2d without activation", failure();
  if (!epilogueActivation(unary.getKind()))
    return why = "'" + stringifyUnaryKind(unary.getKind()).str() +
                 "' is not an epilogue activation",
           failure();
  if (!conv->hasOneUse())
    return why = "conv result has more than one use", failure();
  if (!opts.allow(conv, kConv))
    return why = opts.notClaimed(kConv), failure();
  return conv;
}

/// min(max(x, 0), 6) or max(min(x, 6), 0) (ONNX Clip(0, 6): ReLU6) with
/// `outer` the last op: x, else null. The inner op has one use; both keep
/// x's type (the bounds are scalar constants).
static Value clippedToRelu6(BinaryOp outer) {
  auto bounds = [](BinaryOp op) -> std::optional<std::pair<Value, double>> {
    for (int side = 0; side < 2; ++side)
      if (std::optional<double> c =
              scalarConstantValue(side == 0 ? op.getRhs() : op.getLhs()))
        return std::make_pair(side == 0 ? op.getLhs() : op.getRhs(), *c);
    return std::nullopt;
  };
  bool minLast = outer.getKind() == BinaryKind::min;
  if (!minLast && outer.getKind() != BinaryKind::max)
    return {};
  auto last = bounds(outer);
  if (!last || last->first.getType() != outer.getType())
    return {};
  auto inner = last->first.getDefiningOp<BinaryOp>();
  if (!inner || !inner->hasOneUse() ||
      inner.getKind() != (minLast ? BinaryKind::max : BinaryKind::min))
    return {};
  auto first = bounds(inner);
  if (!first || first->first.getType() != inner.getType())
    return {};
  double lo = minLast ? first->second : last->second;
  double hi = minLast ? last->second : first->second;
  if (lo != 0.0 || hi != 6.0)
    return {};
  return first->first;
}

namespace {
/// A ReLU6 chain on a conv or a matmul without activation joins its
/// epilogue.
struct FuseRelu6 : OpRewritePattern<BinaryOp> {
  FuseRelu6(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(BinaryOp outer,
                                PatternRewriter &rewriter) const override {
    Value x = clippedToRelu6(outer);
    Operation *producer = x ? x.getDefiningOp() : nullptr;
    if (!producer || !producer->hasOneUse())
      return rewriter.notifyMatchFailure(outer, "not a single-use relu6");
    Location loc = rewriter.getFusedLoc({producer->getLoc(), outer.getLoc()});
    if (auto conv = dyn_cast<Conv2dOp>(producer)) {
      if (conv.getAct() != Activation::none || !opts.allow(conv, kConv))
        return rewriter.notifyMatchFailure(outer, "conv not fusable");
      opts.fused(kConvPattern, conv, "activation 'relu6' into mir.conv2d");
      auto fused = cast<Conv2dOp>(rewriter.clone(*conv.getOperation()));
      fused->setLoc(loc);
      fused.setAct(Activation::relu6);
      rewriter.replaceOp(outer, fused->getResults());
      return success();
    }
    auto fusedMatmul = dyn_cast<FusedMatmulOp>(producer);
    if (!(isa<MatmulOp>(producer) ||
          (fusedMatmul && fusedMatmul.getAct() == Activation::none)) ||
        !isa<FloatType>(getElementTypeOrSelf(x.getType())) ||
        !opts.allow(producer, kFused))
      return rewriter.notifyMatchFailure(outer, "producer not fusable");
    opts.fused(kPattern, producer, "activation 'relu6' into mir.fused_matmul");
    rewriter.replaceOp(outer, rewriter.create<FusedMatmulOp>(
                                  loc, outer.getType(), producer->getOperand(0),
                                  producer->getOperand(1),
                                  fusedMatmul ? fusedMatmul.getBias() : Value(),
                                  Activation::relu6));
    return success();
  }
  const FusionOptions &opts;
};

struct FuseConvActivation : OpRewritePattern<UnaryOp> {
  FuseConvActivation(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(UnaryOp unary,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<Conv2dOp> conv = matchConvActivation(unary, opts, why);
    if (failed(conv))
      return rewriter.notifyMatchFailure(unary, why);
    Activation act = *epilogueActivation(unary.getKind());
    opts.fused(kConvPattern, *conv,
               "activation '" + stringifyActivation(act) + "' into mir.conv2d");
    Location loc = rewriter.getFusedLoc({conv->getLoc(), unary.getLoc()});
    auto fused = cast<Conv2dOp>(rewriter.clone(*conv->getOperation()));
    fused->setLoc(loc);
    fused.setAct(act);
    rewriter.replaceOp(unary, fused->getResults());
    return success();
  }
  const FusionOptions &opts;
};

struct FuseBias : OpRewritePattern<BinaryOp> {
  FuseBias(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(BinaryOp add,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<BiasMatch> m = matchBias(add, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(add, why);
    opts.fused(kPattern, m->matmul, "matmul + bias into mir.fused_matmul");
    // The fused op stands for both: its location is theirs.
    Location loc = rewriter.getFusedLoc({m->matmul.getLoc(), add.getLoc()});
    rewriter.replaceOp(add, rewriter.create<FusedMatmulOp>(
                                loc, add.getType(), m->matmul.getLhs(),
                                m->matmul.getRhs(), m->bias, Activation::none));
    return success();
  }
  const FusionOptions &opts;
};

struct FuseActivation : OpRewritePattern<UnaryOp> {
  FuseActivation(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(UnaryOp unary,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<ActivationMatch> m = matchActivation(unary, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(unary, why);
    opts.fused(kPattern, m->producer,
               "activation '" + stringifyActivation(m->act) +
                   "' into mir.fused_matmul");
    Value lhs = m->producer->getOperand(0), rhs = m->producer->getOperand(1);
    Value bias;
    if (auto fused = dyn_cast<FusedMatmulOp>(m->producer))
      bias = fused.getBias();
    Location loc =
        rewriter.getFusedLoc({m->producer->getLoc(), unary.getLoc()});
    rewriter.replaceOp(unary,
                       rewriter.create<FusedMatmulOp>(loc, unary.getType(), lhs,
                                                      rhs, bias, m->act));
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateMatmulEpilogueFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseBias, FuseActivation, FuseConvActivation, FuseRelu6>(
      patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseMatmulEpilogueFusion(func::FuncOp func,
                                                  const FusionOptions &opts) {
  // A conv without activation feeding an activation did not fuse.
  func.walk([&](Conv2dOp conv) {
    if (conv.getAct() != Activation::none)
      return;
    for (Operation *user : conv->getUsers()) {
      auto unary = dyn_cast<UnaryOp>(user);
      std::string why;
      if (unary && epilogueActivation(unary.getKind()) &&
          failed(matchConvActivation(unary, opts, why))) {
        opts.missed(kConvPattern, conv, "activation: " + why);
        return;
      }
    }
  });
  // A matmul (or fused matmul without activation) feeding an add or a
  // unary op is an epilogue that did not fuse; say why.
  func.walk([&](Operation *op) {
    if (!isa<MatmulOp, FusedMatmulOp>(op))
      return;
    auto fused = dyn_cast<FusedMatmulOp>(op);
    if (fused && fused.getAct() != Activation::none)
      return;
    for (Operation *user : op->getUsers()) {
      std::string why;
      if (auto add = dyn_cast<BinaryOp>(user)) {
        // Adds of two same-shape values are residuals, not biases.
        if (fused || add.getKind() != BinaryKind::add ||
            add.getLhs().getType() == add.getRhs().getType())
          continue;
        if (failed(matchBias(add, opts, why)))
          opts.missed(kPattern, op, "bias add: " + why);
      } else if (auto unary = dyn_cast<UnaryOp>(user)) {
        if (failed(matchActivation(unary, opts, why)))
          opts.missed(kPattern, op, "activation: " + why);
      } else {
        continue;
      }
      return; // one report per matmul
    }
  });
}

namespace {
struct FuseMatmulEpilogue
    : mlir::rlx::mir::impl::MIRFuseMatmulEpilogueBase<FuseMatmulEpilogue> {
  using MIRFuseMatmulEpilogueBase::MIRFuseMatmulEpilogueBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kMatmulEpilogueStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
