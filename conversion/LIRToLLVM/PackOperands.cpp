//===- PackOperands.cpp - rlx-cpu-pack-operands ---------------------------===//
//
// A matmul kernel split into several workgroups along M reads all of B in
// each of them, and the microkernel packs B into its column strips in each
// of them: a 2048-row product on 512-row workgroups packs B four times.
// Params avoid that by being stored in panels (rlx-cpu-pack-params); for
// any other B (an input, an intermediate) this pass packs it once per run:
//
//   lir.dispatch @matmul(%a, %b, %c)
// becomes
//   %p = lir.view at S : memref<(N/W) x K x W x f32>   (scratch)
//   lir.dispatch @pack_panels(%b, %p)                 (one strip each)
//   lir.dispatch @matmul(%a, %p, %c)                  (B read in place)
//
// with the matmul kernel rewritten as for params (MatmulPanels.cpp). The
// panels go in one scratch region: it is live only between a pack and its
// matmul, so every packed operand shares it (each dispatch's operands side
// by side; the region is the largest such set). It is placed where the
// params begin and the params move up by its size, so they still trail
// every other buffer (conversion/MIRToLIR/MemoryPlan.h: a CPU runtime
// allocates only the arena below them); in a program whose params do not
// trail (LIR written by hand), after the arena instead.
//
// A B operand qualifies when it is an f32 [K, N] view with N a multiple of
// W, its kernel has more than one workgroup, is dispatched once, reads the
// argument only as whole B operands of matmuls the microkernel takes (a
// column slice means each workgroup packs only its own columns, once), and
// no other operand of the dispatch overlaps its bytes.
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
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUPACKOPERANDS
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {

/// Whether kernel argument `arg` is read only as whole B operands the
/// microkernel takes.
bool onlyWholeB(BlockArgument arg) {
  return !arg.use_empty() && llvm::all_of(arg.getUses(), [](OpOperand &use) {
    return isMicrokernelB(use);
  });
}

/// Whether `kernel` runs more than one workgroup.
bool hasSeveralWorkgroups(lir::KernelOp kernel) {
  return llvm::any_of(kernel.getGrid(),
                      [](int64_t extent) { return extent > 1; });
}

/// The byte range [begin, end) of a view.
std::pair<int64_t, int64_t> bytesOf(lir::ViewOp view) {
  // lir.view types are bounded: their byte sizes fit int64.
  int64_t begin = view.getOffset();
  return {begin, begin + *checkedByteSize(view.getType())};
}

/// The kernel that copies [K, N] `matrix` into panels of `width`, one
/// strip per workgroup, named `pack_panels` (made unique) and placed before
/// `user` in their program.
lir::KernelOp buildPackKernel(lir::KernelOp user, MemRefType matrix,
                              int64_t width, Location loc) {
  auto program = cast<lir::ProgramOp>(user->getParentOp());
  MLIRContext *ctx = program.getContext();
  int64_t rows = matrix.getDimSize(0), cols = matrix.getDimSize(1);
  int64_t strips = cols / width;
  MemRefType panels = panelType(matrix, width);
  OpBuilder b(ctx);
  auto kernel = b.create<lir::KernelOp>(
      loc, "pack_panels", b.getDenseI64ArrayAttr({strips}), nullptr);
  SymbolTable(program).insert(kernel, Block::iterator(user));
  Block *body =
      b.createBlock(&kernel.getBody(), {}, {matrix, panels}, {loc, loc});
  Value src = body->getArgument(0), dst = body->getArgument(1);
  Value strip = b.create<lir::WorkgroupIdOp>(loc, b.getIndexType(), 0);
  Value column = b.create<arith::MulIOp>(
      loc, strip, b.create<arith::ConstantIndexOp>(loc, width));
  SmallVector<OpFoldResult> one(2, b.getIndexAttr(1));
  Value in = b.create<memref::SubViewOp>(
      loc, src, ArrayRef<OpFoldResult>{b.getIndexAttr(0), column},
      ArrayRef<OpFoldResult>{b.getIndexAttr(rows), b.getIndexAttr(width)}, one);
  SmallVector<OpFoldResult> offsets = {strip, b.getIndexAttr(0),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(rows),
                                     b.getIndexAttr(width)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto outType = memref::SubViewOp::inferRankReducedResultType(
      {rows, width}, panels, offsets, sizes, strides);
  Value out = b.create<memref::SubViewOp>(loc, cast<MemRefType>(outType), dst,
                                          offsets, sizes, strides);
  b.create<linalg::CopyOp>(loc, in, out);
  b.create<lir::ReturnOp>(loc);
  return kernel;
}

struct CpuPackOperands : mlir::rlx::impl::CpuPackOperandsBase<CpuPackOperands> {
  using CpuPackOperandsBase::CpuPackOperandsBase;

  void runOnOperation() override {
    FailureOr<std::optional<PanelTarget>> target =
        panelTargetFor(getOperation(), getArgument(), lanes, tileVectors);
    if (failed(target))
      return signalPassFailure();
    if (!*target)
      return;
    getOperation().walk([&](lir::ProgramOp program) {
      packProgram(program, (*target)->width);
    });
  }

  void packProgram(lir::ProgramOp program, int64_t width) {
    Block &body = program.getBody().front();
    auto schedules = body.getOps<lir::ScheduleOp>();
    if (schedules.empty())
      return;
    Block &schedule = (*schedules.begin()).getBody().front();
    llvm::StringMap<int> dispatchCount;
    for (auto dispatch : schedule.getOps<lir::DispatchOp>())
      ++dispatchCount[dispatch.getKernel()];

    const int64_t alignment = program.getAlignment();
    // The scratch goes where the params begin when they trail every other
    // buffer (MemoryPlan.h), and the params move up past it; in a program
    // laid out otherwise (LIR written by hand), after the arena.
    int64_t paramsBegin = program.getArenaSize();
    for (auto io : body.getOps<lir::IOOp>())
      if (io.getKind() == IOKind::param)
        paramsBegin = std::min(paramsBegin, int64_t(io.getOffset()));
    paramsBegin = llvm::alignTo(paramsBegin, alignment);
    SmallVector<lir::ViewOp> paramViews;
    bool paramsTrail = true;
    for (auto io : body.getOps<lir::IOOp>())
      if (io.getKind() != IOKind::param)
        paramsTrail &=
            int64_t(io.getOffset() + *checkedByteSize(io.getMemRefType())) <=
            paramsBegin;
    for (auto view : schedule.getOps<lir::ViewOp>()) {
      // (Not a structured binding: C++17 lambdas cannot capture one.)
      std::pair<int64_t, int64_t> bytes = bytesOf(view);
      int64_t begin = bytes.first, end = bytes.second;
      if (end <= paramsBegin)
        continue;
      paramViews.push_back(view);
      paramsTrail &= llvm::any_of(body.getOps<lir::IOOp>(), [&](lir::IOOp io) {
        int64_t slot = io.getOffset();
        return io.getKind() == IOKind::param && begin >= slot &&
               end <= slot + *checkedByteSize(io.getMemRefType());
      });
    }
    const int64_t scratch =
        paramsTrail ? paramsBegin
                    : int64_t(llvm::alignTo(program.getArenaSize(), alignment));
    int64_t scratchSize = 0;
    SmallVector<lir::DispatchOp> dispatches(schedule.getOps<lir::DispatchOp>());
    for (lir::DispatchOp dispatch : dispatches) {
      auto kernel = program.lookupSymbol<lir::KernelOp>(dispatch.getKernel());
      if (!kernel || dispatchCount[dispatch.getKernel()] != 1 ||
          kernel.getWorkgroupSize() || !hasSeveralWorkgroups(kernel))
        continue;
      PanelArgs args;
      // A schedule holds views and dispatches only (lir.schedule C1): every
      // operand is a view.
      auto viewOf = [](Value operand) {
        return cast<lir::ViewOp>(operand.getDefiningOp());
      };
      for (auto [index, operand] : llvm::enumerate(dispatch.getArgs())) {
        lir::ViewOp view = viewOf(operand);
        MemRefType type = view.getType();
        if (type.getRank() != 2 || !type.getElementType().isF32() ||
            type.getNumElements() == 0 || type.getDimSize(1) % width != 0 ||
            !onlyWholeB(kernel.getBody().front().getArgument(index)))
          continue;
        auto [begin, end] = bytesOf(view);
        bool overlaps = false;
        for (auto [other, otherOperand] : llvm::enumerate(dispatch.getArgs())) {
          if (other == index)
            continue;
          auto [otherBegin, otherEnd] = bytesOf(viewOf(otherOperand));
          overlaps |= otherBegin < end && begin < otherEnd;
        }
        if (!overlaps)
          args.insert(index);
      }
      if (args.empty())
        continue;
      // This dispatch's panels, side by side in the scratch region.
      int64_t used = 0;
      OpBuilder b(dispatch);
      SmallVector<Value> operands(dispatch.getArgs());
      for (unsigned index = 0; index < operands.size(); ++index) {
        if (!args.contains(index))
          continue;
        auto matrix = cast<MemRefType>(operands[index].getType());
        lir::KernelOp pack =
            buildPackKernel(kernel, matrix, width, dispatch.getLoc());
        MemRefType panels = panelType(matrix, width);
        Value view = b.create<lir::ViewOp>(dispatch.getLoc(), panels,
                                           b.getI64IntegerAttr(scratch + used));
        b.create<lir::DispatchOp>(dispatch.getLoc(), pack.getSymName(),
                                  ValueRange{operands[index], view});
        operands[index] = view;
        used = llvm::alignTo(used + *checkedByteSize(panels), alignment);
      }
      dispatch.getArgsMutable().assign(operands);
      scratchSize = std::max(scratchSize, used);
      rewritePanelArgs(kernel, args, width);
    }
    if (scratchSize == 0)
      return;
    program.setArenaSize(llvm::alignTo(program.getArenaSize(), alignment) +
                         scratchSize);
    if (!paramsTrail)
      return;
    // Move the params (and their views) up past the scratch.
    OpBuilder b(program.getContext());
    auto moved = [&](int64_t offset) {
      return b.getI64IntegerAttr(offset + scratchSize);
    };
    for (auto io : body.getOps<lir::IOOp>())
      if (io.getKind() == IOKind::param)
        io.setOffsetAttr(moved(io.getOffset()));
    for (lir::ViewOp view : paramViews)
      view.setOffsetAttr(moved(view.getOffset()));
  }
};

} // namespace
