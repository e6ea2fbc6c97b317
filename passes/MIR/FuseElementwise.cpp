//===- FuseElementwise.cpp - mir-fuse-elementwise -------------------------===//
//
// A maximal tree of elementwise ops whose intermediates have one use becomes
// one mir.elementwise region: one loop over the result, no intermediate
// tensors. Producers with the root's shape are absorbed; broadcasts and
// splat constants are absorbed as implicit broadcasting and scalar
// constants. The tree is clipped to the target's step and input limits.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSEELEMENTWISE
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "elementwise";
static constexpr StringLiteral kFused = "mir.elementwise";

/// An elementwise primitive on tensors: a step a region can hold.
static bool isTensorStep(Operation *op) {
  return isa<UnaryOp, BinaryOp, CompareOp, SelectOp, CastOp>(op) &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

/// A splat tensor constant, absorbed as a scalar mir.constant.
static SplatElementsAttr splatConstant(Value v) {
  auto cst = v.getDefiningOp<ConstantOp>();
  return cst ? dyn_cast<SplatElementsAttr>(cst.getValue())
             : SplatElementsAttr();
}

/// The one op all of `op`'s uses belong to, or null.
static Operation *singleUser(Operation *op) {
  Operation *user = nullptr;
  for (Operation *u : op->getUsers()) {
    if (user && u != user)
      return nullptr;
    user = u;
  }
  return user;
}

/// A step with `shape` whose every use is by an op in `tree` (so the value
/// does not escape the region).
static bool absorbable(Operation *producer, ArrayRef<int64_t> shape,
                       const llvm::SmallPtrSetImpl<Operation *> &tree) {
  return producer && isTensorStep(producer) && !producer->use_empty() &&
         cast<ShapedType>(producer->getResult(0).getType()).getShape() ==
             shape &&
         llvm::all_of(producer->getUsers(),
                      [&](Operation *u) { return tree.contains(u); });
}

namespace {
/// The tree a root grows: steps (ops to move into the region) and inputs.
struct Tree {
  SmallVector<Operation *> steps; // block order after sort
  llvm::SetVector<Value> inputs;  // region inputs, in order
  llvm::SmallPtrSet<Operation *, 8> absorbedBroadcasts;
};
} // namespace

/// The values `op` reads once broadcasts are looked through and splat
/// constants set aside.
static void collectInputs(Operation *op, llvm::SetVector<Value> &inputs,
                          llvm::SmallPtrSetImpl<Operation *> &broadcasts) {
  for (Value v : op->getOperands()) {
    if (splatConstant(v))
      continue;
    if (auto bc = v.getDefiningOp<BroadcastOp>(); bc && bc->hasOneUse()) {
      broadcasts.insert(bc);
      inputs.insert(bc.getInput());
      continue;
    }
    inputs.insert(v);
  }
}

/// Grows the tree of `root` within the limits, to a fixpoint (a producer
/// read by two steps joins once both are in).
static Tree growTree(Operation *root, const FusionOptions &opts) {
  Tree tree;
  llvm::SmallPtrSet<Operation *, 16> members = {root};
  ArrayRef<int64_t> shape =
      cast<ShapedType>(root->getResult(0).getType()).getShape();
  tree.steps.push_back(root);
  collectInputs(root, tree.inputs, tree.absorbedBroadcasts);
  for (bool grew = true; grew;) {
    grew = false;
    for (Value v : SmallVector<Value>(tree.inputs.begin(), tree.inputs.end())) {
      Operation *producer = v.getDefiningOp();
      if (!absorbable(producer, shape, members))
        continue;
      // Over a limit: the producer stays outside (diagnose reports it).
      if (static_cast<int64_t>(tree.steps.size()) + 1 > opts.maxSteps)
        continue;
      llvm::SetVector<Value> inputs = tree.inputs;
      llvm::SmallPtrSet<Operation *, 8> broadcasts = tree.absorbedBroadcasts;
      inputs.remove(v);
      collectInputs(producer, inputs, broadcasts);
      if (static_cast<int64_t>(inputs.size()) > opts.maxInputs)
        continue;
      tree.inputs = std::move(inputs);
      tree.absorbedBroadcasts = std::move(broadcasts);
      tree.steps.push_back(producer);
      members.insert(producer);
      grew = true;
    }
  }
  llvm::sort(tree.steps,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return tree;
}

/// Is `op` the root of a tree (no consumer's tree would absorb it)?
static bool isRoot(Operation *op) {
  Operation *user = singleUser(op);
  if (!user || !isTensorStep(user))
    return true;
  llvm::SmallPtrSet<Operation *, 1> consumer = {user};
  return !absorbable(
      op, cast<ShapedType>(user->getResult(0).getType()).getShape(), consumer);
}

/// The scalar form of tensor step `op`, built in the region body.
static Value buildScalarStep(OpBuilder &b, Operation *op, IRMapping &map) {
  auto scalar = [&](Value v) -> Value {
    if (Value mapped = map.lookupOrNull(v))
      return mapped;
    SplatElementsAttr splat = splatConstant(v);
    Value c = b.create<ConstantOp>(
        op->getLoc(), cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    map.map(v, c);
    return c;
  };
  Type elt = getElementTypeOrSelf(op->getResult(0).getType());
  Location loc = op->getLoc();
  if (auto u = dyn_cast<UnaryOp>(op))
    return b.create<UnaryOp>(loc, elt, u.getKind(), scalar(u.getInput()));
  if (auto bin = dyn_cast<BinaryOp>(op))
    return b.create<BinaryOp>(loc, elt, bin.getKind(), scalar(bin.getLhs()),
                              scalar(bin.getRhs()));
  if (auto cmp = dyn_cast<CompareOp>(op))
    return b.create<CompareOp>(loc, elt, cmp.getKind(), scalar(cmp.getLhs()),
                               scalar(cmp.getRhs()));
  if (auto sel = dyn_cast<SelectOp>(op))
    return b.create<SelectOp>(loc, elt, scalar(sel.getCondition()),
                              scalar(sel.getTrueValue()),
                              scalar(sel.getFalseValue()));
  auto cast = llvm::cast<CastOp>(op);
  return b.create<CastOp>(loc, elt, scalar(cast.getInput()));
}

namespace {
struct FormRegion : RewritePattern {
  FormRegion(MLIRContext *ctx, const FusionOptions &opts)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx), opts(opts) {}
  LogicalResult matchAndRewrite(Operation *root,
                                PatternRewriter &rewriter) const override {
    if (!isTensorStep(root) || !isRoot(root))
      return rewriter.notifyMatchFailure(root, "not the root of a chain");
    if (!opts.allow(root, kFused))
      return rewriter.notifyMatchFailure(root, opts.notClaimed(kFused));
    Tree tree = growTree(root, opts);
    if (tree.steps.size() < 2)
      return rewriter.notifyMatchFailure(root, "a single step");
    // mir.elementwise needs an input (C1); all-constant trees are left to
    // constant folding.
    if (tree.inputs.empty())
      return rewriter.notifyMatchFailure(root, "every operand is a constant");

    rewriter.setInsertionPoint(root);
    Type resultType = root->getResult(0).getType();
    SmallVector<Value> inputs(tree.inputs.begin(), tree.inputs.end());
    // The region stands for every step: its location is theirs.
    SmallVector<Location> stepLocs;
    for (Operation *step : tree.steps)
      stepLocs.push_back(step->getLoc());
    auto region = rewriter.create<ElementwiseOp>(rewriter.getFusedLoc(stepLocs),
                                                 resultType, inputs);
    Block *body = rewriter.createBlock(&region.getBody());
    IRMapping map;
    for (Value in : inputs) {
      Type elt = cast<ShapedType>(in.getType()).getElementType();
      map.map(in, body->addArgument(elt, in.getLoc()));
    }
    // A broadcast absorbed into the region reads its input's element.
    for (Operation *bc : tree.absorbedBroadcasts)
      map.map(bc->getResult(0), map.lookup(bc->getOperand(0)));
    rewriter.setInsertionPointToStart(body);
    for (Operation *step : tree.steps)
      map.map(step->getResult(0), buildScalarStep(rewriter, step, map));
    rewriter.create<YieldOp>(root->getLoc(), map.lookup(root->getResult(0)));

    opts.fused(kPattern, root,
               Twine(tree.steps.size()) + " steps, " + Twine(inputs.size()) +
                   " inputs into mir.elementwise");
    rewriter.replaceOp(root, region.getResult());
    // The absorbed steps (single use, now dead) go in reverse order.
    for (Operation *step : llvm::reverse(tree.steps))
      if (step != root)
        rewriter.eraseOp(step);
    for (Operation *bc : tree.absorbedBroadcasts)
      if (bc->use_empty())
        rewriter.eraseOp(bc);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateElementwiseFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FormRegion>(patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseElementwiseFusion(func::FuncOp func,
                                               const FusionOptions &opts) {
  // Step producers left outside a region (or a chain) they could have
  // joined: the limit, or the target, stopped them.
  func.walk([&](Operation *op) {
    if (!isTensorStep(op))
      return;
    // The user may have no result (func.return) or a non-tensor one.
    Operation *user = singleUser(op);
    if (!user || user->getNumResults() != 1)
      return;
    auto userType = dyn_cast<ShapedType>(user->getResult(0).getType());
    if (!userType || cast<ShapedType>(op->getResult(0).getType()).getShape() !=
                         userType.getShape())
      return;
    if (isa<ElementwiseOp>(user))
      opts.missed(kPattern, op,
                  "not absorbed into the consumer region: region limits are " +
                      std::to_string(opts.maxSteps) + " steps, " +
                      std::to_string(opts.maxInputs) + " inputs");
    else if (isTensorStep(user) && !opts.allow(op, kFused))
      opts.missed(kPattern, op, opts.notClaimed(kFused));
  });
}

namespace {
struct FuseElementwisePass
    : mlir::rlx::mir::impl::MIRFuseElementwiseBase<FuseElementwisePass> {
  using MIRFuseElementwiseBase::MIRFuseElementwiseBase;
  void runOnOperation() override {
    if (skipWithoutRegions) {
      const Target *target = lookupTargetOrEmit(getOperation());
      if (!target)
        return signalPassFailure();
      if (!target->hasRegionKernels())
        return markAllAnalysesPreserved();
    }
    FusionPassConfig config{report, assertClean, maxSteps, maxInputs};
    if (failed(runFusionPass(getOperation(), {kElementwiseStage}, config)))
      signalPassFailure();
  }
};
} // namespace
