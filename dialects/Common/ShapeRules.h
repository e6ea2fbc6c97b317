//===- ShapeRules.h - The one home of rlx's shape rules ---------*- C++ -*-===//
//
// Broadcasting, matmul shapes, size limits and symbolic-dim annotations, used
// by the verifiers of every rlx dialect and (later) by builders and type
// inference, so a rule is written once.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_DIALECTS_COMMON_SHAPERULES_H
#define RLX_DIALECTS_COMMON_SHAPERULES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace mlir::rlx {

/// Largest rank any rlx tensor or buffer may have.
constexpr int64_t kMaxRank = 16;

/// True when two dims may be equal: equal, or either is dynamic.
bool dimsCompatible(int64_t a, int64_t b);

/// True when two shapes have the same rank and compatible dims.
bool shapesCompatible(ArrayRef<int64_t> a, ArrayRef<int64_t> b);

/// Numpy broadcasting, right-aligned: each dim pair must be equal or one of
/// them 1. A dynamic dim against n > 1 gives n; against 1 or ? gives ?.
/// On failure `why` says which dims clash.
std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b, std::string &why);

/// True when `from` broadcasts to exactly `to` (rank(from) <= rank(to)).
bool broadcastsTo(ArrayRef<int64_t> from, ArrayRef<int64_t> to);

/// Batched matmul: [..., M, K] x [..., K, N] -> [broadcast(...), M, N].
/// Ranks must be at least 2. On failure `why` says what is wrong.
std::optional<SmallVector<int64_t>>
matmulShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs, std::string &why);

/// One spatial output dim of a window op (conv2d, pool):
/// `(in + padBefore + padAfter - dilation * (window - 1) - 1) / stride + 1`.
/// A dynamic `in` or `window` gives a dynamic dim. Returns nullopt when the
/// dilated window is larger than the padded input, or when the arithmetic
/// overflows int64 (then `overflow` is set).
std::optional<int64_t> windowOutputDim(int64_t in, int64_t padBefore,
                                       int64_t padAfter, int64_t window,
                                       int64_t stride, int64_t dilation,
                                       bool &overflow);

/// Element count of a static shape, or nullopt if it overflows int64.
/// Dynamic dims count as 1.
std::optional<int64_t> checkedElementCount(ArrayRef<int64_t> shape);

/// Bytes of storage per element (i1 is stored as one byte).
int64_t elementByteSize(Type elementType);

/// Byte size of a static shaped type, or nullopt if it overflows int64.
std::optional<int64_t> checkedByteSize(ShapedType type);

/// Checks rank <= kMaxRank and that the element count and byte size of a
/// shaped type fit in int64. Other types pass.
LogicalResult verifyBoundedType(function_ref<InFlightDiagnostic()> emitError,
                                Type type);

/// Normalizes an axis in [-rank, rank) to [0, rank); nullopt when outside.
std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);

/// Formats a shape as "2x?x4" for diagnostics.
std::string formatShape(ArrayRef<int64_t> shape);

/// The symbolic-dim annotation of a function argument: `<dialect>.dims`, an
/// array with one entry per dim, a string symbol for a dynamic dim or the
/// integer size of a static one. Verifies it against the argument's type.
LogicalResult verifyDimsAnnotation(function_ref<InFlightDiagnostic()> emitError,
                                   Attribute dims, Type argType);

} // namespace mlir::rlx

#endif // RLX_DIALECTS_COMMON_SHAPERULES_H
