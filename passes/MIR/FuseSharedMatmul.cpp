//===- FuseSharedMatmul.cpp - mir-fuse-shared-matmul ----------------------===//
//
// Matmuls of one input with different weights (the Q, K and V projections)
// become one mir.shared_matmul, which reads the input once.
//
//===----------------------------------------------------------------------===//
#include "dialects/MIR/MIROps.h"
#include "passes/MIR/Fusion.h"
#include "passes/MIR/Passes.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRFUSESHAREDMATMUL
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

static constexpr StringLiteral kPattern = "shared-matmul";
static constexpr StringLiteral kFused = "mir.shared_matmul";

/// A matmul that projects its input by a rank-2 float weight.
static bool isProjection(MatmulOp mm) {
  return mm.getRhs().getType().getRank() == 2 &&
         isa<FloatType>(mm.getType().getElementType());
}

/// The projections of `input` in `block`, in block order.
static SmallVector<MatmulOp> projectionsOf(Value input, Block *block) {
  SmallVector<MatmulOp> group;
  for (Operation *user : input.getUsers())
    if (auto mm = dyn_cast<MatmulOp>(user))
      if (mm.getLhs() == input && mm->getBlock() == block && isProjection(mm))
        group.push_back(mm);
  llvm::sort(group,
             [](MatmulOp a, MatmulOp b) { return a->isBeforeInBlock(b); });
  group.erase(std::unique(group.begin(), group.end()), group.end());
  return group;
}

/// Can `weight` be made available before `first` (already there, or
/// defined by an operand-free op that can move up)?
static bool canHoistBefore(Value weight, Operation *first) {
  if (isAvailableAt(weight, first))
    return true;
  Operation *def = weight.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         def->getBlock() == first->getBlock();
}

namespace {
struct SharedMatch {
  SmallVector<MatmulOp> members;
};
} // namespace

/// The group `root` heads, or why it cannot fuse. Members whose weight
/// cannot be made available before the first matmul are left out (and
/// reported by diagnose).
static FailureOr<SharedMatch>
matchShared(MatmulOp root, const FusionOptions &opts, std::string &why) {
  if (!isProjection(root))
    return why = "weight is not a rank-2 float tensor", failure();
  SmallVector<MatmulOp> group = projectionsOf(root.getLhs(), root->getBlock());
  if (group.size() < 2)
    return why = "no other matmul shares the input", failure();
  if (group.front() != root)
    return why = "not the first matmul of its group", failure();
  SharedMatch m;
  for (MatmulOp mm : group)
    if (canHoistBefore(mm.getRhs(), root))
      m.members.push_back(mm);
  if (m.members.size() < 2)
    return why = "the other weights are computed after the first matmul",
           failure();
  if (!opts.allow(root, kFused))
    return why = opts.notClaimed(kFused), failure();
  return m;
}

namespace {
struct FuseSharedMatmulPattern : OpRewritePattern<MatmulOp> {
  FuseSharedMatmulPattern(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(MatmulOp root,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<SharedMatch> m = matchShared(root, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(root, why);
    SmallVector<Value> weights;
    SmallVector<Type> types;
    for (MatmulOp mm : m->members) {
      Value w = mm.getRhs();
      if (!isAvailableAt(w, root))
        rewriter.moveOpBefore(w.getDefiningOp(), root);
      weights.push_back(w);
      types.push_back(mm.getType());
    }
    opts.fused(kPattern, root,
               Twine(m->members.size()) +
                   " matmuls of one input into mir.shared_matmul");
    rewriter.setInsertionPoint(root);
    SmallVector<Location> memberLocs;
    for (auto mm : m->members)
      memberLocs.push_back(mm.getLoc());
    auto shared =
        rewriter.create<SharedMatmulOp>(rewriter.getFusedLoc(memberLocs), types,
                                        root.getLhs(), weights, ValueRange());
    for (auto [mm, result] : llvm::zip(m->members, shared.getOutputs()))
      rewriter.replaceOp(mm, result);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateSharedMatmulFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseSharedMatmulPattern>(patterns.getContext(), opts);
}

void mlir::rlx::mir::diagnoseSharedMatmulFusion(func::FuncOp func,
                                                const FusionOptions &opts) {
  // Projections left unfused while their input feeds another projection or
  // a shared matmul.
  func.walk([&](MatmulOp mm) {
    if (!isProjection(mm))
      return;
    Value input = mm.getLhs();
    bool sharedExists = llvm::any_of(
        input.getUsers(), [](Operation *u) { return isa<SharedMatmulOp>(u); });
    SmallVector<MatmulOp> group = projectionsOf(input, mm->getBlock());
    if (group.size() < 2 && !sharedExists)
      return;
    std::string why;
    if (group.front() == mm && group.size() >= 2) {
      if (failed(matchShared(mm, opts, why)))
        opts.missed(kPattern, mm, why);
      return;
    }
    if (group.front() != mm && group.size() >= 2)
      return; // reported with the group's first matmul
    opts.missed(kPattern, mm,
                "its weight is computed after the shared matmul of the same "
                "input");
  });
}

namespace {
struct FuseSharedMatmulPass
    : mlir::rlx::mir::impl::MIRFuseSharedMatmulBase<FuseSharedMatmulPass> {
  using MIRFuseSharedMatmulBase::MIRFuseSharedMatmulBase;
  void runOnOperation() override {
    if (failed(runFusionPass(getOperation(), {kSharedMatmulStage},
                             {report, assertClean})))
      signalPassFailure();
  }
};
} // namespace
