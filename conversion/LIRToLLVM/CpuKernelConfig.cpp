//===- CpuKernelConfig.cpp - How the CPU backend wants its kernels --------===//
//
// The CPU's answers to convert-mir-to-lir (KernelConfig.td): OpenBLAS for
// f32 products when native matmuls are asked for, and workgroup splits
// sized for the thread pool and the register-tile matmul microkernel
// (docs/CPUBackend.md, "Workgroups").
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "conversion/LIRToLLVM/MatmulTile.h"
#include "conversion/LibraryCall.h"
#include "conversion/MIRToLIR/AttentionKernel.h"
#include "conversion/MIRToLIR/ConvKernel.h"
#include "conversion/MIRToLIR/KernelConfig.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/MIR/MIROps.h"
#include "dialects/Target/TargetDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rlx;

namespace {

/// Elements per workgroup, at least: below this the thread pool's hand-off
/// costs more than the work (docs/CPUBackend.md).
constexpr int64_t kWorkgroupElements = 16384;

/// Rows of a matmul's M per workgroup, at least: each workgroup packs all
/// of B again (rlx-cpu-matmul-microkernel), so fewer, larger workgroups
/// pack less (a 1024-row matmul: 2 packings of B, not 8); below 1024 rows
/// the work still splits in two.
constexpr int64_t kMatmulRows = 512;

/// A matmul with fewer rows (all dims but N) than this splits its columns
/// instead: each workgroup then packs only its own columns of B, where a
/// split of few rows would have every workgroup pack all of B.
constexpr int64_t kColumnSplitRows = 256;
/// Columns of N per workgroup of a column split, at least: one strip of the
/// AVX-512 microkernel. A one-strip product reads A in place (no A panel)
/// and keeps its K x 64 strip of B hot; against 256 columns the encoder's
/// projections ran 5-8% faster on one thread and the encoder took
/// 0.81-0.94x the time on two, where the finer grid also lets the pool
/// balance a slow core (docs/CPUBackend.md, "Workgroups").
constexpr int64_t kMatmulColumns = 64;

bool isMatmulFamily(Operation *op) {
  return isa_and_nonnull<mir::MatmulOp, mir::FusedMatmulOp, mir::SharedMatmulOp,
                         mir::SwigluOp>(op);
}

ArrayRef<int64_t> shapeOf(Type type) {
  return cast<ShapedType>(type).getShape();
}

/// True when `op`'s products are ones cblas_sgemm computes: f32 and not
/// empty; a matmul only when its batch dims do not broadcast (those stay a
/// linalg.generic).
bool sgemmComputes(Operation *op) {
  auto isF32 = [](Type t) {
    auto shaped = cast<ShapedType>(t);
    return shaped.getElementType().isF32() &&
           !llvm::is_contained(shaped.getShape(), 0);
  };
  if (!isa<mir::MatmulOp, mir::FusedMatmulOp, mir::SharedMatmulOp,
           mir::SwigluOp>(op) ||
      !llvm::all_of(op->getOperandTypes(), isF32) ||
      !llvm::all_of(op->getResultTypes(), isF32))
    return false;
  if (!isa<mir::MatmulOp, mir::FusedMatmulOp>(op))
    return true;
  ArrayRef<int64_t> l = shapeOf(op->getOperand(0).getType()),
                    r = shapeOf(op->getOperand(1).getType());
  return r.size() == 2 ||
         (l.size() == r.size() && l.drop_back(2) == r.drop_back(2));
}

/// N, when `op` is a matmul (or a shared_matmul whose results have one
/// shape) whose work splits along its columns (few rows, at least two
/// strips' worth of columns).
std::optional<int64_t> columnSplitDim(Operation *op, ArrayRef<int64_t> shape) {
  if (!isMatmulFamily(op) || shape.size() < 2)
    return std::nullopt;
  // shared_matmul: every result splits the same way, so they need one N.
  for (Value result : op->getResults())
    if (shapeOf(result.getType()) != shape)
      return std::nullopt;
  int64_t rows = 1;
  for (int64_t size : shape.drop_back())
    rows *= size;
  if (rows >= kColumnSplitRows || shape.back() < 128)
    return std::nullopt;
  return static_cast<int64_t>(shape.size()) - 1;
}

/// Columns per workgroup, at least, of a product of one row whose B is read
/// row-major (the microkernel's M = 1 path): 2 KiB of each row of B per
/// workgroup, where 64 columns' 256 bytes per row left the memory system
/// idle between rows (4096 x 11008 at 0.46 of the read bound;
/// docs/CPUBackend.md, "One row").
constexpr int64_t kGemvColumns = 512;

/// Whether `op` (a column-split matmul of `shape`) is one row times a B that
/// stays row-major: B is not a param, or one whose columns the target's
/// panel width `panelWidth` does not divide (rlx-cpu-pack-params stores the
/// others in panels, which a workgroup of one panel reads contiguously).
bool readsRowMajorRows(Operation *op, ArrayRef<int64_t> shape,
                       int64_t panelWidth) {
  if (!isa<mir::MatmulOp, mir::FusedMatmulOp>(op))
    return false;
  int64_t rows = 1;
  for (int64_t size : shape.drop_back())
    rows *= size;
  if (rows != 1)
    return false;
  bool param = op->getOperand(1).getDefiningOp<mir::ParamOp>() != nullptr;
  return !param || shape.back() % panelWidth != 0;
}

struct CpuKernelConfig
    : KernelConfigAttrInterface::ExternalModel<CpuKernelConfig, CpuTargetAttr> {
  /// mir.attention: one workgroup per (batch, head, query block), so the
  /// pool balances units of one size; f32 mir.conv2d: tiles of output rows
  /// (and channel ranges) as microkernel products; the others take the
  /// neutral kernels.
  FailureOr<std::optional<KernelShape>> buildKernel(Attribute, OpBuilder &b,
                                                    Operation *op,
                                                    ValueRange operands,
                                                    ValueRange results) const {
    // f32 conv2d, ungrouped or depthwise (ConvKernel.h).
    if (auto conv = dyn_cast_or_null<mir::Conv2dOp>(op))
      if (std::optional<KernelShape> shape =
              buildCpuConvKernel(b, op->getLoc(), conv, operands, results[0]))
        return shape;
    auto attention = dyn_cast_or_null<mir::AttentionOp>(op);
    if (!attention)
      return std::optional<KernelShape>();
    AttentionBlocks blocks =
        chooseAttentionBlocks(attention, kDefaultQueryBlock, kDefaultKeyBlock);
    int64_t units = attentionUnits(attention, blocks);
    Location loc = op->getLoc();
    Value unit =
        units > 1
            ? b.create<lir::WorkgroupIdOp>(loc, b.getIndexType(), 0).getResult()
            : b.create<arith::ConstantIndexOp>(loc, 0).getResult();
    buildAttentionKernel(b, loc, attention, operands[0], operands[1],
                         operands[2],
                         attention.getPosition() ? operands[3] : Value(),
                         results[0], blocks, unit);
    KernelShape shape;
    shape.grid = {std::max<int64_t>(units, 1)};
    return std::optional<KernelShape>(shape);
  }

  StringRef getLibraryCall(Attribute, Operation *op, bool preferNative) const {
    return preferNative && sgemmComputes(op) ? StringRef(kCblasSgemm)
                                             : StringRef();
  }

  KernelSplitPolicy getSplitPolicy(Attribute target, Operation *op,
                                   ArrayRef<int64_t> shape, int64_t defaultDim,
                                   StringRef libraryCall) const {
    KernelSplitPolicy policy;
    policy.minElements = kWorkgroupElements;
    // A library call runs as one workgroup: OpenBLAS threads the call
    // itself (the runtime gives it the pool's thread count); calls per row
    // block would each pack the whole B matrix again.
    if (!libraryCall.empty()) {
      policy.whole = true;
      return policy;
    }
    if (!isMatmulFamily(op))
      return policy;
    int64_t rank = static_cast<int64_t>(shape.size());
    // A column split is sized by its columns alone: every column has all of
    // the rows' work.
    if (std::optional<int64_t> columns = columnSplitDim(op, shape)) {
      policy.dim = *columns;
      policy.minElements = 0;
      int64_t panelWidth =
          matmulPanelWidth(cast<CpuTargetAttr>(target).getF32Lanes(), 0);
      int64_t least = readsRowMajorRows(op, shape, panelWidth) ? kGemvColumns
                                                               : kMatmulColumns;
      policy.minChunk =
          std::min<int64_t>(least, llvm::divideCeil(shape.back(), 2));
      return policy;
    }
    if (defaultDim == rank - 2)
      policy.minChunk = std::min<int64_t>(
          kMatmulRows, llvm::divideCeil(shape[defaultDim], 2));
    return policy;
  }
};

} // namespace

void mlir::rlx::registerCpuBackend(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RLXDialect *dialect) {
    CpuTargetAttr::attachInterface<CpuKernelConfig>(*ctx);
    registerHostCpuTarget(dialect);
  });
}
