//===- Kernels.h - Kernel bodies and workgroup splits of MIR ops -*- C++
//-*-===//
//
// What convert-mir-to-lir asks of each MIR op: the body of its lir.kernel
// (ops on memref block arguments, operands first, then results) and how its
// work splits into independent rows for the workgroup grid.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_KERNELS_H
#define RLX_CONVERSION_MIRTOLIR_KERNELS_H

#include "mlir/IR/Builders.h"
#include <optional>
#include <string>

namespace mlir::rlx {

/// How many leading result dims of `op` are independent: result elements
/// that differ only in those dims are computed from disjoint work, so a
/// workgroup may compute a range along one of them on its own. 0 when the
/// op does not split (a slice; an axis-0 softmax).
int64_t independentLeadingDims(Operation *op);

/// For a result dim `dim` < independentLeadingDims(op): the dim of operand
/// `index` that runs along with it, or nullopt when every workgroup reads
/// the operand whole (a broadcast operand, a weight).
std::optional<int64_t> operandDimAlong(Operation *op, unsigned index,
                                       int64_t dim);

/// True when operand `index` of `op` may be passed to buildKernelBody as a
/// scalar instead of a memref (a splat constant folded into the body).
bool acceptsScalarOperand(Operation *op, unsigned index);

/// A kernel name for `op` ("fused_matmul", "binary_add", ...).
std::string kernelBaseName(Operation *op);

/// Builds `op`'s computation at `b`'s insertion point (inside a kernel body)
/// on `operands` (memrefs, or scalars where acceptsScalarOperand) and
/// `results` (memrefs, one per op result). Memrefs may be strided subviews:
/// a workgroup's rows. Fails with a diagnostic on `op` if it cannot. With a
/// `libraryCall` (the target's choice, KernelConfig.h), the f32 products of
/// matmul, fused_matmul, shared_matmul and swiglu are marked for that
/// routine (conversion/LibraryCall.h).
LogicalResult buildKernelBody(OpBuilder &b, Location loc, Operation *op,
                              ValueRange operands, ValueRange results,
                              StringRef libraryCall = "");

/// `out` = `in` (same shape and element type).
void buildCopyBody(OpBuilder &b, Location loc, Value in, Value out);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_MIRTOLIR_KERNELS_H
