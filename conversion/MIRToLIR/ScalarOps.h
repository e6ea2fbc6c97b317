//===- ScalarOps.h - MIR's scalar semantics as arith / math ops -*- C++ -*-===//
//
// One definition of what each mir.unary / binary / compare / select / cast
// kind computes on one element (docs/Dialects/MIR.md, "Scalar semantics";
// passes/MIR/FoldConstants.cpp folds the same functions). Standalone
// elementwise kernels and mir.elementwise region bodies both build their
// linalg.generic bodies from these.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_SCALAROPS_H
#define RLX_CONVERSION_MIRTOLIR_SCALAROPS_H

#include "dialects/Common/Enums.h"
#include "mlir/IR/Builders.h"

namespace mlir::rlx {

/// True for f16 and bf16, which rlx computes in f32 wherever a result is
/// more than one correctly rounded basic operation (transcendentals,
/// accumulations).
bool isHalfFloat(Type type);

/// The type arithmetic on `type` runs in: f32 for f16 / bf16, else `type`.
Type computeType(Type type);

/// An arith.constant of float or integer type `type` holding `value`
/// (rounded to nearest even for floats).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);

/// 1 / sqrt(x) for f32 / f64 `x`. Not math.rsqrt: MLIR 19's math-to-llvm
/// does not lower it, and LLVM has no rsqrt intrinsic to lower it to.
Value buildReciprocalSqrt(OpBuilder &b, Location loc, Value x);

/// mir.unary `kind` on one element.
Value buildUnary(OpBuilder &b, Location loc, UnaryKind kind, Value x);

/// A fused epilogue activation (`none` returns `x`).
Value buildActivation(OpBuilder &b, Location loc, Activation act, Value x);

/// mir.binary `kind` on one element of each operand (same type).
Value buildBinary(OpBuilder &b, Location loc, BinaryKind kind, Value lhs,
                  Value rhs);

/// mir.compare `kind`, giving i1.
Value buildCompare(OpBuilder &b, Location loc, CompareKind kind, Value lhs,
                   Value rhs);

/// mir.cast of one element to `to`.
Value buildCast(OpBuilder &b, Location loc, Value x, Type to);

/// Emits the scalar steps of a mir.elementwise body with block argument `i`
/// standing for `args[i]`, and returns the value mir.yield gives. Fails,
/// with a diagnostic on the step, for an op that is not a scalar step.
FailureOr<Value> buildRegionBody(OpBuilder &b, Location loc, Block &body,
                                 ValueRange args);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_SCALAROPS_H
