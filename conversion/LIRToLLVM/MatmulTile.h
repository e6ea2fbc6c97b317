//===- MatmulTile.h - The matmul microkernel's column strips ----*- C++ -*-===//
//
// One fact two CPU passes share: how many vectors of columns the matmul
// microkernel's register tile spans (rlx-cpu-matmul-microkernel), which is
// also the width of the panels rlx-cpu-pack-params stores B params in.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H
#define RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace mlir::rlx {

/// A static f32 memref of `rank` with unit innermost stride and static
/// strides: an operand the microkernel takes.
bool isPlainF32(Value v, int64_t rank);

/// Vectors of columns per register tile with `lanes` f32 lanes per vector:
/// AVX-512 has 32 registers (6 x 4 accumulators + 4 B vectors + one
/// broadcast of A), AVX 16 (6 x 2 + 2 + 1). docs/Performance.md measured
/// 6 x 4 faster than 12 x 2 (fewer broadcasts per FMA).
inline int64_t defaultMatmulTileVectors(int64_t lanes) {
  return lanes >= 16 ? 4 : 2;
}

/// Rows of A per register tile.
constexpr int64_t kDefaultMatmulTileRows = 6;

/// A matmul whose B is stored in panels (runtime/KernelAbi.h, "Matmul
/// panels"): C[m, s * W + j] += A[m, k] * B[s, k, j], as the linalg.generic
/// over (m, s, j, k) that rlx-cpu-pack-params writes, on `c3`, C [M, N]
/// expanded to [M, N / W, W].
struct PanelMatmul {
  Value a, panels, c3;
};
/// The generic of a panel matmul (f32 operands), inserted at `b`'s point.
void buildPanelMatmul(OpBuilder &b, Location loc, const PanelMatmul &operands);
/// The operands of `op` if it is such a generic, else nullopt.
std::optional<PanelMatmul> matchPanelMatmul(Operation *op);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_MATMULTILE_H
