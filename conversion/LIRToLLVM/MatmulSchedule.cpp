//===- MatmulSchedule.cpp - Tiling and vectorizing linalg.matmul ----------===//
//
// The schedule of MLIR19.md (~112 GFLOP/s for 512^3 f32 on one Zen 4 core),
// in C++ on memrefs:
//   1. tile (M, N, K) by 64 x 256 x 128 (cache blocks), then the block by
//      8 x 32 x 4 (register tiles: an 8 x 32 accumulator);
//   2. peel the register loops, so that every full tile has static sizes;
//      edge tiles stay linalg.matmul and become scalar loops later;
//   3. vectorize the static tiles, fold the broadcast + reduction into
//      vector.contract and the subviews into the transfers;
//   4. keep the accumulator in registers across the k loop (read before,
//      write after), lower vector.contract to outer products (FMAs) and the
//      transfers to 1-D loads and stores.
// Each step is a small func.func pass; canonicalization and CSE run between
// them (addMatmulSchedule).
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/MatmulSchedule.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

constexpr int64_t kCacheTile[] = {64, 256, 128};
constexpr int64_t kRegisterTile[] = {8, 32, 4};
/// Marks the register-tile matmuls and loops between the passes.
constexpr llvm::StringLiteral kRegisterTileAttr = "rlx.register_tile";

GreedyRewriteConfig boundedConfig() {
  GreedyRewriteConfig config;
  config.maxIterations = 10;
  config.maxNumRewrites = 1000000;
  return config;
}

bool isScheduled(linalg::MatmulOp op) {
  if (!op.hasPureBufferSemantics())
    return false;
  return llvm::all_of(op->getOperandTypes(), [](Type t) {
    auto type = dyn_cast<MemRefType>(t);
    return type && type.getElementType().isF32();
  });
}

/// Step 1: two levels of tiling; the register tile and its loops are marked.
struct MatmulTile : PassWrapper<MatmulTile, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MatmulTile)
  StringRef getArgument() const override { return "rlx-matmul-tile"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    rlx::registerMatmulScheduleDependencies(registry);
  }

  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk([&](linalg::MatmulOp op) {
      if (isScheduled(op))
        matmuls.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    UnitAttr mark = rewriter.getUnitAttr();
    for (linalg::MatmulOp op : matmuls) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::TiledLinalgOp> cache = linalg::tileLinalgOp(
          rewriter, op, linalg::LinalgTilingOptions().setTileSizes(kCacheTile));
      if (failed(cache))
        continue; // The op stays whole and becomes loops.
      rewriter.eraseOp(op);
      FailureOr<linalg::TiledLinalgOp> tile = linalg::tileLinalgOp(
          rewriter, cache->op,
          linalg::LinalgTilingOptions().setTileSizes(kRegisterTile));
      if (failed(tile))
        continue;
      rewriter.eraseOp(cache->op);
      tile->op->setAttr(kRegisterTileAttr, mark);
      for (Operation *loop : tile->loops)
        loop->setAttr(kRegisterTileAttr, mark);
    }
  }
};

/// Step 2: peels the marked loops, innermost first, so that the copies an
/// outer loop's peeled iteration makes hold already peeled inner loops.
struct MatmulPeel : PassWrapper<MatmulPeel, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MatmulPeel)
  StringRef getArgument() const override { return "rlx-matmul-peel"; }

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kRegisterTileAttr))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      loop->removeAttr(kRegisterTileAttr);
      scf::ForOp partial;
      // Fails (and changes nothing) when the step divides the range.
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
      if (partial)
        partial->removeAttr(kRegisterTileAttr);
    }
  }
};

/// Step 3: vectorizes the static register tiles, then folds broadcast +
/// multi_reduction into vector.contract and subviews into transfers.
struct MatmulVectorize
    : PassWrapper<MatmulVectorize, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MatmulVectorize)
  StringRef getArgument() const override { return "rlx-matmul-vectorize"; }

  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> tiles;
    getOperation().walk([&](linalg::MatmulOp op) {
      if (op->hasAttr(kRegisterTileAttr))
        tiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::MatmulOp tile : tiles) {
      tile->removeAttr(kRegisterTileAttr);
      // Edge tiles have dynamic sizes: they stay and become loops.
      if (ShapedType::isDynamicShape(tile.getStaticLoopRanges()))
        continue;
      (void)linalg::vectorize(rewriter, tile);
    }

    // The transfers broadcast A and B to the 3-D iteration space: as
    // explicit broadcasts and transposes, they fold into vector.contract.
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorReductionToContractPatterns(patterns);
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                       boundedConfig());
  }
};

/// In `loop`, a transfer_read and a later transfer_write of the same memref
/// at the same loop-invariant indices (the accumulator tile) become one read
/// before the loop, an iter_arg, and one write after it. Upstream's
/// hoistRedundantVectorTransfers refuses here because every kernel operand
/// is a view of the arena. Sound when nothing else in the loop writes memory
/// and no other read in it sees the accumulator: linalg.matmul's output does
/// not alias its inputs (an aliasing matmul has no defined result).
bool hoistAccumulator(RewriterBase &rewriter, scf::ForOp loop) {
  Block *body = loop.getBody();
  vector::TransferWriteOp write;
  for (Operation &op : body->without_terminator()) {
    if (auto w = dyn_cast<vector::TransferWriteOp>(op)) {
      if (write)
        return false;
      write = w;
      continue;
    }
    if (!isa<vector::TransferReadOp>(op) && !isMemoryEffectFree(&op))
      return false;
  }
  if (!write || write.getMask() || !isa<MemRefType>(write.getShapedType()))
    return false;
  auto outside = [&](Value v) { return loop.isDefinedOutsideOfLoop(v); };
  if (!outside(write.getSource()) || !llvm::all_of(write.getIndices(), outside))
    return false;

  vector::TransferReadOp read;
  for (auto r : body->getOps<vector::TransferReadOp>()) {
    if (r.getSource() != write.getSource())
      continue;
    if (read || r.getIndices() != write.getIndices() ||
        r.getVectorType() != write.getVectorType() ||
        r.getPermutationMap() != write.getPermutationMap() || r.getMask() ||
        !r->isBeforeInBlock(write))
      return false;
    read = r;
  }
  if (!read || !llvm::all_of(read->getOperands(), outside))
    return false;

  rewriter.moveOpBefore(read, loop);
  Value initial = read.getResult();
  FailureOr<LoopLikeOpInterface> hoisted =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, initial, /*replaceInitOperandUsesInLoop=*/true,
              [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                return SmallVector<Value>{write.getVector()};
              });
  if (failed(hoisted))
    return false;
  Operation *newLoop = hoisted->getOperation();
  rewriter.moveOpAfter(write, newLoop);
  rewriter.modifyOpInPlace(write, [&] {
    write.getVectorMutable().assign(newLoop->getResults().back());
  });
  return true;
}

/// Step 4: accumulator hoisting, then vector.contract -> outer products ->
/// FMAs and transfers -> 1-D loads/stores (vector-to-scf unrolls the rest).
struct MatmulLowerVectors
    : PassWrapper<MatmulLowerVectors, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MatmulLowerVectors)
  StringRef getArgument() const override { return "rlx-matmul-lower"; }

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    bool hasContract = false;
    fn.walk([&](vector::ContractionOp) { hasContract = true; });
    if (!hasContract)
      return;
    IRRewriter rewriter(&getContext());
    SmallVector<scf::ForOp> loops;
    fn.walk([&](scf::ForOp loop) {
      bool contracts =
          llvm::any_of(loop.getBody()->getOperations(), [](Operation &op) {
            return isa<vector::ContractionOp>(op);
          });
      if (contracts)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      // The accumulator's indices are computed in the loop but invariant.
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      (void)hoistAccumulator(rewriter, loop);
    }

    vector::VectorTransformsOptions options;
    options.setVectorTransformsOptions(
        vector::VectorContractLowering::OuterProduct);
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(patterns, options);
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    vector::populateVectorTransposeLoweringPatterns(patterns, options);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerParallel);
    (void)applyPatternsAndFoldGreedily(fn, std::move(patterns),
                                       boundedConfig());
  }
};

void addCleanup(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass(boundedConfig()));
  pm.addPass(createCSEPass());
}
} // namespace

void mlir::rlx::addMatmulSchedule(OpPassManager &funcPm) {
  funcPm.addPass(std::make_unique<MatmulTile>());
  // Static loop bounds and tile sizes where the sizes divide: single-trip
  // loops go, affine.min of a loop's range folds.
  addCleanup(funcPm);
  funcPm.addPass(createSCFForLoopCanonicalizationPass());
  funcPm.addPass(std::make_unique<MatmulPeel>());
  // Full tiles' subviews get static types; the matmuls follow (cast folds).
  addCleanup(funcPm);
  funcPm.addPass(createSCFForLoopCanonicalizationPass());
  addCleanup(funcPm);
  funcPm.addPass(std::make_unique<MatmulVectorize>());
  // Hoisting needs CSE'd indices and constants out of the loops.
  addCleanup(funcPm);
  funcPm.addPass(std::make_unique<MatmulLowerVectors>());
  addCleanup(funcPm);
}

void mlir::rlx::registerMatmulScheduleDependencies(DialectRegistry &registry) {
  registry
      .insert<affine::AffineDialect, arith::ArithDialect, linalg::LinalgDialect,
              memref::MemRefDialect, scf::SCFDialect, vector::VectorDialect>();
  linalg::registerTilingInterfaceExternalModels(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
  memref::registerValueBoundsOpInterfaceExternalModels(registry);
}
