//===- PackParams.cpp - rlx-cpu-pack-params -------------------------------===//
//
// The matmul microkernel streams B in column strips of `tile vectors *
// lanes` floats, one strip row per k (MatmulMicrokernel.cpp). A param read
// only as B can be stored that way once, when it is set, instead of being
// packed by every workgroup on every run: this pass marks such params
// `panels W` (the runtime packs them, runtime/KernelAbi.h "Matmul panels"),
// retypes their views to the panels' memref<(N/W) x K x W x f32>, and
// rewrites each kernel that reads them:
//
//   subview %b[0, off][K, n][1, 1]  ->  subview %p[off/W, 0, 0][n/W, K, W]
//   arith.select %c, %b1, %b2       ->  the same on the panels
//   linalg.matmul ins(%a, %b)       ->  the panel matmul generic on C
//     outs(%c)                          expanded to [M, n/W, W]
//
// A param qualifies when it is an f32 [K, N] with N a multiple of W (or,
// on a target where the microkernel multiplies bf16 in pairs, a bf16 one
// with K even: stored in pair panels, memref<(N/W) x (K/2) x 2W x bf16>,
// read by a panel matmul on bf16 A), every view of it is the whole param, each
// dispatch that reads it is its kernel's only dispatch, and inside the kernel
// it reaches only B operands of linalg.matmuls the microkernel takes (through
// column slices whose offset is a provable multiple of W, and selects between
// qualifying params). Anything else leaves the param row-major.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/MatmulTile.h"
#include "conversion/Passes.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUPACKPARAMS
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

//===----------------------------------------------------------------------===//
// Which params qualify
//===----------------------------------------------------------------------===//

namespace {

/// Whether `offset` is provably a multiple of `width`: a constant, or a
/// product with a constant factor that is.
bool isMultipleOf(OpFoldResult offset, int64_t width) {
  if (std::optional<int64_t> c = getConstantIntValue(offset))
    return *c % width == 0;
  auto mul = cast<Value>(offset).getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (Value factor : mul->getOperands())
    if (std::optional<int64_t> c = getConstantIntValue(factor))
      if (*c % width == 0)
        return true;
  return false;
}

/// A slice of whole columns of the [K, N] param `source`: offsets [0, off],
/// sizes [K, n], unit strides, with off and n multiples of `width`, and a
/// dynamic offset (so every such slice of equal size has one type).
bool isColumnSlice(memref::SubViewOp slice, int64_t width) {
  auto source = cast<MemRefType>(slice.getSource().getType());
  auto result = cast<MemRefType>(slice.getType());
  if (result.getRank() != 2 || !slice.hasUnitStride())
    return false;
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = slice.getMixedSizes();
  std::optional<int64_t> rowOffset = getConstantIntValue(offsets[0]);
  std::optional<int64_t> rows = getConstantIntValue(sizes[0]);
  std::optional<int64_t> cols = getConstantIntValue(sizes[1]);
  return rowOffset == 0 && rows == source.getDimSize(0) && cols &&
         *cols % width == 0 && isa<Value>(offsets[1]) &&
         isMultipleOf(offsets[1], width);
}

/// Whether `v`, a select operand, derives from the kernel's panel args
/// only: one of them, a column slice of one, or a select between such.
bool derivesFromPanels(Value v, const PanelArgs &args, int64_t width) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return isa<lir::KernelOp>(arg.getOwner()->getParentOp()) &&
           args.contains(arg.getArgNumber());
  if (auto slice = v.getDefiningOp<memref::SubViewOp>())
    return isColumnSlice(slice, width) &&
           derivesFromPanels(slice.getSource(), args, width);
  if (auto select = v.getDefiningOp<arith::SelectOp>())
    return derivesFromPanels(select.getTrueValue(), args, width) &&
           derivesFromPanels(select.getFalseValue(), args, width);
  return false;
}

/// Whether kernel argument `arg` (a candidate) reaches only microkernel B
/// operands, through column slices (of the argument itself) and selects
/// whose other operand derives from `args`.
bool argQualifies(BlockArgument arg, const PanelArgs &args, int64_t width) {
  SmallVector<Value> work = {arg};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto slice = dyn_cast<memref::SubViewOp>(user)) {
        if (v != arg || !isColumnSlice(slice, width))
          return false;
        work.push_back(slice.getResult());
      } else if (auto select = dyn_cast<arith::SelectOp>(user)) {
        if (use.getOperandNumber() == 0 ||
            !derivesFromPanels(select.getTrueValue(), args, width) ||
            !derivesFromPanels(select.getFalseValue(), args, width))
          return false;
        if (seen.insert(select).second)
          work.push_back(select.getResult());
      } else if (!isMicrokernelB(use)) {
        return false;
      }
    }
  }
  return true;
}

/// A param that may be stored in panels: its views in the schedule and the
/// (kernel, argument) each one reaches.
struct Candidate {
  lir::IOOp io;
  SmallVector<lir::ViewOp> views;
  SmallVector<std::pair<lir::KernelOp, unsigned>> args;
  bool alive = true;
};

struct CpuPackParams : mlir::rlx::impl::CpuPackParamsBase<CpuPackParams> {
  using CpuPackParamsBase::CpuPackParamsBase;

  void runOnOperation() override {
    FailureOr<std::optional<PanelTarget>> target =
        panelTargetFor(getOperation(), getArgument(), lanes, tileVectors);
    if (failed(target))
      return signalPassFailure();
    if (!*target)
      return;
    getOperation().walk([&](lir::ProgramOp program) {
      packProgram(program, (*target)->width, (*target)->pairs);
    });
  }

  /// With `pairs`, bf16 params with an even row count qualify too (pair
  /// panels, which the microkernel reads with vdpbf16ps).
  void packProgram(lir::ProgramOp program, int64_t width, bool pairs) {
    Block &body = program.getBody().front();
    auto schedules = body.getOps<lir::ScheduleOp>();
    if (schedules.empty())
      return;
    Block &schedule = (*schedules.begin()).getBody().front();
    llvm::StringMap<int> dispatchCount;
    for (auto dispatch : schedule.getOps<lir::DispatchOp>())
      ++dispatchCount[dispatch.getKernel()];

    SmallVector<Candidate> candidates;
    for (auto io : body.getOps<lir::IOOp>()) {
      MemRefType type = io.getMemRefType();
      // A state is written in place by the code: its bytes stay row-major.
      if (io.getKind() != IOKind::param || io.getPanels() || io.getState() ||
          type.getRank() != 2 ||
          !(type.getElementType().isF32() ||
            (pairs && type.getElementType().isBF16() &&
             type.getDimSize(0) % 2 == 0)) ||
          type.getNumElements() == 0 || type.getDimSize(1) % width != 0)
        continue;
      Candidate candidate{io, {}, {}};
      // lir.io and lir.view types are bounded: their byte sizes fit int64.
      int64_t begin = io.getOffset(), end = begin + *checkedByteSize(type);
      for (auto view : schedule.getOps<lir::ViewOp>()) {
        MemRefType viewType = view.getType();
        int64_t viewBegin = view.getOffset();
        int64_t viewEnd = viewBegin + *checkedByteSize(viewType);
        if (viewEnd <= begin || viewBegin >= end)
          continue;
        if (viewBegin != begin || viewType != type) {
          candidate.alive = false; // a part of it, or another type
          break;
        }
        candidate.views.push_back(view);
        for (OpOperand &use : view->getUses()) {
          auto dispatch = dyn_cast<lir::DispatchOp>(use.getOwner());
          auto kernel =
              dispatch
                  ? program.lookupSymbol<lir::KernelOp>(dispatch.getKernel())
                  : nullptr;
          if (!kernel || dispatchCount[dispatch.getKernel()] != 1) {
            candidate.alive = false;
            break;
          }
          candidate.args.push_back({kernel, use.getOperandNumber()});
        }
      }
      if (candidate.alive && !candidate.views.empty())
        candidates.push_back(std::move(candidate));
    }

    // Drop candidates until every survivor qualifies with the others: a
    // select reads two panel args or none.
    auto argsOf = [&](lir::KernelOp kernel) {
      PanelArgs args;
      for (Candidate &c : candidates)
        for (auto [k, index] : c.args)
          if (c.alive && k == kernel)
            args.insert(index);
      return args;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (Candidate &c : candidates) {
        if (!c.alive)
          continue;
        for (auto [kernel, index] : c.args) {
          BlockArgument arg = kernel.getBody().front().getArgument(index);
          if (!argQualifies(arg, argsOf(kernel), width)) {
            c.alive = false;
            changed = true;
            break;
          }
        }
      }
    }

    llvm::MapVector<Operation *, PanelArgs> kernels;
    OpBuilder b(program.getContext());
    for (Candidate &c : candidates) {
      if (!c.alive)
        continue;
      c.io.setPanelsAttr(b.getI64IntegerAttr(width));
      for (lir::ViewOp view : c.views)
        view.getResult().setType(panelType(c.io.getMemRefType(), width));
      for (auto [kernel, index] : c.args)
        kernels[kernel].insert(index);
    }
    for (auto &[kernel, args] : kernels)
      rewritePanelArgs(kernel, args, width);
  }
};

} // namespace
