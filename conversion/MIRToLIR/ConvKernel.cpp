//===- ConvKernel.cpp - mir.conv2d as tiled matrix products ---------------===//
#include "conversion/MIRToLIR/ConvKernel.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

namespace {

/// Output pixels a tile aims at (whole output rows; at least one row): two
/// strips of the AVX-512 microkernel.
constexpr int64_t kTilePixels = 128;
/// Most bytes of one chunk's patches on the stack (besides the
/// microkernel's own panels).
constexpr int64_t kPatchBytes = 256 * 1024;
/// Most bytes of stack either kernel may take for its own buffers (one
/// channel's patches; a depthwise kernel's padded plane and its phases):
/// larger convs keep the neutral kernels rather than risk a caller's
/// smaller stack.
constexpr int64_t kMaxStackBytes = 1024 * 1024;
/// Fewer tiles than this split the output channels too (both threads, and
/// the pool's balancing, on the deep layers of few pixels)...
constexpr int64_t kMinWorkgroups = 4;
/// ...into chunks of at least this many channels.
constexpr int64_t kMinChannelChunk = 64;

/// How a conv's work is cut (all static).
struct ConvTiling {
  int64_t rows;      // output rows per tile
  int64_t rowTiles;  // tiles per image (the last may have fewer rows)
  int64_t channels;  // input channels per chunk (divides C)
  int64_t outChunks; // output channel ranges (divides O)
};

/// A 1x1 conv with unit strides and no padding: its patches are the input
/// itself ([C, H*W] per image), read in place.
bool isPointwise(mir::Conv2dOp op, ArrayRef<int64_t> f) {
  return f[2] == 1 && f[3] == 1 &&
         llvm::all_of(op.getStrides(), [](int64_t s) { return s == 1; }) &&
         llvm::all_of(op.getPadding(), [](int64_t p) { return p == 0; });
}

ConvTiling chooseTiling(mir::Conv2dOp op, ArrayRef<int64_t> in,
                        ArrayRef<int64_t> f, ArrayRef<int64_t> o) {
  ConvTiling t;
  int64_t ho = o[2], wo = o[3];
  t.rows = std::clamp<int64_t>(kTilePixels / wo, 1, ho);
  t.rowTiles = (ho + t.rows - 1) / t.rows;
  int64_t patchRow = f[2] * f[3] * t.rows * wo * 4;
  // No buffer, so one chunk of every channel.
  t.channels = isPointwise(op, f) ? in[1] : 1;
  for (int64_t c = in[1]; c >= 1 && t.channels == 1; --c)
    if (in[1] % c == 0 && c * patchRow <= kPatchBytes) {
      t.channels = c;
      break;
    }
  t.outChunks = 1;
  int64_t tiles = o[0] * t.rowTiles;
  if (tiles < kMinWorkgroups)
    for (int64_t k = std::min((kMinWorkgroups + tiles - 1) / tiles,
                              o[1] / kMinChannelChunk);
         k > 1; --k)
      if (o[1] % k == 0) {
        t.outChunks = k;
        break;
      }
  return t;
}

/// A loop over [0, n) whose body gets the index (no loop when n is 1).
void forRange(OpBuilder &b, Location loc, int64_t n,
              function_ref<void(Value)> body) {
  if (n == 1)
    return body(indexConstant(b, loc, 0));
  auto loop =
      b.create<scf::ForOp>(loc, indexConstant(b, loc, 0),
                           indexConstant(b, loc, n), indexConstant(b, loc, 1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(loop.getInductionVar());
}

Value window(OpBuilder &b, Location loc, Value memref, ArrayRef<Value> offsets,
             ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> o(offsets.begin(), offsets.end()), s, one;
  for (int64_t size : sizes) {
    s.push_back(b.getIndexAttr(size));
    one.push_back(b.getIndexAttr(1));
  }
  return b.create<memref::SubViewOp>(loc, memref, o, s, one);
}

} // namespace

/// f32 operands and result, static, no empty dim.
static bool staticF32(mir::Conv2dOp op) {
  auto isF32 = [](Type t) {
    auto shaped = cast<ShapedType>(t);
    return shaped.getElementType().isF32() && shaped.hasStaticShape() &&
           !llvm::is_contained(shaped.getShape(), 0);
  };
  return llvm::all_of(op->getOperandTypes(), isF32) && isF32(op.getType());
}

static KernelShape buildConvTiles(OpBuilder &b, Location loc, mir::Conv2dOp op,
                                  Value input, Value filter, Value bias,
                                  Value out) {
  ArrayRef<int64_t> in = shapeOf(input), f = shapeOf(filter), o = shapeOf(out);
  ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations(),
                    padding = op.getPadding();
  int64_t kk = f[2] * f[3], ho = o[2], wo = o[3];
  ConvTiling t = chooseTiling(op, in, f, o);
  bool pointwise = isPointwise(op, f);
  int64_t chunkRows = t.channels * kk, tilePixels = t.rows * wo;
  int64_t outChannels = o[1] / t.outChunks;
  KernelShape shape;
  shape.grid = {o[0] * t.rowTiles * t.outChunks};

  // Which image, tile of rows and range of output channels.
  Value id =
      shape.grid[0] > 1
          ? b.create<lir::WorkgroupIdOp>(loc, b.getIndexType(), 0).getResult()
          : indexConstant(b, loc, 0);
  Value outChunk = indexConstant(b, loc, 0);
  if (t.outChunks > 1) {
    outChunk =
        b.create<arith::RemUIOp>(loc, id, indexConstant(b, loc, t.outChunks));
    id = b.create<arith::DivUIOp>(loc, id, indexConstant(b, loc, t.outChunks));
  }
  Value tile =
      b.create<arith::RemUIOp>(loc, id, indexConstant(b, loc, t.rowTiles));
  Value image =
      b.create<arith::DivUIOp>(loc, id, indexConstant(b, loc, t.rowTiles));
  Value firstChannel = b.create<arith::MulIOp>(
      loc, outChunk, indexConstant(b, loc, outChannels));
  Value firstRow =
      b.create<arith::MulIOp>(loc, tile, indexConstant(b, loc, t.rows));

  // The filter as [O, C*KH*KW] and the output as [N*O, Ho*Wo] (both
  // contiguous), and the patches' stack buffer.
  Value filter2d = b.create<memref::CollapseShapeOp>(
      loc, filter, ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
  Value out2d = b.create<memref::CollapseShapeOp>(
      loc, out, ArrayRef<ReassociationIndices>{{0, 1}, {2, 3}});
  // A pointwise conv reads its patches in place: the input as [N*C, H*W].
  Value patches =
      pointwise
          ? b.create<memref::CollapseShapeOp>(
                 loc, input, ArrayRef<ReassociationIndices>{{0, 1}, {2, 3}})
                .getResult()
          : b.create<memref::AllocaOp>(
                 loc, MemRefType::get({chunkRows, tilePixels}, b.getF32Type()))
                .getResult();
  Value zero = scalarConstant(b, loc, b.getF32Type(), 0.0);

  // One tile of `rows` output rows, every shape static.
  auto emitTile = [&](OpBuilder &tb, int64_t rows) {
    Location l = loc;
    int64_t pixels = rows * wo;
    Value outRow = tb.create<arith::AddIOp>(
        l, tb.create<arith::MulIOp>(l, image, indexConstant(tb, l, o[1])),
        firstChannel);
    Value firstPixel =
        tb.create<arith::MulIOp>(l, firstRow, indexConstant(tb, l, wo));
    Value c = window(tb, l, out2d, {outRow, firstPixel}, {outChannels, pixels});
    // The window starts as the bias (or 0); each chunk's product adds to it.
    if (bias) {
      MLIRContext *ctx = tb.getContext();
      SmallVector<AffineMap> maps = {
          AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx),
          AffineMap::getMultiDimIdentityMap(2, ctx)};
      SmallVector<utils::IteratorType> iterators(2,
                                                 utils::IteratorType::parallel);
      tb.create<linalg::GenericOp>(
          l, ValueRange{window(tb, l, bias, {firstChannel}, {outChannels})},
          ValueRange{c}, maps, iterators,
          [](OpBuilder &nb, Location nloc, ValueRange args) {
            nb.create<linalg::YieldOp>(nloc, args[0]);
          });
    } else
      tb.create<linalg::FillOp>(l, ValueRange{zero}, ValueRange{c});
    Value p;
    if (pointwise)
      p = window(
          tb, l, patches,
          {tb.create<arith::MulIOp>(l, image, indexConstant(tb, l, in[1])),
           firstPixel},
          {chunkRows, pixels});
    else
      p = pixels == tilePixels
              ? patches
              : window(tb, l, patches,
                       {indexConstant(tb, l, 0), indexConstant(tb, l, 0)},
                       {chunkRows, pixels});
    forRange(tb, l, in[1] / t.channels, [&](Value chunk) {
      Value c0 =
          tb.create<arith::MulIOp>(l, chunk, indexConstant(tb, l, t.channels));
      if (!pointwise)
        // The chunk's patches: row (cc, kh, kw), column (r, ow). kh and kw
        // are unrolled, so each (row, output row) is a static run of input
        // pixels (the ow whose iw lies inside the input, stride sw apart)
        // copied whole, with static runs of zeros either side; an output row
        // whose input row lies in the padding is all zeros.
        forRange(tb, l, t.channels, [&](Value cc) {
          Value channel = tb.create<arith::AddIOp>(l, c0, cc);
          Value rowBase =
              tb.create<arith::MulIOp>(l, cc, indexConstant(tb, l, kk));
          for (int64_t kh = 0; kh < f[2]; ++kh)
            for (int64_t kw = 0; kw < f[3]; ++kw) {
              Value row = tb.create<arith::AddIOp>(
                  l, rowBase, indexConstant(tb, l, kh * f[3] + kw));
              // iw = ow * sw + shift lies in [0, W) for ow in [lo, hi).
              int64_t shift = kw * dilations[1] - padding[1];
              int64_t lo = std::clamp<int64_t>(
                  (-shift + strides[1] - 1) / strides[1], 0, wo);
              if (-shift <= 0)
                lo = 0;
              int64_t hi = std::clamp<int64_t>(
                  (in[3] - shift + strides[1] - 1) / strides[1], lo, wo);
              forRange(tb, l, rows, [&](Value r) {
                Value oh = tb.create<arith::AddIOp>(l, firstRow, r);
                Value ih = tb.create<arith::AddIOp>(
                    l, scaledIndex(tb, l, oh, strides[0], -padding[0]),
                    indexConstant(tb, l, kh * dilations[0]));
                Value column0 =
                    tb.create<arith::MulIOp>(l, r, indexConstant(tb, l, wo));
                auto dest = [&](OpBuilder &db, int64_t from, int64_t count) {
                  Value start = db.create<arith::AddIOp>(
                      l, column0, indexConstant(db, l, from));
                  return db.create<memref::SubViewOp>(
                      l,
                      MemRefType::get(
                          {count}, db.getF32Type(),
                          StridedLayoutAttr::get(db.getContext(),
                                                 ShapedType::kDynamic, {1})),
                      p, ArrayRef<OpFoldResult>{row, start},
                      ArrayRef<OpFoldResult>{db.getIndexAttr(1),
                                             db.getIndexAttr(count)},
                      ArrayRef<OpFoldResult>{db.getIndexAttr(1),
                                             db.getIndexAttr(1)});
                };
                auto zeros = [&](OpBuilder &db, int64_t from, int64_t count) {
                  if (count > 0)
                    db.create<linalg::FillOp>(
                        l, ValueRange{zero}, ValueRange{dest(db, from, count)});
                };
                tb.create<scf::IfOp>(
                    l, indexInRange(tb, l, ih, in[2]),
                    [&](OpBuilder &ib, Location) {
                      zeros(ib, 0, lo);
                      if (hi > lo) {
                        Value source = ib.create<memref::SubViewOp>(
                            l,
                            MemRefType::get(
                                {hi - lo}, ib.getF32Type(),
                                StridedLayoutAttr::get(ib.getContext(),
                                                       ShapedType::kDynamic,
                                                       {strides[1]})),
                            input,
                            ArrayRef<OpFoldResult>{
                                image, channel, ih,
                                ib.getIndexAttr(lo * strides[1] + shift)},
                            ArrayRef<OpFoldResult>{
                                ib.getIndexAttr(1), ib.getIndexAttr(1),
                                ib.getIndexAttr(1), ib.getIndexAttr(hi - lo)},
                            ArrayRef<OpFoldResult>{
                                ib.getIndexAttr(1), ib.getIndexAttr(1),
                                ib.getIndexAttr(1),
                                ib.getIndexAttr(strides[1])});
                        ib.create<linalg::CopyOp>(l, source,
                                                  Value(dest(ib, lo, hi - lo)));
                      }
                      zeros(ib, hi, wo - hi);
                      ib.create<scf::YieldOp>(l);
                    },
                    [&](OpBuilder &eb, Location) {
                      zeros(eb, 0, wo);
                      eb.create<scf::YieldOp>(l);
                    });
              });
            }
        });
      Value k0 = tb.create<arith::MulIOp>(l, c0, indexConstant(tb, l, kk));
      Value a =
          window(tb, l, filter2d, {firstChannel, k0}, {outChannels, chunkRows});
      tb.create<linalg::MatmulOp>(l, ValueRange{a, p}, ValueRange{c});
    });
    // The activation on the finished tile, while it is in cache.
    if (op.getAct() != Activation::none)
      buildElementwise(
          tb, l, {}, c,
          [&](OpBuilder &nb, Location nloc, ValueRange e) {
            return buildActivation(nb, nloc, op.getAct(), e.back());
          },
          /*readsOutput=*/true);
  };

  int64_t fullTiles = ho / t.rows, restRows = ho - fullTiles * t.rows;
  if (restRows == 0) {
    emitTile(b, t.rows);
  } else {
    // The last tile of each image has fewer rows: its own static shapes.
    Value isLast = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, tile,
                                           indexConstant(b, loc, fullTiles));
    b.create<scf::IfOp>(
        loc, isLast,
        [&](OpBuilder &tb, Location l) {
          emitTile(tb, restRows);
          tb.create<scf::YieldOp>(l);
        },
        [&](OpBuilder &tb, Location l) {
          emitTile(tb, t.rows);
          tb.create<scf::YieldOp>(l);
        });
  }
  return shape;
}

//===----------------------------------------------------------------------===//
// Depthwise
//===----------------------------------------------------------------------===//

/// Output elements a depthwise workgroup computes, at least (the pool's
/// hand-off costs more than a smaller share).
static constexpr int64_t kDepthwiseWorkgroupElements = 16384;

/// The padded input plane of a depthwise conv: every row and column a
/// window reads (the padding included).
struct DepthwisePlane {
  int64_t rows, cols;
};
static DepthwisePlane depthwisePlane(mir::Conv2dOp op, ArrayRef<int64_t> in,
                                     ArrayRef<int64_t> f, ArrayRef<int64_t> o) {
  ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations(),
                    padding = op.getPadding();
  return {std::max(padding[0] + in[2],
                   (o[2] - 1) * strides[0] + (f[2] - 1) * dilations[0] + 1),
          std::max(padding[1] + in[3],
                   (o[3] - 1) * strides[1] + (f[3] - 1) * dilations[1] + 1)};
}

static KernelShape buildDepthwise(OpBuilder &b, Location loc, mir::Conv2dOp op,
                                  Value input, Value filter, Value bias,
                                  Value out) {
  ArrayRef<int64_t> in = shapeOf(input), f = shapeOf(filter), o = shapeOf(out);
  ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations(),
                    padding = op.getPadding();
  int64_t ho = o[2], wo = o[3], sh = strides[0], sw = strides[1];
  int64_t multiplier = o[1] / in[1];
  Type f32 = b.getF32Type();
  // The zero-padded input plane and, for a column stride, its sw column
  // phases (phase p: columns p, p + sw, ...), so that every window
  // position reads contiguous rows.
  DepthwisePlane size = depthwisePlane(op, in, f, o);
  int64_t rows = size.rows, cols = size.cols;
  int64_t phaseCols = (cols + sw - 1) / sw;

  // Workgroups: ranges of (image, output channel) planes.
  int64_t planes = o[0] * o[1];
  int64_t least = (kDepthwiseWorkgroupElements + ho * wo - 1) / (ho * wo);
  int64_t chunk = planes;
  for (int64_t c = std::max<int64_t>(1, least); c <= planes; ++c)
    if (planes % c == 0) {
      chunk = c;
      break;
    }
  KernelShape shape;
  shape.grid = {planes / chunk};

  // The padding is written once: the planes only overwrite the interior.
  Value padded =
      b.create<memref::AllocaOp>(loc, MemRefType::get({rows, cols}, f32));
  Value zero = scalarConstant(b, loc, f32, 0.0);
  b.create<linalg::FillOp>(loc, ValueRange{zero}, ValueRange{padded});
  SmallVector<Value> phases;
  if (sw > 1)
    for (int64_t p = 0; p < sw; ++p)
      phases.push_back(b.create<memref::AllocaOp>(
          loc, MemRefType::get({rows, phaseCols}, f32)));
  Value first =
      shape.grid[0] > 1
          ? b.create<arith::MulIOp>(
                 loc, b.create<lir::WorkgroupIdOp>(loc, b.getIndexType(), 0),
                 indexConstant(b, loc, chunk))
                .getResult()
          : indexConstant(b, loc, 0);

  /// The [count0, count1] window of `memref` at `at` with steps `step0`,
  /// `step1` along its last two dims (the others of size 1, dropped).
  auto plane2d = [&](Value memref, ArrayRef<OpFoldResult> at, int64_t count0,
                     int64_t count1, int64_t step0 = 1,
                     int64_t step1 = 1) -> Value {
    int64_t rank = cast<MemRefType>(memref.getType()).getRank();
    SmallVector<OpFoldResult> sizes(rank, b.getIndexAttr(1)),
        steps(rank, b.getIndexAttr(1));
    sizes[rank - 2] = b.getIndexAttr(count0);
    sizes[rank - 1] = b.getIndexAttr(count1);
    steps[rank - 2] = b.getIndexAttr(step0);
    steps[rank - 1] = b.getIndexAttr(step1);
    auto type = cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
        {count0, count1}, cast<MemRefType>(memref.getType()), at, sizes,
        steps));
    return b.create<memref::SubViewOp>(loc, type, memref, at, sizes, steps);
  };

  forRange(b, loc, chunk, [&](Value i) {
    Value plane = b.create<arith::AddIOp>(loc, first, i);
    Value image =
        b.create<arith::DivUIOp>(loc, plane, indexConstant(b, loc, o[1]));
    Value channel =
        b.create<arith::RemUIOp>(loc, plane, indexConstant(b, loc, o[1]));
    Value inChannel =
        multiplier == 1 ? channel
                        : b.create<arith::DivUIOp>(
                               loc, channel, indexConstant(b, loc, multiplier))
                              .getResult();
    // The input plane into the padded buffer, then its phases.
    OpFoldResult zeroIndex = b.getIndexAttr(0);
    b.create<linalg::CopyOp>(
        loc,
        plane2d(input, {image, inChannel, zeroIndex, zeroIndex}, in[2], in[3]),
        plane2d(padded,
                {b.getIndexAttr(padding[0]), b.getIndexAttr(padding[1])}, in[2],
                in[3]));
    for (int64_t p = 0; p < static_cast<int64_t>(phases.size()); ++p) {
      int64_t count = (cols - p + sw - 1) / sw;
      b.create<linalg::CopyOp>(
          loc,
          plane2d(padded, {zeroIndex, b.getIndexAttr(p)}, rows, count, 1, sw),
          plane2d(phases[p], {zeroIndex, zeroIndex}, rows, count));
    }
    // Each output row is one pass over its columns: a column's sum starts
    // as the bias and takes every window position's weight times the input
    // at that position, in registers, then is stored once (a pass per window
    // position would load and store the row KH * KW times). The window
    // positions' weights are loaded once per plane.
    Value start = bias
                      ? b.create<memref::LoadOp>(loc, bias, ValueRange{channel})
                            .getResult()
                      : zero;
    SmallVector<Value> weights;
    for (int64_t kh = 0; kh < f[2]; ++kh)
      for (int64_t kw = 0; kw < f[3]; ++kw)
        weights.push_back(b.create<memref::LoadOp>(
            loc, filter,
            ValueRange{channel, indexConstant(b, loc, 0),
                       indexConstant(b, loc, kh), indexConstant(b, loc, kw)}));
    forRange(b, loc, ho, [&](Value oh) {
      // The input row each window position reads, from column 0 of the
      // output row on: a contiguous view, so that the column loop reads it
      // at the column itself.
      SmallVector<Value> sources;
      Value top = b.create<arith::MulIOp>(loc, oh, indexConstant(b, loc, sh));
      for (int64_t kh = 0; kh < f[2]; ++kh) {
        Value row = b.create<arith::AddIOp>(
            loc, top, indexConstant(b, loc, kh * dilations[0]));
        for (int64_t kw = 0; kw < f[3]; ++kw) {
          int64_t col = kw * dilations[1];
          Value from = sw == 1 ? padded : phases[col % sw];
          sources.push_back(plane2d(
              from, {row, b.getIndexAttr(sw == 1 ? col : col / sw)}, 1, wo));
        }
      }
      Value zeroIndex0 = indexConstant(b, loc, 0);
      auto columns = b.create<scf::ForOp>(
          loc, zeroIndex0, indexConstant(b, loc, wo), indexConstant(b, loc, 1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(columns.getBody());
      Value ow = columns.getInductionVar();
      Value sum = start;
      for (auto [source, weight] : llvm::zip(sources, weights)) {
        Value x =
            b.create<memref::LoadOp>(loc, source, ValueRange{zeroIndex0, ow});
        sum = b.create<arith::AddFOp>(loc, sum,
                                      b.create<arith::MulFOp>(loc, weight, x));
      }
      b.create<memref::StoreOp>(loc, buildActivation(b, loc, op.getAct(), sum),
                                out, ValueRange{image, channel, oh, ow});
    });
  });
  return shape;
}

std::optional<KernelShape>
mlir::rlx::buildCpuConvKernel(OpBuilder &b, Location loc, mir::Conv2dOp op,
                              ValueRange operands, Value out) {
  if (!staticF32(op))
    return std::nullopt;
  int64_t channels = shapeOf(operands[0])[1], outChannels = shapeOf(out)[1];
  auto [biasStart, numBias] = op.getODSOperandIndexAndLength(2);
  Value bias = numBias ? operands[biasStart] : Value();
  ArrayRef<int64_t> in = shapeOf(operands[0]), f = shapeOf(operands[1]),
                    o = shapeOf(out);
  if (op.getGroups() == 1) {
    ConvTiling t = chooseTiling(op, in, f, o);
    if (!isPointwise(op, f) &&
        t.channels * f[2] * f[3] * t.rows * o[3] * 4 > kMaxStackBytes)
      return std::nullopt;
    return buildConvTiles(b, loc, op, operands[0], operands[1], bias, out);
  }
  if (static_cast<int64_t>(op.getGroups()) == channels &&
      outChannels % channels == 0) {
    DepthwisePlane plane = depthwisePlane(op, in, f, o);
    int64_t phases = op.getStrides()[1] > 1 ? 2 : 1;
    if (phases * plane.rows * plane.cols * 4 > kMaxStackBytes)
      return std::nullopt;
    return buildDepthwise(b, loc, op, operands[0], operands[1], bias, out);
  }
  return std::nullopt;
}
