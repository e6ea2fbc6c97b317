//===- FuseSharedMatmul.cpp - mir-fuse-shared-matmul ----------------------===//
//
// Matmuls of one input with different weights (the Q, K and V projections)
// become one mir.shared_matmul, which reads the input once; when every
// result then gets its bias added, the adds become the shared matmul's
// epilogue.
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

/// The bias added to `output` by its one user, an add that keeps its type:
/// the add's other operand, rank 1 `[N]` (N: the output's last dim) of the
/// output's element type, available at `shared` or defined by an
/// operand-free op that can move up to it.
static FailureOr<Value> biasAddedTo(Value output, SharedMatmulOp shared,
                                    std::string &why) {
  if (!output.hasOneUse())
    return why = "result has " +
                 std::to_string(
                     std::distance(output.use_begin(), output.use_end())) +
                 " uses",
           failure();
  auto add = dyn_cast<BinaryOp>(*output.user_begin());
  if (!add || add.getKind() != BinaryKind::add)
    return why = "its user is not an add", failure();
  if (add.getType() != output.getType())
    return why = "the add broadcasts the result to a larger shape", failure();
  Value bias = add.getLhs() == output ? add.getRhs() : add.getLhs();
  auto type = cast<RankedTensorType>(output.getType());
  if (bias.getType() !=
      RankedTensorType::get({type.getShape().back()}, type.getElementType()))
    return why = "the other operand is not a bias of the shape [N]", failure();
  if (!canHoistBefore(bias, shared))
    return why = "the bias is computed after the shared matmul", failure();
  return bias;
}

namespace {
struct SharedBiasMatch {
  SmallVector<Value> biases;
  SmallVector<Operation *> adds;
};
} // namespace

/// The bias of every result of `shared`, or why they cannot all fuse.
static FailureOr<SharedBiasMatch> matchSharedBias(SharedMatmulOp shared,
                                                  const FusionOptions &opts,
                                                  std::string &why) {
  if (!shared.getBiases().empty())
    return why = "already has biases", failure();
  SharedBiasMatch m;
  for (auto [i, output] : llvm::enumerate(shared.getOutputs())) {
    std::string whyNot;
    FailureOr<Value> bias = biasAddedTo(output, shared, whyNot);
    if (failed(bias))
      return why = "bias adds: result " + std::to_string(i) + ": " + whyNot,
             failure();
    m.biases.push_back(*bias);
    m.adds.push_back(*output.user_begin());
  }
  if (!opts.allow(shared, kFused))
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

/// A shared matmul whose every result gets a bias added takes the biases
/// (its epilogue); with one result left without, nothing changes.
struct FuseSharedBias : OpRewritePattern<SharedMatmulOp> {
  FuseSharedBias(MLIRContext *ctx, const FusionOptions &opts)
      : OpRewritePattern(ctx), opts(opts) {}
  LogicalResult matchAndRewrite(SharedMatmulOp shared,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<SharedBiasMatch> m = matchSharedBias(shared, opts, why);
    if (failed(m))
      return rewriter.notifyMatchFailure(shared, why);
    for (Value bias : m->biases)
      if (!isAvailableAt(bias, shared))
        rewriter.moveOpBefore(bias.getDefiningOp(), shared);
    opts.fused(kPattern, shared,
               Twine(m->biases.size()) + " bias adds into mir.shared_matmul");
    // The fused op stands for the shared matmul and the adds.
    SmallVector<Location> locs = {shared.getLoc()};
    for (Operation *add : m->adds)
      locs.push_back(add->getLoc());
    rewriter.setInsertionPoint(shared);
    auto biased = rewriter.create<SharedMatmulOp>(
        rewriter.getFusedLoc(locs), shared.getResultTypes(), shared.getInput(),
        shared.getWeights(), m->biases);
    for (auto [add, result] : llvm::zip(m->adds, biased.getOutputs()))
      rewriter.replaceOp(add, result);
    rewriter.eraseOp(shared);
    return success();
  }
  const FusionOptions &opts;
};
} // namespace

void mlir::rlx::mir::populateSharedMatmulFusionPatterns(
    RewritePatternSet &patterns, const FusionOptions &opts) {
  patterns.add<FuseSharedMatmulPattern, FuseSharedBias>(patterns.getContext(),
                                                        opts);
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
  // Shared matmuls without biases some of whose results get a bias added
  // (an add of a rank-1 operand): the adds that stayed.
  func.walk([&](SharedMatmulOp shared) {
    if (!shared.getBiases().empty())
      return;
    auto isBiasAdd = [](Operation *user) {
      auto add = dyn_cast<BinaryOp>(user);
      return add && add.getKind() == BinaryKind::add &&
             add.getLhs().getType() != add.getRhs().getType() &&
             llvm::any_of(add->getOperandTypes(), [](Type t) {
               auto tensor = dyn_cast<RankedTensorType>(t);
               return tensor && tensor.getRank() == 1;
             });
    };
    if (llvm::none_of(shared->getUsers(), isBiasAdd))
      return;
    std::string why;
    if (failed(matchSharedBias(shared, opts, why)))
      opts.missed(kPattern, shared, why);
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
