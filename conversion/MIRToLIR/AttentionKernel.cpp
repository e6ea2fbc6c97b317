//===- AttentionKernel.cpp - mir.attention as a blockwise kernel ----------===//
#include "conversion/MIRToLIR/AttentionKernel.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::rlx;
using kernels::indexConstant;

/// The type a kernel of `op` computes in: f64 for f64 operands, else f32
/// (f16 and bf16 accumulate in f32).
static FloatType computeType(mir::AttentionOp op) {
  Type element = op.getQuery().getType().getElementType();
  Builder b(op.getContext());
  return element.isF64() ? b.getF64Type() : b.getF32Type();
}

/// Bytes of a unit's scratch with `bytes` per element: the transposed key
/// block [D, Tb], the scores [Sq, Tb], acc [Sq, D], m and l [Sq].
static int64_t scratchBytes(int64_t queryBlock, int64_t keyBlock, int64_t dim,
                            int64_t bytes) {
  return bytes * (dim * keyBlock + queryBlock * keyBlock + queryBlock * dim +
                  2 * queryBlock);
}

AttentionBlocks mlir::rlx::chooseAttentionBlocks(mir::AttentionOp op,
                                                 int64_t maxQueryBlock,
                                                 int64_t maxKeyBlock) {
  int64_t dim = op.getHeadDim();
  int64_t bytes = computeType(op).getWidth() / 8;
  AttentionBlocks blocks;
  blocks.queryBlock =
      std::max<int64_t>(1, std::min(op.getQueryLength(), maxQueryBlock));
  blocks.keyBlock =
      std::max<int64_t>(1, std::min(op.getKeyLength(), maxKeyBlock));
  // A large head_dim shrinks the blocks (keys first: the scores and the
  // transposed keys both scale with them) until the scratch fits.
  while (scratchBytes(blocks.queryBlock, blocks.keyBlock, dim, bytes) >
             kAttentionScratchBytes &&
         (blocks.queryBlock > 1 || blocks.keyBlock > 1)) {
    if (blocks.keyBlock >= blocks.queryBlock)
      blocks.keyBlock = (blocks.keyBlock + 1) / 2;
    else
      blocks.queryBlock = (blocks.queryBlock + 1) / 2;
  }
  return blocks;
}

int64_t mlir::rlx::attentionUnits(mir::AttentionOp op,
                                  const AttentionBlocks &blocks) {
  return op.getBatch() * op.getHeads() *
         llvm::divideCeil(op.getQueryLength(), blocks.queryBlock);
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
/// The scratch of one unit: the compute type (computeType) except the
/// transposed key block, which has k's element type. A tail
/// block uses the leading rows and columns of each.
struct Scratch {
  Value keysT;  // [D, Tb], k's element type
  Value scores; // [Sq, Tb]: S, then P
  Value max;    // [Sq]: m
  Value sum;    // [Sq]: l
  Value acc;    // [Sq, D]
};

/// The leading `sizes` of `buffer` (itself when they are its shape).
Value leading(OpBuilder &b, Location loc, Value buffer,
              ArrayRef<int64_t> sizes) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getShape() == sizes)
    return buffer;
  SmallVector<OpFoldResult> offsets(sizes.size(), b.getIndexAttr(0)),
      strides(sizes.size(), b.getIndexAttr(1)), sizeAttrs;
  for (int64_t size : sizes)
    sizeAttrs.push_back(b.getIndexAttr(size));
  return b.create<memref::SubViewOp>(loc, buffer, offsets, sizeAttrs, strides);
}
} // namespace

void mlir::rlx::buildAttentionKernel(OpBuilder &b, Location loc,
                                     mir::AttentionOp op, Value q, Value k,
                                     Value v, Value position, Value out,
                                     const AttentionBlocks &blocks,
                                     Value unit) {
  const int64_t seqQ = op.getQueryLength(), seqK = op.getKeyLength(),
                heads = op.getHeads(), dim = op.getHeadDim();
  const int64_t sq = blocks.queryBlock, tb = blocks.keyBlock;
  const int64_t queryBlocks = llvm::divideCeil(seqQ, sq);
  const int64_t fullKeyBlocks = seqK / tb, keyTail = seqK % tb;
  const bool causal = op.getCausal();
  // With a run-time position the keys a query sees end at a bound only
  // known when the kernel runs, causal or not.
  const bool bounded = causal || position;
  FloatType accType = computeType(op);
  Type keyType = cast<MemRefType>(k.getType()).getElementType();

  // No query (or batch, head): nothing to compute. No key: every output is
  // an empty sum, 0 (what the chain's product over T = 0 gives).
  if (attentionUnits(op, blocks) == 0)
    return;
  if (seqK == 0) {
    Type element = cast<MemRefType>(out.getType()).getElementType();
    b.create<linalg::FillOp>(
        loc,
        ValueRange{b.create<arith::ConstantOp>(loc, b.getZeroAttr(element))},
        ValueRange{out});
    return;
  }

  // Scratch at the kernel's entry, outside every loop (one stack frame).
  auto scratch = [&](ArrayRef<int64_t> shape, Type element) -> Value {
    return b.create<memref::AllocaOp>(loc, MemRefType::get(shape, element),
                                      b.getI64IntegerAttr(64));
  };
  Scratch full{scratch({dim, tb}, keyType), scratch({sq, tb}, accType),
               scratch({sq}, accType), scratch({sq}, accType),
               scratch({sq, dim}, accType)};

  // The queries' position p among the keys: run-time, or T - S.
  Value lead = position ? kernels::loadPosition(b, loc, position)
                        : indexConstant(b, loc, seqK - seqQ);

  auto constant = [&](OpBuilder &nb, Location nl, double value) -> Value {
    return nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(accType, value));
  };
  const double negInf = -std::numeric_limits<double>::infinity();

  // The queries [s0, s0 + rows) of (batch, head): `rows` is sq, or the
  // query tail in the last block.
  auto queryBlock = [&](OpBuilder &b, Location loc, Value batch, Value head,
                        Value s0, int64_t rows) {
    Value zero = indexConstant(b, loc, 0);
    // Grouped-query attention: query head h reads kv head h / (H / KVH).
    Value kvHead = head;
    if (int64_t group = heads / op.getKvHeads(); group > 1)
      kvHead =
          b.create<arith::DivUIOp>(loc, head, indexConstant(b, loc, group));
    Value qRows = headRows(b, loc, q, batch, s0, rows, head);
    Value outRows = headRows(b, loc, out, batch, s0, rows, head);
    Value max = leading(b, loc, full.max, {rows});
    Value sum = leading(b, loc, full.sum, {rows});
    Value acc = leading(b, loc, full.acc, {rows, dim});

    // Causal: query s0 + i sees keys t <= s0 + i + p; the block's last
    // query sees up to s0 + rows - 1 + p. Without causal, a run-time p
    // bounds every query's keys at t < p + S. Key blocks past the bound
    // are skipped. A query that sees any key sees key 0: block 0 always
    // runs (and starts the recurrence).
    int64_t keyBlocks = llvm::divideCeil(seqK, tb);
    Value visitedBlocks = indexConstant(b, loc, keyBlocks);
    if (bounded) {
      // Keys [0, end) are the most any query of the block sees; `seen`
      // rounds up to whole blocks.
      Value seen;
      if (!position) {
        // Causal, p = T - S >= 0 (C5): one add of a constant.
        seen = b.create<arith::AddIOp>(
            loc, s0, indexConstant(b, loc, rows + (seqK - seqQ) + tb - 1));
      } else {
        Value end = b.create<arith::AddIOp>(
            loc, lead,
            causal
                ? b.create<arith::AddIOp>(loc, s0, indexConstant(b, loc, rows))
                      .getResult()
                : indexConstant(b, loc, seqQ));
        end = b.create<arith::MaxSIOp>(loc, end, zero);
        seen = b.create<arith::AddIOp>(loc, end, indexConstant(b, loc, tb - 1));
      }
      visitedBlocks = b.create<arith::MinUIOp>(
          loc, visitedBlocks,
          b.create<arith::DivUIOp>(loc, seen, indexConstant(b, loc, tb)));
    }
    Value scale = constant(b, loc, op.getScale().convertToDouble());
    Value dimIndex = indexConstant(b, loc, dim);

    // Key block `kb` of `size` keys (tb, or the key tail in the last
    // block). The first starts the recurrence: m and l are its own (no
    // previous block to correct), and P V initializes acc.
    auto keyBlock = [&](OpBuilder &b, Location loc, Value kb, int64_t size,
                        bool first) {
      Value sizeIndex = indexConstant(b, loc, size);
      Value t0 = b.create<arith::MulIOp>(loc, kb, indexConstant(b, loc, tb));
      Value keys = headRows(b, loc, k, batch, t0, size, kvHead);
      Value values = headRows(b, loc, v, batch, t0, size, kvHead);
      Value keysT = leading(b, loc, full.keysT, {dim, size});
      Value scores = leading(b, loc, full.scores, {rows, size});
      b.create<linalg::TransposeOp>(loc, keys, keysT, ArrayRef<int64_t>{1, 0});
      b.create<linalg::FillOp>(loc, constant(b, loc, 0), scores);
      b.create<linalg::MatmulOp>(loc, ValueRange{qRows, keysT},
                                 ValueRange{scores});

      forLoop(
          b, loc, zero, indexConstant(b, loc, rows),
          [&](OpBuilder &b, Location loc, Value i) {
            // Keys of the block query s0 + i sees: all, causally
            // clamp(s0 + i + p - t0 + 1, 0, size), else with a run-time p
            // clamp(p + S - t0, 0, size).
            Value visible = sizeIndex;
            if (bounded) {
              Value end =
                  causal ? b.create<arith::AddIOp>(
                                loc,
                                b.create<arith::AddIOp>(
                                    loc, b.create<arith::AddIOp>(loc, s0, i),
                                    lead),
                                indexConstant(b, loc, 1))
                               .getResult()
                         : b.create<arith::AddIOp>(loc, lead,
                                                   indexConstant(b, loc, seqQ))
                               .getResult();
              Value count = b.create<arith::SubIOp>(loc, end, t0);
              // `count` may be below 0 as a signed index: clamp it.
              count = b.create<arith::MaxSIOp>(loc, count, zero);
              visible = b.create<arith::MinSIOp>(loc, count, sizeIndex);
            }
            Value rawMax = reduceLoop(
                b, loc, zero, visible, constant(b, loc, negInf),
                [&](OpBuilder &b, Location loc, Value j,
                    Value carried) -> Value {
                  Value x =
                      b.create<memref::LoadOp>(loc, scores, ValueRange{i, j});
                  return b.create<arith::MaximumFOp>(loc, carried, x);
                });
            Value newMax = b.create<arith::MulFOp>(loc, rawMax, scale);
            Value oldMax;
            if (!first) {
              oldMax = b.create<memref::LoadOp>(loc, max, ValueRange{i});
              newMax = b.create<arith::MaximumFOp>(loc, oldMax, newMax);
            }
            Value rowSum = reduceLoop(
                b, loc, zero, visible, constant(b, loc, 0),
                [&](OpBuilder &b, Location loc, Value j,
                    Value carried) -> Value {
                  Value x =
                      b.create<memref::LoadOp>(loc, scores, ValueRange{i, j});
                  Value p = b.create<math::ExpOp>(
                      loc,
                      b.create<arith::SubFOp>(
                          loc, b.create<arith::MulFOp>(loc, x, scale), newMax));
                  b.create<memref::StoreOp>(loc, p, scores, ValueRange{i, j});
                  return b.create<arith::AddFOp>(loc, carried, p);
                });
            if (bounded)
              forLoop(b, loc, visible, sizeIndex,
                      [&](OpBuilder &b, Location loc, Value j) {
                        b.create<memref::StoreOp>(loc, constant(b, loc, 0),
                                                  scores, ValueRange{i, j});
                      });
            b.create<memref::StoreOp>(loc, newMax, max, ValueRange{i});
            if (first) {
              b.create<memref::StoreOp>(loc, rowSum, sum, ValueRange{i});
              return;
            }
            // l = l * exp(m - m') + sum, acc *= exp(m - m').
            Value correction = b.create<math::ExpOp>(
                loc, b.create<arith::SubFOp>(loc, oldMax, newMax));
            Value oldSum = b.create<memref::LoadOp>(loc, sum, ValueRange{i});
            b.create<memref::StoreOp>(
                loc,
                b.create<arith::AddFOp>(
                    loc, b.create<arith::MulFOp>(loc, oldSum, correction),
                    rowSum),
                sum, ValueRange{i});
            forLoop(b, loc, zero, dimIndex,
                    [&](OpBuilder &b, Location loc, Value d) {
                      Value a =
                          b.create<memref::LoadOp>(loc, acc, ValueRange{i, d});
                      b.create<memref::StoreOp>(
                          loc, b.create<arith::MulFOp>(loc, a, correction), acc,
                          ValueRange{i, d});
                    });
          });
      if (first)
        b.create<linalg::FillOp>(loc, constant(b, loc, 0), acc);
      b.create<linalg::MatmulOp>(loc, ValueRange{scores, values},
                                 ValueRange{acc});
    };
    // Block 0, the full blocks after it, then the key tail (when causal,
    // only if the block's queries see it).
    keyBlock(b, loc, zero, fullKeyBlocks ? tb : keyTail, /*first=*/true);
    if (fullKeyBlocks > 1)
      forLoop(b, loc, indexConstant(b, loc, 1),
              b.create<arith::MinUIOp>(loc, visitedBlocks,
                                       indexConstant(b, loc, fullKeyBlocks)),
              [&](OpBuilder &b, Location loc, Value kb) {
                keyBlock(b, loc, kb, tb, /*first=*/false);
              });
    if (fullKeyBlocks && keyTail) {
      Value tailIndex = indexConstant(b, loc, fullKeyBlocks);
      auto tail = [&](OpBuilder &b, Location loc) {
        keyBlock(b, loc, tailIndex, keyTail, /*first=*/false);
      };
      if (bounded) {
        Value seesTail = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt,
                                                 visitedBlocks, tailIndex);
        b.create<scf::IfOp>(loc, seesTail, [&](OpBuilder &b, Location loc) {
          tail(b, loc);
          b.create<scf::YieldOp>(loc);
        });
      } else {
        tail(b, loc);
      }
    }

    forLoop(
        b, loc, zero, indexConstant(b, loc, rows),
        [&](OpBuilder &b, Location loc, Value i) {
          Value l = b.create<memref::LoadOp>(loc, sum, ValueRange{i});
          forLoop(
              b, loc, zero, dimIndex, [&](OpBuilder &b, Location loc, Value d) {
                Value a = b.create<memref::LoadOp>(loc, acc, ValueRange{i, d});
                Value o = b.create<arith::DivFOp>(loc, a, l);
                // A query that saw no key (l is 0, or NaN from the
                // corrections of empty blocks) gives 0.
                if (position)
                  o = b.create<arith::SelectOp>(
                      loc,
                      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, l,
                                              constant(b, loc, 0)),
                      o, constant(b, loc, 0));
                kernels::storeAs(b, loc, o, outRows, ValueRange{i, d});
              });
        });
  };

  // Unit -> (batch, head, query block); the last query block may be the
  // query tail.
  auto unitBody = [&](OpBuilder &b, Location loc, Value unit) {
    Value blockCount = indexConstant(b, loc, queryBlocks);
    Value headCount = indexConstant(b, loc, heads);
    Value block = b.create<arith::RemUIOp>(loc, unit, blockCount);
    Value batchHead = b.create<arith::DivUIOp>(loc, unit, blockCount);
    Value head = b.create<arith::RemUIOp>(loc, batchHead, headCount);
    Value batch = b.create<arith::DivUIOp>(loc, batchHead, headCount);
    Value s0 = b.create<arith::MulIOp>(loc, block, indexConstant(b, loc, sq));
    int64_t queryTail = seqQ % sq;
    if (!queryTail) {
      queryBlock(b, loc, batch, head, s0, sq);
      return;
    }
    if (queryBlocks == 1) {
      queryBlock(b, loc, batch, head, s0, queryTail);
      return;
    }
    Value isTail =
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, block,
                                indexConstant(b, loc, queryBlocks - 1));
    b.create<scf::IfOp>(
        loc, isTail,
        [&](OpBuilder &b, Location loc) {
          queryBlock(b, loc, batch, head, s0, queryTail);
          b.create<scf::YieldOp>(loc);
        },
        [&](OpBuilder &b, Location loc) {
          queryBlock(b, loc, batch, head, s0, sq);
          b.create<scf::YieldOp>(loc);
        });
  };

  if (unit) {
    unitBody(b, loc, unit);
    return;
  }
  forLoop(b, loc, indexConstant(b, loc, 0),
          indexConstant(b, loc, attentionUnits(op, blocks)), unitBody);
}
