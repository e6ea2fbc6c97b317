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
//===----------------------------------------------------------------------===//
#include "conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUTILETRANSPOSES
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {

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
    for (linalg::TransposeOp op : transposes) {
      ArrayRef<int64_t> perm = op.getPermutation();
      int64_t rank = perm.size();
      // Output dim d reads input dim perm[d]: find the one that reads the
      // input's innermost.
      int64_t reads = llvm::find(perm, rank - 1) - perm.begin();
      if (rank < 2 || reads == rank - 1)
        continue; // the innermost dimension stays innermost
      SmallVector<int64_t> sizes(rank, 0);
      sizes[reads] = tile;
      sizes[rank - 1] = tile;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(
          rewriter, op, linalg::LinalgTilingOptions().setTileSizes(sizes));
      if (failed(tiled))
        continue; // left whole: correct, slower
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
