//===- RlxDialects.h - Registration of the dialects rlx uses ----*- C++ -*-===//
#ifndef RLX_DIALECTS_RLXDIALECTS_H
#define RLX_DIALECTS_RLXDIALECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::rlx {

/// Registers rlx (targets), HIR, MIR, LIR and the upstream dialects their IR
/// may contain (func, arith, math, memref, scf, linalg, tensor) and nothing
/// else.
void registerRlxDialects(DialectRegistry &registry);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_RLXDIALECTS_H
