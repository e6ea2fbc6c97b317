//===- DispatchOutlining.cpp - rlx-outline-dispatches ---------------------===//
//
// Every lir.dispatch becomes a func.func of the kernel ABI
// (runtime/KernelAbi.h) holding a clone of its kernel's body, specialized to
// the dispatch's views (constant arena offsets, or offsets into a bound
// input) and reading the workgroup coordinate from its i64 parameters, and
// an llvm.mlir.global with its footprint (the grid and the bytes each view
// covers, which the loader checks the manifest against); then the LIR is
// erased.
//
//===----------------------------------------------------------------------===//
#include "conversion/Passes.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"
#include "runtime/KernelAbi.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_OUTLINEDISPATCHES
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

/// The dialects a kernel body may use: those whose lowering to LLVM the
/// CPU pipeline (-rlx-lir-to-llvm) contains.
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
          << "is not supported in a kernel body by the CPU backend "
             "(rlx-outline-dispatches); "
             "kernels hold arith, math, memref, scf, linalg, vector, affine, "
             "cf, index and ub ops";
      return WalkResult::interrupt();
    }
    // (A region's tensor arguments come with tensor operands.)
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      op->emitOpError() << "works on tensors; the CPU backend needs kernel "
                           "bodies on memrefs (bufferize them first)";
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

/// A slot the code reads through the slot table (an input or a param): its
/// arena range. In table order: the inputs, then the params, each in lir.io
/// order (= manifest order).
struct TableSlot {
  /// `panels`: the slot's panel width (0: row-major).
  int64_t offset, bytes, panels;
};

static SmallVector<TableSlot> tableSlotsOf(lir::ProgramOp program) {
  SmallVector<TableSlot> slots;
  for (IOKind kind : {IOKind::input, IOKind::param})
    for (auto io : program.getBody().front().getOps<lir::IOOp>()) {
      if (io.getKind() != kind)
        continue;
      MemRefType type = io.getMemRefType();
      int64_t bits = type.getElementTypeBitWidth();
      slots.push_back({io.getOffsetAttr().getInt(),
                       type.getNumElements() * ((bits + 7) / 8),
                       static_cast<int64_t>(io.getPanels().value_or(0))});
    }
  return slots;
}

/// The bytes of table slot `index` as a memref<bytes x i8> at the address
/// the slot table holds for it: a memref descriptor built from the pointer
/// (the cast folds away when memrefs become descriptors).
static Value boundSlot(OpBuilder &b, Location loc, Value table, unsigned index,
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
                                    ArrayRef<TableSlot> tableSlots,
                                    StringRef name, Operation *insertBefore) {
  MLIRContext *ctx = dispatch.getContext();
  Location loc = dispatch.getLoc();
  Type i64 = IntegerType::get(ctx, 64);
  auto tableType = MemRefType::get(
      {static_cast<int64_t>(::rlx::abi::slotTableSize(tableSlots.size()))},
      i64);
  // The entry point's parameters, in the ABI's order (RLX_DISPATCH_PARAMS).
  SmallVector<Type, ::rlx::abi::kDispatchParamCount> params(
      ::rlx::abi::kDispatchParamCount, i64);
  params[::rlx::abi::kArenaParam] = arenaType;
  params[::rlx::abi::kSlotsParam] = tableType;
  OpBuilder b(insertBefore);
  auto fn =
      b.create<func::FuncOp>(loc, name, FunctionType::get(ctx, params, {}));
  fn.setPublic();
  fn->setAttr("lir.kernel", kernel.getSymNameAttr());
  fn->setAttr("lir.grid", kernel.getGridAttr());

  // The views: one memref.view per kernel argument at its constant offset,
  // of the arena, or of the slot's own memory when it lies in an input or
  // param slot (those are bound, not copied: docs/CPUBackend.md).
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  Block &kernelEntry = kernel.getBody().front();
  IRMapping mapping;
  DenseMap<unsigned, Value> bound;
  // The footprint (runtime/KernelAbi.h): the grid, then per view its
  // table slot (or the arena), offset, size and the slot's panel width, as
  // the code below uses them.
  SmallVector<int64_t> footprint(3, 1);
  for (auto [i, n] : llvm::enumerate(kernel.getGrid()))
    footprint[i] = n;
  footprint.push_back(dispatch.getArgs().size());
  for (auto [view, param] :
       llvm::zip(dispatch.getArgs(), kernelEntry.getArguments())) {
    // Schedules hold only views and dispatches, and programs are isolated:
    // every dispatch operand is a lir.view.
    auto viewOp = view.getDefiningOp<lir::ViewOp>();
    int64_t at = viewOp.getOffsetAttr().getInt();
    int64_t source = RLX_FOOTPRINT_ARENA, panels = 0;
    Value base = entry->getArgument(::rlx::abi::kArenaParam);
    for (auto [index, slot] : llvm::enumerate(tableSlots)) {
      if (at < slot.offset || at >= slot.offset + slot.bytes)
        continue;
      Value &memory = bound[index];
      if (!memory)
        memory = boundSlot(b, viewOp.getLoc(),
                           entry->getArgument(::rlx::abi::kSlotsParam), index,
                           slot.bytes);
      base = memory;
      at -= slot.offset;
      source = static_cast<int64_t>(index);
      panels = slot.panels;
      break;
    }
    // lir.view's type is bounded (its byte size fits in int64).
    footprint.append({source, at, *checkedByteSize(viewOp.getType()), panels});
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
      ids[dim] = b.create<arith::IndexCastOp>(
          op.getLoc(), b.getIndexType(),
          entry->getArgument(::rlx::abi::kFirstCoordinateParam + dim));
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

  // The footprint: a constant the object exports beside the function.
  b.setInsertionPoint(insertBefore);
  Type i64Type = b.getI64Type();
  auto arrayType = LLVM::LLVMArrayType::get(i64Type, footprint.size());
  auto values = DenseElementsAttr::get(
      RankedTensorType::get({static_cast<int64_t>(footprint.size())}, i64Type),
      ArrayRef<int64_t>(footprint));
  b.create<LLVM::GlobalOp>(loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::External,
                           ::rlx::abi::footprintSymbol(name), values);
  return fn;
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
    SmallVector<TableSlot> tableSlots = tableSlotsOf(program);
    unsigned index = 0;
    for (auto schedule : program.getBody().getOps<lir::ScheduleOp>()) {
      for (auto dispatch : schedule.getBody().getOps<lir::DispatchOp>()) {
        std::string name =
            ::rlx::abi::dispatchSymbol(program.getSymName(), index++, prefix);
        if (!taken.insert(name).second)
          return dispatch.emitOpError()
                 << "would become function '" << name
                 << "', but the module already has a symbol of that name";
        std::string footprint = ::rlx::abi::footprintSymbol(name);
        if (!taken.insert(footprint).second)
          return dispatch.emitOpError()
                 << "would export its footprint as '" << footprint
                 << "', but the module already has a symbol of that name";
        // lir.dispatch C1 guarantees the kernel.
        auto kernel = kernels.lookup<lir::KernelOp>(dispatch.getKernel());
        outlineDispatch(dispatch, kernel, arenaType, tableSlots, name, program);
      }
    }
  }
  for (lir::ProgramOp program : programs)
    program.erase();
  return success();
}

namespace {
struct OutlineDispatches
    : mlir::rlx::impl::OutlineDispatchesBase<OutlineDispatches> {
  void runOnOperation() override {
    if (failed(outlinePrograms(getOperation())))
      signalPassFailure();
  }
};
} // namespace
