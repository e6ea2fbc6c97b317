//===- AttentionKernel.h - mir.attention as a blockwise kernel --*- C++ -*-===//
//
// The kernel of mir.attention (docs/CPUBackend.md, "Attention"): each work
// unit is one (batch, head, block of queries); it walks the keys in blocks
// with the online softmax (the FlashAttention recurrence), so the scores of
// one query block and one key block are all it ever holds:
//
//   for each key block (with `causal`, only blocks some query of the unit
//   sees):
//     K block transposed into a scratch [D, Tb]; S = Q_blk K_blkT
//     (linalg.fill + linalg.matmul on scratch);
//     per query row: m' = max(m, scale * max_j S), P = exp(scale * S - m')
//     over the visible keys (0 past them), l = l * exp(m - m') + sum_j P,
//     acc *= exp(m - m'), m = m';
//     acc += P V_blk (a linalg.matmul accumulating into the scratch acc);
//   out = acc / l.
//
// Q, K, V and the output are read and written in place in their
// token-major [B, S, H, D] layout (strided views, no transposes). Scratch
// buffers (the scores, the accumulator, m and l) are f32, f64 for f64
// operands. Every matmul is a static, row-contiguous f32 linalg.matmul
// when the operands are f32, so a CPU backend's microkernel takes them; the
// row loops are innermost unit-step scf.for loops its vectorizer takes.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_ATTENTIONKERNEL_H
#define RLX_CONVERSION_MIRTOLIR_ATTENTIONKERNEL_H

#include "mlir/IR/Builders.h"

namespace mlir::rlx {
namespace mir {
class AttentionOp;
} // namespace mir

/// How an attention kernel blocks its work: a unit per (batch, head,
/// `queryBlock` queries), keys in blocks of `keyBlock`; the last block of
/// each may be shorter (a tail with its own static shapes).
struct AttentionBlocks {
  int64_t queryBlock = 1;
  int64_t keyBlock = 1;
};

/// The blocks a kernel without its own choice uses: 128 queries by 128 keys
/// (the scores of a block: 64 KiB, in L2). Against 64 queries, 128 halves
/// the key transposes and the packing per product (docs/CPUBackend.md,
/// "Attention", has the measurement).
constexpr int64_t kDefaultQueryBlock = 128;
constexpr int64_t kDefaultKeyBlock = 128;

/// Most bytes of stack scratch one unit uses (the workers' stacks also hold
/// the matmul microkernel's panels): 384 KiB, what 128 x 128 blocks with
/// head_dim 256 need.
constexpr int64_t kAttentionScratchBytes = 384 * 1024;

/// Blocks for `op` (static shapes): min(S, `maxQueryBlock`) queries and
/// min(T, `maxKeyBlock`) keys, halved (keys first) while the scratch
/// exceeds kAttentionScratchBytes.
AttentionBlocks chooseAttentionBlocks(mir::AttentionOp op,
                                      int64_t maxQueryBlock,
                                      int64_t maxKeyBlock);

/// Work units of `op` under `blocks`: B * H * ceil(S / queryBlock).
int64_t attentionUnits(mir::AttentionOp op, const AttentionBlocks &blocks);

/// Builds the kernel body of `op` at `b` (the kernel's entry block) on the
/// memrefs `q`, `k`, `v`, `position` (null without the operand) and `out`:
/// the unit `unit` (an index value), or, with a null `unit`, every unit in a
/// loop. With no unit (an empty batch, head or query dim) the body is empty
/// (run it as one workgroup); with no key it fills `out` with 0, the empty
/// sum. A run-time position p bounds the keys each query block walks (keys
/// past p + S, or causally past p + s, are never read), and a query that
/// sees no key gives 0.
void buildAttentionKernel(OpBuilder &b, Location loc, mir::AttentionOp op,
                          Value q, Value k, Value v, Value position, Value out,
                          const AttentionBlocks &blocks, Value unit);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_ATTENTIONKERNEL_H
