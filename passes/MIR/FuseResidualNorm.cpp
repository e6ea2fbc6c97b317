//===- FuseResidualNorm.cpp - mir-fuse-residual-norm ----------------------===//
//
// add(x, residual) -> [add(bias)] -> layer_norm / rms_norm becomes one
// mir.residual_norm: one pass over the row computes the sum, writes it (the
// residual stream) and normalizes it.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSERESIDUALNORM
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "residual-norm";
static constexpr StringLiteral kFused = "mir.residual_norm";

namespace {
struct ResidualMatch {
  BinaryOp sum; // the value the norm reads (x + r [+ bias])
  Value input, residual, bias;
  Operation *insertionPoint;
};
} // namespace

/// `v` as an add of two operands of `type`, or null.
static BinaryOp fullAdd(Value v, Type type) {
  auto add = v.getDefiningOp<BinaryOp>();
  if (!add || add.getKind() != BinaryKind::add || add.getType() != type ||
      add.getLhs().getType() != type || add.getRhs().getType() != type)
    return {};
  return add;
}

static FailureOr<ResidualMatch> matchResidual(Operation *norm, Value normInput,
                                              ArrayRef<Value> params,
                                              const FusionOptions &opts,
                                              std::string &why) {
  Type type = normInput.getType();
  auto top = normInput.getDefiningOp<BinaryOp>();
  if (!top || top.getKind() != BinaryKind::add)
    return why = "norm input is not an add", failure();
  ResidualMatch m{top, {}, {}, {}, nullptr};
  // add(add(x, r), bias) with a rank-1 bias of the last dim's (static) size,
  // in either operand order. A size-1 bias broadcasts in the add but is not
  // a valid mir.residual_norm bias.
  int64_t features = cast<RankedTensorType>(type).getShape().back();
  for (int side = 0; side < 2 && !m.input; ++side) {
    Value inner = side == 0 ? top.getLhs() : top.getRhs();
    Value bias = side == 0 ? top.getRhs() : top.getLhs();
    auto biasType = cast<RankedTensorType>(bias.getType());
    BinaryOp residualAdd = fullAdd(inner, type);
    if (!residualAdd || biasType.getRank() != 1 ||
        ShapedType::isDynamic(features) || biasType.getDimSize(0) != features)
      continue;
    if (!residualAdd->hasOneUse())
      return why = "the residual add before the bias add has more than one "
                   "use",
             failure();
    m.input = residualAdd.getLhs();
    m.residual = residualAdd.getRhs();
    m.bias = bias;
  }
  if (!m.input) {
    if (!fullAdd(normInput, type))
      return why = "the add broadcasts (operands must have the norm input's "
                   "type)",
             failure();
    m.input = top.getLhs();
    m.residual = top.getRhs();
  }
  if (!opts.allow(norm, kFused))
    return why = opts.notClaimed(kFused), failure();
  // The fused op replaces every use of the sum, so it goes right after the
  // sum when the norm's parameters are available there, else at the norm
  // when no other user of the sum comes before it.
  auto availableAt = [&](Operation *point) {
    return llvm::all_of(params,
                        [&](Value p) { return !p || isAvailableAt(p, point); });
  };
  Operation *afterSum = top->getNextNode();
  if (availableAt(afterSum)) {
    m.insertionPoint = afterSum;
  } else if (llvm::all_of(top->getUsers(), [&](Operation *user) {
               return user == norm || norm->isBeforeInBlock(user);
             })) {
    m.insertionPoint = norm;
  } else {
    return why = "the norm's parameters are defined after a use of the sum",
           failure();
  }
  return m;
}

namespace {
template <typename NormOp> struct FuseResidualNorm : OpRewritePattern<NormOp> {
  FuseResidualNorm(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern<NormOp>(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(NormOp norm,
                                PatternRewriter &rewriter) const override {
    std::string why;
    Value beta = betaOf(norm);
    FailureOr<ResidualMatch> m = matchResidual(
        norm, norm.getInput(), {norm.getGamma(), beta}, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(norm, why);
    opts.fused(kPattern, norm,
               Twine("residual add") + (m->bias ? " + bias" : "") +
                   " into mir.residual_norm");
    rewriter.setInsertionPoint(m->insertionPoint);
    Type type = norm.getType();
    auto fused = rewriter.create<ResidualNormOp>(
        rewriter.getFusedLoc({m->sum->getLoc(), norm.getLoc()}), type, type,
        kind(), m->input, m->residual, m->bias, norm.getGamma(), beta,
        norm.getEps());
    rewriter.replaceOp(norm, fused.getNormed());
    rewriter.replaceOp(m->sum, fused.getSum());
    return success();
  }
  static Value betaOf(LayerNormOp op) { return op.getBeta(); }
  static Value betaOf(RmsNormOp) { return Value(); }
  static NormKind kind() {
    return std::is_same_v<NormOp, LayerNormOp> ? NormKind::layer
                                               : NormKind::rms;
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateResidualNormFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseResidualNorm<LayerNormOp>, FuseResidualNorm<RmsNormOp>>(
      patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseResidualNormFusion(func::FuncOp func,
                                                const FusionOptions &opts) {
  // A norm of an add is a residual + norm that did not fuse.
  func.walk([&](Operation *op) {
    Value input, gamma, beta;
    if (auto ln = dyn_cast<LayerNormOp>(op)) {
      input = ln.getInput();
      gamma = ln.getGamma();
      beta = ln.getBeta();
    } else if (auto rms = dyn_cast<RmsNormOp>(op)) {
      input = rms.getInput();
      gamma = rms.getGamma();
    } else {
      return;
    }
    auto add = input.getDefiningOp<BinaryOp>();
    if (!add || add.getKind() != BinaryKind::add)
      return;
    std::string why;
    if (failed(matchResidual(op, input, {gamma, beta}, opts, why)))
      opts.missed(kPattern, op, why);
  });
}

namespace {
struct FuseResidualNormPass
    : mlir::rlx::mir::impl::MIRFuseResidualNormBase<FuseResidualNormPass> {
  using MIRFuseResidualNormBase::MIRFuseResidualNormBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kResidualNormStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
