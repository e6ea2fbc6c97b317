//===- LIROps.cpp - Verifiers of the LIR operations -----------------------===//
#include "dialects/LIR/LIROps.h"
#include "dialects/Common/DTypes.h"
#include "dialects/Common/ShapeRules.h"
#include "rlx/Manifest.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::lir;

/// Arena views and slots use the default (row-major, offset 0) layout and the
/// default memory space, so an offset in the arena is all a backend needs.
/// Slot types and kernel arguments are not operands or results, so the
/// BoundedShapes trait does not see them: their limits are checked here.
static LogicalResult verifyArenaType(Operation *op, MemRefType type,
                                     StringRef what) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getMemorySpace())
    return op->emitOpError() << what << " must be a static memref with the "
                             << "default layout and memory space, got " << type;
  return verifyBoundedType([op] { return op->emitOpError(); }, type);
}

/// [offset, offset + bytes of `type`) lies inside the program's arena.
static LogicalResult verifyInArena(Operation *op, int64_t offset,
                                   MemRefType type, ProgramOp program) {
  if (!program)
    return success();
  // I64Attr getters return uint64_t; read the arena size as signed.
  int64_t arenaSize = program.getArenaSizeAttr().getInt();
  std::optional<int64_t> bytes = checkedByteSize(type);
  int64_t end = 0;
  bool overflows = !bytes || llvm::AddOverflow(offset, *bytes, end);
  if (overflows || end > arenaSize)
    return op->emitOpError()
           << "bytes [" << offset << ", "
           << (overflows ? std::string("overflow") : std::to_string(end))
           << ") lie outside the arena of " << arenaSize << " bytes";
  return success();
}

//===----------------------------------------------------------------------===//
// ProgramOp
//===----------------------------------------------------------------------===//

LogicalResult ProgramOp::verify() {
  // lir.program C1
  // I64Attr getters return uint64_t: read signed values so negatives show.
  int64_t align = static_cast<int64_t>(getAlignment());
  if (align < 1 || !llvm::isPowerOf2_64(align))
    return emitOpError() << "alignment must be a power of two, got " << align;
  // lir.program C2
  int64_t arenaSize = getArenaSizeAttr().getInt();
  if (arenaSize < 0)
    return emitOpError() << "arena_size must be >= 0, got " << arenaSize;
  return success();
}

LogicalResult ProgramOp::verifyRegions() {
  int schedules = 0;
  llvm::StringSet<> names[4];
  for (Operation &op : getBody().front()) {
    // lir.program C3
    if (isa<ScheduleOp>(op)) {
      ++schedules;
      continue;
    }
    if (isa<KernelOp>(op))
      continue;
    auto io = dyn_cast<IOOp>(op);
    if (!io)
      return op.emitOpError("is not allowed in a lir.program body; it holds "
                            "lir.io, lir.kernel and one lir.schedule");
    // lir.program C4
    if (!names[static_cast<int>(io.getKind())].insert(io.getName()).second)
      return io.emitOpError() << stringifyIOKind(io.getKind()) << " name '"
                              << io.getName() << "' appears more than once";
  }
  if (schedules != 1)
    return emitOpError() << "must hold exactly one lir.schedule, found "
                         << schedules;
  return success();
}

//===----------------------------------------------------------------------===//
// IOOp
//===----------------------------------------------------------------------===//

LogicalResult IOOp::verify() {
  auto program = (*this)->getParentOfType<ProgramOp>();
  // lir.io C1
  if (failed(verifyArenaType(*this, getMemRefType(), "the slot type")))
    return failure();
  // lir.io C2
  int64_t offset = getOffsetAttr().getInt();
  int64_t align = static_cast<int64_t>(program.getAlignment());
  if (offset < 0 || offset % align != 0)
    return emitOpError() << "offset " << offset
                         << " must be >= 0 and a multiple of the alignment "
                         << align;
  // lir.io C4
  if (getName().empty())
    return emitOpError("name must not be empty");
  // lir.io C5
  bool isConstant = getKind() == IOKind::constant;
  if (isConstant != static_cast<bool>(getValueAttr()))
    return emitOpError() << (isConstant ? "a constant slot needs a value"
                                        : "only constant slots take a value");
  if (auto value = getValueAttr()) {
    auto valueType = cast<ShapedType>(value.getType());
    if (valueType.getShape() != getMemRefType().getShape() ||
        valueType.getElementType() != getMemRefType().getElementType())
      return emitOpError() << "value of type " << value.getType()
                           << " does not match the slot type "
                           << getMemRefType();
  }
  // lir.io C6
  if (std::optional<uint64_t> panels = getPanels()) {
    ArrayRef<int64_t> shape = getMemRefType().getShape();
    bool isParam = getKind() == IOKind::param;
    // A type with no DType is refused as f64 is.
    ::rlx::DType dtype =
        dtypeOf(getMemRefType().getElementType()).value_or(::rlx::DType::f64);
    if (const char *problem = ::rlx::panelLayoutProblem(
            isParam ? ::rlx::SlotRole::param : ::rlx::SlotRole::input, dtype,
            shape.data(), shape.size(), static_cast<int64_t>(*panels)))
      return emitOpError() << "panels " << static_cast<int64_t>(*panels) << ": "
                           << problem;
  }
  // lir.io C7
  if (std::optional<Type> given = getGiven()) {
    std::optional<::rlx::DType> from = dtypeOf(*given),
                                stored =
                                    dtypeOf(getMemRefType().getElementType());
    const char *problem = "a param is converted only from f32 to f16 or bf16";
    if (from && stored)
      problem = ::rlx::givenDTypeProblem(getKind() == IOKind::param
                                             ? ::rlx::SlotRole::param
                                             : ::rlx::SlotRole::input,
                                         *stored, *from);
    if (problem || *from == *stored)
      return emitOpError() << "given " << *given << " for a slot of "
                           << getMemRefType() << ": "
                           << (problem ? problem
                                       : "the values are given in the "
                                         "stored type; drop `given`");
  }
  // lir.io C8
  if (getState() && (getKind() != IOKind::param || getPanels() || getGiven() ||
                     getPermuted()))
    return emitOpError("`state` is on a param stored as given (no "
                       "`panels`, no `given`, no `permuted`)");
  // lir.io C9
  if (std::optional<ArrayRef<int64_t>> permuted = getPermuted())
    if (const char *problem = ::rlx::permutationProblem(
            getKind() == IOKind::param ? ::rlx::SlotRole::param
                                       : ::rlx::SlotRole::input,
            false, static_cast<size_t>(getMemRefType().getRank()),
            permuted->data(), permuted->size()))
      return emitOpError() << "permuted [" << *permuted << "] for a slot of "
                           << getMemRefType() << ": " << problem;
  // lir.io C3
  return verifyInArena(*this, offset, getMemRefType(), program);
}

//===----------------------------------------------------------------------===//
// KernelOp and its body ops
//===----------------------------------------------------------------------===//

LogicalResult KernelOp::verify() {
  // lir.kernel C1
  ArrayRef<int64_t> grid = getGrid();
  if (grid.empty() || grid.size() > 3 ||
      llvm::any_of(grid, [](int64_t g) { return g < 1; }))
    return emitOpError("grid must have 1 to 3 entries, each >= 1");
  // lir.kernel C4
  if (std::optional<ArrayRef<int64_t>> size = getWorkgroupSize()) {
    int64_t product = 1;
    bool ok = !size->empty() && size->size() <= 3;
    for (int64_t s : *size)
      ok &= s >= 1 && s <= UINT32_MAX && (product *= s) <= UINT32_MAX;
    if (!ok)
      return emitOpError("workgroup_size must have 1 to 3 entries, each >= 1, "
                         "whose product fits in 32 bits");
  }
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  Block &body = getBody().front();
  // lir.kernel C2
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return emitOpError() << "argument " << i << " must be a memref, got "
                           << arg.getType();
    if (failed(verifyArenaType(*this, type, "argument " + std::to_string(i))))
      return failure();
  }
  // lir.kernel C3
  if (body.empty() || !isa<ReturnOp>(body.back()))
    return emitOpError("body must end with lir.return");
  return success();
}

LogicalResult WorkgroupIdOp::verify() {
  // lir.workgroup_id C1
  auto kernel = (*this)->getParentOfType<KernelOp>();
  if (!kernel)
    return emitOpError("must be inside a lir.kernel");
  // lir.workgroup_id C2
  int64_t rank = kernel.getGrid().size();
  int64_t dim = getDimAttr().getInt();
  if (dim < 0 || dim >= rank)
    return emitOpError() << "dim " << dim
                         << " is outside the kernel's grid of rank " << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// ScheduleOp and its body ops
//===----------------------------------------------------------------------===//

LogicalResult ScheduleOp::verifyRegions() {
  // lir.schedule C1
  for (Operation &op : getBody().front())
    if (!isa<ViewOp, DispatchOp>(op))
      return op.emitOpError("is not allowed in a lir.schedule; it holds "
                            "lir.view and lir.dispatch");
  return success();
}

LogicalResult ViewOp::verify() {
  MemRefType type = getType();
  // lir.view C1
  if (failed(verifyArenaType(*this, type, "the view type")))
    return failure();
  // lir.view C2
  int64_t offset = getOffsetAttr().getInt();
  int64_t eltBytes = elementByteSize(type.getElementType());
  if (offset < 0 || offset % eltBytes != 0)
    return emitOpError() << "offset " << offset
                         << " must be >= 0 and a multiple of the element "
                         << "size " << eltBytes;
  // lir.view C3
  return verifyInArena(*this, offset, type,
                       (*this)->getParentOfType<ProgramOp>());
}

LogicalResult DispatchOp::verifySymbolUses(SymbolTableCollection &tables) {
  // lir.dispatch C1
  auto program = (*this)->getParentOfType<ProgramOp>();
  auto kernel =
      program
          ? tables.lookupNearestSymbolFrom<KernelOp>(program, getKernelAttr())
          : KernelOp();
  if (!kernel)
    return emitOpError() << "'" << getKernel()
                         << "' is not a lir.kernel of this program";
  // lir.dispatch C2
  Block &body = kernel.getBody().front();
  if (body.getNumArguments() != getArgs().size())
    return emitOpError() << "passes " << getArgs().size()
                         << " views but kernel '" << getKernel() << "' takes "
                         << body.getNumArguments();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getArgs(), body.getArguments()))) {
    auto [arg, param] = pair;
    if (arg.getType() != param.getType())
      return emitOpError() << "view " << i << " has type " << arg.getType()
                           << " but kernel '" << getKernel() << "' expects "
                           << param.getType();
  }
  return success();
}

#define GET_OP_CLASSES
#include "dialects/LIR/LIROps.cpp.inc"
