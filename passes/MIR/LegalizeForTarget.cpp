//===- LegalizeForTarget.cpp - mir-legalize-for-target --------------------===//
//
// Rewrites every op the target does not claim into ops it does: fused ops
// are un-fused, composite ops decomposed into primitives, regions un-fused.
// What remains unclaimed is an error naming each op and the target.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/Common/Log.h"
#include "passes/MIR/Decompose.h"
#include "passes/MIR/FusionReport.h"
#include "passes/MIR/Passes.h"
#include "passes/MIR/Target.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRLEGALIZEFORTARGET
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

namespace {
/// Rewrites `Op` with `build` when the target does not claim it.
template <typename Op> struct Unclaimed : OpRewritePattern<Op> {
  Unclaimed(MLIRContext *ctx, const Target &target)
      : OpRewritePattern<Op>(ctx), target(target) {}
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    if (target.claims(op))
      return rewriter.notifyMatchFailure(op, "claimed by the target");
    rewriter.replaceOp(op, build(rewriter, op));
    return success();
  }
  SmallVector<Value> build(PatternRewriter &b, Op op) const;
  const Target &target;
};
} // namespace

template <>
SmallVector<Value> Unclaimed<FusedMatmulOp>::build(PatternRewriter &b,
                                                   FusedMatmulOp op) const {
  return {buildMatmulEpilogue(b, op.getLoc(), op.getLhs(), op.getRhs(),
                              op.getBias(), op.getAct(), op.getType())};
}

template <>
SmallVector<Value> Unclaimed<ResidualNormOp>::build(PatternRewriter &b,
                                                    ResidualNormOp op) const {
  auto [normed, sum] = buildResidualNorm(
      b, op.getLoc(), op.getKind(), op.getInput(), op.getResidual(),
      op.getBias(), op.getGamma(), op.getBeta(), op.getEpsAttr());
  return {normed, sum};
}

template <>
SmallVector<Value> Unclaimed<SwigluOp>::build(PatternRewriter &b,
                                              SwigluOp op) const {
  return {buildSwiglu(b, op.getLoc(), op.getInput(), op.getWGate(), op.getWUp(),
                      op.getType())};
}

template <>
SmallVector<Value> Unclaimed<SharedMatmulOp>::build(PatternRewriter &b,
                                                    SharedMatmulOp op) const {
  // One matmul per weight; a bias stays the matmul's epilogue where the
  // target runs mir.fused_matmul, else it is an add.
  bool fused = target.claims("mir.fused_matmul");
  SmallVector<Value> results;
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(op.getWeights(), op.getOutputs()))) {
    auto [w, y] = pair;
    Value bias = op.getBiases().empty() ? Value() : op.getBiases()[i];
    if (bias && fused)
      results.push_back(b.create<FusedMatmulOp>(
          op.getLoc(), y.getType(), op.getInput(), w, bias, Activation::none));
    else
      results.push_back(buildMatmulEpilogue(b, op.getLoc(), op.getInput(), w,
                                            bias, Activation::none,
                                            y.getType()));
  }
  return results;
}

template <>
SmallVector<Value> Unclaimed<ElementwiseOp>::build(PatternRewriter &b,
                                                   ElementwiseOp op) const {
  return {buildUnfusedRegion(b, op)};
}

template <>
SmallVector<Value> Unclaimed<SoftmaxOp>::build(PatternRewriter &b,
                                               SoftmaxOp op) const {
  return {buildSoftmax(b, op.getLoc(), op.getInput(),
                       static_cast<int64_t>(op.getAxis()))};
}

template <>
SmallVector<Value> Unclaimed<LayerNormOp>::build(PatternRewriter &b,
                                                 LayerNormOp op) const {
  return {buildLayerNorm(b, op.getLoc(), op.getInput(), op.getGamma(),
                         op.getBeta(), op.getEps().convertToDouble())};
}

template <>
SmallVector<Value> Unclaimed<RmsNormOp>::build(PatternRewriter &b,
                                               RmsNormOp op) const {
  return {buildRmsNorm(b, op.getLoc(), op.getInput(), op.getGamma(),
                       op.getEps().convertToDouble())};
}

template <>
SmallVector<Value> Unclaimed<AttentionOp>::build(PatternRewriter &b,
                                                 AttentionOp op) const {
  return {buildAttention(b, op.getLoc(), op.getQuery(), op.getKey(),
                         op.getValue(), op.getScale().convertToDouble(),
                         op.getCausal(), op.getPosition())};
}

/// The names of the MIR ops in `func`'s body. The scalar steps inside a
/// mir.elementwise region are part of that op, not kernels of their own.
static llvm::StringSet<> mirOpNames(func::FuncOp func) {
  llvm::StringSet<> names;
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (isa<MIRDialect>(op.getDialect()))
        names.insert(op.getName().getStringRef());
  return names;
}

namespace {
struct LegalizeForTarget
    : mlir::rlx::mir::impl::MIRLegalizeForTargetBase<LegalizeForTarget> {
  using MIRLegalizeForTargetBase::MIRLegalizeForTargetBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const Target *t = lookupTargetOrEmit(func);
    if (!t)
      return signalPassFailure();
    llvm::StringSet<> before = mirOpNames(func);

    RewritePatternSet patterns(&getContext());
    patterns.add<Unclaimed<FusedMatmulOp>, Unclaimed<ResidualNormOp>,
                 Unclaimed<SwigluOp>, Unclaimed<SharedMatmulOp>,
                 Unclaimed<ElementwiseOp>, Unclaimed<SoftmaxOp>,
                 Unclaimed<LayerNormOp>, Unclaimed<RmsNormOp>,
                 Unclaimed<AttentionOp>>(&getContext(), *t);
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    config.maxNumRewrites = 100000;
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    (void)applyPatternsAndFoldGreedily(func, std::move(patterns), config);

    llvm::StringSet<> after = mirOpNames(func);
    if (report || FusionReport::enabledByEnvironment())
      printDispatchReport(*t, before, after);

    bool legal = true;
    func.walk([&](Operation *op) {
      if (!isa<MIRDialect>(op->getDialect()) || t->claims(op) ||
          isa<YieldOp>(op))
        return;
      op->emitError() << "'" << op->getName() << "' is not supported by "
                      << "target '" << t->name
                      << "' and no rewrite makes it legal";
      legal = false;
    });
    if (!legal)
      signalPassFailure();
  }

  /// Per op kind: native (claimed), rewritten (gone), unsupported (left).
  void printDispatchReport(const Target &t, const llvm::StringSet<> &before,
                           const llvm::StringSet<> &after) {
    llvm::StringSet<> all = before;
    for (const auto &name : after)
      all.insert(name.getKey());
    SmallVector<StringRef> names;
    for (const auto &name : all)
      names.push_back(name.getKey());
    llvm::sort(names);
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "=== rlx dispatch report: @" << getOperation().getSymName()
       << ", target '" << t.name << "' ===\n";
    for (StringRef name : names) {
      StringRef status = t.claims(name)         ? "native"
                         : after.contains(name) ? "unsupported"
                                                : "rewritten";
      if (name == YieldOp::getOperationName())
        continue;
      os << "  " << name << ": " << status << "\n";
    }
    log(getOperation()->getContext(), ::rlx::LogLevel::report, text);
  }
};
} // namespace
