//===- KernelBuilders.h - Kernel bodies by op family -------------*- C++
//-*-===//
//
// Private to conversion/MIRToLIR: the family builders Kernels.cpp dispatches
// to, and the helpers they share. Every builder reads shapes from its memref
// arguments (a workgroup's rows), never from the MIR op's tensor types.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_MIRTOLIR_KERNELBUILDERS_H
#define RLX_CONVERSION_MIRTOLIR_KERNELBUILDERS_H

#include "dialects/Common/Enums.h"
#include "dialects/MIR/MIROps.h"
#include "mlir/IR/Builders.h"

#include <functional>

namespace mlir::rlx::kernels {

//===----------------------------------------------------------------------===//
// Shared helpers (Kernels.cpp)
//===----------------------------------------------------------------------===//

/// Static shape and element type of a memref value.
ArrayRef<int64_t> shapeOf(Value memref);
Type elementTypeOf(Value memref);

Value indexConstant(OpBuilder &b, Location loc, int64_t value);
/// 0 <= v < size, signed (a padded coordinate goes negative).
Value indexInRange(OpBuilder &b, Location loc, Value v, int64_t size);

/// One scf.for per dim of `shape` (0 to size, step 1), outermost first;
/// `body` gets the induction variables. A rank-0 shape runs `body` once.
void forEachIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                  function_ref<void(OpBuilder &, Location, ValueRange)> body);

/// How a builder visits the indices of its outer, independent iteration
/// space: empty runs them as loops in one invocation (forEachIndex, the
/// CPU); a GPU kernel hands each index to an invocation (GpuKernels.cpp).
/// The body computes and stores everything of its index.
using IndexDriver =
    std::function<void(OpBuilder &, Location, ArrayRef<int64_t>,
                       function_ref<void(OpBuilder &, Location, ValueRange)>)>;

/// Runs `body` over `shape` with `driver`, or forEachIndex without one.
void forEachIndexWith(
    const IndexDriver &driver, OpBuilder &b, Location loc,
    ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, Location, ValueRange)> body);

/// Like forEachIndex, carrying `inits` through the nest as iter_args:
/// `body` gets the induction variables and the current values and returns
/// the next ones. Returns the final values.
SmallVector<Value>
accumulate(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
           ValueRange inits,
           function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange,
                                           ValueRange)>
               body);

/// `iv * scale + offset` on index values, without the trivial steps.
Value scaledIndex(OpBuilder &b, Location loc, Value iv, int64_t scale,
                  int64_t offset);

/// memref.load, converted to `type` with mir.cast semantics (ScalarOps'
/// buildCast).
Value loadAs(OpBuilder &b, Location loc, Value memref, ValueRange indices,
             Type type);

/// memref.store of `value` converted to the memref's element type.
void storeAs(OpBuilder &b, Location loc, Value value, Value memref,
             ValueRange indices);

/// The indices of an operand of shape `operand` that broadcasts
/// (numpy, right-aligned) to the iteration point `ivs` of shape `result`:
/// size-1 dims read index 0.
SmallVector<Value> broadcastIndices(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> operand,
                                    ArrayRef<int64_t> result, ValueRange ivs);

/// The indexing map of the same broadcast over `numDims` loop dims whose
/// first result.size() dims are the result's dims.
AffineMap broadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operand,
                       ArrayRef<int64_t> result, unsigned numDims);

/// `ivs` with `iv` inserted at position `pos`.
SmallVector<Value> insertIndex(ValueRange ivs, int64_t pos, Value iv);

/// `shape` without dim `pos`.
SmallVector<int64_t> dropDim(ArrayRef<int64_t> shape, int64_t pos);

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

/// ElementwiseKernels.cpp: one linalg.generic over `out` reading `inputs`
/// broadcast (numpy) to it; scalar inputs are used as they are. `fn` gets one
/// element per input (and, with `readsOutput`, the current output element
/// last) and returns the result element.
void buildElementwise(OpBuilder &b, Location loc, ValueRange inputs, Value out,
                      function_ref<Value(OpBuilder &, Location, ValueRange)> fn,
                      bool readsOutput = false);

/// One result element from one element of each input: what an elementwise
/// op computes (null Value after a diagnostic on a region step).
using ScalarFn = std::function<Value(OpBuilder &, Location, ValueRange)>;

/// The ScalarFn of mir.unary, binary, compare, select, cast, broadcast and
/// elementwise (its region's steps); null for any other op. CPU and GPU
/// kernels build their bodies from it, so each op's scalar semantics has one
/// definition (ScalarOps).
ScalarFn elementwiseScalarFn(Operation *op, Type outElement);

/// mir.unary, binary, compare, select, cast, broadcast and elementwise.
LogicalResult buildElementwiseKernel(OpBuilder &b, Location loc, Operation *op,
                                     ValueRange operands, Value out);

/// ContractionKernels.cpp: out = act(lhs x rhs [+ bias]), batched with
/// broadcast batch dims. With a `libraryCall`, an f32 product that is a
/// linalg.matmul or batch_matmul is marked for it (LibraryCall.h).
void buildMatmul(OpBuilder &b, Location loc, Value lhs, Value rhs, Value bias,
                 Activation act, Value out, StringRef libraryCall = "");
/// outs[i] = input x weights[i] [+ biases[i]] (no biases, or one per
/// weight): buildMatmul per weight, or, when every weight, every output and
/// every bias has one type and there is no library call, one buildMatmul in
/// a loop over the weights that picks each one's buffers.
void buildSharedMatmul(OpBuilder &b, Location loc, Value input,
                       ValueRange weights, ValueRange biases, ValueRange outs,
                       StringRef libraryCall = "");
/// out = silu(x wGate) * (x wUp). With a `libraryCall` (f32), both products
/// are marked linalg.matmuls (the up product tile by tile into a stack tile).
void buildSwiglu(OpBuilder &b, Location loc, Value x, Value wGate, Value wUp,
                 Value out, StringRef libraryCall = "");
/// Loops over the output, or with `driver` (a GPU), one output element per
/// index it visits.
void buildConv2d(OpBuilder &b, Location loc, mir::Conv2dOp op, Value input,
                 Value filter, Value bias, Value out,
                 const IndexDriver &driver = {});

/// ReductionKernels.cpp: the identity of `kind` in `type`, and one step
/// (max and min propagate NaN).
Value reductionIdentity(OpBuilder &b, Location loc, ReduceKind kind, Type type);
Value reductionStep(OpBuilder &b, Location loc, ReduceKind kind, Value acc,
                    Value x);
void buildReduce(OpBuilder &b, Location loc, ReduceKind kind,
                 ArrayRef<int64_t> axes, bool keepDim, Value in, Value out);
void buildSoftmax(OpBuilder &b, Location loc, int64_t axis, Value in,
                  Value out);
/// layer_norm / rms_norm when `residual` is null; otherwise residual_norm:
/// `sum` = input + residual (+ bias), normalized into `normed`; a null
/// `sum` (nothing reads it) keeps each row's sum in a stack row instead.
void buildNorm(OpBuilder &b, Location loc, NormKind kind, double eps,
               Value input, Value residual, Value bias, Value gamma, Value beta,
               Value normed, Value sum);
/// cumsum and top-k visit their rows, pool its output elements, with
/// `driver` when given (see IndexDriver).
void buildCumsum(OpBuilder &b, Location loc, int64_t axis, Value in, Value out,
                 const IndexDriver &driver = {});
void buildTopK(OpBuilder &b, Location loc, int64_t axis, Value in, Value values,
               Value indices, const IndexDriver &driver = {});
void buildPool(OpBuilder &b, Location loc, mir::PoolOp op, Value in, Value out,
               const IndexDriver &driver = {});

/// MovementKernels.cpp.
void buildTranspose(OpBuilder &b, Location loc, ArrayRef<int64_t> permutation,
                    Value in, Value out);
void buildSlice(OpBuilder &b, Location loc, mir::SliceOp op, Value in,
                Value out);
void buildConcat(OpBuilder &b, Location loc, int64_t axis, ValueRange inputs,
                 Value out);
/// mir.cache_write: `update`'s rows into `cache` (the state's memory, in
/// place) from the run-time `position` (a memref of one i32 / i64) along
/// `axis`; rows outside the cache are not written. Visits the update's
/// elements with `driver` when given (see IndexDriver).
void buildCacheWrite(OpBuilder &b, Location loc, int64_t axis, Value update,
                     Value position, Value cache,
                     const IndexDriver &driver = {});
/// The run-time position a kernel reads from `position` (a memref of one
/// i32 / i64 element, mir.cache_write's and mir.attention's operand), as a
/// signed index.
Value loadPosition(OpBuilder &b, Location loc, Value position);
/// Visits the output elements with `driver` when given (see IndexDriver).
void buildGather(OpBuilder &b, Location loc, int64_t axis, Value table,
                 Value indices, Value out, const IndexDriver &driver = {});

} // namespace mlir::rlx::kernels

#endif // RLX_CONVERSION_MIRTOLIR_KERNELBUILDERS_H
