//===- LIRToLLVM.cpp - convert-lir-to-llvm --------------------------------===//
//
// Two steps. Outlining: every lir.dispatch becomes a func.func holding a clone
// of its kernel's body, specialized to the dispatch's views (constant arena
// offsets) and reading the workgroup coordinate from its i64 arguments; then
// the LIR is erased. Lowering: upstream passes take the functions to the LLVM
// dialect (the list in MLIR19.md), run as dynamic pipelines so that ops no
// pass could lower are reported by name before reconcile-unrealized-casts
// would report a cast instead.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/LIRToLLVM.h"
#include "conversion/LibraryCall.h"
#include "conversion/Passes.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTLIRTOLLVM
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

std::string mlir::rlx::dispatchSymbolName(StringRef program, unsigned index,
                                          bool prefixWithProgram) {
  std::string name = "rlx_dispatch_" + std::to_string(index);
  return prefixWithProgram ? (program + "_" + name).str() : name;
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

/// The dialects a kernel body may use: those whose lowering to LLVM the
/// pipeline below contains.
static bool isKernelDialect(Dialect *dialect) {
  static const llvm::StringSet<> allowed = {"arith",  "math",   "memref", "scf",
                                            "linalg", "vector", "affine", "cf",
                                            "index",  "ub"};
  return dialect && allowed.contains(dialect->getNamespace());
}

/// Diagnoses what the lowering cannot take, at the op in the kernel.
static LogicalResult checkKernelBody(lir::KernelOp kernel) {
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  WalkResult result = kernel.getBody().walk([&](Operation *op) {
    if (isa<lir::WorkgroupIdOp, lir::ReturnOp>(op))
      return WalkResult::advance();
    if (!isKernelDialect(op->getDialect())) {
      op->emitOpError()
          << "is not supported in a kernel body by convert-lir-to-llvm; "
             "kernels hold arith, math, memref, scf, linalg, vector, affine, "
             "cf, index and ub ops";
      return WalkResult::interrupt();
    }
    // (A region's tensor arguments come with tensor operands.)
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      op->emitOpError() << "works on tensors; convert-lir-to-llvm needs "
                           "kernel bodies on memrefs (bufferize them first)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// memref.copy between non-contiguous memrefs lowers to a call of MLIR's
/// runtime library (`memrefCopy`), which object code cannot rely on:
/// linalg.copy lowers to loops instead. Contiguous copies stay (memcpy).
static void rewriteStridedCopies(func::FuncOp fn) {
  SmallVector<memref::CopyOp> copies;
  fn.walk([&](memref::CopyOp copy) {
    auto isContiguous = [](Type t) {
      auto type = dyn_cast<MemRefType>(t);
      return type && memref::isStaticShapeAndContiguousRowMajor(type);
    };
    if (!isContiguous(copy.getSource().getType()) ||
        !isContiguous(copy.getTarget().getType()))
      copies.push_back(copy);
  });
  for (memref::CopyOp copy : copies) {
    OpBuilder b(copy);
    b.create<linalg::CopyOp>(copy.getLoc(), ValueRange{copy.getSource()},
                             ValueRange{copy.getTarget()});
    copy.erase();
  }
}

/// An input slot of a program: its arena range, in lir.io order (the order
/// of the runtime's input table).
struct InputSlot {
  int64_t offset, bytes;
};

static SmallVector<InputSlot> inputSlotsOf(lir::ProgramOp program) {
  SmallVector<InputSlot> inputs;
  for (auto io : program.getBody().front().getOps<lir::IOOp>()) {
    if (io.getKind() != IOKind::input)
      continue;
    MemRefType type = io.getMemRefType();
    int64_t bits = type.getElementTypeBitWidth();
    inputs.push_back({io.getOffsetAttr().getInt(),
                      type.getNumElements() * ((bits + 7) / 8)});
  }
  return inputs;
}

/// The bytes of input `index` as a memref<bytes x i8> at the address the
/// input table holds for it: a memref descriptor built from the pointer
/// (the cast folds away when memrefs become descriptors).
static Value boundInput(OpBuilder &b, Location loc, Value table, unsigned index,
                        int64_t bytes) {
  MLIRContext *ctx = b.getContext();
  Type i64 = b.getI64Type();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  Value address = b.create<memref::LoadOp>(
      loc, table, ValueRange{b.create<arith::ConstantIndexOp>(loc, index)});
  Value pointer = b.create<LLVM::IntToPtrOp>(loc, ptrType, address);
  auto dims = LLVM::LLVMArrayType::get(i64, 1);
  auto descriptorType = LLVM::LLVMStructType::getLiteral(
      ctx, {ptrType, ptrType, i64, dims, dims});
  auto constant = [&](int64_t v) {
    return b.create<LLVM::ConstantOp>(loc, i64, b.getI64IntegerAttr(v));
  };
  Value d = b.create<LLVM::UndefOp>(loc, descriptorType);
  d = b.create<LLVM::InsertValueOp>(loc, d, pointer, ArrayRef<int64_t>{0});
  d = b.create<LLVM::InsertValueOp>(loc, d, pointer, ArrayRef<int64_t>{1});
  d = b.create<LLVM::InsertValueOp>(loc, d, constant(0), ArrayRef<int64_t>{2});
  d = b.create<LLVM::InsertValueOp>(loc, d, constant(bytes),
                                    ArrayRef<int64_t>{3, 0});
  d = b.create<LLVM::InsertValueOp>(loc, d, constant(1),
                                    ArrayRef<int64_t>{4, 0});
  auto type = MemRefType::get({bytes}, b.getI8Type());
  return b.create<UnrealizedConversionCastOp>(loc, type, d).getResult(0);
}

/// Builds the function of one dispatch before `insertBefore`.
static func::FuncOp outlineDispatch(lir::DispatchOp dispatch,
                                    lir::KernelOp kernel, MemRefType arenaType,
                                    ArrayRef<InputSlot> inputs, StringRef name,
                                    Operation *insertBefore) {
  MLIRContext *ctx = dispatch.getContext();
  Location loc = dispatch.getLoc();
  Type i64 = IntegerType::get(ctx, 64);
  auto tableType = MemRefType::get(
      {std::max<int64_t>(1, static_cast<int64_t>(inputs.size()))}, i64);
  OpBuilder b(insertBefore);
  auto fn = b.create<func::FuncOp>(
      loc, name,
      FunctionType::get(ctx, {arenaType, tableType, i64, i64, i64}, {}));
  fn.setPublic();
  fn->setAttr("lir.kernel", kernel.getSymNameAttr());
  fn->setAttr("lir.grid", kernel.getGridAttr());

  // The views: one memref.view per kernel argument at its constant offset,
  // of the arena, or of the input's own memory when it lies in an input
  // slot (inputs are bound, not copied: docs/CPUBackend.md).
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  Block &kernelEntry = kernel.getBody().front();
  IRMapping mapping;
  DenseMap<unsigned, Value> bound;
  for (auto [view, param] :
       llvm::zip(dispatch.getArgs(), kernelEntry.getArguments())) {
    // Schedules hold only views and dispatches, and programs are isolated:
    // every dispatch operand is a lir.view.
    auto viewOp = view.getDefiningOp<lir::ViewOp>();
    int64_t at = viewOp.getOffsetAttr().getInt();
    Value base = entry->getArgument(0);
    for (auto [index, input] : llvm::enumerate(inputs)) {
      if (at < input.offset || at >= input.offset + input.bytes)
        continue;
      Value &memory = bound[index];
      if (!memory)
        memory = boundInput(b, viewOp.getLoc(), entry->getArgument(1), index,
                            input.bytes);
      base = memory;
      at -= input.offset;
      break;
    }
    Value offset = b.create<arith::ConstantIndexOp>(viewOp.getLoc(), at);
    Value typed = b.create<memref::ViewOp>(viewOp.getLoc(), viewOp.getType(),
                                           base, offset, ValueRange{});
    mapping.map(param, typed);
  }

  // The body: the kernel's blocks; its entry block (whose arguments are all
  // mapped) is merged into ours.
  Region &body = fn.getBody();
  kernel.getBody().cloneInto(&body, mapping);
  Block *clonedEntry = entry->getNextNode();
  entry->getOperations().splice(entry->end(), clonedEntry->getOperations());
  clonedEntry->erase();

  // Workgroup coordinates: the i64 arguments, cast once at the top.
  SmallVector<Value, 3> ids(3);
  SmallVector<lir::WorkgroupIdOp> idOps;
  fn.walk([&](lir::WorkgroupIdOp op) { idOps.push_back(op); });
  for (lir::WorkgroupIdOp op : idOps) {
    int64_t dim = op.getDimAttr().getInt();
    if (!ids[dim]) {
      b.setInsertionPointToStart(entry);
      ids[dim] = b.create<arith::IndexCastOp>(op.getLoc(), b.getIndexType(),
                                              entry->getArgument(2 + dim));
    }
    op.replaceAllUsesWith(ids[dim]);
    op.erase();
  }
  SmallVector<lir::ReturnOp> returns;
  fn.walk([&](lir::ReturnOp op) { returns.push_back(op); });
  for (lir::ReturnOp op : returns) {
    b.setInsertionPoint(op);
    b.create<func::ReturnOp>(op.getLoc());
    op.erase();
  }
  rewriteStridedCopies(fn);
  return fn;
}

//===----------------------------------------------------------------------===//
// Library calls (conversion/LibraryCall.h)
//===----------------------------------------------------------------------===//

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
             << "; convert-lir-to-llvm knows only \"" << kCblasSgemm << "\"";
    if (failed(lowerToSgemm(module, op)))
      return failure();
  }
  return success();
}

/// Outlines every dispatch of every program, then erases the programs.
static LogicalResult outlinePrograms(ModuleOp module) {
  SmallVector<lir::ProgramOp> programs(module.getOps<lir::ProgramOp>());
  // Symbols the generated names must not take; the programs' own names go
  // away with them.
  llvm::StringSet<> taken;
  for (Operation &op : *module.getBody())
    if (!isa<lir::ProgramOp>(op))
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        taken.insert(name.getValue());

  bool prefix = programs.size() > 1;
  for (lir::ProgramOp program : programs) {
    // lir.kernel verification guarantees the body's types; check the ops.
    for (auto kernel : program.getBody().getOps<lir::KernelOp>())
      if (failed(checkKernelBody(kernel)))
        return failure();
    auto arenaType = MemRefType::get({program.getArenaSizeAttr().getInt()},
                                     IntegerType::get(module.getContext(), 8));
    SymbolTable kernels(program);
    SmallVector<InputSlot> inputs = inputSlotsOf(program);
    unsigned index = 0;
    for (auto schedule : program.getBody().getOps<lir::ScheduleOp>()) {
      for (auto dispatch : schedule.getBody().getOps<lir::DispatchOp>()) {
        std::string name =
            dispatchSymbolName(program.getSymName(), index++, prefix);
        if (!taken.insert(name).second)
          return dispatch.emitOpError()
                 << "would become function '" << name
                 << "', but the module already has a symbol of that name";
        // lir.dispatch C1 guarantees the kernel.
        auto kernel = kernels.lookup<lir::KernelOp>(dispatch.getKernel());
        func::FuncOp fn =
            outlineDispatch(dispatch, kernel, arenaType, inputs, name, program);
        if (failed(lowerLibraryCalls(module, fn)))
          return failure();
      }
    }
  }
  for (lir::ProgramOp program : programs)
    program.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

namespace {
/// arith-expand without its max / min rewrite: bf16 extf / truncf become
/// integer ops, ceildiv / floordiv become divisions. Upstream's pass also
/// rewrites arith.maximumf / minimumf to cmpf + select, which returns its
/// second operand for -0 against +0; MIR's max / min (and relu) order -0
/// below +0, as arith-to-llvm's llvm.intr.maximum / minimum do.
struct ExpandArith : PassWrapper<ExpandArith, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandArith)
  StringRef getArgument() const override { return "rlx-expand-arith"; }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                       config);
  }
};

/// Vector exp, log, log2 and erf as polynomial approximations: one vector
/// of FMAs instead of a libm call per lane, within the op suite's few-ulp
/// bounds. Upstream's tanh, sin, cos and atan approximations are off by
/// tens of ulps: those, and all scalar math, stay libm calls.
struct ApproximateVectorMath
    : PassWrapper<ApproximateVectorMath, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ApproximateVectorMath)
  StringRef getArgument() const override {
    return "rlx-approximate-vector-math";
  }
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::ExpOp, math::LogOp, math::Log2Op, math::ErfOp>(op) &&
          isa<VectorType>(op->getResult(0).getType()))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    config.strictMode = GreedyRewriteStrictness::ExistingAndNewOps;
    (void)applyOpPatternsAndFold(ops, std::move(patterns), config);
  }
};

/// The upstream lowering, split where the pass reports unlowered ops.
struct LoweringPipelines {
  /// Structured ops to loops and vector transfers to scf, bf16 arithmetic to
  /// f32, scf to cf, math with LLVM intrinsics to LLVM.
  OpPassManager toLoops{ModuleOp::getOperationName()};
  /// (Between the two: the remaining math ops to libm calls, in C++.)
  /// Vector, memref, arith, func, cf, index, ub to LLVM.
  OpPassManager toLLVM{ModuleOp::getOperationName()};
  /// After the check for ops no pass lowered.
  OpPassManager finish{ModuleOp::getOperationName()};

  explicit LoweringPipelines(const LIRToLLVMOptions &options) {
    OpPassManager &fnPm = toLoops.nest<func::FuncOp>();
    if (options.tileMatmul) {
      CpuMatmulMicrokernelOptions microkernel;
      microkernel.lanes = options.lanes;
      fnPm.addPass(createCpuMatmulMicrokernel(microkernel));
    }
    fnPm.addPass(createConvertLinalgToLoopsPass());
    if (options.vectorize) {
      // Loop bounds and invariant values become visible to the vectorizer.
      fnPm.addPass(createCanonicalizerPass());
      CpuVectorizeLoopsOptions vectorize;
      vectorize.lanes = options.lanes;
      fnPm.addPass(createCpuVectorizeLoops(vectorize));
    }
    fnPm.addPass(std::make_unique<ApproximateVectorMath>());
    // Without full unrolling 2-D transfers lower through allocas (MLIR19.md).
    VectorTransferToSCFOptions vectorToScf;
    vectorToScf.enableFullUnroll(true);
    fnPm.addPass(createConvertVectorToSCFPass(vectorToScf));
    // bf16 arithmetic computes in f32; bf16 extf/truncf become integer ops
    // (no dependence on the target's or libgcc's bf16 support).
    static const std::string bf16[] = {"bf16"};
    arith::ArithEmulateUnsupportedFloatsOptions emulate;
    emulate.sourceTypeStrs = bf16;
    emulate.targetTypeStr = "f32";
    fnPm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
    fnPm.addPass(std::make_unique<ExpandArith>());
    // Passes that work function by function are nested so that the pass
    // manager runs the dispatches' functions on several threads.
    fnPm.addPass(createLowerAffinePass());
    fnPm.addPass(createConvertSCFToCFPass());
    fnPm.addPass(createCanonicalizerPass());
    fnPm.addPass(createCSEPass());
    // log1p through log(1 + x) loses all precision near 0: libm instead.
    ConvertMathToLLVMPassOptions math;
    math.approximateLog1p = false;
    fnPm.addPass(createConvertMathToLLVMPass(math));

    OpPassManager &fnToLLVM = toLLVM.nest<func::FuncOp>();
    fnToLLVM.addPass(createConvertVectorToLLVMPass());
    fnToLLVM.addPass(memref::createExpandStridedMetadataPass());
    fnToLLVM.addPass(createLowerAffinePass());
    toLLVM.addPass(createFinalizeMemRefToLLVMConversionPass());
    toLLVM.nest<func::FuncOp>().addPass(createArithToLLVMConversionPass());
    // The arena is one pointer, not a memref descriptor.
    ConvertFuncToLLVMPassOptions funcToLLVM;
    funcToLLVM.useBarePtrCallConv = true;
    toLLVM.addPass(createConvertFuncToLLVMPass(funcToLLVM));
    toLLVM.addPass(createConvertControlFlowToLLVMPass());
    toLLVM.addPass(createConvertIndexToLLVMPass());
    toLLVM.addPass(createUBToLLVMConversionPass());

    finish.addPass(createReconcileUnrealizedCastsPass());
    finish.nest<LLVM::LLVMFuncOp>().addPass(createCanonicalizerPass());
  }

  void getDependentDialects(DialectRegistry &registry) const {
    toLoops.getDependentDialects(registry);
    toLLVM.getDependentDialects(registry);
    finish.getDependentDialects(registry);
  }
};

struct ConvertLIRToLLVM
    : mlir::rlx::impl::ConvertLIRToLLVMBase<ConvertLIRToLLVM> {
  using ConvertLIRToLLVMBase::ConvertLIRToLLVMBase;

  LIRToLLVMOptions options() const {
    LIRToLLVMOptions o;
    o.tileMatmul = tileMatmul;
    o.vectorize = vectorize;
    o.lanes = lanes;
    return o;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertLIRToLLVMBase::getDependentDialects(registry);
    registry.insert<linalg::LinalgDialect, vector::VectorDialect,
                    scf::SCFDialect, math::MathDialect>();
    LoweringPipelines(options()).getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(outlinePrograms(module)))
      return signalPassFailure();
    if (outlineOnly)
      return;

    LoweringPipelines pipelines(options());
    if (failed(runPipeline(pipelines.toLoops, module)))
      return signalPassFailure();
    // math-to-libm's pass marks the whole math dialect illegal and fails on
    // the first op it cannot lower; its patterns alone leave such an op for
    // the check below, which names it.
    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    GreedyRewriteConfig config;
    config.maxIterations = 4;
    (void)applyPatternsAndFoldGreedily(module, std::move(libm), config);
    if (failed(runPipeline(pipelines.toLLVM, module)))
      return signalPassFailure();

    bool lowered = true;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ModuleOp, UnrealizedConversionCastOp>(op) ||
          isa<LLVM::LLVMDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("could not be lowered to the LLVM dialect");
      lowered = false;
      // Its nested ops were not lowered either: one error per op tree.
      return WalkResult::skip();
    });
    if (!lowered)
      return signalPassFailure();
    if (failed(runPipeline(pipelines.finish, module)))
      return signalPassFailure();
  }
};
} // namespace

void mlir::rlx::buildLIRToLLVMPipeline(OpPassManager &pm,
                                       const LIRToLLVMOptions &options) {
  ConvertLIRToLLVMOptions passOptions;
  passOptions.tileMatmul = options.tileMatmul;
  passOptions.vectorize = options.vectorize;
  passOptions.lanes = options.lanes;
  pm.addPass(createConvertLIRToLLVM(passOptions));
}

namespace {
struct LIRToLLVMPipelineOptions
    : PassPipelineOptions<LIRToLLVMPipelineOptions> {
  Option<bool> tileMatmul{
      *this, "tile-matmul",
      llvm::cl::desc("f32 matmuls as packed register-tile vector code"),
      llvm::cl::init(false)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("vectorize innermost elementwise and reduction loops"),
      llvm::cl::init(false)};
  Option<int64_t> lanes{*this, "lanes",
                        llvm::cl::desc("f32 vector lanes (0: the host's)"),
                        llvm::cl::init(0)};
};
} // namespace

void mlir::rlx::registerLIRToLLVMPipeline() {
  PassPipelineRegistration<LIRToLLVMPipelineOptions>(
      "rlx-lir-to-llvm",
      "LIR programs -> LLVM dialect, one exported function per dispatch",
      [](OpPassManager &pm, const LIRToLLVMPipelineOptions &options) {
        LIRToLLVMOptions o;
        o.tileMatmul = options.tileMatmul;
        o.vectorize = options.vectorize;
        o.lanes = options.lanes;
        buildLIRToLLVMPipeline(pm, o);
      });
}
