//===- VectorWidening.h - Scalar arithmetic to vector arithmetic -*- C++ -*-=//
//
// The CPU vectorizers (VectorizeLoops.cpp, MatmulMicrokernel.cpp) turn a
// scalar computation (a loop body, a matmul epilogue) into the same
// computation on vector<lanes x T>. This is the one place that decides which
// scalar ops can be widened and how.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_LIRTOLLVM_VECTORWIDENING_H
#define RLX_CONVERSION_LIRTOLLVM_VECTORWIDENING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::rlx {

/// The most f32 lanes a `lanes` option may ask for (a vector of 64 floats
/// is four AVX-512 registers; more only multiplies code size).
constexpr int64_t kMaxF32Lanes = 64;

/// The f32 lanes per vector of the CPU target `op`'s module compiles for
/// (its `rlx.target`, or the default target: dialects/Target/Target.h).
/// Emits an error on `op` and fails when the target is not a CPU.
FailureOr<int64_t> targetF32Lanes(Operation *op);

/// True for a scalar type the vectorizers widen: f32 or i1.
bool isWidenableScalarType(Type type);

/// True for an element type the vectorizers load and store as vectors: f32,
/// f16 or bf16 (arithmetic on the half floats is not widened; only their
/// conversions to and from f32 are).
bool isWidenableMemoryType(Type type);

/// True when `op` is a pure, elementwise arith or math op (no region) whose
/// operands and results all have widenable scalar types, or an extf / truncf
/// between f32 and f16 / bf16; such an op computes the same thing lane by
/// lane on vectors.
bool isWidenableElementwise(Operation *op);

/// Maps scalar values of a region to their vector counterparts while it is
/// cloned in vector form. A value without a vector counterpart is uniform:
/// its scalar (after `scalars`) is broadcast once and the broadcast reused.
class VectorWidener {
public:
  VectorWidener(OpBuilder &builder, int64_t lanes)
      : builder(builder), lanes(lanes) {}

  /// The vector type of `lanes` elements of `scalar`.
  VectorType vectorOf(Type scalar) const;

  /// Records `vector` as the widened form of `scalar`.
  void map(Value scalar, Value vector) { vectors.map(scalar, vector); }
  /// Records `clone` as the scalar stand-in of uniform value `scalar`.
  void mapScalar(Value scalar, Value clone) { scalars.map(scalar, clone); }
  IRMapping &scalarMapping() { return scalars; }

  bool isVector(Value scalar) const { return vectors.contains(scalar); }
  /// The widened form of `scalar`: its mapped vector, or a broadcast of its
  /// (mapped) scalar.
  Value widen(Value scalar);
  /// Clones the widenable elementwise `op` on the widened operands; maps and
  /// returns its results.
  Operation *cloneWidened(Operation *op);

private:
  OpBuilder &builder;
  int64_t lanes;
  IRMapping vectors;
  IRMapping scalars;
};

} // namespace mlir::rlx

#endif // RLX_CONVERSION_LIRTOLLVM_VECTORWIDENING_H
