//===- FuseSwiglu.cpp - mir-fuse-swiglu -----------------------------------===//
//
// silu(x Wg) * (x Wu) becomes one mir.swiglu: both products share x's tiles
// and the gate is applied before either result is written.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSESWIGLU
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "swiglu";
static constexpr StringLiteral kFused = "mir.swiglu";

namespace {
struct SwigluMatch {
  Value input, wGate, wUp;
};
} // namespace

/// `v` as silu(matmul(...)), or null.
static MatmulOp gateMatmul(Value v) {
  auto silu = v.getDefiningOp<UnaryOp>();
  if (!silu || silu.getKind() != UnaryKind::silu)
    return {};
  return silu.getInput().getDefiningOp<MatmulOp>();
}

static FailureOr<SwigluMatch>
matchSwiglu(BinaryOp mul, const FusionOptions &opts, std::string &why) {
  if (mul.getKind() != BinaryKind::mul)
    return why = "not a mul", failure();
  for (int side = 0; side < 2; ++side) {
    Value gateValue = side == 0 ? mul.getLhs() : mul.getRhs();
    Value upValue = side == 0 ? mul.getRhs() : mul.getLhs();
    MatmulOp gate = gateMatmul(gateValue);
    auto up = upValue.getDefiningOp<MatmulOp>();
    if (!gate || !up)
      continue;
    if (gate.getLhs() != up.getLhs())
      return why = "the two matmuls have different inputs", failure();
    if (gate.getRhs().getType() != up.getRhs().getType() ||
        gate.getRhs().getType().getRank() != 2)
      return why = "the weights are not rank-2 tensors of one type", failure();
    if (!gate->hasOneUse() || !gateValue.hasOneUse() || !up->hasOneUse())
      return why = "an intermediate (gate matmul, silu or up matmul) has "
                   "more than one use",
             failure();
    if (mul.getType() != up.getType() ||
        !isa<FloatType>(up.getType().getElementType()))
      return why = "the mul broadcasts or is not on floats", failure();
    if (!opts.allow(mul, kFused))
      return why = opts.notClaimed(kFused), failure();
    return SwigluMatch{gate.getLhs(), gate.getRhs(), up.getRhs()};
  }
  return why = "operands are not silu(x Wg) and x Wu", failure();
}

namespace {
struct FuseSwigluPattern : OpRewritePattern<BinaryOp> {
  FuseSwigluPattern(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(BinaryOp mul,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<SwigluMatch> m = matchSwiglu(mul, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(mul, why);
    opts.fused(kPattern, mul, "silu(x Wg) * (x Wu) into mir.swiglu");
    // Its location is that of the ops it replaces: the product, the silu
    // and both matmuls.
    SmallVector<Location> locs = {mul.getLoc()};
    for (Value v : {mul.getLhs(), mul.getRhs()})
      if (Operation *def = v.getDefiningOp()) {
        locs.push_back(def->getLoc());
        if (isa<UnaryOp>(def) && def->getOperand(0).getDefiningOp())
          locs.push_back(def->getOperand(0).getDefiningOp()->getLoc());
      }
    rewriter.replaceOp(mul, rewriter.create<SwigluOp>(
                                rewriter.getFusedLoc(locs), mul.getType(),
                                m->input, m->wGate, m->wUp));
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateSwigluFusionPatterns(RewritePatternSet &patterns,
                                                  const FusionOptions &opts) {
  patterns.add<FuseSwigluPattern>(patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseSwigluFusion(func::FuncOp func,
                                          const FusionOptions &opts) {
  // A mul with a silu(matmul) operand is a swiglu that did not fuse.
  func.walk([&](BinaryOp mul) {
    if (mul.getKind() != BinaryKind::mul ||
        (!gateMatmul(mul.getLhs()) && !gateMatmul(mul.getRhs())))
      return;
    std::string why;
    if (failed(matchSwiglu(mul, opts, why)))
      opts.missed(kPattern, mul, why);
  });
}

namespace {
struct FuseSwigluPass
    : mlir::rlx::mir::impl::MIRFuseSwigluBase<FuseSwigluPass> {
  using MIRFuseSwigluBase::MIRFuseSwigluBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kSwigluStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
