//===- ContractionKernels.cpp - Matmul family and conv2d ------------------===//
//
// f32, f64 and integer matmuls are linalg.fill + a linalg contraction
// (matmul, batch_matmul on collapsed batch dims, or a linalg.generic when
// batch dims broadcast), then an in-place epilogue generic for bias and
// activation. f16 / bf16 accumulate in f32: an scf loop nest per output
// element, extending each product's operands, applying the epilogue in
// f32 and truncating once. swiglu and padded or grouped conv2d are loop
// nests for every type (no scratch buffer holds the second operand).
//
// When the target chose a library routine for an op's products (its kernel
// configuration, conversion/MIRToLIR/KernelConfig.h), f32 matmuls and
// batch_matmuls carry `rlx.library_call = "<routine>"` (LibraryCall.h) and
// f32 swiglu becomes two marked products (the gate into the result, the up
// projection tile by tile into a stack tile) and an epilogue per tile.
//
//===----------------------------------------------------------------------===//
#include "conversion/LibraryCall.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

static Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return scalarConstant(b, loc, type, 0);
}

static Value mulAdd(OpBuilder &b, Location loc, Value acc, Value x, Value y) {
  if (isa<FloatType>(acc.getType()))
    return b.create<arith::AddFOp>(loc, acc,
                                   b.create<arith::MulFOp>(loc, x, y));
  return b.create<arith::AddIOp>(loc, acc, b.create<arith::MulIOp>(loc, x, y));
}

/// `memref` with dims [from, to] merged into one. They are contiguous
/// (row-major, or a workgroup's rows along the first of them), but a row
/// subview keeps the source's stride on unit dims, which MLIR 19's
/// collapse_shape rejects: such unit dims are dropped first by a
/// rank-reducing subview (same bytes, layout stated explicitly).
static Value collapseDims(OpBuilder &b, Location loc, Value memref,
                          int64_t from, int64_t to) {
  auto groupsFor = [](int64_t rank, int64_t first, int64_t last) {
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < first; ++d)
      groups.push_back({d});
    ReassociationIndices merged;
    for (int64_t d = first; d <= last; ++d)
      merged.push_back(d);
    groups.push_back(merged);
    for (int64_t d = last + 1; d < rank; ++d)
      groups.push_back({d});
    return groups;
  };
  auto type = cast<MemRefType>(memref.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(
          type, groupsFor(rank, from, to))) {
    auto [strides, offset] = getStridesAndOffset(type);
    bool allUnit = llvm::all_of(shape.slice(from, to - from + 1),
                                [](int64_t size) { return size == 1; });
    SmallVector<int64_t> keptShape, keptStrides;
    int64_t last = to;
    for (int64_t d = 0; d < rank; ++d) {
      bool drop =
          d >= from && d <= to && shape[d] == 1 && !(allUnit && d == to);
      if (drop) {
        --last;
        continue;
      }
      keptShape.push_back(shape[d]);
      keptStrides.push_back(strides[d]);
    }
    auto reduced = MemRefType::get(
        keptShape, type.getElementType(),
        StridedLayoutAttr::get(b.getContext(), offset, keptStrides));
    memref = b.create<memref::SubViewOp>(loc, reduced, memref,
                                         SmallVector<int64_t>(rank, 0), shape,
                                         SmallVector<int64_t>(rank, 1));
    rank = keptShape.size();
    to = last;
  }
  if (from == to)
    return memref;
  return b.create<memref::CollapseShapeOp>(loc, memref,
                                           groupsFor(rank, from, to));
}

/// Marks a linalg.matmul / batch_matmul for `routine` (LibraryCall.h).
static void markLibraryCall(Operation *op, StringRef routine) {
  op->setAttr(kLibraryCallAttrName, StringAttr::get(op->getContext(), routine));
}

/// out += lhs x rhs on a zero-filled `out`, as the most specific linalg op;
/// with a `libraryCall`, a matmul or batch_matmul is marked for it.
static void buildContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                             Value out, StringRef libraryCall) {
  ArrayRef<int64_t> l = shapeOf(lhs), r = shapeOf(rhs), o = shapeOf(out);
  int64_t rl = l.size(), rr = r.size(), ro = o.size();
  auto mark = [&](Operation *op) {
    if (!libraryCall.empty())
      markLibraryCall(op, libraryCall);
  };
  if (rl == 2 && rr == 2) {
    mark(
        b.create<linalg::MatmulOp>(loc, ValueRange{lhs, rhs}, ValueRange{out}));
    return;
  }
  // [B..., M, K] x [K, N]: the batch dims are more rows of one matmul.
  if (rr == 2) {
    mark(b.create<linalg::MatmulOp>(
        loc, ValueRange{collapseDims(b, loc, lhs, 0, rl - 2), rhs},
        ValueRange{collapseDims(b, loc, out, 0, ro - 2)}));
    return;
  }
  // Same batch dims on both sides: one batch dim.
  if (rl == rr && l.drop_back(2) == r.drop_back(2)) {
    if (rl > 3) {
      lhs = collapseDims(b, loc, lhs, 0, rl - 3);
      rhs = collapseDims(b, loc, rhs, 0, rr - 3);
      out = collapseDims(b, loc, out, 0, ro - 3);
    }
    mark(b.create<linalg::BatchMatmulOp>(loc, ValueRange{lhs, rhs},
                                         ValueRange{out}));
    return;
  }
  // Broadcast batch dims: loops (d0 .. d[ro-1], k), numpy maps on the batch.
  MLIRContext *ctx = b.getContext();
  unsigned numDims = ro + 1;
  AffineExpr m = getAffineDimExpr(ro - 2, ctx),
             n = getAffineDimExpr(ro - 1, ctx), k = getAffineDimExpr(ro, ctx);
  auto operandMap = [&](ArrayRef<int64_t> shape, AffineExpr row,
                        AffineExpr col) {
    AffineMap batch =
        broadcastMap(ctx, shape.drop_back(2), o.drop_back(2), numDims);
    SmallVector<AffineExpr> exprs(batch.getResults());
    exprs.push_back(row);
    exprs.push_back(col);
    return AffineMap::get(numDims, 0, exprs, ctx);
  };
  SmallVector<AffineExpr> outExprs;
  for (int64_t d = 0; d < ro; ++d)
    outExprs.push_back(getAffineDimExpr(d, ctx));
  SmallVector<AffineMap> maps = {operandMap(l, m, k), operandMap(r, k, n),
                                 AffineMap::get(numDims, 0, outExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(ro, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  b.create<linalg::GenericOp>(
      loc, ValueRange{lhs, rhs}, ValueRange{out}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        nb.create<linalg::YieldOp>(nloc,
                                   mulAdd(nb, nloc, args[2], args[0], args[1]));
      });
}

/// f16 / bf16: each output element accumulates in f32 over K, adds the bias
/// and applies the activation in f32, and is truncated once.
static void buildMatmulLoops(OpBuilder &b, Location loc, Value lhs, Value rhs,
                             Value bias, Activation act, Value out) {
  ArrayRef<int64_t> l = shapeOf(lhs), r = shapeOf(rhs), o = shapeOf(out);
  int64_t ro = o.size();
  Type acc = computeType(elementTypeOf(out));
  forEachIndex(b, loc, o, [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
    ValueRange batch = ivs.drop_back(2);
    SmallVector<Value> lhsBatch =
        broadcastIndices(nb, nloc, l.drop_back(2), o.drop_back(2), batch);
    SmallVector<Value> rhsBatch =
        broadcastIndices(nb, nloc, r.drop_back(2), o.drop_back(2), batch);
    Value sum = accumulate(
        nb, nloc, {l.back()}, {zeroOf(nb, nloc, acc)},
        [&](OpBuilder &ib, Location iloc, ValueRange k, ValueRange sums) {
          SmallVector<Value> li = lhsBatch, ri = rhsBatch;
          li.append({ivs[ro - 2], k[0]});
          ri.append({k[0], ivs[ro - 1]});
          Value x = loadAs(ib, iloc, lhs, li, acc);
          Value y = loadAs(ib, iloc, rhs, ri, acc);
          return SmallVector<Value>{mulAdd(ib, iloc, sums[0], x, y)};
        })[0];
    if (bias)
      sum = nb.create<arith::AddFOp>(
          nloc, sum,
          loadAs(nb, nloc, bias,
                 broadcastIndices(nb, nloc, shapeOf(bias), o, ivs), acc));
    storeAs(nb, nloc, buildActivation(nb, nloc, act, sum), out, ivs);
  });
}

/// The largest f32 tile of a half-float product's output the kernel keeps
/// on the stack (64 KiB): rows x columns.
static constexpr int64_t kHalfTileRows = 64, kHalfTileCols = 256;

/// A static [rows, cols] window at (i, j) of a 2-D memref (the memref itself
/// when that is all of it).
static Value window2d(OpBuilder &b, Location loc, Value memref, Value i,
                      Value j, int64_t rows, int64_t cols) {
  ArrayRef<int64_t> shape = shapeOf(memref);
  if (shape[0] == rows && shape[1] == cols)
    return memref;
  OpFoldResult one = b.getIndexAttr(1);
  return b.create<memref::SubViewOp>(
      loc, memref, ArrayRef<OpFoldResult>{i, j},
      ArrayRef<OpFoldResult>{b.getIndexAttr(rows), b.getIndexAttr(cols)},
      ArrayRef<OpFoldResult>{one, one});
}

/// An f32 [rows, cols] stack tile, allocated at the kernel's top level: an
/// alloca inside a loop (a shared matmul's loop over its weights) would
/// grow the stack per iteration.
static Value stackTile(OpBuilder &b, Location loc, int64_t rows, int64_t cols) {
  OpBuilder::InsertionGuard guard(b);
  Operation *outer = nullptr;
  for (Operation *parent = b.getInsertionBlock()->getParentOp();
       isa<scf::ForOp, scf::IfOp>(parent); parent = parent->getParentOp())
    outer = parent;
  if (outer)
    b.setInsertionPoint(outer);
  return b.create<memref::AllocaOp>(
      loc, MemRefType::get({rows, cols}, b.getF32Type()));
}

/// Walks an [m, n] output in static tiles of at most tileRows x tileCols:
/// the full tiles, then the edge column, row and corner, each with its own
/// static shape, so that every product on a tile is one the microkernel
/// takes. `body` gets the tile's origin and shape. A tile's origin is a
/// constant or `t * tileRows` / `t * tileCols` of a loop counter t (not a
/// loop step): a column offset that is a product with a multiple of the
/// panel width is what rlx-cpu-pack-params proves panel-aligned.
static void forEachStaticTile(
    OpBuilder &b, Location loc, int64_t m, int64_t n, int64_t tileRows,
    int64_t tileCols,
    function_ref<void(Value i, Value j, int64_t rows, int64_t cols)> body) {
  auto index = [&](int64_t v) { return indexConstant(b, loc, v); };
  int64_t fullRows = m / tileRows * tileRows,
          fullCols = n / tileCols * tileCols;
  int64_t restRows = m - fullRows, restCols = n - fullCols;
  auto forTiles = [&](int64_t count, int64_t size,
                      function_ref<void(Value)> tile) {
    if (count == 1)
      return tile(index(0));
    auto loop = b.create<scf::ForOp>(loc, index(0), index(count), index(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    tile(b.create<arith::MulIOp>(loc, loop.getInductionVar(), index(size)));
  };
  auto rowOfTiles = [&](Value i, int64_t rows) {
    if (fullCols)
      forTiles(fullCols / tileCols, tileCols,
               [&](Value j) { body(i, j, rows, tileCols); });
    if (restCols)
      body(i, index(fullCols), rows, restCols);
  };
  if (fullRows)
    forTiles(fullRows / tileRows, tileRows,
             [&](Value i) { rowOfTiles(i, tileRows); });
  if (restRows)
    rowOfTiles(index(fullRows), restRows);
}

/// f16 / bf16 [M, K] x [K, N] (+ a bias of rank <= 1): tile by tile of the
/// output (kHalfTileRows x kHalfTileCols, forEachStaticTile), the product
/// of the tile's rows and columns accumulates in f32 into a stack tile (a
/// linalg.matmul of half-float inputs and an f32 output: each product's
/// operands extended), then out = act(tile + bias) truncated once. The
/// stack tile bounds the f32 partial sums whatever M and N are; on the CPU
/// the microkernel takes each tile's fill, matmul and epilogue, converts A
/// and B while it packs them and keeps the sums in registers
/// (docs/CPUBackend.md, "Half-float matmuls").
static void buildHalfMatmulTiles(OpBuilder &b, Location loc, Value lhs,
                                 Value rhs, Value bias, Activation act,
                                 Value out) {
  int64_t m = shapeOf(out)[0], n = shapeOf(out)[1], k = shapeOf(lhs)[1];
  Type f32 = b.getF32Type(), element = elementTypeOf(out);
  Value tile =
      stackTile(b, loc, std::min(m, kHalfTileRows), std::min(n, kHalfTileCols));
  Value zero = indexConstant(b, loc, 0);
  auto emitTile = [&](Value i, Value j, int64_t rows, int64_t cols) {
    // Every window first: the fill, the product and the epilogue must be
    // adjacent for the microkernel to take them as one.
    Value acc = window2d(b, loc, tile, zero, zero, rows, cols);
    Value lhsRows = window2d(b, loc, lhs, i, zero, rows, k);
    Value rhsCols = window2d(b, loc, rhs, zero, j, k, cols);
    Value outTile = window2d(b, loc, out, i, j, rows, cols);
    SmallVector<Value> inputs = {acc};
    if (bias && shapeOf(bias).size() == 1 && shapeOf(bias)[0] == n && n > 1)
      inputs.push_back(cols == n
                           ? bias
                           : b.create<memref::SubViewOp>(
                                 loc, bias, ArrayRef<OpFoldResult>{j},
                                 ArrayRef<OpFoldResult>{b.getIndexAttr(cols)},
                                 ArrayRef<OpFoldResult>{b.getIndexAttr(1)}));
    else if (bias)
      inputs.push_back(bias);
    b.create<linalg::FillOp>(loc, ValueRange{zeroOf(b, loc, f32)},
                             ValueRange{acc});
    b.create<linalg::MatmulOp>(loc, ValueRange{lhsRows, rhsCols},
                               ValueRange{acc});
    buildElementwise(b, loc, inputs, outTile,
                     [&](OpBuilder &nb, Location nloc, ValueRange e) {
                       Value v = e[0];
                       if (bias)
                         v = nb.create<arith::AddFOp>(
                             nloc, v, buildCast(nb, nloc, e[1], f32));
                       return buildCast(nb, nloc,
                                        buildActivation(nb, nloc, act, v),
                                        element);
                     });
  };
  forEachStaticTile(b, loc, m, n, std::min(m, kHalfTileRows),
                    std::min(n, kHalfTileCols), emitTile);
}

/// True when the memrefs are f32 and none is empty: products a BLAS routine
/// computes (an empty one is no work for generated code).
static bool sgemmOperands(ValueRange memrefs) {
  return llvm::all_of(memrefs, [](Value v) {
    return elementTypeOf(v).isF32() && !llvm::is_contained(shapeOf(v), 0);
  });
}

void kernels::buildMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs,
                          Value bias, Activation act, Value out,
                          StringRef libraryCall) {
  Type element = elementTypeOf(out);
  // [B..., M, K] x [K, N] with no bias or one that broadcasts along the rows:
  // the fill, the product and the epilogue all on the collapsed rows, so
  // that the CPU microkernel finds them on its one 2-D output.
  int64_t rl = shapeOf(lhs).size(), ro = shapeOf(out).size();
  bool rowsCollapse =
      shapeOf(rhs).size() == 2 && (!bias || shapeOf(bias).size() <= 1);
  if (isHalfFloat(element)) {
    // Tiles with f32 partial sums for plain 2-D products; loops for the
    // rest (batched or empty products, biases of rank 2 and more).
    bool empty = llvm::is_contained(shapeOf(lhs), 0) ||
                 llvm::is_contained(shapeOf(rhs), 0);
    if (!rowsCollapse || empty)
      return buildMatmulLoops(b, loc, lhs, rhs, bias, act, out);
    if (rl > 2) {
      lhs = collapseDims(b, loc, lhs, 0, rl - 2);
      out = collapseDims(b, loc, out, 0, ro - 2);
    }
    return buildHalfMatmulTiles(b, loc, lhs, rhs, bias, act, out);
  }
  if (rowsCollapse && rl > 2) {
    lhs = collapseDims(b, loc, lhs, 0, rl - 2);
    out = collapseDims(b, loc, out, 0, ro - 2);
  }
  b.create<linalg::FillOp>(loc, ValueRange{zeroOf(b, loc, element)},
                           ValueRange{out});
  bool library =
      !libraryCall.empty() && sgemmOperands(ValueRange{lhs, rhs, out});
  buildContraction(b, loc, lhs, rhs, out, library ? libraryCall : "");
  if (!bias && act == Activation::none)
    return;
  // Epilogue on the finished tile: out = act(out + bias).
  SmallVector<Value> inputs;
  if (bias)
    inputs.push_back(bias);
  buildElementwise(
      b, loc, inputs, out,
      [&](OpBuilder &nb, Location nloc, ValueRange e) {
        Value v = e.back();
        if (bias)
          v = nb.create<arith::AddFOp>(nloc, v, e[0]);
        return buildActivation(nb, nloc, act, v);
      },
      /*readsOutput=*/true);
}

void kernels::buildSharedMatmul(OpBuilder &b, Location loc, Value input,
                                ValueRange weights, ValueRange biases,
                                ValueRange outs, StringRef libraryCall) {
  auto biasOf = [&](size_t i) { return biases.empty() ? Value() : biases[i]; };
  auto oneType = [](ValueRange values) {
    return llvm::all_equal(values.getTypes());
  };
  // Not for bf16: the CPU emulates bf16 arithmetic with upstream's
  // arith-emulate-unsupported-floats, which rewrites every arith op on a
  // bf16 type, the arith.select of bf16 memrefs below included (into an
  // invalid extf of a memref).
  bool oneShape = weights.size() > 1 && libraryCall.empty() &&
                  oneType(weights) && oneType(outs) && oneType(biases) &&
                  !elementTypeOf(weights[0]).isBF16();
  if (!oneShape) {
    for (auto [i, out] : llvm::enumerate(outs))
      buildMatmul(b, loc, input, weights[i], biasOf(i), Activation::none, out,
                  libraryCall);
    return;
  }
  // Products of one shape share one loop over the weights: a product's code
  // is large (on the CPU the microkernel, its packing and its edge tiles),
  // and these differ only in the buffers they read and write. The code is
  // compiled once instead of once per weight (the encoder's Q, K, V: a
  // third of the shared matmul's code), and runs as fast.
  auto index = [&](int64_t v) {
    return b.create<arith::ConstantIndexOp>(loc, v).getResult();
  };
  auto loop =
      b.create<scf::ForOp>(loc, index(0), index(weights.size()), index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value i = loop.getInductionVar();
  auto pick = [&](ValueRange values) {
    Value chosen = values[0];
    for (size_t j = 1; j < values.size(); ++j) {
      Value isJ =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, i, index(j));
      chosen = b.create<arith::SelectOp>(loc, isJ, values[j], chosen);
    }
    return chosen;
  };
  buildMatmul(b, loc, input, pick(weights),
              biases.empty() ? Value() : pick(biases), Activation::none,
              pick(outs));
}

/// The largest tile of the up projection a native swiglu keeps on the
/// stack (256 KiB): rows x columns.
static constexpr int64_t kSwigluTileRows = 128, kSwigluTileCols = 512;

/// Native f32 swiglu on [M, K] x [K, N] (leading dims of x and out
/// collapsed): the gate product goes into `out` in one marked matmul; then,
/// per tile of at most kSwigluTileRows x kSwigluTileCols, the up product
/// goes into a stack tile by a marked matmul and out = silu(out) * tile.
static void buildSwigluNative(OpBuilder &b, Location loc, Value x, Value wGate,
                              Value wUp, Value out, StringRef routine) {
  int64_t rank = shapeOf(out).size();
  x = collapseDims(b, loc, x, 0, rank - 2);
  out = collapseDims(b, loc, out, 0, rank - 2);
  int64_t m = shapeOf(out)[0], n = shapeOf(out)[1], k = shapeOf(x)[1];
  Type f32 = b.getF32Type();
  Value zero = zeroOf(b, loc, f32);
  b.create<linalg::FillOp>(loc, ValueRange{zero}, ValueRange{out});
  markLibraryCall(
      b.create<linalg::MatmulOp>(loc, ValueRange{x, wGate}, ValueRange{out}),
      routine);

  int64_t tileRows = std::min(m, kSwigluTileRows);
  int64_t tileCols = std::min(n, kSwigluTileCols);
  Value tile = b.create<memref::AllocaOp>(
      loc, MemRefType::get({tileRows, tileCols}, f32));
  auto c = [&](int64_t v) { return indexConstant(b, loc, v); };
  // A dynamic [rows, cols] window at (i, j) of `memref`.
  auto window = [](OpBuilder &nb, Location nloc, Value memref, OpFoldResult i,
                   OpFoldResult j, OpFoldResult rows,
                   OpFoldResult cols) -> Value {
    OpFoldResult one = nb.getIndexAttr(1);
    return nb.create<memref::SubViewOp>(
        nloc, memref, ArrayRef<OpFoldResult>{i, j},
        ArrayRef<OpFoldResult>{rows, cols}, ArrayRef<OpFoldResult>{one, one});
  };
  auto rowLoop = b.create<scf::ForOp>(loc, c(0), c(m), c(tileRows));
  OpBuilder rb = OpBuilder::atBlockBegin(rowLoop.getBody());
  Value i = rowLoop.getInductionVar();
  Value rows = rb.create<arith::MinSIOp>(
      loc, indexConstant(rb, loc, tileRows),
      rb.create<arith::SubIOp>(loc, indexConstant(rb, loc, m), i));
  auto colLoop = rb.create<scf::ForOp>(loc, indexConstant(rb, loc, 0),
                                       indexConstant(rb, loc, n),
                                       indexConstant(rb, loc, tileCols));
  OpBuilder cb = OpBuilder::atBlockBegin(colLoop.getBody());
  Value j = colLoop.getInductionVar();
  Value cols = cb.create<arith::MinSIOp>(
      loc, indexConstant(cb, loc, tileCols),
      cb.create<arith::SubIOp>(loc, indexConstant(cb, loc, n), j));
  OpFoldResult origin = cb.getIndexAttr(0);
  Value up = window(cb, loc, tile, origin, origin, rows, cols);
  cb.create<linalg::FillOp>(loc, ValueRange{zero}, ValueRange{up});
  Value xRows = window(cb, loc, x, i, origin, rows, cb.getIndexAttr(k));
  Value wCols = window(cb, loc, wUp, origin, j, cb.getIndexAttr(k), cols);
  markLibraryCall(cb.create<linalg::MatmulOp>(loc, ValueRange{xRows, wCols},
                                              ValueRange{up}),
                  routine);
  Value outTile = window(cb, loc, out, i, j, rows, cols);
  buildElementwise(
      cb, loc, ValueRange{up}, outTile,
      [](OpBuilder &nb, Location nloc, ValueRange e) {
        Value gate = buildUnary(nb, nloc, UnaryKind::silu, e[1]);
        return nb.create<arith::MulFOp>(nloc, gate, e[0]).getResult();
      },
      /*readsOutput=*/true);
}

/// The largest tile of the output a generated f32 swiglu computes at once
/// (two f32 stack tiles of it, 256 KiB each): rows x columns. 512 rows
/// cover a CPU workgroup of a row split (a weight that is not in panels is
/// packed once per row of tiles).
static constexpr int64_t kSwigluGenTileRows = 512, kSwigluGenTileCols = 128;

/// Generated f32 swiglu on [M, K] x [K, N] (leading dims of x and out
/// collapsed), tile by tile of the output (forEachStaticTile): the gate
/// product of the tile's rows and columns into one stack tile, the up
/// product into another, and an epilogue on the up product that writes
/// out = silu(gate) * up. On the CPU each product is a microkernel matmul
/// (its fill and, for the second, the epilogue folded; the sums stay in
/// registers until the one store of the output) and params read as the
/// weights' column tiles are kept in panels (docs/CPUBackend.md, "swiglu").
static void buildSwigluTiles(OpBuilder &b, Location loc, Value x, Value wGate,
                             Value wUp, Value out) {
  int64_t rank = shapeOf(out).size();
  x = collapseDims(b, loc, x, 0, rank - 2);
  out = collapseDims(b, loc, out, 0, rank - 2);
  int64_t m = shapeOf(out)[0], n = shapeOf(out)[1], k = shapeOf(x)[1];
  int64_t tileRows = std::min(m, kSwigluGenTileRows),
          tileCols = std::min(n, kSwigluGenTileCols);
  Value gateTile = stackTile(b, loc, tileRows, tileCols);
  Value upTile = stackTile(b, loc, tileRows, tileCols);
  Value zero = indexConstant(b, loc, 0);
  Value fZero = zeroOf(b, loc, b.getF32Type());
  forEachStaticTile(
      b, loc, m, n, tileRows, tileCols,
      [&](Value i, Value j, int64_t rows, int64_t cols) {
        Value xRows = window2d(b, loc, x, i, zero, rows, k);
        // tile = x rows . the weight's columns: the fill and the matmul
        // adjacent, every window before them (the microkernel's form).
        auto product = [&](Value tile, Value weight) {
          Value acc = window2d(b, loc, tile, zero, zero, rows, cols);
          Value weightCols = window2d(b, loc, weight, zero, j, k, cols);
          b.create<linalg::FillOp>(loc, ValueRange{fZero}, ValueRange{acc});
          b.create<linalg::MatmulOp>(loc, ValueRange{xRows, weightCols},
                                     ValueRange{acc});
          return acc;
        };
        Value gate = product(gateTile, wGate);
        // The output window before the up product, whose epilogue follows
        // it directly.
        Value outTile = window2d(b, loc, out, i, j, rows, cols);
        Value up = product(upTile, wUp);
        buildElementwise(
            b, loc, ValueRange{up, gate}, outTile,
            [](OpBuilder &nb, Location nloc, ValueRange e) {
              Value g = buildUnary(nb, nloc, UnaryKind::silu, e[1]);
              return nb.create<arith::MulFOp>(nloc, g, e[0]).getResult();
            });
      });
}

void kernels::buildSwiglu(OpBuilder &b, Location loc, Value x, Value wGate,
                          Value wUp, Value out, StringRef libraryCall) {
  if (sgemmOperands(ValueRange{x, wGate, wUp, out}))
    return libraryCall.empty()
               ? buildSwigluTiles(b, loc, x, wGate, wUp, out)
               : buildSwigluNative(b, loc, x, wGate, wUp, out, libraryCall);
  // f64, f16, bf16 and empty products: a loop nest per output element.
  ArrayRef<int64_t> o = shapeOf(out);
  int64_t k = shapeOf(x).back();
  Type acc = computeType(elementTypeOf(out));
  forEachIndex(b, loc, o, [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
    Value zero = zeroOf(nb, nloc, acc);
    SmallVector<Value> sums = accumulate(
        nb, nloc, {k}, {zero, zero},
        [&](OpBuilder &ib, Location iloc, ValueRange kk, ValueRange s) {
          SmallVector<Value> xi(ivs.drop_back());
          xi.push_back(kk[0]);
          Value xv = loadAs(ib, iloc, x, xi, acc);
          Value g = loadAs(ib, iloc, wGate, {kk[0], ivs.back()}, acc);
          Value u = loadAs(ib, iloc, wUp, {kk[0], ivs.back()}, acc);
          return SmallVector<Value>{mulAdd(ib, iloc, s[0], xv, g),
                                    mulAdd(ib, iloc, s[1], xv, u)};
        });
    Value gate = buildUnary(nb, nloc, UnaryKind::silu, sums[0]);
    storeAs(nb, nloc, nb.create<arith::MulFOp>(nloc, gate, sums[1]), out, ivs);
  });
}

/// `a < b` on index values (signed: padded coordinates go negative).
static Value indexLess(OpBuilder &b, Location loc, Value x, Value y) {
  return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, x, y);
}

/// out = conv(input, filter) + bias with the conv semantics of mir.conv2d:
/// input [N, C, H, W], filter [O, C / G, KH, KW], out [N, O, Ho, Wo],
/// ih = oh * stride - pad_top + kh * dilation; padding reads zeros.
void kernels::buildConv2d(OpBuilder &b, Location loc, mir::Conv2dOp op,
                          Value input, Value filter, Value bias, Value out,
                          const IndexDriver &driver) {
  ArrayRef<int64_t> in = shapeOf(input), f = shapeOf(filter), o = shapeOf(out);
  ArrayRef<int64_t> strides = op.getStrides(), dilations = op.getDilations(),
                    padding = op.getPadding();
  int64_t groups = op.getGroups();
  Type element = elementTypeOf(out);
  bool unpadded = llvm::all_of(padding, [](int64_t p) { return p == 0; });

  if (unpadded && groups == 1 && !isHalfFloat(element) && !driver) {
    // Named op, initialized with the bias (or zero).
    MLIRContext *ctx = b.getContext();
    if (bias) {
      AffineMap perChannel =
          AffineMap::get(4, 0, {getAffineDimExpr(1, ctx)}, ctx);
      SmallVector<AffineMap> maps = {perChannel,
                                     AffineMap::getMultiDimIdentityMap(4, ctx)};
      SmallVector<utils::IteratorType> iterators(4,
                                                 utils::IteratorType::parallel);
      b.create<linalg::GenericOp>(
          loc, ValueRange{bias}, ValueRange{out}, maps, iterators,
          [](OpBuilder &nb, Location nloc, ValueRange args) {
            nb.create<linalg::YieldOp>(nloc, args[0]);
          });
    } else {
      b.create<linalg::FillOp>(loc, ValueRange{zeroOf(b, loc, element)},
                               ValueRange{out});
    }
    auto i64Pair = [&](ArrayRef<int64_t> v) {
      return DenseIntElementsAttr::get(
          RankedTensorType::get({2}, b.getI64Type()), v);
    };
    b.create<linalg::Conv2DNchwFchwOp>(
        loc, TypeRange{}, ValueRange{input, filter}, ValueRange{out},
        i64Pair(strides), i64Pair(dilations));
    if (op.getAct() != Activation::none)
      buildElementwise(
          b, loc, {}, out,
          [&](OpBuilder &nb, Location nloc, ValueRange e) {
            return buildActivation(nb, nloc, op.getAct(), e.back());
          },
          /*readsOutput=*/true);
    return;
  }

  // Loops: padding, groups, or f32 accumulation of f16 / bf16.
  Type acc = computeType(element);
  int64_t channelsPerGroup = f[1];
  int64_t outPerGroup = o[1] / groups;
  forEachIndexWith(
      driver, b, loc, o, [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        Value n = ivs[0], oc = ivs[1], oh = ivs[2], ow = ivs[3];
        auto c = [&](int64_t v) { return indexConstant(nb, nloc, v); };
        // First input channel of this output channel's group.
        Value firstChannel =
            groups == 1
                ? Value()
                : nb.create<arith::MulIOp>(
                      nloc, nb.create<arith::DivUIOp>(nloc, oc, c(outPerGroup)),
                      c(channelsPerGroup));
        Value hBase = scaledIndex(nb, nloc, oh, strides[0], -padding[0]);
        Value wBase = scaledIndex(nb, nloc, ow, strides[1], -padding[1]);
        Value init =
            bias ? loadAs(nb, nloc, bias, {oc}, acc) : zeroOf(nb, nloc, acc);
        Value sum = accumulate(
            nb, nloc, {channelsPerGroup, f[2], f[3]}, {init},
            [&](OpBuilder &ib, Location iloc, ValueRange w, ValueRange s) {
              auto ic = [&](int64_t v) { return indexConstant(ib, iloc, v); };
              Value ih = ib.create<arith::AddIOp>(
                  iloc, hBase, scaledIndex(ib, iloc, w[1], dilations[0], 0));
              Value iw = ib.create<arith::AddIOp>(
                  iloc, wBase, scaledIndex(ib, iloc, w[2], dilations[1], 0));
              Value zero = ic(0);
              Value inside = ib.create<arith::AndIOp>(
                  iloc,
                  ib.create<arith::AndIOp>(
                      iloc, indexLess(ib, iloc, ih, ic(in[2])),
                      ib.create<arith::CmpIOp>(iloc, arith::CmpIPredicate::sge,
                                               ih, zero)),
                  ib.create<arith::AndIOp>(
                      iloc, indexLess(ib, iloc, iw, ic(in[3])),
                      ib.create<arith::CmpIOp>(iloc, arith::CmpIPredicate::sge,
                                               iw, zero)));
              Value channel =
                  firstChannel
                      ? ib.create<arith::AddIOp>(iloc, firstChannel, w[0])
                      : w[0];
              auto ifOp = ib.create<scf::IfOp>(
                  iloc, inside,
                  [&](OpBuilder &tb, Location tloc) {
                    Value x =
                        loadAs(tb, tloc, input, {n, channel, ih, iw}, acc);
                    Value k =
                        loadAs(tb, tloc, filter, {oc, w[0], w[1], w[2]}, acc);
                    tb.create<scf::YieldOp>(tloc, mulAdd(tb, tloc, s[0], x, k));
                  },
                  [&](OpBuilder &eb, Location eloc) {
                    eb.create<scf::YieldOp>(eloc, s[0]);
                  });
              return SmallVector<Value>{ifOp.getResult(0)};
            })[0];
        storeAs(nb, nloc, buildActivation(nb, nloc, op.getAct(), sum), out,
                ivs);
      });
}
