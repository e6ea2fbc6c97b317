//===- LibraryCalls.cpp - rlx-lower-library-calls -------------------------===//
//
// Contractions marked `rlx.library_call` (conversion/LibraryCall.h) become
// calls of the routine, on pointers computed from the buffer at the root of
// their views (docs/CPUBackend.md, "Native matmul").
//
//===----------------------------------------------------------------------===//
#include "conversion/LibraryCall.h"
#include "conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_LOWERLIBRARYCALLS
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {
/// CBLAS enum values (cblas.h).
constexpr int32_t kCblasRowMajor = 101, kCblasNoTrans = 111;

/// One matrix operand of a marked contraction: its memref and the static
/// strides of its last two dims (rows, then the unit column stride) and of
/// the batch dim, if any.
struct MatrixOperand {
  Value memref;
  int64_t batchStride = 0;
  int64_t rowStride = 0;
};
} // namespace

/// The matrix view of `memref` for cblas_sgemm: static strides, unit column
/// stride, and rows that do not overlap (row stride >= columns, or a single
/// row). Fails with a diagnostic on `op` otherwise.
static FailureOr<MatrixOperand> matrixOperand(Operation *op, Value memref,
                                              StringRef what) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  int64_t rank = type.getRank();
  if (!type.getElementType().isF32() ||
      failed(getStridesAndOffset(type, strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return op->emitOpError()
           << "cannot call " << kCblasSgemm << ": " << what << " " << type
           << " is not an f32 memref with static strides";
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rows = shape[rank - 2], cols = shape[rank - 1];
  MatrixOperand m;
  m.memref = memref;
  m.batchStride = rank == 3 ? strides[0] : 0;
  m.rowStride = strides[rank - 2];
  bool unitColumns = strides[rank - 1] == 1 || cols == 1;
  // A single row may carry any row stride: BLAS never steps along it, and
  // needs only a leading dim >= max(1, columns).
  if (rows == 1)
    m.rowStride = std::max<int64_t>(m.rowStride, std::max<int64_t>(cols, 1));
  // A dynamic column count (a window, e.g. a swiglu tile) is taken to fit
  // in the row stride: the window's builder made it so.
  bool rowsApart =
      !ShapedType::isDynamic(cols) ? m.rowStride >= cols : m.rowStride >= 1;
  if (!unitColumns || !rowsApart || m.rowStride < 1 || m.rowStride > INT32_MAX)
    return op->emitOpError()
           << "cannot call " << kCblasSgemm << ": " << what << " " << type
           << " is not row-major with unit column stride";
  // elementPointer adds a memref.view's byte shift to its source's address:
  // right only when the source is the root buffer, not another view.
  for (Operation *def = memref.getDefiningOp(); def;) {
    auto viewLike = dyn_cast<ViewLikeOpInterface>(def);
    if (!viewLike)
      break;
    Operation *source = viewLike.getViewSource().getDefiningOp();
    if (isa<memref::ViewOp>(def) && source && isa<ViewLikeOpInterface>(source))
      return op->emitOpError() << "cannot call " << kCblasSgemm << ": " << what
                               << " is a memref.view of another view";
    def = source;
  }
  return m;
}

/// `memref`'s element `elements` past its offset as an !llvm.ptr.
///
/// The address is built from the buffer at the root of `memref`'s views (the
/// arena argument, or an alloca): upstream expand-strided-metadata rewrites
/// extract_aligned_pointer_as_index of any view to that of its source, which
/// drops a memref.view's byte shift; the shifts are added here instead, and
/// the element offset the other views (subview, collapse_shape) add is
/// extract_strided_metadata's.
static Value elementPointer(OpBuilder &b, Location loc, Value memref,
                            Value elements) {
  Value root = memref;
  Value bytes = b.create<arith::ConstantIndexOp>(loc, 0);
  while (Operation *def = root.getDefiningOp()) {
    if (auto view = dyn_cast<memref::ViewOp>(def)) {
      bytes = b.create<arith::AddIOp>(loc, bytes, view.getByteShift());
      root = view.getSource();
      continue;
    }
    if (auto viewLike = dyn_cast<ViewLikeOpInterface>(def)) {
      root = viewLike.getViewSource();
      continue;
    }
    break;
  }
  auto meta = b.create<memref::ExtractStridedMetadataOp>(loc, memref);
  Value index = meta.getOffset();
  if (elements)
    index = b.create<arith::AddIOp>(loc, index, elements);
  bytes = b.create<arith::AddIOp>(
      loc, bytes,
      b.create<arith::MulIOp>(
          loc, index, b.create<arith::ConstantIndexOp>(loc, sizeof(float))));
  Value base = b.create<memref::ExtractAlignedPointerAsIndexOp>(loc, root);
  Value address = b.create<arith::IndexCastOp>(
      loc, b.getI64Type(), b.create<arith::AddIOp>(loc, base, bytes));
  return b.create<LLVM::IntToPtrOp>(
      loc, LLVM::LLVMPointerType::get(b.getContext()), address);
}

/// A memref seen through views that cover all of it: collapse_shape, and a
/// subview with as many elements as its source (rank-reducing).
static Value wholeBuffer(Value memref) {
  for (;;) {
    Operation *def = memref.getDefiningOp();
    if (auto collapse = dyn_cast_or_null<memref::CollapseShapeOp>(def)) {
      memref = collapse.getSrc();
      continue;
    }
    auto subview = dyn_cast_or_null<memref::SubViewOp>(def);
    if (subview && subview.getType().hasStaticShape() &&
        subview.getSourceType().hasStaticShape() &&
        subview.getType().getNumElements() ==
            subview.getSourceType().getNumElements()) {
      memref = subview.getSource();
      continue;
    }
    return memref;
  }
}

/// The linalg.fill of +0.0 that last wrote all of `op`'s output before it,
/// with only side-effect-free ops in between, or null.
static linalg::FillOp zeroFillBefore(linalg::LinalgOp op) {
  Value out = wholeBuffer(op.getDpsInits()[0]);
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (!fill) {
      if (isMemoryEffectFree(prev))
        continue;
      return nullptr;
    }
    auto zero = fill.getInputs()[0].getDefiningOp<arith::ConstantOp>();
    auto value = zero ? dyn_cast<FloatAttr>(zero.getValue()) : FloatAttr();
    if (!value || !value.getValue().isPosZero() ||
        wholeBuffer(fill.getOutputs()[0]) != out)
      return nullptr;
    return fill;
  }
  return nullptr;
}

/// `func.func private @cblas_sgemm` in `module`, declared on first use. Fails
/// if the module holds another symbol of that name.
static FailureOr<func::FuncOp> sgemmDeclaration(ModuleOp module,
                                                Operation *user) {
  MLIRContext *ctx = module.getContext();
  Type i32 = IntegerType::get(ctx, 32), f32 = Float32Type::get(ctx),
       ptr = LLVM::LLVMPointerType::get(ctx);
  auto type = FunctionType::get(
      ctx,
      {i32, i32, i32, i32, i32, i32, f32, ptr, i32, ptr, i32, f32, ptr, i32},
      {});
  Operation *existing = SymbolTable::lookupSymbolIn(module, kCblasSgemm);
  if (auto fn = dyn_cast_or_null<func::FuncOp>(existing))
    if (fn.isExternal() && fn.getFunctionType() == type)
      return fn;
  if (existing)
    return user->emitOpError()
           << "needs the symbol '" << kCblasSgemm
           << "' for its library call, but the module already has one";
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto fn = b.create<func::FuncOp>(module.getLoc(), kCblasSgemm, type);
  fn.setPrivate();
  return fn;
}

/// Replaces a marked linalg.matmul / batch_matmul by cblas_sgemm calls (one
/// per batch): row-major, no transpose, leading dims from the static
/// strides, alpha = 1 and beta = 1 (linalg accumulates into the output), or
/// beta = 0 with the zero fill before it removed.
static LogicalResult lowerToSgemm(ModuleOp module, linalg::LinalgOp op) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
    return op->emitOpError() << "cannot call " << kCblasSgemm
                             << ": only linalg.matmul and linalg.batch_matmul "
                                "can";
  FailureOr<MatrixOperand> a = matrixOperand(op, op.getDpsInputs()[0], "lhs");
  if (failed(a))
    return failure();
  FailureOr<MatrixOperand> bm = matrixOperand(op, op.getDpsInputs()[1], "rhs");
  if (failed(bm))
    return failure();
  FailureOr<MatrixOperand> c = matrixOperand(op, op.getDpsInits()[0], "out");
  if (failed(c))
    return failure();
  // M, N, K as 32-bit ints (blasint).
  auto outType = cast<MemRefType>(c->memref.getType());
  auto lhsType = cast<MemRefType>(a->memref.getType());
  int64_t rank = outType.getRank();
  for (int64_t size :
       llvm::concat<const int64_t>(outType.getShape(), lhsType.getShape()))
    if (!ShapedType::isDynamic(size) && size > INT32_MAX)
      return op->emitOpError()
             << "cannot call " << kCblasSgemm << ": a dim exceeds INT32_MAX";
  FailureOr<func::FuncOp> sgemm = sgemmDeclaration(module, op);
  if (failed(sgemm))
    return failure();

  OpBuilder b(op);
  Location loc = op.getLoc();
  float beta = 1.0f;
  if (linalg::FillOp fill = zeroFillBefore(op)) {
    fill.erase();
    beta = 0.0f;
  }
  auto i32 = [&](OpBuilder &nb, int64_t v) -> Value {
    return nb.create<arith::ConstantIntOp>(loc, v, 32);
  };
  auto dim = [&](OpBuilder &nb, Value memref, int64_t d) -> Value {
    Value size = nb.create<memref::DimOp>(loc, memref, d);
    return nb.create<arith::IndexCastOp>(loc, nb.getI32Type(), size);
  };
  auto call = [&](OpBuilder &nb, Value batch) {
    auto at = [&](const MatrixOperand &m) {
      Value elements;
      if (batch)
        elements = nb.create<arith::MulIOp>(
            loc, batch, nb.create<arith::ConstantIndexOp>(loc, m.batchStride));
      return elementPointer(nb, loc, m.memref, elements);
    };
    SmallVector<Value> args = {
        i32(nb, kCblasRowMajor),
        i32(nb, kCblasNoTrans),
        i32(nb, kCblasNoTrans),
        dim(nb, c->memref, rank - 2),
        dim(nb, c->memref, rank - 1),
        dim(nb, a->memref, rank - 1),
        nb.create<arith::ConstantOp>(loc, nb.getF32FloatAttr(1.0f)),
        at(*a),
        i32(nb, a->rowStride),
        at(*bm),
        i32(nb, bm->rowStride),
        nb.create<arith::ConstantOp>(loc, nb.getF32FloatAttr(beta)),
        at(*c),
        i32(nb, c->rowStride)};
    nb.create<func::CallOp>(loc, *sgemm, args);
  };
  if (rank == 2) {
    call(b, Value());
  } else {
    Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
    Value one = b.create<arith::ConstantIndexOp>(loc, 1);
    Value batches = b.create<memref::DimOp>(loc, c->memref, 0);
    auto loop = b.create<scf::ForOp>(loc, zero, batches, one);
    OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
    call(lb, loop.getInductionVar());
  }
  op->erase();
  return success();
}

/// Lowers every contraction in `fn` that carries rlx.library_call.
static LogicalResult lowerLibraryCalls(ModuleOp module, func::FuncOp fn) {
  SmallVector<linalg::LinalgOp> marked;
  fn.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kLibraryCallAttrName))
      marked.push_back(op);
  });
  for (linalg::LinalgOp op : marked) {
    auto name = op->getAttrOfType<StringAttr>(kLibraryCallAttrName);
    if (!name || name.getValue() != kCblasSgemm)
      return op->emitOpError()
             << "asks for library call " << op->getAttr(kLibraryCallAttrName)
             << "; rlx-lower-library-calls knows only \"" << kCblasSgemm
             << "\"";
    if (failed(lowerToSgemm(module, op)))
      return failure();
  }
  return success();
}

namespace {
struct LowerLibraryCalls
    : mlir::rlx::impl::LowerLibraryCallsBase<LowerLibraryCalls> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    for (func::FuncOp fn : functions)
      if (failed(lowerLibraryCalls(module, fn)))
        return signalPassFailure();
  }
};
} // namespace
