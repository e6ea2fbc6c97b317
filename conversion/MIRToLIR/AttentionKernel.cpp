//===- AttentionKernel.cpp - mir.attention as a blockwise kernel ----------===//
#include "conversion/MIRToLIR/AttentionKernel.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
using namespace mlir::rlx;
using kernels::indexConstant;

/// The largest divisor of `n` in [lo, hi], or 0.
static int64_t largestDivisor(int64_t n, int64_t lo, int64_t hi) {
  for (int64_t d = std::min(n, hi); d >= lo && d >= 1; --d)
    if (n % d == 0)
      return d;
  return 0;
}

AttentionBlocks mlir::rlx::chooseAttentionBlocks(mir::AttentionOp op,
                                                 int64_t maxQueryBlock,
                                                 int64_t maxKeyBlock) {
  int64_t seqQ = op.getQueryLength(), seqK = op.getKeyLength();
  AttentionBlocks blocks;
  blocks.queryBlock = std::max<int64_t>(
      1, largestDivisor(seqQ, 1, std::max<int64_t>(1, maxQueryBlock)));
  // A key length without a divisor of a useful size (a prime) is one block
  // while its scores fit a scratch of a few MiB.
  int64_t keyBlock = largestDivisor(seqK, 16, maxKeyBlock);
  if (!keyBlock)
    keyBlock = seqK <= 4096
                   ? seqK
                   : largestDivisor(seqK, 1, std::max<int64_t>(1, maxKeyBlock));
  blocks.keyBlock = std::max<int64_t>(1, keyBlock);
  return blocks;
}

int64_t mlir::rlx::attentionUnits(mir::AttentionOp op,
                                  const AttentionBlocks &blocks) {
  return op.getBatch() * op.getHeads() *
         (op.getQueryLength() / blocks.queryBlock);
}

/// x[batch, start : start + rows, head, :] of a [B, L, H, D] memref, as a
/// [rows, D] view (row stride H * D).
static Value headRows(OpBuilder &b, Location loc, Value x, Value batch,
                      Value start, int64_t rows, Value head) {
  auto type = cast<MemRefType>(x.getType());
  int64_t dim = type.getDimSize(3);
  SmallVector<OpFoldResult> offsets = {batch, start, head, b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(rows),
                                     b.getIndexAttr(1), b.getIndexAttr(dim)};
  SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
  auto viewType =
      cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
          {rows, dim}, type, offsets, sizes, strides));
  return b.create<memref::SubViewOp>(loc, viewType, x, offsets, sizes, strides);
}

/// An scf.for over [lb, ub) carrying `init`; `body` gets the induction
/// variable and the carried value and returns the next one.
static Value
reduceLoop(OpBuilder &b, Location loc, Value lb, Value ub, Value init,
           function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
  auto loop = b.create<scf::ForOp>(
      loc, lb, ub, indexConstant(b, loc, 1), ValueRange{init},
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange carried) {
        nb.create<scf::YieldOp>(nl, body(nb, nl, iv, carried[0]));
      });
  return loop.getResult(0);
}

/// An scf.for over [lb, ub) running `body` on the induction variable.
static void forLoop(OpBuilder &b, Location loc, Value lb, Value ub,
                    function_ref<void(OpBuilder &, Location, Value)> body) {
  b.create<scf::ForOp>(loc, lb, ub, indexConstant(b, loc, 1), ValueRange{},
                       [&](OpBuilder &nb, Location nl, Value iv, ValueRange) {
                         body(nb, nl, iv);
                         nb.create<scf::YieldOp>(nl);
                       });
}

namespace {
/// The scratch of one unit: f32 except the transposed key block.
struct Scratch {
  Value keysT;  // [D, Tb], k's element type
  Value scores; // [Sq, Tb]: S, then P
  Value max;    // [Sq]: m
  Value sum;    // [Sq]: l
  Value acc;    // [Sq, D]
};
} // namespace

void mlir::rlx::buildAttentionKernel(OpBuilder &b, Location loc,
                                     mir::AttentionOp op, Value q, Value k,
                                     Value v, Value out,
                                     const AttentionBlocks &blocks,
                                     Value unit) {
  const int64_t seqQ = op.getQueryLength(), seqK = op.getKeyLength(),
                heads = op.getHeads(), dim = op.getHeadDim();
  const int64_t sq = blocks.queryBlock, tb = blocks.keyBlock;
  const bool causal = op.getCausal();
  Type f32 = b.getF32Type();
  Type keyType = cast<MemRefType>(k.getType()).getElementType();

  // Scratch at the kernel's entry, outside every loop (one stack frame).
  auto scratch = [&](ArrayRef<int64_t> shape, Type element) -> Value {
    return b.create<memref::AllocaOp>(loc, MemRefType::get(shape, element),
                                      b.getI64IntegerAttr(64));
  };
  Scratch s{scratch({dim, tb}, keyType), scratch({sq, tb}, f32),
            scratch({sq}, f32), scratch({sq}, f32), scratch({sq, dim}, f32)};

  auto f32Constant = [&](OpBuilder &nb, Location nl, double value) -> Value {
    return nb.create<arith::ConstantOp>(nl, nb.getF32FloatAttr(value));
  };
  const double negInf = -std::numeric_limits<double>::infinity();

  auto unitBody = [&](OpBuilder &b, Location loc, Value unit) {
    Value zero = indexConstant(b, loc, 0);
    Value queryBlocks = indexConstant(b, loc, seqQ / sq);
    Value headCount = indexConstant(b, loc, heads);
    Value block = b.create<arith::RemUIOp>(loc, unit, queryBlocks);
    Value batchHead = b.create<arith::DivUIOp>(loc, unit, queryBlocks);
    Value head = b.create<arith::RemUIOp>(loc, batchHead, headCount);
    Value batch = b.create<arith::DivUIOp>(loc, batchHead, headCount);
    Value s0 = b.create<arith::MulIOp>(loc, block, indexConstant(b, loc, sq));
    Value qRows = headRows(b, loc, q, batch, s0, sq, head);
    Value outRows = headRows(b, loc, out, batch, s0, sq, head);

    // Causal: query s0 + i sees keys t <= s0 + i + (T - S); the unit's last
    // query sees up to s0 + sq - 1 + (T - S), so later key blocks are
    // skipped. Every query sees key 0 (S <= T): block 0 always runs.
    Value keyBlocks = indexConstant(b, loc, seqK / tb);
    Value lead = indexConstant(b, loc, seqK - seqQ);
    if (causal) {
      Value seen = b.create<arith::AddIOp>(
          loc, s0, indexConstant(b, loc, sq + (seqK - seqQ) + tb - 1));
      keyBlocks = b.create<arith::MinUIOp>(
          loc, keyBlocks,
          b.create<arith::DivUIOp>(loc, seen, indexConstant(b, loc, tb)));
    }
    Value scale = f32Constant(b, loc, op.getScale().convertToDouble());
    Value tbIndex = indexConstant(b, loc, tb);
    Value dimIndex = indexConstant(b, loc, dim);

    // One key block. The first starts the recurrence: m and l are its own
    // (no previous block to correct), and P V initializes acc.
    auto keyBlock = [&](OpBuilder &b, Location loc, Value kb, bool first) {
      Value t0 = b.create<arith::MulIOp>(loc, kb, tbIndex);
      Value keys = headRows(b, loc, k, batch, t0, tb, head);
      Value values = headRows(b, loc, v, batch, t0, tb, head);
      b.create<linalg::TransposeOp>(loc, keys, s.keysT,
                                    ArrayRef<int64_t>{1, 0});
      b.create<linalg::FillOp>(loc, f32Constant(b, loc, 0), s.scores);
      b.create<linalg::MatmulOp>(loc, ValueRange{qRows, s.keysT},
                                 ValueRange{s.scores});

      forLoop(
          b, loc, zero, indexConstant(b, loc, sq),
          [&](OpBuilder &b, Location loc, Value i) {
            // Keys of the block query s0 + i sees: all, or causally
            // clamp(s0 + i + (T - S) - t0 + 1, 0, tb).
            Value visible = tbIndex;
            if (causal) {
              Value last = b.create<arith::AddIOp>(
                  loc, b.create<arith::AddIOp>(loc, s0, i), lead);
              Value count = b.create<arith::SubIOp>(
                  loc,
                  b.create<arith::AddIOp>(loc, last, indexConstant(b, loc, 1)),
                  t0);
              // `count` may be below 0 as a signed index: clamp it.
              count = b.create<arith::MaxSIOp>(loc, count, zero);
              visible = b.create<arith::MinSIOp>(loc, count, tbIndex);
            }
            Value rawMax = reduceLoop(
                b, loc, zero, visible, f32Constant(b, loc, negInf),
                [&](OpBuilder &b, Location loc, Value j, Value acc) -> Value {
                  Value x =
                      b.create<memref::LoadOp>(loc, s.scores, ValueRange{i, j});
                  return b.create<arith::MaximumFOp>(loc, acc, x);
                });
            Value newMax = b.create<arith::MulFOp>(loc, rawMax, scale);
            Value oldMax;
            if (!first) {
              oldMax = b.create<memref::LoadOp>(loc, s.max, ValueRange{i});
              newMax = b.create<arith::MaximumFOp>(loc, oldMax, newMax);
            }
            Value rowSum = reduceLoop(
                b, loc, zero, visible, f32Constant(b, loc, 0),
                [&](OpBuilder &b, Location loc, Value j, Value acc) -> Value {
                  Value x =
                      b.create<memref::LoadOp>(loc, s.scores, ValueRange{i, j});
                  Value p = b.create<math::ExpOp>(
                      loc,
                      b.create<arith::SubFOp>(
                          loc, b.create<arith::MulFOp>(loc, x, scale), newMax));
                  b.create<memref::StoreOp>(loc, p, s.scores, ValueRange{i, j});
                  return b.create<arith::AddFOp>(loc, acc, p);
                });
            if (causal)
              forLoop(b, loc, visible, tbIndex,
                      [&](OpBuilder &b, Location loc, Value j) {
                        b.create<memref::StoreOp>(loc, f32Constant(b, loc, 0),
                                                  s.scores, ValueRange{i, j});
                      });
            b.create<memref::StoreOp>(loc, newMax, s.max, ValueRange{i});
            if (first) {
              b.create<memref::StoreOp>(loc, rowSum, s.sum, ValueRange{i});
              return;
            }
            // l = l * exp(m - m') + sum, acc *= exp(m - m').
            Value correction = b.create<math::ExpOp>(
                loc, b.create<arith::SubFOp>(loc, oldMax, newMax));
            Value oldSum = b.create<memref::LoadOp>(loc, s.sum, ValueRange{i});
            b.create<memref::StoreOp>(
                loc,
                b.create<arith::AddFOp>(
                    loc, b.create<arith::MulFOp>(loc, oldSum, correction),
                    rowSum),
                s.sum, ValueRange{i});
            forLoop(b, loc, zero, dimIndex,
                    [&](OpBuilder &b, Location loc, Value d) {
                      Value a = b.create<memref::LoadOp>(loc, s.acc,
                                                         ValueRange{i, d});
                      b.create<memref::StoreOp>(
                          loc, b.create<arith::MulFOp>(loc, a, correction),
                          s.acc, ValueRange{i, d});
                    });
          });
      if (first)
        b.create<linalg::FillOp>(loc, f32Constant(b, loc, 0), s.acc);
      b.create<linalg::MatmulOp>(loc, ValueRange{s.scores, values},
                                 ValueRange{s.acc});
    };
    keyBlock(b, loc, zero, /*first=*/true);
    forLoop(b, loc, indexConstant(b, loc, 1), keyBlocks,
            [&](OpBuilder &b, Location loc, Value kb) {
              keyBlock(b, loc, kb, /*first=*/false);
            });

    forLoop(b, loc, zero, indexConstant(b, loc, sq),
            [&](OpBuilder &b, Location loc, Value i) {
              Value sum = b.create<memref::LoadOp>(loc, s.sum, ValueRange{i});
              forLoop(b, loc, zero, dimIndex,
                      [&](OpBuilder &b, Location loc, Value d) {
                        Value a = b.create<memref::LoadOp>(loc, s.acc,
                                                           ValueRange{i, d});
                        kernels::storeAs(b, loc,
                                         b.create<arith::DivFOp>(loc, a, sum),
                                         outRows, ValueRange{i, d});
                      });
            });
  };

  if (unit) {
    unitBody(b, loc, unit);
    return;
  }
  forLoop(b, loc, indexConstant(b, loc, 0),
          indexConstant(b, loc, attentionUnits(op, blocks)), unitBody);
}
