//===- MatmulPanels.cpp - B operands in the microkernel's panels ----------===//
//
// The pieces rlx-cpu-pack-params (params packed when set) and
// rlx-cpu-pack-operands (other B operands packed once per run) share: which
// uses the rewrite knows, the panels' type, the panel matmul generic and
// the rewrite of a kernel that reads B operands as panels.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/MatmulTile.h"
#include "conversion/LIRToLLVM/VectorWidening.h"
#include "dialects/Target/Target.h"
#include "dialects/Target/TargetDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::rlx;

//===----------------------------------------------------------------------===//
// The panel matmul generic
//===----------------------------------------------------------------------===//

/// The indexing maps of a panel matmul over (m, s, j, k): f32 panels
/// [s, k, j], or pair panels [s, k floordiv 2, 2 j + k mod 2].
static SmallVector<AffineMap> panelMatmulMaps(MLIRContext *ctx, bool pairs) {
  AffineExpr m, s, j, k;
  bindDims(ctx, m, s, j, k);
  AffineMap panel =
      pairs ? AffineMap::get(4, 0, {s, k.floorDiv(2), j * 2 + k % 2}, ctx)
            : AffineMap::get(4, 0, {s, k, j}, ctx);
  return {AffineMap::get(4, 0, {m, k}, ctx), panel,
          AffineMap::get(4, 0, {m, s, j}, ctx)};
}

static bool isPairPanels(Value panels) {
  return cast<MemRefType>(panels.getType()).getElementType().isBF16();
}

void mlir::rlx::buildPanelMatmul(OpBuilder &b, Location loc,
                                 const PanelMatmul &operands) {
  SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  b.create<linalg::GenericOp>(
      loc, TypeRange{}, ValueRange{operands.a, operands.panels},
      ValueRange{operands.c3},
      panelMatmulMaps(b.getContext(), isPairPanels(operands.panels)), iterators,
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        // Pairs: bf16 operands, each product exact in f32.
        auto f32 = [&](Value x) -> Value {
          return x.getType().isF32()
                     ? x
                     : nb.create<arith::ExtFOp>(nloc, nb.getF32Type(), x);
        };
        Value product =
            nb.create<arith::MulFOp>(nloc, f32(args[0]), f32(args[1]));
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
  Value panels = generic.getDpsInputs()[1];
  bool pairs = isPairPanels(panels);
  if (generic.getIndexingMapsArray() !=
          panelMatmulMaps(op->getContext(), pairs) ||
      generic.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return std::nullopt;
  // The body: yield out + a * b, a and b extended from bf16 for pairs.
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || body.getOperations().size() != (pairs ? 5u : 3u))
    return std::nullopt;
  auto mul = add.getRhs().getDefiningOp<arith::MulFOp>();
  auto operand = [&](Value v) -> Value {
    if (!pairs)
      return v;
    auto ext = v.getDefiningOp<arith::ExtFOp>();
    return ext ? ext.getIn() : Value();
  };
  if (!mul || add.getLhs() != body.getArgument(2) ||
      operand(mul.getLhs()) != body.getArgument(0) ||
      operand(mul.getRhs()) != body.getArgument(1))
    return std::nullopt;
  return PanelMatmul{generic.getDpsInputs()[0], panels,
                     generic.getDpsInits()[0]};
}

FailureOr<std::optional<PanelTarget>>
mlir::rlx::panelTargetFor(Operation *module, StringRef pass, int64_t lanes,
                          int64_t tileVectors) {
  if (lanes < 0 || lanes > kMaxF32Lanes || tileVectors < 0 ||
      tileVectors > kMaxMatmulTileVectors)
    return module->emitError(pass)
           << ": lanes must be in [0, " << kMaxF32Lanes
           << "] and tile-vectors in [0, " << kMaxMatmulTileVectors
           << "] (0: the target's and the microkernel's default)";
  auto cpu = dyn_cast<CpuTargetAttr>(getTargetOrDefault(module));
  if (!cpu)
    return std::optional<PanelTarget>();
  int64_t vectorLanes = lanes > 0 ? lanes : cpu.getF32Lanes();
  return std::optional<PanelTarget>(
      PanelTarget{matmulPanelWidth(vectorLanes, tileVectors),
                  bf16PairsAvailable(cpu, vectorLanes)});
}

bool mlir::rlx::bf16PairsAvailable(Attribute target, int64_t lanes) {
  auto cpu = dyn_cast_or_null<CpuTargetAttr>(target);
  return cpu && lanes == 16 && cpu.enablesFeature("avx512bf16");
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
  auto elementOf = [](Value v) {
    return cast<MemRefType>(v.getType()).getElementType();
  };
  Type element = elementOf(use.get());
  if (a == use.get() || c == use.get() || !isPlainF32(c, 2) ||
      !(element.isF32() || element.isBF16()) || elementOf(a) != element ||
      !isPlainOperand(a, 2))
    return false;
  auto cType = cast<MemRefType>(c.getType());
  auto aType = cast<MemRefType>(a.getType());
  return cType.getNumElements() > 0 && aType.getNumElements() > 0;
}

MemRefType mlir::rlx::panelType(MemRefType matrix, int64_t width) {
  int64_t rows = matrix.getDimSize(0), panels = matrix.getDimSize(1) / width;
  if (matrix.getElementType().isBF16())
    return MemRefType::get({panels, rows / 2, 2 * width},
                           matrix.getElementType());
  return MemRefType::get({panels, rows, width}, matrix.getElementType());
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
      // [0, off][K, n] -> [off / W, 0, 0][n / W, K, W] (pairs: [n / W,
      // K / 2, 2 W]).
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
          b.getIndexAttr(panelsType.getDimSize(1)),
          b.getIndexAttr(panelsType.getDimSize(2))};
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
