//===- MatmulMicrokernel.cpp - Packed register-tile matmul ----------------===//
//
// rlx-cpu-matmul-microkernel replaces a `linalg.matmul` (or each batch of a
// `linalg.batch_matmul`) with an f32 C and f32, f16 or bf16 A and B on
// static, row-contiguous memrefs, with the zero `linalg.fill` of its output
// before it and the elementwise epilogue `linalg.generic` on its output
// after it, by explicit vector code:
//
//   for each block of `nBlock` columns of B (N):
//     for each block of about `kBlock` rows of B (K in blocks of about
//     equal size):
//       pack B[block] strip by strip (strips of `tileVectors * lanes`
//       columns, zero past N's edge): each strip a contiguous panel, the
//       block one L2-resident panel shared by every block of rows;
//       for each block of `mBlock` rows of A (M):
//         pack A[rows, block] register tile by register tile, the tile's
//         rows 4 * kBlock bytes apart (not A's row stride, which at 4 KiB
//         would put them all in one L1 set), by vector copies; not when N
//         is one strip (each row of A is then read once anyway);
//         for each register tile of rows (then the rest), for each strip:
//           the microkernel: tileRows x tileVectors vector accumulators
//           in registers; per k one load per vector of the B panel, one
//           broadcast per row of the A panel (which stays in L1 across the
//           strips), one FMA per accumulator; on the last K block the
//           epilogue (bias, activation, ...) runs on the accumulators; they
//           are stored once (masked at N's edge).
//
// One row of A (M = 1, a decode step's projections) with B row-major
// takes another path: packing B would read it and write it again for a
// single use. C's row is computed in blocks of up to 4096 columns (in L1)
// as C += a[k] * B[k, block] for each k, so B is read along its rows, with
// the rows 4 ahead prefetched (each block of a row starts a new page, where
// the hardware prefetchers start over) (emitGemv).
//
// f16 / bf16 A and B are extended to f32 as they are packed, or, bf16 on
// both sides with AVX512-BF16, packed as bf16 pairs for vdpbf16ps
// (MicrokernelEmitter::dot).
//
// The panels live on the stack: kBlock x nBlock + mBlock x kBlock floats
// (640 KiB with the defaults).
//
// Accumulators start at zero in the first block when the fill preceded the
// matmul (the fill goes), else at C. An epilogue whose inputs are not
// indexed by (i, j), (j), (i) or () stays a separate op.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/MatmulTile.h"
#include "conversion/LIRToLLVM/VectorWidening.h"
#include "conversion/Passes.h"
#include "dialects/Target/Target.h"
#include "dialects/Target/TargetDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUMATMULMICROKERNEL
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

/// A static memref of `rank` with unit innermost stride and static strides,
/// of f32 or (with `halfToo`) f16 / bf16 elements.
static bool isPlainFloat(Value v, int64_t rank, bool halfToo) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != rank || !type.hasStaticShape())
    return false;
  Type element = type.getElementType();
  if (!(halfToo ? isWidenableMemoryType(element) : element.isF32()))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(getStridesAndOffset(type, strides, offset)))
    return false;
  return strides.back() == 1 && llvm::none_of(strides, ShapedType::isDynamic);
}

bool mlir::rlx::isPlainF32(Value v, int64_t rank) {
  return isPlainFloat(v, rank, /*halfToo=*/false);
}

bool mlir::rlx::isPlainOperand(Value v, int64_t rank) {
  return isPlainFloat(v, rank, /*halfToo=*/true);
}

namespace {

/// How an epilogue input is indexed by the output's (i, j); `product` is C
/// itself, read by an epilogue that writes elsewhere.
enum class InputIndexing { rowCol, col, row, scalar, product };

/// A fusable epilogue: its op, how each input is indexed, and where it
/// writes: C itself, or (reading C as an input) another memref of C's
/// shape, whose elements may be f16 / bf16.
struct Epilogue {
  linalg::GenericOp op;
  SmallVector<InputIndexing> indexing;
  Value dest;
};

/// The epilogue generic right after `matmul` that reads and writes `out`,
/// or reads `out` and writes a memref of its shape.
std::optional<Epilogue> epilogueAfter(Operation *matmul, Value out) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(matmul->getNextNode());
  if (!generic || generic.getNumDpsInits() != 1 || generic.getNumLoops() != 2 ||
      generic.getNumReductionLoops() != 0 || !generic.hasPureBufferSemantics())
    return std::nullopt;
  Value dest = generic.getDpsInits()[0];
  Block &body = generic.getRegion().front();
  if (dest != out &&
      (!isPlainOperand(dest, 2) || !body.getArguments().back().use_empty() ||
       cast<MemRefType>(dest.getType()).getShape() !=
           cast<MemRefType>(out.getType()).getShape()))
    return std::nullopt;
  MLIRContext *ctx = generic.getContext();
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx);
  AffineMap rowCol = AffineMap::get(2, 0, {i, j}, ctx);
  if (generic.getIndexingMapsArray().back() != rowCol)
    return std::nullopt;
  // Read element by element: any layout of f32, f16 or bf16.
  auto isFloatMemref = [](Value v) {
    return isa<MemRefType>(v.getType()) &&
           isWidenableMemoryType(getElementTypeOrSelf(v.getType()));
  };
  Epilogue epilogue{generic, {}, dest};
  bool readsProduct = false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    Value v = input->get();
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (v == out) {
      // C read as an input: only by an epilogue that writes elsewhere, once.
      if (dest == out || readsProduct || map != rowCol)
        return std::nullopt;
      readsProduct = true;
      epilogue.indexing.push_back(InputIndexing::product);
      continue;
    }
    ArrayRef<AffineExpr> results = map.getResults();
    int64_t rank = results.size();
    if (rank == 2 && results[0] == i && results[1] == j && isPlainOperand(v, 2))
      epilogue.indexing.push_back(InputIndexing::rowCol);
    else if (rank == 1 && results[0] == j && isPlainOperand(v, 1))
      epilogue.indexing.push_back(InputIndexing::col);
    else if (rank == 1 && results[0] == i && isFloatMemref(v))
      epilogue.indexing.push_back(InputIndexing::row);
    else if (rank == 0 && isFloatMemref(v))
      epilogue.indexing.push_back(InputIndexing::scalar);
    else
      return std::nullopt;
  }
  if (dest != out && !readsProduct)
    return std::nullopt;
  for (Operation &op : body.without_terminator())
    if (!isWidenableElementwise(&op) &&
        !(isa<arith::ConstantOp>(op) &&
          isWidenableScalarType(op.getResult(0).getType())))
      return std::nullopt;
  return epilogue;
}

/// A zero linalg.fill of all of `out` right before `matmul`.
linalg::FillOp zeroFillBefore(Operation *matmul, Value out) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(matmul->getPrevNode());
  if (!fill || fill.getOutputs()[0] != out)
    return nullptr;
  auto value = fill.getInputs()[0].getDefiningOp<arith::ConstantOp>();
  auto attr = value ? dyn_cast<FloatAttr>(value.getValue()) : nullptr;
  if (!attr || !attr.getValue().isZero() || attr.getValue().isNegative())
    return nullptr;
  return fill;
}

struct Tile {
  int64_t rows, lanes, vectors, kBlock, mBlock, nBlock;
  /// C of more bytes than this is prefetched tile by tile.
  int64_t prefetchCAbove;
};

/// Emits C (+)= A x B [then epilogue] for 2-D operands.
class MicrokernelEmitter {
public:
  /// `bm` is B [K, N] row-major, or with `panels` B's panels [N / W, K, W]
  /// (W the strip width; with `bf16Dot` pair panels [N / W, K / 2, 2 W]),
  /// which the code reads as they are.
  /// `panelAllocas`: the panels earlier emitters allocated, which this one
  /// reuses where the shape matches, and to which it adds its own.
  MicrokernelEmitter(OpBuilder &b, Location loc, Tile tile, Value a, Value bm,
                     Value c, bool zeroInit,
                     const std::optional<Epilogue> &epilogue,
                     SmallVectorImpl<memref::AllocaOp> &panelAllocas,
                     bool panels = false, bool bf16Dot = false)
      : b(b), loc(loc), tile(tile), a(a), bm(bm), c(c), zeroInit(zeroInit),
        panels(panels), dot(bf16Dot), epilogue(epilogue),
        panelAllocas(panelAllocas) {
    ArrayRef<int64_t> as = cast<MemRefType>(a.getType()).getShape();
    ArrayRef<int64_t> cs = cast<MemRefType>(c.getType()).getShape();
    m = cs[0];
    n = cs[1];
    k = as[1];
    prefetchC = m * n * int64_t(sizeof(float)) > tile.prefetchCAbove;
    stripWidth = tile.lanes * tile.vectors;
    mBlock = std::min<int64_t>(tile.mBlock, llvm::alignTo(m, tile.rows));
    nBlock = std::min<int64_t>(tile.nBlock, llvm::alignTo(n, stripWidth));
    // K blocks of about equal size (784 at 256: 4 x 196, not 3 x 256 +
    // 16, whose last block would load and store C for 16 steps of k).
    kBlock = llvm::divideCeil(k, llvm::divideCeil(k, tile.kBlock));
    // With one strip of columns, each row of A is used once: packing it
    // would cost what it saves.
    packA = n > stripWidth;
    if (dot) {
      // Pairs of k never straddle two K blocks; A is always packed (its
      // panel rows are zero past K, which an odd K's last pair reads).
      if (kBlock < k)
        kBlock = llvm::alignTo(kBlock, 2);
      packA = true;
    }
  }

  void emit();

private:
  Value index(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }
  Value add(Value x, int64_t v) {
    return v == 0 ? x : b.create<arith::AddIOp>(loc, x, index(v)).getResult();
  }
  Value mul(Value x, int64_t v) {
    return b.create<arith::MulIOp>(loc, x, index(v));
  }
  /// min(block, total - start): the size of the block at `start`.
  Value blockSize(Value start, int64_t block, int64_t total) {
    return b.create<arith::MinSIOp>(
        loc, index(block), b.create<arith::SubIOp>(loc, index(total), start));
  }
  VectorType vecType() { return VectorType::get({tile.lanes}, b.getF32Type()); }
  Value mask(int64_t width) {
    return b.create<vector::CreateMaskOp>(
        loc, VectorType::get({tile.lanes}, b.getI1Type()),
        ValueRange{index(width)});
  }
  /// A vector at `indices` of a memref with contiguous rows, of its element
  /// type; with `width` below the lane count, masked (zero past `width`).
  Value loadRow(Value memref, ValueRange indices, int64_t width);
  /// The same, extended to f32 (A and B may be f16 / bf16).
  Value loadRowF32(Value memref, ValueRange indices, int64_t width) {
    return toF32(loadRow(memref, indices, width));
  }
  /// `x` (a scalar or vector of f32, f16 or bf16) as f32.
  Value toF32(Value x) {
    Type f32 = b.getF32Type();
    if (getElementTypeOrSelf(x.getType()) == f32)
      return x;
    Type type = f32;
    if (auto vector = dyn_cast<VectorType>(x.getType()))
      type = vector.clone(f32);
    return b.create<arith::ExtFOp>(loc, type, x);
  }
  void storeRow(Value memref, ValueRange indices, Value value, int64_t width);
  /// scf.for over [start, end) by `step`, the body built by `body(iv)`.
  template <typename Body>
  void loop(Value start, Value end, int64_t step, Body body);
  /// The body, when `condition` holds.
  template <typename Body> void when(Value condition, Body body);

  void emitKBlock(Value col0, Value cols, Value kStart, Value kSize,
                  Value first, Value last);
  /// The strips of a column block: how many are full, and whether the
  /// partial one at N's edge is in this block (null when N has none).
  struct Strips {
    Value full, hasEdge;
  };
  void emitRowBlock(Value col0, Strips strips, Value kStart, Value kSize,
                    Value row0, Value rows, Value first, Value last);
  void emitMicrokernel(Value kStart, Value kSize, Value strip, Value tileIndex,
                       Value row, int64_t rows, Value col, int64_t width,
                       Value first, Value last);
  SmallVector<Value> applyEpilogue(ArrayRef<Value> accs, Value row,
                                   int64_t rows, Value col, int64_t width);
  /// M = 1, B row-major: C's row by column blocks, B streamed by rows.
  void emitGemv();
  /// emitGemv's block of `cols` (static) columns from `col0`.
  void emitGemvBlock(Value col0, int64_t cols);

  OpBuilder &b;
  Location loc;
  Tile tile;
  Value a, bm, c;
  bool zeroInit;
  /// Whether `bm` is B's panels (no packing).
  bool panels;
  /// bf16 pairs (AVX512-BF16): A and B stay bf16 in their panels, B's
  /// strips interleave rows k and k + 1 ([kBlock / 2][2 * stripWidth]), and
  /// each step of the K loop is one `vdpbf16ps` per accumulator, two
  /// products of k per lane.
  bool dot;
  const std::optional<Epilogue> &epilogue;
  SmallVectorImpl<memref::AllocaOp> &panelAllocas;
  int64_t m, n, k, stripWidth, mBlock, nBlock, kBlock;
  /// Whether each microkernel prefetches the next tile's rows of C.
  bool prefetchC;
  bool packA;
  /// B's block, strip after strip: [nBlock / stripWidth][kBlock][stripWidth]
  /// (null with panels); with `dot`, bf16 [..][kBlock / 2][2 * stripWidth].
  Value packedB;
  /// A's block of rows, register tile after tile, each tile's rows
  /// contiguous: [mBlock / rows][rows][kBlock]; with `dot`, bf16 rows of
  /// kBlock rounded up to a vector, zero past K.
  Value packedA;
};

Value MicrokernelEmitter::loadRow(Value memref, ValueRange indices,
                                  int64_t width) {
  auto type = VectorType::get(
      {tile.lanes}, cast<MemRefType>(memref.getType()).getElementType());
  if (width >= tile.lanes)
    return b.create<vector::LoadOp>(loc, type, memref, indices);
  Value zero = b.create<arith::ConstantOp>(
      loc, type, cast<TypedAttr>(b.getZeroAttr(type)));
  return b.create<vector::MaskedLoadOp>(loc, type, memref, indices, mask(width),
                                        zero);
}

void MicrokernelEmitter::storeRow(Value memref, ValueRange indices, Value value,
                                  int64_t width) {
  if (width >= tile.lanes) {
    b.create<vector::StoreOp>(loc, value, memref, indices);
    return;
  }
  b.create<vector::MaskedStoreOp>(loc, memref, indices, mask(width), value);
}

template <typename Body>
void MicrokernelEmitter::loop(Value start, Value end, int64_t step, Body body) {
  auto forOp = b.create<scf::ForOp>(loc, start, end, index(step));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forOp.getBody());
  body(forOp.getInductionVar());
}

template <typename Body>
void MicrokernelEmitter::when(Value condition, Body body) {
  auto ifOp = b.create<scf::IfOp>(loc, condition, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  body();
}

void MicrokernelEmitter::emit() {
  if (m == 1 && !panels && !dot)
    return emitGemv();
  // The panels are allocated once, at the function's entry: an alloca in a
  // loop (over batches) would grow the stack per iteration.
  {
    OpBuilder::InsertionGuard guard(b);
    Operation *parent = b.getInsertionBlock()->getParentOp();
    auto fn = isa<func::FuncOp>(parent)
                  ? cast<func::FuncOp>(parent)
                  : parent->getParentOfType<func::FuncOp>();
    Type element = dot ? Type(b.getBF16Type()) : Type(b.getF32Type());
    auto scratch = [&](ArrayRef<int64_t> shape) -> Value {
      auto type = MemRefType::get(shape, element);
      for (memref::AllocaOp alloca : panelAllocas)
        if (alloca.getType() == type && alloca->getParentOp() == fn)
          return alloca;
      b.setInsertionPointToStart(&fn.getBody().front());
      auto alloca =
          b.create<memref::AllocaOp>(loc, type, b.getI64IntegerAttr(64));
      panelAllocas.push_back(alloca);
      return alloca;
    };
    if (dot) {
      if (!panels)
        packedB =
            scratch({nBlock / stripWidth, (kBlock + 1) / 2, 2 * stripWidth});
      packedA =
          scratch({mBlock / tile.rows, tile.rows,
                   static_cast<int64_t>(llvm::alignTo(kBlock, tile.lanes))});
    } else {
      if (!panels)
        packedB = scratch({nBlock / stripWidth, kBlock, stripWidth});
      if (packA)
        packedA = scratch({mBlock / tile.rows, tile.rows, kBlock});
    }
  }
  // Blocks have dynamic sizes (the last may be partial); only the register
  // tile and strip sizes are static, so each microkernel shape is emitted
  // once.
  loop(index(0), index(n), nBlock, [&](Value col0) {
    Value cols = blockSize(col0, nBlock, n);
    loop(index(0), index(k), kBlock, [&](Value kStart) {
      Value kSize = blockSize(kStart, kBlock, k);
      Value first = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                            kStart, index(0));
      Value last = b.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq,
          b.create<arith::AddIOp>(loc, kStart, kSize), index(k));
      emitKBlock(col0, cols, kStart, kSize, first, last);
    });
  });
}

/// Columns of C's row per block of emitGemv: 16 KiB of C, which stays in
/// L1 while every row of B streams through it (at 768 x 50257, with one row
/// of B per pass, 1024 and 256 columns measured 4% and 18% slower on one
/// thread; docs/CPUBackend.md).
constexpr int64_t kGemvBlockColumns = 4096;
/// Rows of B emitGemv adds into C's block per pass, and how far ahead it
/// prefetches them.
constexpr int64_t kGemvRows = 4;
constexpr int64_t kGemvPrefetchRows = 4;

void MicrokernelEmitter::emitGemv() {
  int64_t block = std::min<int64_t>(kGemvBlockColumns, n);
  int64_t fullBlocks = n / block, rest = n % block;
  if (fullBlocks)
    loop(index(0), index(fullBlocks * block), block,
         [&](Value col0) { emitGemvBlock(col0, block); });
  if (rest)
    emitGemvBlock(index(fullBlocks * block), rest);
}

void MicrokernelEmitter::emitGemvBlock(Value col0, int64_t cols) {
  int64_t fullVectors = cols / tile.lanes, tail = cols % tile.lanes;
  Value zero = index(0);
  // Each vector of the block: [col, col + width) with width = lanes, and
  // the tail's.
  auto forEachVector = [&](function_ref<void(Value col, int64_t width)> body) {
    if (fullVectors)
      loop(index(0), index(fullVectors), 1, [&](Value v) {
        body(b.create<arith::AddIOp>(loc, col0, mul(v, tile.lanes)),
             tile.lanes);
      });
    if (tail)
      body(add(col0, fullVectors * tile.lanes), tail);
  };
  if (zeroInit)
    forEachVector([&](Value col, int64_t width) {
      storeRow(c, ValueRange{zero, col},
               b.create<arith::ConstantOp>(
                   loc, vecType(), DenseElementsAttr::get(vecType(), 0.0f)),
               width);
    });
  // kGemvRows rows of B per pass over C's block: C is loaded and stored
  // once per pass, not once per row; the rows kGemvPrefetchRows ahead are
  // prefetched.
  auto rowsFrom = [&](Value k0, int64_t rows) {
    SmallVector<Value> splats, ahead;
    for (int64_t r = 0; r < rows; ++r) {
      Value kr = add(k0, r);
      splats.push_back(b.create<vector::BroadcastOp>(
          loc, vecType(),
          toF32(b.create<memref::LoadOp>(loc, a, ValueRange{zero, kr}))));
      ahead.push_back(b.create<arith::MinSIOp>(loc, add(kr, kGemvPrefetchRows),
                                               index(k - 1)));
    }
    forEachVector([&](Value col, int64_t width) {
      Value sum = loadRow(c, ValueRange{zero, col}, width);
      for (int64_t r = 0; r < rows; ++r) {
        b.create<memref::PrefetchOp>(loc, bm, ValueRange{ahead[r], col},
                                     /*isWrite=*/false, /*localityHint=*/0,
                                     /*isDataCache=*/true);
        sum = b.create<vector::FMAOp>(
            loc, splats[r], loadRowF32(bm, ValueRange{add(k0, r), col}, width),
            sum);
      }
      storeRow(c, ValueRange{zero, col}, sum, width);
    });
  };
  int64_t passes = k / kGemvRows, restRows = k % kGemvRows;
  if (passes)
    loop(index(0), index(passes * kGemvRows), kGemvRows,
         [&](Value k0) { rowsFrom(k0, kGemvRows); });
  if (restRows)
    rowsFrom(index(passes * kGemvRows), restRows);
  if (!epilogue)
    return;
  forEachVector([&](Value col, int64_t width) {
    Value product = loadRow(c, ValueRange{zero, col}, width);
    Value out = applyEpilogue({product}, zero, 1, col, width).front();
    storeRow(epilogue->dest, ValueRange{zero, col}, out, width);
  });
}

void MicrokernelEmitter::emitKBlock(Value col0, Value cols, Value kStart,
                                    Value kSize, Value first, Value last) {
  // Pack B[kStart .. + kSize, col0 .. + cols] into strips (zero past the
  // last column), shared by every block of rows. Row by row: B is read
  // along its rows, which the prefetchers follow.
  Value fullStrips = b.create<arith::DivUIOp>(loc, cols, index(stripWidth));
  int64_t edge = n % stripWidth;
  Value hasEdge;
  if (edge != 0)
    hasEdge = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                      mul(fullStrips, stripWidth), cols);
  auto packStrip = [&](Value kk, Value strip, int64_t width) {
    Value row = b.create<arith::AddIOp>(loc, kStart, kk);
    Value col = b.create<arith::AddIOp>(loc, col0, mul(strip, stripWidth));
    for (int64_t v = 0; v * tile.lanes < width; ++v) {
      Value x = loadRowF32(bm, ValueRange{row, add(col, v * tile.lanes)},
                           width - v * tile.lanes);
      b.create<vector::StoreOp>(loc, x, packedB,
                                ValueRange{strip, kk, index(v * tile.lanes)});
    }
  };
  // bf16 pairs: rows 2p and 2p + 1 of the block interleaved, lane by lane
  // (the second zero past an odd K's end).
  auto packPairStrip = [&](Value pair, Value strip, int64_t width) {
    Value kk = mul(pair, 2);
    Value row = b.create<arith::AddIOp>(loc, kStart, kk);
    Value hasSecond = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                              add(kk, 1), kSize);
    Value second = b.create<arith::SelectOp>(loc, hasSecond, add(row, 1), row);
    Value col = b.create<arith::AddIOp>(loc, col0, mul(strip, stripWidth));
    auto half = VectorType::get({tile.lanes}, b.getBF16Type());
    Value zero = b.create<arith::ConstantOp>(
        loc, half, cast<TypedAttr>(b.getZeroAttr(half)));
    for (int64_t v = 0; v * tile.lanes < width; ++v) {
      int64_t lanes = std::min(width - v * tile.lanes, tile.lanes);
      Value at = add(col, v * tile.lanes);
      Value even = loadRow(bm, ValueRange{row, at}, lanes);
      Value count =
          b.create<arith::SelectOp>(loc, hasSecond, index(lanes), index(0));
      Value odd = b.create<vector::MaskedLoadOp>(
          loc, half, bm, ValueRange{second, at},
          b.create<vector::CreateMaskOp>(
              loc, VectorType::get({tile.lanes}, b.getI1Type()),
              ValueRange{count}),
          zero);
      Value pairs = b.create<vector::InterleaveOp>(loc, even, odd);
      b.create<vector::StoreOp>(
          loc, pairs, packedB,
          ValueRange{strip, pair, index(2 * v * tile.lanes)});
    }
  };
  if (dot && !panels) {
    Value pairs = b.create<arith::DivUIOp>(loc, add(kSize, 1), index(2));
    loop(index(0), pairs, 1, [&](Value pair) {
      loop(index(0), fullStrips, 1,
           [&](Value strip) { packPairStrip(pair, strip, stripWidth); });
      if (edge != 0)
        when(hasEdge, [&] { packPairStrip(pair, fullStrips, edge); });
    });
  } else if (!panels) {
    loop(index(0), kSize, 1, [&](Value kk) {
      loop(index(0), fullStrips, 1,
           [&](Value strip) { packStrip(kk, strip, stripWidth); });
      if (edge != 0)
        when(hasEdge, [&] { packStrip(kk, fullStrips, edge); });
    });
  }
  Strips strips{fullStrips, hasEdge};
  loop(index(0), index(m), mBlock, [&](Value row0) {
    emitRowBlock(col0, strips, kStart, kSize, row0, blockSize(row0, mBlock, m),
                 first, last);
  });
}

void MicrokernelEmitter::emitRowBlock(Value col0, Strips strips, Value kStart,
                                      Value kSize, Value row0, Value rows,
                                      Value first, Value last) {
  // Pack A[row0 .. + rows, kStart .. + kSize] register tile by register
  // tile: each row a vector copy (masked at the block's end) into the
  // tile's rows, 4 * kBlock bytes apart (not A's row stride, which at 4 KiB
  // would put every row of the tile in one L1 set). Rows past the end of
  // the partial last tile are not read.
  Value fullTiles = b.create<arith::DivUIOp>(loc, rows, index(tile.rows));
  int64_t rest = m % tile.rows;
  Value hasRest;
  if (rest != 0)
    hasRest = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                      mul(fullTiles, tile.rows), rows);
  auto packTile = [&](Value t, int64_t tileRows) {
    Value tileRow = b.create<arith::AddIOp>(loc, row0, mul(t, tile.rows));
    for (int64_t r = 0; r < tileRows; ++r) {
      Value rowIndex = add(tileRow, r);
      loop(index(0), kSize, tile.lanes, [&](Value kk) {
        Value ka = b.create<arith::AddIOp>(loc, kStart, kk);
        Value left = b.create<arith::SubIOp>(loc, kSize, kk);
        Value lanes = b.create<vector::CreateMaskOp>(
            loc, VectorType::get({tile.lanes}, b.getI1Type()),
            ValueRange{left});
        auto type = VectorType::get(
            {tile.lanes}, cast<MemRefType>(a.getType()).getElementType());
        Value zero = b.create<arith::ConstantOp>(
            loc, type, cast<TypedAttr>(b.getZeroAttr(type)));
        Value x = b.create<vector::MaskedLoadOp>(
            loc, type, a, ValueRange{rowIndex, ka}, lanes, zero);
        if (dot) {
          // bf16 as it is, the whole vector: zeros past K (the panel's
          // rows are a whole number of vectors).
          b.create<vector::StoreOp>(loc, x, packedA,
                                    ValueRange{t, index(r), kk});
          return;
        }
        x = toF32(x);
        b.create<vector::MaskedStoreOp>(loc, packedA,
                                        ValueRange{t, index(r), kk}, lanes, x);
      });
    }
  };
  if (packA) {
    loop(index(0), fullTiles, 1, [&](Value t) { packTile(t, tile.rows); });
    if (rest != 0)
      when(hasRest, [&] { packTile(fullTiles, rest); });
  }

  // Every tile of rows against every strip of columns: tile by tile, so
  // the tile's rows of A (kBlock floats each) stay in L1 while the strips
  // of B stream from the L2-resident block; strip by strip, each strip
  // (kBlock x 64 floats, all of L1 at kBlock 128) was evicted by the tiles
  // of A streaming past it.
  auto stripsOf = [&](Value t, int64_t tileRows) {
    Value row = b.create<arith::AddIOp>(loc, row0, mul(t, tile.rows));
    loop(index(0), strips.full, 1, [&](Value strip) {
      Value col = b.create<arith::AddIOp>(loc, col0, mul(strip, stripWidth));
      emitMicrokernel(kStart, kSize, strip, t, row, tileRows, col, stripWidth,
                      first, last);
    });
    if (strips.hasEdge)
      when(strips.hasEdge, [&] {
        Value col =
            b.create<arith::AddIOp>(loc, col0, mul(strips.full, stripWidth));
        emitMicrokernel(kStart, kSize, strips.full, t, row, tileRows, col,
                        n % stripWidth, first, last);
      });
  };
  loop(index(0), fullTiles, 1, [&](Value t) { stripsOf(t, tile.rows); });
  if (rest != 0)
    when(hasRest, [&] { stripsOf(fullTiles, rest); });
}

void MicrokernelEmitter::emitMicrokernel(Value kStart, Value kSize, Value strip,
                                         Value tileIndex, Value row,
                                         int64_t rows, Value col, int64_t width,
                                         Value first, Value last) {
  int64_t vectors = llvm::divideCeil(width, tile.lanes);
  // The next tile's rows of C come from L3 or memory when C is larger than
  // the L2: fetch them while this tile's strips compute (row indices
  // clamped to C; prefetches do not fault; the next strip's columns of this
  // tile instead measured the same at 2048^3). A C that fits stays cached from
  // the previous K block or its packing, and the prefetches would only cost
  // code.
  for (int64_t r = 0; prefetchC && r < rows; ++r) {
    Value next =
        b.create<arith::MinSIOp>(loc, add(row, tile.rows + r), index(m - 1));
    for (int64_t v = 0; v < vectors; ++v)
      b.create<memref::PrefetchOp>(loc, c,
                                   ValueRange{next, add(col, v * tile.lanes)},
                                   /*isWrite=*/true, /*localityHint=*/3,
                                   /*isDataCache=*/true);
  }
  // Accumulators: zero in the first K block after a zero fill (C is not
  // read), else C.
  auto loadC = [&] {
    SmallVector<Value> values;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t v = 0; v < vectors; ++v)
        values.push_back(
            loadRow(c, ValueRange{add(row, r), add(col, v * tile.lanes)},
                    width - v * tile.lanes));
    return values;
  };
  SmallVector<Value> inits;
  if (zeroInit) {
    SmallVector<Type> types(rows * vectors, vecType());
    auto ifOp = b.create<scf::IfOp>(loc, types, first, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value zero = b.create<arith::ConstantOp>(
        loc, vecType(), DenseElementsAttr::get(vecType(), 0.0f));
    b.create<scf::YieldOp>(loc, SmallVector<Value>(rows * vectors, zero));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    b.create<scf::YieldOp>(loc, loadC());
    inits.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  } else {
    inits = loadC();
  }

  // B's rows for this strip: the packed block's, or the panel's from K's
  // block start on.
  Value bStrip = strip, bPanel = packedB;
  if (panels) {
    bStrip = b.create<arith::DivUIOp>(loc, col, index(stripWidth));
    bPanel = bm;
  }
  auto dotStep = [&](OpBuilder &nb, Location nloc, Value pair,
                     ValueRange accs) {
    auto constant = [&](int64_t v) {
      return nb.create<arith::ConstantIndexOp>(nloc, v);
    };
    auto pairs = VectorType::get({2 * tile.lanes}, nb.getBF16Type());
    // Pair panels: from K's block start (even) on.
    Value bPair =
        panels ? nb.create<arith::AddIOp>(
                     nloc, nb.create<arith::DivUIOp>(nloc, kStart, constant(2)),
                     pair)
               : pair;
    SmallVector<Value> bv;
    for (int64_t v = 0; v < vectors; ++v)
      bv.push_back(nb.create<vector::LoadOp>(
          nloc, pairs, bPanel,
          ValueRange{bStrip, bPair, constant(2 * v * tile.lanes)}));
    Value kk = nb.create<arith::MulIOp>(nloc, pair, constant(2));
    SmallVector<Value> next;
    for (int64_t r = 0; r < rows; ++r) {
      // A's pair (k, k + 1) of this row as one 32-bit lane, in every lane.
      Value two = nb.create<vector::LoadOp>(
          nloc, VectorType::get({2}, nb.getBF16Type()), packedA,
          ValueRange{tileIndex, constant(r), kk});
      Value word = nb.create<vector::ExtractOp>(
          nloc,
          nb.create<vector::BitCastOp>(
              nloc, VectorType::get({1}, nb.getI32Type()), two),
          ArrayRef<int64_t>{0});
      Value splat = nb.create<vector::BitCastOp>(
          nloc, pairs,
          nb.create<vector::BroadcastOp>(
              nloc, VectorType::get({tile.lanes}, nb.getI32Type()), word));
      for (int64_t v = 0; v < vectors; ++v)
        next.push_back(
            nb.create<LLVM::CallIntrinsicOp>(
                  nloc, vecType(),
                  nb.getStringAttr("llvm.x86.avx512bf16.dpbf16ps.512"),
                  ValueRange{accs[r * vectors + v], splat, bv[v]},
                  LLVM::FastmathFlagsAttr::get(nb.getContext(), {}))
                ->getResult(0));
    }
    nb.create<scf::YieldOp>(nloc, next);
  };
  Value steps =
      dot ? b.create<arith::DivUIOp>(loc, add(kSize, 1), index(2)).getResult()
          : kSize;
  auto forOp = b.create<scf::ForOp>(
      loc, index(0), steps, index(1), inits,
      [&](OpBuilder &nb, Location nloc, Value kk, ValueRange accs) {
        if (dot)
          return dotStep(nb, nloc, kk, accs);
        auto constant = [&](int64_t v) {
          return nb.create<arith::ConstantIndexOp>(nloc, v);
        };
        Value bRow = panels ? nb.create<arith::AddIOp>(nloc, kStart, kk) : kk;
        SmallVector<Value> bv;
        for (int64_t v = 0; v < vectors; ++v)
          bv.push_back(nb.create<vector::LoadOp>(
              nloc, vecType(), bPanel,
              ValueRange{bStrip, bRow, constant(v * tile.lanes)}));
        SmallVector<Value> next;
        Value ka = packA ? Value() : nb.create<arith::AddIOp>(nloc, kStart, kk);
        for (int64_t r = 0; r < rows; ++r) {
          Value x =
              packA ? nb.create<memref::LoadOp>(
                          nloc, packedA, ValueRange{tileIndex, constant(r), kk})
                    : nb.create<memref::LoadOp>(
                          nloc, a,
                          ValueRange{r == 0 ? row
                                            : nb.create<arith::AddIOp>(
                                                    nloc, row, constant(r))
                                                  .getResult(),
                                     ka});
          if (!x.getType().isF32()) // f16 / bf16 A read in place
            x = nb.create<arith::ExtFOp>(nloc, nb.getF32Type(), x);
          Value splat = nb.create<vector::BroadcastOp>(nloc, vecType(), x);
          for (int64_t v = 0; v < vectors; ++v)
            next.push_back(nb.create<vector::FMAOp>(nloc, splat, bv[v],
                                                    accs[r * vectors + v]));
        }
        nb.create<scf::YieldOp>(nloc, next);
      });
  SmallVector<Value> accs(forOp.getResults().begin(), forOp.getResults().end());
  auto store = [&](Value memref, ArrayRef<Value> values) {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t v = 0; v < vectors; ++v)
        storeRow(memref, ValueRange{add(row, r), add(col, v * tile.lanes)},
                 values[r * vectors + v], width - v * tile.lanes);
  };
  if (epilogue && epilogue->dest != c) {
    // The epilogue writes elsewhere: its results after the last K block,
    // the partial sums into C before.
    auto ifOp = b.create<scf::IfOp>(loc, last, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    store(epilogue->dest, applyEpilogue(accs, row, rows, col, width));
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    store(c, accs);
    return;
  }
  if (epilogue) {
    // The epilogue on the registers, after the last K block only.
    auto ifOp = b.create<scf::IfOp>(loc, forOp.getResultTypes(), last,
                                    /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      b.create<scf::YieldOp>(loc, applyEpilogue(accs, row, rows, col, width));
      b.setInsertionPointToStart(&ifOp.getElseRegion().front());
      b.create<scf::YieldOp>(loc, accs);
    }
    accs.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  }
  store(c, accs);
}

SmallVector<Value> MicrokernelEmitter::applyEpilogue(ArrayRef<Value> accs,
                                                     Value row, int64_t rows,
                                                     Value col, int64_t width) {
  int64_t vectors = llvm::divideCeil(width, tile.lanes);
  linalg::GenericOp op = epilogue->op;
  Block &body = op.getRegion().front();
  SmallVector<Value> out;
  for (int64_t r = 0; r < rows; ++r) {
    Value rowIndex = add(row, r);
    for (int64_t v = 0; v < vectors; ++v) {
      Value colIndex = add(col, v * tile.lanes);
      int64_t lanesLeft = width - v * tile.lanes;
      VectorWidener widener(b, tile.lanes);
      for (auto [input, indexing, arg] : llvm::zip(
               op.getDpsInputs(), epilogue->indexing, body.getArguments())) {
        switch (indexing) {
        case InputIndexing::rowCol:
          widener.map(
              arg, loadRow(input, ValueRange{rowIndex, colIndex}, lanesLeft));
          break;
        case InputIndexing::col:
          widener.map(arg, loadRow(input, ValueRange{colIndex}, lanesLeft));
          break;
        case InputIndexing::row:
          widener.mapScalar(
              arg, b.create<memref::LoadOp>(loc, input, ValueRange{rowIndex}));
          break;
        case InputIndexing::scalar:
          widener.mapScalar(arg,
                            b.create<memref::LoadOp>(loc, input, ValueRange{}));
          break;
        case InputIndexing::product:
          widener.map(arg, accs[r * vectors + v]);
          break;
        }
      }
      if (epilogue->dest == c)
        widener.map(body.getArguments().back(), accs[r * vectors + v]);
      for (Operation &inner : body.without_terminator()) {
        bool uniform = llvm::none_of(
            inner.getOperands(), [&](Value x) { return widener.isVector(x); });
        if (uniform)
          b.clone(inner, widener.scalarMapping());
        else
          widener.cloneWidened(&inner);
      }
      out.push_back(widener.widen(body.getTerminator()->getOperand(0)));
    }
  }
  return out;
}

struct CpuMatmulMicrokernel
    : mlir::rlx::impl::CpuMatmulMicrokernelBase<CpuMatmulMicrokernel> {
  using CpuMatmulMicrokernelBase::CpuMatmulMicrokernelBase;

  Tile tileShape(int64_t targetLanes) const {
    Tile t;
    t.lanes = lanes > 0 ? int64_t(lanes) : targetLanes;
    // Accumulators + B vectors + one broadcast of A fit the registers
    // (MatmulTile.h).
    t.rows = tileRows > 0 ? int64_t(tileRows) : kDefaultMatmulTileRows;
    t.vectors = tileVectors > 0 ? int64_t(tileVectors)
                                : defaultMatmulTileVectors(t.lanes);
    t.kBlock = kBlock;
    t.mBlock = static_cast<int64_t>(llvm::alignTo(mBlock, t.rows));
    t.nBlock = static_cast<int64_t>(llvm::alignTo(nBlock, t.vectors * t.lanes));
    t.prefetchCAbove = prefetchCAbove;
    return t;
  }

  void runOnOperation() override {
    if (kBlock < 1 || mBlock < 1 || nBlock < 1 || tileRows < 0 ||
        tileRows > kMaxMatmulTileRows || tileVectors < 0 ||
        tileVectors > kMaxMatmulTileVectors || lanes < 0 ||
        lanes > kMaxF32Lanes || prefetchCAbove < 0) {
      getOperation().emitError(
          "rlx-cpu-matmul-microkernel: k-block, m-block and n-block must be "
          ">= 1, tile-rows in [0, ")
          << kMaxMatmulTileRows << "], tile-vectors in [0, "
          << kMaxMatmulTileVectors
          << "] (0: the default), prefetch-c-above >= 0 and lanes in [0, "
          << kMaxF32Lanes << "] (0: the target's)";
      return signalPassFailure();
    }
    SmallVector<Operation *> matmuls;
    getOperation().walk([&](Operation *op) {
      if ((isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op) &&
           !op->hasAttr("rlx.library_call")) ||
          matchPanelMatmul(op))
        matmuls.push_back(op);
    });
    if (matmuls.empty())
      return;
    int64_t targetLanes = lanes;
    if (targetLanes == 0) {
      FailureOr<int64_t> fromTarget = targetF32Lanes(getOperation());
      if (failed(fromTarget))
        return signalPassFailure();
      targetLanes = *fromTarget;
    }
    Tile tile = tileShape(targetLanes);
    panelAllocas.clear();
    dotAvailable =
        bf16Dot &&
        bf16PairsAvailable(getTargetOrDefault(getOperation()), tile.lanes);
    for (Operation *op : matmuls)
      rewrite(op, tile);
  }

  /// The panels allocated so far (products of one function run one after
  /// the other: those whose panels have one shape share them, as a
  /// half-float product's tiles do, ContractionKernels.cpp).
  SmallVector<memref::AllocaOp> panelAllocas;
  /// Whether bf16 x bf16 products use `vdpbf16ps` (the `bf16-dot` option,
  /// 16 lanes and a target with AVX512-BF16).
  bool dotAvailable = false;

  bool bothBf16(Value a, Value bm) const {
    auto element = [](Value v) {
      return cast<MemRefType>(v.getType()).getElementType();
    };
    return dotAvailable && element(a).isBF16() && element(bm).isBF16();
  }

  /// A panel matmul (rlx-cpu-pack-params): C [M, N] += A x B's panels
  /// [N / W, K, W], its strips W wide, or bf16 A x B's pair panels [N / W,
  /// K / 2, 2 W] with pairs available. Left to the loops (correct, slow)
  /// when the microkernel cannot take it.
  void rewritePanelMatmul(Operation *op, const PanelMatmul &operands,
                          Tile tile) {
    auto expand = operands.c3.getDefiningOp<memref::ExpandShapeOp>();
    if (!expand)
      return;
    Value a = operands.a, panels = operands.panels, c = expand.getSrc();
    auto panelType = cast<MemRefType>(panels.getType());
    // bf16 pair panels need the pairs (vdpbf16ps) and bf16 A.
    bool pairs = panelType.getElementType().isBF16();
    if (pairs ? !(bothBf16(a, panels) && isPlainOperand(a, 2) &&
                  isPlainOperand(panels, 3))
              : !(isPlainF32(a, 2) && isPlainF32(panels, 3)))
      return;
    if (!isPlainF32(c, 2))
      return;
    int64_t width = panelType.getDimSize(2) / (pairs ? 2 : 1);
    if (width % tile.lanes != 0 || panelType.getNumElements() == 0 ||
        cast<MemRefType>(a.getType()).getNumElements() == 0 ||
        cast<MemRefType>(c.getType()).getNumElements() == 0)
      return;
    // The strips are the panels.
    tile.vectors = width / tile.lanes;
    tile.nBlock = llvm::alignTo(tile.nBlock, width);
    linalg::FillOp fill = zeroFillBefore(op, c);
    std::optional<Epilogue> epilogue = epilogueAfter(op, c);
    OpBuilder b(op);
    MicrokernelEmitter(b, op->getLoc(), tile, a, panels, c, bool(fill),
                       epilogue, panelAllocas, /*panels=*/true, pairs)
        .emit();
    eraseReplaced(op, fill, epilogue);
    if (expand->use_empty())
      expand->erase();
  }

  /// Erases the product the emitted code replaced, with the fill and the
  /// epilogue it folded in.
  static void eraseReplaced(Operation *op, linalg::FillOp fill,
                            const std::optional<Epilogue> &epilogue) {
    if (epilogue)
      epilogue->op->erase();
    op->erase();
    if (fill)
      fill->erase();
  }

  void rewrite(Operation *op, const Tile &tile) {
    if (std::optional<PanelMatmul> operands = matchPanelMatmul(op))
      return rewritePanelMatmul(op, *operands, tile);
    auto linalgOp = cast<linalg::LinalgOp>(op);
    bool batched = isa<linalg::BatchMatmulOp>(op);
    int64_t rank = batched ? 3 : 2;
    Value a = linalgOp.getDpsInputs()[0], bm = linalgOp.getDpsInputs()[1],
          c = linalgOp.getDpsInits()[0];
    if (!isPlainOperand(a, rank) || !isPlainOperand(bm, rank) ||
        !isPlainF32(c, rank))
      return;
    ArrayRef<int64_t> as = cast<MemRefType>(a.getType()).getShape();
    ArrayRef<int64_t> cs = cast<MemRefType>(c.getType()).getShape();
    if (llvm::is_contained(as, 0) || llvm::is_contained(cs, 0))
      return;
    linalg::FillOp fill = zeroFillBefore(op, c);
    std::optional<Epilogue> epilogue;
    if (!batched)
      epilogue = epilogueAfter(op, c);

    OpBuilder b(op);
    Location loc = op->getLoc();
    if (!batched) {
      MicrokernelEmitter(b, loc, tile, a, bm, c, bool(fill), epilogue,
                         panelAllocas, /*panels=*/false, bothBf16(a, bm))
          .emit();
    } else {
      auto loop =
          b.create<scf::ForOp>(loc, b.create<arith::ConstantIndexOp>(loc, 0),
                               b.create<arith::ConstantIndexOp>(loc, cs[0]),
                               b.create<arith::ConstantIndexOp>(loc, 1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value batch = loop.getInductionVar();
      auto slice = [&](Value v) -> Value {
        auto type = cast<MemRefType>(v.getType());
        SmallVector<OpFoldResult> offsets = {batch, b.getIndexAttr(0),
                                             b.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1),
                                           b.getIndexAttr(type.getDimSize(1)),
                                           b.getIndexAttr(type.getDimSize(2))};
        SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
        auto sliceType =
            cast<MemRefType>(memref::SubViewOp::inferRankReducedResultType(
                {type.getDimSize(1), type.getDimSize(2)}, type, offsets, sizes,
                strides));
        return b.create<memref::SubViewOp>(loc, sliceType, v, offsets, sizes,
                                           strides);
      };
      std::optional<Epilogue> none;
      MicrokernelEmitter(b, loc, tile, slice(a), slice(bm), slice(c),
                         bool(fill), none, panelAllocas, /*panels=*/false,
                         bothBf16(a, bm))
          .emit();
    }
    eraseReplaced(op, fill, epilogue);
  }
};
} // namespace
