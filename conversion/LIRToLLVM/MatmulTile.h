//===- MatmulTile.h - The matmul microkernel's column strips ----*- C++ -*-===//
//
// Facts the CPU matmul passes share: how many vectors of columns the matmul
// microkernel's register tile spans (rlx-cpu-matmul-microkernel), which is
// also the width of the panels B operands are stored in (rlx-cpu-pack-params
// for params, rlx-cpu-pack-operands for others), and the rewrite of a kernel
// that reads B in panels (MatmulPanels.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H
#define RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <optional>

namespace mlir::rlx {

/// A static f32 memref of `rank` with unit innermost stride and static
/// strides: an operand the microkernel takes.
bool isPlainF32(Value v, int64_t rank);
/// The same of f32, f16 or bf16 elements: an A or B the microkernel takes.
bool isPlainOperand(Value v, int64_t rank);

/// Vectors of columns per register tile with `lanes` f32 lanes per vector:
/// AVX-512 has 32 registers (6 x 4 accumulators + 4 B vectors + one
/// broadcast of A), AVX 16 (6 x 2 + 2 + 1). docs/Performance.md measured
/// 6 x 4 faster than 12 x 2 (fewer broadcasts per FMA).
inline int64_t defaultMatmulTileVectors(int64_t lanes) {
  return lanes >= 16 ? 4 : 2;
}

/// Rows of A per register tile.
constexpr int64_t kDefaultMatmulTileRows = 6;
/// The most rows a tile option may ask for.
constexpr int64_t kMaxMatmulTileRows = 32;

/// The most vectors of columns a tile option may ask for (AVX-512's 32
/// registers hold 6 x 4 accumulators; far beyond, only code size grows).
constexpr int64_t kMaxMatmulTileVectors = 16;

/// The panel width (columns per strip) for `lanes` f32 lanes and
/// `tileVectors` vectors per tile (in [0, kMaxMatmulTileVectors]), 0
/// meaning the default.
inline int64_t matmulPanelWidth(int64_t lanes, int64_t tileVectors) {
  return lanes *
         (tileVectors > 0 ? tileVectors : defaultMatmulTileVectors(lanes));
}

/// A matmul whose B is stored in panels (runtime/KernelAbi.h, "Matmul
/// panels"): C[m, s * W + j] += A[m, k] * B[s, k, j], as the linalg.generic
/// over (m, s, j, k) that rlx-cpu-pack-params writes, on `c3`, C [M, N]
/// expanded to [M, N / W, W]. f32 A and B; or bf16 A and B in pair panels
/// ("bf16 pair panels"): B[s, k floordiv 2, 2 j + k mod 2], products in f32.
struct PanelMatmul {
  Value a, panels, c3;
};
/// The generic of a panel matmul, inserted at `b`'s point: pairs when the
/// panels are bf16.
void buildPanelMatmul(OpBuilder &b, Location loc, const PanelMatmul &operands);
/// The operands of `op` if it is such a generic, else nullopt.
std::optional<PanelMatmul> matchPanelMatmul(Operation *op);

/// The panels' type for a [K, N] matrix: [N / W, K, W]; for bf16, pair
/// panels [N / W, K / 2, 2 W] (K even).
MemRefType panelType(MemRefType matrix, int64_t width);

/// The panels the pack passes store B operands in for a module's target.
struct PanelTarget {
  /// Columns per panel (the microkernel's strip).
  int64_t width;
  /// Whether bf16 operands go into pair panels (bf16PairsAvailable).
  bool pairs;
};
/// The panels for `module`'s target with the pass options `lanes` and
/// `tileVectors` (0: the target's / the default), nullopt when the target
/// is not a CPU (panels are the CPU microkernel's layout); a failure, with
/// a diagnostic naming `pass`, when an option is out of range.
FailureOr<std::optional<PanelTarget>> panelTargetFor(Operation *module,
                                                     StringRef pass,
                                                     int64_t lanes,
                                                     int64_t tileVectors);

/// Whether the microkernel multiplies bf16 x bf16 products in pairs
/// (vdpbf16ps) on `target` at `lanes` f32 lanes: a CPU target with
/// AVX512-BF16 and 16 lanes. bf16 params are stored in pair panels only
/// then.
bool bf16PairsAvailable(Attribute target, int64_t lanes);

/// Whether `use` is one the kernel rewrite knows: the B operand of a
/// `linalg.matmul` whose A and C the microkernel takes (non-empty, no
/// library call, C f32, A of B's type: f32, or bf16 for pair panels).
bool isMicrokernelB(OpOperand &use);

/// Kernel arguments, by index.
using PanelArgs = llvm::SmallDenseSet<unsigned, 4>;

/// Retypes arguments `args` of `kernel` (an `lir.kernel`) to panels of
/// `width` and rewrites every op that reads them: column slices become
/// panel slices, selects select panels, matmuls become the panel matmul.
/// The caller has checked each argument reaches nothing else.
void rewritePanelArgs(Operation *kernel, const PanelArgs &args, int64_t width);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H
