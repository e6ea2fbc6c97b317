//===- MatmulPanels.cpp - B operands in the microkernel's panels ----------===//
//
// The pieces rlx-cpu-pack-params (params packed when set) and
// rlx-cpu-pack-operands (other B operands packed once per run) share: which
// uses the rewrite knows, the panels' type, the panel matmul generic and
// the rewrite of a kernel that reads B operands as panels.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/MatmulTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::rlx;

//===----------------------------------------------------------------------===//
// The panel matmul generic
//===----------------------------------------------------------------------===//

void mlir::rlx::buildPanelMatmul(OpBuilder &b, Location loc,
                                 const PanelMatmul &operands) {
  MLIRContext *ctx = b.getContext();
  AffineExpr m, s, j, k;
  bindDims(ctx, m, s, j, k);
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {m, k}, ctx),
                                 AffineMap::get(4, 0, {s, k, j}, ctx),
                                 AffineMap::get(4, 0, {m, s, j}, ctx)};
  SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  b.create<linalg::GenericOp>(
      loc, TypeRange{}, ValueRange{operands.a, operands.panels},
      ValueRange{operands.c3}, maps, iterators,
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        Value product = nb.create<arith::MulFOp>(nloc, args[0], args[1]);
        nb.create<linalg::YieldOp>(
            nloc, ValueRange{nb.create<arith::AddFOp>(nloc, args[2], product)});
      });
}

std::optional<PanelMatmul> mlir::rlx::matchPanelMatmul(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || !generic.hasPureBufferSemantics() ||
      generic.getNumLoops() != 4 || generic.getNumReductionLoops() != 1)
    return std::nullopt;
  MLIRContext *ctx = op->getContext();
  AffineExpr m, s, j, k;
  bindDims(ctx, m, s, j, k);
  SmallVector<AffineMap> expected = {AffineMap::get(4, 0, {m, k}, ctx),
                                     AffineMap::get(4, 0, {s, k, j}, ctx),
                                     AffineMap::get(4, 0, {m, s, j}, ctx)};
  if (generic.getIndexingMapsArray() != expected ||
      generic.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return std::nullopt;
  // The body: yield out + a * b.
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || body.getOperations().size() != 3)
    return std::nullopt;
  auto mul = add.getRhs().getDefiningOp<arith::MulFOp>();
  if (!mul || add.getLhs() != body.getArgument(2) ||
      mul.getLhs() != body.getArgument(0) ||
      mul.getRhs() != body.getArgument(1))
    return std::nullopt;
  return PanelMatmul{generic.getDpsInputs()[0], generic.getDpsInputs()[1],
                     generic.getDpsInits()[0]};
}

//===----------------------------------------------------------------------===//
// Uses the rewrite knows, and the rewrite
//===----------------------------------------------------------------------===//

/// A use of a panel value the kernel rewrite knows: a matmul's B whose A
/// and C the microkernel takes.
bool mlir::rlx::isMicrokernelB(OpOperand &use) {
  auto matmul = dyn_cast<linalg::MatmulOp>(use.getOwner());
  if (!matmul || use.getOperandNumber() != 1 ||
      matmul->hasAttr("rlx.library_call"))
    return false;
  Value a = matmul.getDpsInputs()[0], c = matmul.getDpsInits()[0];
  if (a == use.get() || c == use.get() || !isPlainF32(a, 2) ||
      !isPlainF32(c, 2))
    return false;
  auto cType = cast<MemRefType>(c.getType());
  auto aType = cast<MemRefType>(a.getType());
  return cType.getNumElements() > 0 && aType.getNumElements() > 0;
}

/// The panels' type for a [K, N] param: [N / W, K, W].
MemRefType mlir::rlx::panelType(MemRefType matrix, int64_t width) {
  return MemRefType::get(
      {matrix.getDimSize(1) / width, matrix.getDimSize(0), width},
      matrix.getElementType());
}

void mlir::rlx::rewritePanelArgs(Operation *kernel, const PanelArgs &args,
                                 int64_t width) {
  Block &entry = kernel->getRegion(0).front();
  DenseMap<Value, Value> panelOf;
  for (unsigned index : args) {
    BlockArgument arg = entry.getArgument(index);
    auto matrix = cast<MemRefType>(arg.getType());
    arg.setType(panelType(matrix, width));
    panelOf[arg] = arg;
  }
  SmallVector<Operation *> dead;
  kernel->walk([&](Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto slice = dyn_cast<memref::SubViewOp>(op)) {
      Value panels = panelOf.lookup(slice.getSource());
      if (!panels)
        return;
      // [0, off][K, n] -> [off / W, 0, 0][n / W, K, W].
      SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
      auto mul = cast<Value>(offsets[1]).getDefiningOp<arith::MulIOp>();
      Value strip;
      if (std::optional<int64_t> c = getConstantIntValue(offsets[1])) {
        strip = b.create<arith::ConstantIndexOp>(loc, *c / width);
      } else {
        // off = x * c with W | c (isMultipleOf): off / W = x * (c / W).
        Value lhs = mul.getLhs(), rhs = mul.getRhs();
        std::optional<int64_t> factor = getConstantIntValue(rhs);
        if (!factor || *factor % width != 0) {
          std::swap(lhs, rhs);
          factor = getConstantIntValue(rhs);
        }
        strip = b.create<arith::MulIOp>(
            loc, lhs, b.create<arith::ConstantIndexOp>(loc, *factor / width));
      }
      auto panelsType = cast<MemRefType>(panels.getType());
      int64_t cols = slice.getType().getDimSize(1);
      SmallVector<OpFoldResult> newOffsets = {strip, b.getIndexAttr(0),
                                              b.getIndexAttr(0)};
      SmallVector<OpFoldResult> sizes = {
          b.getIndexAttr(cols / width),
          b.getIndexAttr(panelsType.getDimSize(1)), b.getIndexAttr(width)};
      SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
      panelOf[slice.getResult()] =
          b.create<memref::SubViewOp>(loc, panels, newOffsets, sizes, strides);
      dead.push_back(slice);
      return;
    }
    if (auto select = dyn_cast<arith::SelectOp>(op)) {
      Value t = panelOf.lookup(select.getTrueValue());
      Value f = panelOf.lookup(select.getFalseValue());
      if (!t || !f)
        return;
      panelOf[select.getResult()] =
          b.create<arith::SelectOp>(loc, select.getCondition(), t, f);
      dead.push_back(select);
      return;
    }
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op)) {
      Value panels = panelOf.lookup(matmul.getDpsInputs()[1]);
      if (!panels)
        return;
      Value c = matmul.getDpsInits()[0];
      auto cType = cast<MemRefType>(c.getType());
      // C's expansion goes before a fill of C right before the matmul, so
      // the microkernel still finds the fill next to the product.
      Operation *before = matmul;
      if (auto fill = dyn_cast_or_null<linalg::FillOp>(matmul->getPrevNode()))
        if (fill.getOutputs()[0] == c)
          before = fill;
      OpBuilder at(before);
      Value c3 = at.create<memref::ExpandShapeOp>(
          loc,
          ArrayRef<int64_t>{cType.getDimSize(0), cType.getDimSize(1) / width,
                            width},
          c, ArrayRef<ReassociationIndices>{{0}, {1, 2}});
      buildPanelMatmul(b, loc, {matmul.getDpsInputs()[0], panels, c3});
      dead.push_back(matmul);
    }
  });
  // Users before producers.
  for (Operation *op : llvm::reverse(dead))
    op->erase();
}
