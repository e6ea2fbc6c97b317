//===- Decompose.h - Builders of MIR primitive chains -----------*- C++ -*-===//
//
// The primitive form of each fused or composite MIR op, written once and
// used wherever a chain is needed: legalization un-fuses and decomposes with
// them, and HIR's "fusable" lowering emits the same chains the fusion
// patterns recognise.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_DECOMPOSE_H
#define RLX_PASSES_MIR_DECOMPOSE_H

#include "dialects/Common/Enums.h"
#include "mlir/IR/Builders.h"

namespace mlir::rlx::mir {

/// A rank-0 `mir.constant` holding `value` (broadcasts to any shape).
Value buildScalarConstant(OpBuilder &b, Location loc, Type elementType,
                          double value);

/// act(lhs x rhs + bias): mir.matmul [+ mir.binary add] [+ mir.unary].
Value buildMatmulEpilogue(OpBuilder &b, Location loc, Value lhs, Value rhs,
                          Value bias, Activation act, Type resultType);

/// (norm(x + residual [+ bias]), x + residual [+ bias]) with mir.binary and
/// mir.layer_norm / mir.rms_norm.
std::pair<Value, Value> buildResidualNorm(OpBuilder &b, Location loc,
                                          NormKind kind, Value x,
                                          Value residual, Value bias,
                                          Value gamma, Value beta,
                                          FloatAttr eps);

/// silu(x Wg) * (x Wu).
Value buildSwiglu(OpBuilder &b, Location loc, Value x, Value wGate, Value wUp,
                  Type resultType);

/// exp(x - max) / sum(exp(x - max)) along `axis`.
Value buildSoftmax(OpBuilder &b, Location loc, Value x, int64_t axis);

/// (x - mean) * rsqrt(var + eps) * gamma [+ beta], over the last dim.
Value buildLayerNorm(OpBuilder &b, Location loc, Value x, Value gamma,
                     Value beta, double eps);

/// x * rsqrt(mean(x^2) + eps) * gamma, over the last dim.
Value buildRmsNorm(OpBuilder &b, Location loc, Value x, Value gamma,
                   double eps);

/// Grouped-query attention's keys or values, token-major [B, T, KVH, D], as
/// [B, T, H, D]: each kv head repeated H / KVH times in a row (reshape,
/// broadcast, reshape); `x` itself when KVH = H.
Value repeatKvHeads(OpBuilder &b, Location loc, Value x, int64_t heads);

/// mir.attention's chain on token-major q [B, S, H, D], k and v [B, T, KVH,
/// D]: k and v repeated to H heads (repeatKvHeads), per-head transposes,
/// q kT, the scale, the causal mask (a constant while S and T are static,
/// else a mir.causal_mask), softmax over T, p v, and the transpose back to
/// [B, S, H, D]. The chain mir-fuse-attention recognises. With a run-time
/// `position` (mir.attention's operand, static S and T) the mask is the
/// i1 table of the keys each query sees, made by comparing a constant of
/// key-minus-query offsets with the position: -inf where it is false
/// before the softmax, and 0 after it, so a query that sees no key gives 0.
Value buildAttention(OpBuilder &b, Location loc, Value q, Value k, Value v,
                     double scale, bool causal, Value position = {});

class ElementwiseOp;

/// The tensor ops `region`'s scalar steps stand for, one op per step, each
/// broadcasting as the region did; returns the value that replaces it.
Value buildUnfusedRegion(OpBuilder &b, ElementwiseOp region);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_DECOMPOSE_H
