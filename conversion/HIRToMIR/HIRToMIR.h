//===- HIRToMIR.h - Patterns lowering HIR blocks to MIR ---------*- C++ -*-===//
#ifndef RLX_CONVERSION_HIRTOMIR_HIRTOMIR_H
#define RLX_CONVERSION_HIRTOMIR_HIRTOMIR_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::rlx {

/// Adds one rewrite pattern per HIR op, each replacing the op by MIR. With
/// `directPolicy`, linear, residual_norm and swiglu become the fused MIR ops;
/// otherwise the primitive chains the fusion passes recognise. Attention,
/// rope and embedding lower to primitives under both policies.
void populateHIRToMIRPatterns(RewritePatternSet &patterns, bool directPolicy);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_HIRTOMIR_HIRTOMIR_H
