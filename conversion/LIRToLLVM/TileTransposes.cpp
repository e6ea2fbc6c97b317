//===- TileTransposes.cpp - rlx-cpu-tile-transposes -----------------------===//
//
// A transpose that moves the innermost dimension (attention's K to
// [batch, head, d, seq]) becomes, as plain loops, one strided access per
// element: each element of an output row comes from another cache line of
// the input, 1 ns an element on Zen 4 (the encoder's K transpose took 23-32
// us for 128 KiB while its three row-preserving transposes took 3-5 us).
// Tiled by `tile` x `tile` over the two output dimensions that are the
// input's innermost and the output's innermost, each tile reads `tile`
// input lines and writes `tile` output lines, all in L1 while it runs.
// Transposes that keep the innermost dimension are contiguous copies
// already (and vectorized) and are left alone.
//
// The other dims are tiled by 1, so every tile is a 2-D `tile` x `tile`
// transpose. With `vectorize`, a full tile of 16 x 16 32-bit elements is
// 16 vector loads, the in-register transpose upstream lowers to shuffles
// (shuffle_16x16: AVX-512's 16 lanes), and 16 vector stores; partial tiles
// (a dim that is not a multiple of 16) stay scalar loops.
//
//===----------------------------------------------------------------------===//
#include "conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUTILETRANSPOSES
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {

/// The 16 x 16 transpose the shuffle lowering handles.
constexpr int64_t kVectorTile = 16;

/// The 2-D view of `tile` (a memref whose dims are 1 except `rowDim` and
/// `colDim`, both kVectorTile) as [kVectorTile, kVectorTile].
Value plane(OpBuilder &b, Location loc, Value tile) {
  auto type = cast<MemRefType>(tile.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0)),
      strides(rank, b.getIndexAttr(1)), sizes;
  for (int64_t size : type.getShape())
    sizes.push_back(b.getIndexAttr(size));
  auto planeType =
      cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
          {kVectorTile, kVectorTile}, type, offsets, sizes, strides));
  return b.create<memref::SubViewOp>(loc, planeType, tile, offsets, sizes,
                                     strides);
}

/// True when `type` is static with exactly two dims of kVectorTile, the
/// others 1, and 32-bit float elements.
bool isVectorTile(Type t) {
  auto type = dyn_cast<MemRefType>(t);
  if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
    return false;
  int64_t full = 0;
  for (int64_t size : type.getShape()) {
    if (size == kVectorTile)
      ++full;
    else if (size != 1)
      return false;
  }
  return full == 2;
}

/// `tile` (a linalg.transpose of one 16 x 16 plane) as a vector transpose;
/// returns it, or null when the tile is not a full f32 one.
vector::TransposeOp vectorizeTile(IRRewriter &rewriter,
                                  linalg::TransposeOp tile) {
  Value in = tile.getInput(), out = tile.getInit();
  if (!isVectorTile(in.getType()) || !isVectorTile(out.getType()))
    return {};
  Location loc = tile.getLoc();
  rewriter.setInsertionPoint(tile);
  Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
  Value pad =
      rewriter.create<arith::ConstantOp>(loc, rewriter.getF32FloatAttr(0));
  auto vectorType =
      VectorType::get({kVectorTile, kVectorTile}, rewriter.getF32Type());
  SmallVector<bool> inBounds = {true, true};
  Value read = rewriter.create<vector::TransferReadOp>(
      loc, vectorType, plane(rewriter, loc, in), ValueRange{zero, zero}, pad,
      inBounds);
  // The input plane's rows are the output's columns: the dims keep their
  // relative order on both sides, and the two swap.
  auto transposed =
      rewriter.create<vector::TransposeOp>(loc, read, ArrayRef<int64_t>{1, 0});
  rewriter.create<vector::TransferWriteOp>(loc, transposed,
                                           plane(rewriter, loc, out),
                                           ValueRange{zero, zero}, inBounds);
  rewriter.eraseOp(tile);
  return transposed;
}

struct CpuTileTransposes
    : mlir::rlx::impl::CpuTileTransposesBase<CpuTileTransposes> {
  using CpuTileTransposesBase::CpuTileTransposesBase;

  void runOnOperation() override {
    if (tile < 1) {
      getOperation().emitError("rlx-cpu-tile-transposes: tile must be >= 1");
      return signalPassFailure();
    }
    SmallVector<linalg::TransposeOp> transposes;
    getOperation().walk([&](linalg::TransposeOp op) {
      if (op.hasPureBufferSemantics())
        transposes.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    SmallVector<vector::TransposeOp> vectorTransposes;
    for (linalg::TransposeOp op : transposes) {
      ArrayRef<int64_t> perm = op.getPermutation();
      int64_t rank = perm.size();
      // Output dim d reads input dim perm[d]: find the one that reads the
      // input's innermost.
      int64_t reads = llvm::find(perm, rank - 1) - perm.begin();
      if (rank < 2 || reads == rank - 1)
        continue; // the innermost dimension stays innermost
      SmallVector<int64_t> sizes(rank, 1);
      sizes[reads] = tile;
      sizes[rank - 1] = tile;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(
          rewriter, op, linalg::LinalgTilingOptions().setTileSizes(sizes));
      if (failed(tiled))
        continue; // left whole: correct, slower
      rewriter.eraseOp(op);
      if (vectorize && tile == kVectorTile)
        if (auto tileOp =
                dyn_cast<linalg::TransposeOp>(tiled->op.getOperation()))
          if (vector::TransposeOp t = vectorizeTile(rewriter, tileOp))
            vectorTransposes.push_back(t);
    }
    // The in-register transposes as shuffles (upstream's 16 x 16 lowering).
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransformsOptions().setVectorTransposeLowering(
                      vector::VectorTransposeLowering::Shuffle16x16));
    SmallVector<Operation *> ops(vectorTransposes.begin(),
                                 vectorTransposes.end());
    if (!ops.empty() &&
        failed(applyOpPatternsAndFold(ops, std::move(patterns)))) {
      getOperation().emitError("rlx-cpu-tile-transposes: the vector "
                               "transposes did not lower");
      return signalPassFailure();
    }
  }
};

} // namespace
