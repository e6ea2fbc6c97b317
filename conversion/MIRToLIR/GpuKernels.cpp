//===- GpuKernels.cpp - MIR ops as GPU kernels ----------------------------===//
//
// Every kernel here indexes its work by the invocation: `gpu.thread_id` within
// the workgroup, `lir.workgroup_id` across them. Shapes are static, so index
// arithmetic is on constants; element types follow ScalarOps (f16 / bf16
// compute in f32, one rounding on the store).
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/GpuKernels.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/LIR/LIROps.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

namespace {

using StoreFn = function_ref<void(OpBuilder &, Location, ValueRange)>;

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return indexConstant(b, loc, v);
}

int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The largest power of two <= `n` (n >= 1).
int64_t floorPowerOf2(int64_t n) {
  return int64_t(1) << llvm::Log2_64(
             static_cast<uint64_t>(std::max<int64_t>(n, 1)));
}

/// The row-major index of `linear` in `shape`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<int64_t> shape) {
  SmallVector<Value> index(shape.size());
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    Value i = linear;
    if (stride != 1)
      i = b.create<arith::DivUIOp>(loc, i, cst(b, loc, stride));
    if (d > 0)
      i = b.create<arith::RemUIOp>(loc, i, cst(b, loc, shape[d]));
    index[d] = shape[d] == 1 ? cst(b, loc, 0) : i;
    stride *= shape[d];
  }
  return index;
}

/// `a < b` on index values.
Value less(OpBuilder &b, Location loc, Value x, Value y) {
  return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, x, y);
}

Value threadId(OpBuilder &b, Location loc, gpu::Dimension dim) {
  return b.create<gpu::ThreadIdOp>(loc, dim);
}

Value workgroupId(OpBuilder &b, Location loc, int64_t dim) {
  return b.create<lir::WorkgroupIdOp>(loc, b.getIndexType(), dim);
}

/// A workgroup-memory buffer of `count` elements of `type`.
Value workgroupMemory(OpBuilder &b, Location loc, Type type, int64_t count) {
  auto space =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  auto memref =
      MemRefType::get({count}, type, MemRefLayoutAttrInterface(), space);
  return b.create<memref::AllocOp>(loc, memref);
}

/// `for i = first; i < end; i += step` with a dynamic first index.
void stridedLoop(OpBuilder &b, Location loc, Value first, int64_t end,
                 Value step,
                 function_ref<void(OpBuilder &, Location, Value)> body) {
  b.create<scf::ForOp>(loc, first, cst(b, loc, end), step, ValueRange{},
                       [&](OpBuilder &nb, Location nloc, Value i, ValueRange) {
                         body(nb, nloc, i);
                         nb.create<scf::YieldOp>(nloc);
                       });
}

//===----------------------------------------------------------------------===//
// One invocation per output element
//===----------------------------------------------------------------------===//

/// Runs `store` for every index of `shape`, each index on its own
/// invocation (an invocation takes several when the grid is capped).
KernelShape perElement(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                       const GpuLimits &limits, StoreFn store) {
  int64_t count = product(shape);
  int64_t size = std::min<int64_t>(256, floorPowerOf2(limits.maxInvocations));
  int64_t groups = std::clamp<int64_t>(llvm::divideCeil(count, size), 1,
                                       limits.maxWorkgroups);
  Value first = b.create<arith::AddIOp>(
      loc,
      b.create<arith::MulIOp>(loc, workgroupId(b, loc, 0), cst(b, loc, size)),
      threadId(b, loc, gpu::Dimension::x));
  stridedLoop(b, loc, first, count, cst(b, loc, groups * size),
              [&](OpBuilder &nb, Location nloc, Value i) {
                store(nb, nloc, delinearize(nb, nloc, i, shape));
              });
  KernelShape kernel;
  kernel.grid = {groups};
  kernel.workgroupSize = {size, 1, 1};
  return kernel;
}

KernelShape elementwise(OpBuilder &b, Location loc, ValueRange operands,
                        Value out, const ScalarFn &fn, const GpuLimits &limits,
                        bool &ok) {
  ArrayRef<int64_t> outShape = shapeOf(out);
  return perElement(
      b, loc, outShape, limits,
      [&](OpBuilder &nb, Location nloc, ValueRange index) {
        SmallVector<Value> elements;
        for (Value operand : operands) {
          auto type = dyn_cast<MemRefType>(operand.getType());
          if (!type) {
            elements.push_back(operand);
            continue;
          }
          elements.push_back(nb.create<memref::LoadOp>(
              nloc, operand,
              broadcastIndices(nb, nloc, type.getShape(), outShape, index)));
        }
        Value v = fn(nb, nloc, elements);
        if (!v) {
          ok = false;
          v = scalarConstant(nb, nloc, elementTypeOf(out), 0);
        }
        storeAs(nb, nloc, v, out, index);
      });
}

KernelShape transpose(OpBuilder &b, Location loc, ArrayRef<int64_t> permutation,
                      Value in, Value out, const GpuLimits &limits) {
  return perElement(b, loc, shapeOf(out), limits,
                    [&](OpBuilder &nb, Location nloc, ValueRange index) {
                      // Result dim d walks input dim perm[d].
                      SmallVector<Value> at(index.size());
                      for (auto [d, p] : llvm::enumerate(permutation))
                        at[p] = index[d];
                      nb.create<memref::StoreOp>(
                          nloc, nb.create<memref::LoadOp>(nloc, in, at), out,
                          index);
                    });
}

KernelShape slice(OpBuilder &b, Location loc, mir::SliceOp op, Value in,
                  Value out, const GpuLimits &limits) {
  ArrayRef<int64_t> offsets = op.getOffsets(), strides = op.getStrides();
  return perElement(
      b, loc, shapeOf(out), limits,
      [&](OpBuilder &nb, Location nloc, ValueRange index) {
        SmallVector<Value> at;
        for (auto [d, i] : llvm::enumerate(index))
          at.push_back(scaledIndex(nb, nloc, i, strides[d], offsets[d]));
        nb.create<memref::StoreOp>(
            nloc, nb.create<memref::LoadOp>(nloc, in, at), out, index);
      });
}

KernelShape concat(OpBuilder &b, Location loc, int64_t axis, ValueRange inputs,
                   Value out, const GpuLimits &limits) {
  return perElement(
      b, loc, shapeOf(out), limits,
      [&](OpBuilder &nb, Location nloc, ValueRange index) {
        // The input whose stretch of the axis holds this index.
        int64_t start = 0;
        for (Value input : inputs) {
          int64_t size = shapeOf(input)[axis];
          int64_t end = start + size;
          if (size > 0) {
            Value inside = nb.create<arith::AndIOp>(
                nloc,
                nb.create<arith::CmpIOp>(nloc, arith::CmpIPredicate::uge,
                                         index[axis], cst(nb, nloc, start)),
                less(nb, nloc, index[axis], cst(nb, nloc, end)));
            nb.create<scf::IfOp>(nloc, inside, [&](OpBuilder &tb, Location tl) {
              SmallVector<Value> at(index.begin(), index.end());
              at[axis] =
                  tb.create<arith::SubIOp>(tl, index[axis], cst(tb, tl, start));
              tb.create<memref::StoreOp>(
                  tl, tb.create<memref::LoadOp>(tl, input, at), out, index);
              tb.create<scf::YieldOp>(tl);
            });
          }
          start = end;
        }
      });
}

//===----------------------------------------------------------------------===//
// One workgroup per row
//===----------------------------------------------------------------------===//

/// A row kernel: `rows` rows of `length` elements, one workgroup per row
/// (a workgroup takes several when the grid is capped). The invocations of
/// a workgroup stride over the row and combine partial values with
/// reduce(), which every invocation of the workgroup reaches.
class RowKernel {
public:
  RowKernel(OpBuilder &b, Location loc, int64_t rows, int64_t length,
            Type accType, const GpuLimits &limits)
      : loc(loc), accType(accType), limits(limits) {
    // A power of two no larger than needed, for the tree reduction.
    int64_t cap = std::min<int64_t>(256, floorPowerOf2(limits.maxInvocations));
    // At least a subgroup: narrower workgroups leave lanes of the SIMD
    // unit idle anyway, and lavapipe computes wrong reductions in
    // workgroups narrower than its subgroup.
    int64_t atLeast = std::min<int64_t>(
        cap, llvm::PowerOf2Ceil(std::max<int64_t>(limits.subgroupSize, 1)));
    size = std::min<int64_t>(cap,
                             llvm::PowerOf2Ceil(std::max<int64_t>(length, 1)));
    size = std::max<int64_t>(size, atLeast);
    groups = std::clamp<int64_t>(rows, 1, limits.maxWorkgroups);
    this->rows = rows;
    this->length = length;
    tid = threadId(b, loc, gpu::Dimension::x);
    // Subgroups add and multiply; max and min go through workgroup memory,
    // since GroupNonUniformFMax / FMin leave NaN and the sign of zero
    // undefined.
    useSubgroups = limits.subgroupArithmetic && limits.subgroupSize > 1 &&
                   size % limits.subgroupSize == 0 &&
                   size / limits.subgroupSize <= limits.subgroupSize &&
                   isa<FloatType>(accType);
    // One slot per invocation: max and min use the tree even with
    // subgroups.
    shared = workgroupMemory(b, loc, accType, size);
  }

  KernelShape shape() const {
    KernelShape kernel;
    kernel.grid = {groups};
    kernel.workgroupSize = {size, 1, 1};
    return kernel;
  }

  /// `body(row)` for each row of this workgroup.
  void forEachRow(OpBuilder &b, function_ref<void(OpBuilder &, Value)> body) {
    stridedLoop(b, loc, workgroupId(b, loc, 0), rows, cst(b, loc, groups),
                [&](OpBuilder &nb, Location, Value row) { body(nb, row); });
  }

  /// Combines, over the row, what `element(j)` gives for each of its
  /// elements, starting from `kind`'s identity.
  Value reduceRow(OpBuilder &b, ReduceKind kind,
                  function_ref<Value(OpBuilder &, Value)> element) {
    Value identity = reductionIdentity(b, loc, kind, accType);
    auto loop = b.create<scf::ForOp>(
        loc, tid, cst(b, loc, length), cst(b, loc, size), ValueRange{identity},
        [&](OpBuilder &nb, Location nloc, Value j, ValueRange acc) {
          nb.create<scf::YieldOp>(
              nloc, reductionStep(nb, nloc, kind, acc[0], element(nb, j)));
        });
    return reduce(b, kind, loop.getResult(0));
  }

  /// `body(j)` for each element of the row this invocation handles.
  void forEachElement(OpBuilder &b,
                      function_ref<void(OpBuilder &, Value)> body) {
    stridedLoop(b, loc, tid, length, cst(b, loc, size),
                [&](OpBuilder &nb, Location, Value j) { body(nb, j); });
  }

  /// Combines every invocation's `value`; all get the result.
  Value reduce(OpBuilder &b, ReduceKind kind, Value value) {
    if (size == 1)
      return value;
    if (useSubgroups && kind != ReduceKind::max && kind != ReduceKind::min)
      return reduceBySubgroups(b, kind, value);
    b.create<memref::StoreOp>(loc, value, shared, tid);
    b.create<gpu::BarrierOp>(loc);
    for (int64_t half = size / 2; half >= 1; half /= 2) {
      b.create<scf::IfOp>(
          loc, less(b, loc, tid, cst(b, loc, half)),
          [&](OpBuilder &tb, Location tl) {
            Value other = tb.create<arith::AddIOp>(tl, tid, cst(tb, tl, half));
            Value x = tb.create<memref::LoadOp>(tl, shared, tid);
            Value y = tb.create<memref::LoadOp>(tl, shared, other);
            tb.create<memref::StoreOp>(tl, reductionStep(tb, tl, kind, x, y),
                                       shared, tid);
            tb.create<scf::YieldOp>(tl);
          });
      b.create<gpu::BarrierOp>(loc);
    }
    Value result = b.create<memref::LoadOp>(loc, shared, cst(b, loc, 0));
    // Everyone has read it before the buffer is used again.
    b.create<gpu::BarrierOp>(loc);
    return result;
  }

private:
  static gpu::AllReduceOperation subgroupOp(ReduceKind kind) {
    switch (kind) {
    case ReduceKind::max:
      return gpu::AllReduceOperation::MAXIMUMF;
    case ReduceKind::min:
      return gpu::AllReduceOperation::MINIMUMF;
    case ReduceKind::prod:
      return gpu::AllReduceOperation::MUL;
    case ReduceKind::sum:
    case ReduceKind::mean:
      break;
    }
    return gpu::AllReduceOperation::ADD;
  }

  /// Within each subgroup, then across the subgroups through workgroup
  /// memory (one slot per subgroup).
  Value reduceBySubgroups(OpBuilder &b, ReduceKind kind, Value value) {
    gpu::AllReduceOperation op = subgroupOp(kind);
    // Not `uniform`: Vulkan's subgroup operations are the non-uniform ones.
    Value partial =
        b.create<gpu::SubgroupReduceOp>(loc, value, op, /*uniform=*/false);
    int64_t subgroups = size / limits.subgroupSize;
    if (subgroups == 1)
      return partial;
    Value subgroup =
        b.create<arith::DivUIOp>(loc, tid, cst(b, loc, limits.subgroupSize));
    Value lane =
        b.create<arith::RemUIOp>(loc, tid, cst(b, loc, limits.subgroupSize));
    Value first = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, lane,
                                          cst(b, loc, 0));
    b.create<scf::IfOp>(loc, first, [&](OpBuilder &tb, Location tl) {
      tb.create<memref::StoreOp>(tl, partial, shared, subgroup);
      tb.create<scf::YieldOp>(tl);
    });
    b.create<gpu::BarrierOp>(loc);
    // Every subgroup reduces the slots (lanes past the last slot bring the
    // identity), so all invocations have the total without another store.
    Value inRange = less(b, loc, lane, cst(b, loc, subgroups));
    auto read = b.create<scf::IfOp>(
        loc, inRange,
        [&](OpBuilder &tb, Location tl) {
          tb.create<scf::YieldOp>(
              tl, tb.create<memref::LoadOp>(tl, shared, lane).getResult());
        },
        [&](OpBuilder &eb, Location el) {
          eb.create<scf::YieldOp>(el, reductionIdentity(eb, el, kind, accType));
        });
    Value total = b.create<gpu::SubgroupReduceOp>(loc, read.getResult(0), op,
                                                  /*uniform=*/false);
    b.create<gpu::BarrierOp>(loc);
    return total;
  }

  Location loc;
  Type accType;
  const GpuLimits &limits;
  int64_t size = 1, groups = 1, rows = 0, length = 0;
  bool useSubgroups = false;
  Value tid, shared;
};

/// The full index of element `j` of `row`, where the row's elements run
/// along `axes` (sorted) of `shape` and the row index over the other dims.
SmallVector<Value> rowIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            ArrayRef<int64_t> axes, Value row, Value j) {
  SmallVector<int64_t> keptShape, axisShape;
  for (auto [d, size] : llvm::enumerate(shape))
    (llvm::is_contained(axes, static_cast<int64_t>(d)) ? axisShape : keptShape)
        .push_back(size);
  SmallVector<Value> kept = delinearize(b, loc, row, keptShape);
  SmallVector<Value> along = delinearize(b, loc, j, axisShape);
  SmallVector<Value> index;
  size_t nextKept = 0, nextAxis = 0;
  for (int64_t d = 0, e = shape.size(); d < e; ++d)
    index.push_back(llvm::is_contained(axes, d) ? along[nextAxis++]
                                                : kept[nextKept++]);
  return index;
}

KernelShape reduce(OpBuilder &b, Location loc, mir::ReduceOp op, Value in,
                   Value out, const GpuLimits &limits) {
  ArrayRef<int64_t> inShape = shapeOf(in);
  SmallVector<int64_t> axes;
  for (int64_t axis : op.getAxes())
    axes.push_back(*normalizeAxis(axis, inShape.size()));
  llvm::sort(axes);
  int64_t length = 1;
  for (int64_t axis : axes)
    length *= inShape[axis];
  int64_t rows = product(inShape) / std::max<int64_t>(length, 1);
  if (length == 0)
    rows = product(shapeOf(out));
  Type acc = computeType(elementTypeOf(out));
  ReduceKind kind = op.getKind();
  RowKernel kernel(b, loc, rows, length, acc, limits);
  kernel.forEachRow(b, [&](OpBuilder &rb, Value row) {
    Value total = kernel.reduceRow(rb, kind, [&](OpBuilder &nb, Value j) {
      return loadAs(nb, loc, in, rowIndex(nb, loc, inShape, axes, row, j), acc);
    });
    if (kind == ReduceKind::mean)
      total = rb.create<arith::DivFOp>(
          loc, total,
          scalarConstant(rb, loc, acc, static_cast<double>(length)));
    rb.create<scf::IfOp>(
        loc,
        rb.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                 threadId(rb, loc, gpu::Dimension::x),
                                 cst(rb, loc, 0)),
        [&](OpBuilder &tb, Location tl) {
          storeAs(tb, tl, total, out, delinearize(tb, tl, row, shapeOf(out)));
          tb.create<scf::YieldOp>(tl);
        });
  });
  return kernel.shape();
}

KernelShape softmax(OpBuilder &b, Location loc, int64_t axis, Value in,
                    Value out, const GpuLimits &limits) {
  ArrayRef<int64_t> shape = shapeOf(in);
  int64_t length = shape[axis];
  int64_t rows = length ? product(shape) / length : 0;
  Type acc = computeType(elementTypeOf(out));
  RowKernel kernel(b, loc, rows, length, acc, limits);
  kernel.forEachRow(b, [&](OpBuilder &rb, Value row) {
    auto at = [&](OpBuilder &nb, Value j) {
      return rowIndex(nb, loc, shape, {axis}, row, j);
    };
    // exp(x - max) / sum(exp(x - max)): the max keeps exp from overflowing.
    Value max =
        kernel.reduceRow(rb, ReduceKind::max, [&](OpBuilder &nb, Value j) {
          return loadAs(nb, loc, in, at(nb, j), acc);
        });
    auto shifted = [&](OpBuilder &nb, Value j) -> Value {
      Value x = loadAs(nb, loc, in, at(nb, j), acc);
      return nb.create<math::ExpOp>(loc, nb.create<arith::SubFOp>(loc, x, max));
    };
    Value sum = kernel.reduceRow(rb, ReduceKind::sum, shifted);
    Value inverse =
        rb.create<arith::DivFOp>(loc, scalarConstant(rb, loc, acc, 1.0), sum);
    kernel.forEachElement(rb, [&](OpBuilder &nb, Value j) {
      storeAs(nb, loc, nb.create<arith::MulFOp>(loc, shifted(nb, j), inverse),
              out, at(nb, j));
    });
  });
  return kernel.shape();
}

/// layer_norm (with `beta` optional) and rms_norm (no mean, no beta) over
/// the last dim, as the CPU computes them: mean, then the mean square of
/// the (centered) values, then (x - mean) * rsqrt(ms + eps) * gamma + beta.
KernelShape norm(OpBuilder &b, Location loc, NormKind kind, double eps,
                 Value input, Value gamma, Value beta, Value out,
                 const GpuLimits &limits) {
  ArrayRef<int64_t> shape = shapeOf(input);
  int64_t last = static_cast<int64_t>(shape.size()) - 1;
  int64_t length = shape[last];
  int64_t rows = length ? product(shape) / length : 0;
  Type acc = computeType(elementTypeOf(out));
  RowKernel kernel(b, loc, rows, length, acc, limits);
  kernel.forEachRow(b, [&](OpBuilder &rb, Value row) {
    auto at = [&](OpBuilder &nb, Value j) {
      return rowIndex(nb, loc, shape, {last}, row, j);
    };
    auto load = [&](OpBuilder &nb, Value j) {
      return loadAs(nb, loc, input, at(nb, j), acc);
    };
    Value count = scalarConstant(rb, loc, acc, static_cast<double>(length));
    Value mean;
    if (kind == NormKind::layer)
      mean = rb.create<arith::DivFOp>(
          loc, kernel.reduceRow(rb, ReduceKind::sum, load), count);
    auto centered = [&](OpBuilder &nb, Value j) -> Value {
      Value x = load(nb, j);
      return mean ? nb.create<arith::SubFOp>(loc, x, mean).getResult() : x;
    };
    Value squares =
        kernel.reduceRow(rb, ReduceKind::sum, [&](OpBuilder &nb, Value j) {
          Value x = centered(nb, j);
          return nb.create<arith::MulFOp>(loc, x, x).getResult();
        });
    Value inverse = buildReciprocalSqrt(
        rb, loc,
        rb.create<arith::AddFOp>(loc,
                                 rb.create<arith::DivFOp>(loc, squares, count),
                                 scalarConstant(rb, loc, acc, eps)));
    kernel.forEachElement(rb, [&](OpBuilder &nb, Value j) {
      Value y = nb.create<arith::MulFOp>(
          loc, nb.create<arith::MulFOp>(loc, centered(nb, j), inverse),
          loadAs(nb, loc, gamma, j, acc));
      if (beta)
        y = nb.create<arith::AddFOp>(loc, y, loadAs(nb, loc, beta, j, acc));
      storeAs(nb, loc, y, out, at(nb, j));
    });
  });
  return kernel.shape();
}

//===----------------------------------------------------------------------===//
// Matmul: a tile per workgroup through workgroup memory
//===----------------------------------------------------------------------===//

struct MatmulTiling {
  /// Invocations along N (x) and M (y); each holds rm x rn results.
  int64_t wx = 16, wy = 16, rm = 4, rn = 4, tk = 16;
  int64_t tm() const { return wy * rm; }
  int64_t tn() const { return wx * rn; }
};

MatmulTiling chooseTiling(const GpuLimits &limits, unsigned elementBytes) {
  MatmulTiling t;
  if (limits.maxInvocations < 256)
    t.wy = 8;
  if (limits.maxInvocations < 128) {
    t.wx = 8;
    t.wy = std::max<int64_t>(1, floorPowerOf2(limits.maxInvocations) / 8);
  }
  // The two staged tiles must fit the workgroup memory.
  while ((t.tm() + t.tn()) * t.tk * static_cast<int64_t>(elementBytes) >
             limits.sharedMemoryBytes &&
         t.tk > 1)
    t.tk /= 2;
  return t;
}

/// acc + x * y. Floats as an explicit fma: the one place GPU kernels want
/// the product and sum fused (the SPIR-V lowering forbids contracting a
/// separate multiply and add; Vulkan's Fma may still round twice).
Value multiplyAdd(OpBuilder &b, Location loc, Value acc, Value x, Value y) {
  if (isa<FloatType>(acc.getType()))
    return b.create<math::FmaOp>(loc, x, y, acc);
  return b.create<arith::AddIOp>(loc, acc, b.create<arith::MulIOp>(loc, x, y));
}

/// out = act(lhs x rhs + bias): [B..., M, K] x [B'..., K, N] with batch dims
/// broadcast (numpy, right-aligned), bias broadcast to the result.
KernelShape matmul(OpBuilder &b, Location loc, Value lhs, Value rhs, Value bias,
                   Activation act, Value out, const GpuLimits &limits) {
  ArrayRef<int64_t> lShape = shapeOf(lhs), rShape = shapeOf(rhs),
                    oShape = shapeOf(out);
  int64_t rank = oShape.size();
  int64_t m = oShape[rank - 2], n = oShape[rank - 1],
          k = lShape[lShape.size() - 1];
  ArrayRef<int64_t> batchShape = oShape.drop_back(2);
  int64_t batches = product(batchShape);
  Type acc = computeType(elementTypeOf(out));
  MatmulTiling t = chooseTiling(limits, acc.getIntOrFloatBitWidth() / 8);
  int64_t tm = t.tm(), tn = t.tn(), tk = t.tk;

  Value tx = threadId(b, loc, gpu::Dimension::x);
  Value ty = threadId(b, loc, gpu::Dimension::y);
  Value linear = b.create<arith::AddIOp>(
      loc, b.create<arith::MulIOp>(loc, ty, cst(b, loc, t.wx)), tx);
  Value rowTile =
      b.create<arith::MulIOp>(loc, workgroupId(b, loc, 1), cst(b, loc, tm));
  Value colTile =
      b.create<arith::MulIOp>(loc, workgroupId(b, loc, 0), cst(b, loc, tn));
  Value batch = workgroupId(b, loc, 2);
  SmallVector<Value> batchIndex = delinearize(b, loc, batch, batchShape);
  // An operand's index at (batch, row, col): its batch dims broadcast.
  auto operandIndex = [&](OpBuilder &nb, Location nl, ArrayRef<int64_t> shape,
                          Value row, Value col) {
    SmallVector<Value> index =
        broadcastIndices(nb, nl, shape.drop_back(2), batchShape, batchIndex);
    index.push_back(row);
    index.push_back(col);
    return index;
  };

  Value tileA = workgroupMemory(b, loc, acc, tm * tk);
  Value tileB = workgroupMemory(b, loc, acc, tk * tn);
  Value zero = scalarConstant(b, loc, acc, 0.0);
  int64_t invocations = t.wx * t.wy;
  // Cooperative load of a rows x cols tile of `src` at (row0, col0), zero
  // outside [0, limitRows) x [0, limitCols).
  auto stage = [&](OpBuilder &nb, Location nl, Value dst, Value src,
                   ArrayRef<int64_t> shape, Value row0, Value col0,
                   int64_t rows, int64_t cols, int64_t limitRows,
                   int64_t limitCols) {
    stridedLoop(nb, nl, linear, rows * cols, cst(nb, nl, invocations),
                [&](OpBuilder &lb, Location ll, Value e) {
                  Value r = lb.create<arith::DivUIOp>(ll, e, cst(lb, ll, cols));
                  Value c = lb.create<arith::RemUIOp>(ll, e, cst(lb, ll, cols));
                  Value gr = lb.create<arith::AddIOp>(ll, row0, r);
                  Value gc = lb.create<arith::AddIOp>(ll, col0, c);
                  Value inside = lb.create<arith::AndIOp>(
                      ll, less(lb, ll, gr, cst(lb, ll, limitRows)),
                      less(lb, ll, gc, cst(lb, ll, limitCols)));
                  auto value = lb.create<scf::IfOp>(
                      ll, inside,
                      [&](OpBuilder &tb, Location tl) {
                        tb.create<scf::YieldOp>(
                            tl,
                            loadAs(tb, tl, src,
                                   operandIndex(tb, tl, shape, gr, gc), acc));
                      },
                      [&](OpBuilder &eb, Location el) {
                        eb.create<scf::YieldOp>(el, zero);
                      });
                  lb.create<memref::StoreOp>(ll, value.getResult(0), dst, e);
                });
  };

  int64_t tiles = t.rm * t.rn;
  SmallVector<Value> inits(tiles, zero);
  auto kLoop = b.create<scf::ForOp>(
      loc, cst(b, loc, 0), cst(b, loc, k), cst(b, loc, tk), inits,
      [&](OpBuilder &nb, Location nl, Value k0, ValueRange accs) {
        stage(nb, nl, tileA, lhs, lShape, rowTile, k0, tm, tk, m, k);
        stage(nb, nl, tileB, rhs, rShape, k0, colTile, tk, tn, k, n);
        nb.create<gpu::BarrierOp>(nl);
        auto inner = nb.create<scf::ForOp>(
            nl, cst(nb, nl, 0), cst(nb, nl, tk), cst(nb, nl, 1), accs,
            [&](OpBuilder &ib, Location il, Value kk, ValueRange partial) {
              // Rows ty + r * wy and columns tx + c * wx: neighbouring
              // invocations read neighbouring tile elements.
              // tile[row * stride + col].
              auto load = [&](Value tile, Value row, Value col,
                              int64_t stride) -> Value {
                return ib.create<memref::LoadOp>(
                    il, tile,
                    ValueRange{ib.create<arith::AddIOp>(
                        il,
                        ib.create<arith::MulIOp>(il, row, cst(ib, il, stride)),
                        col)});
              };
              SmallVector<Value> a, bv;
              for (int64_t r = 0; r < t.rm; ++r)
                a.push_back(load(
                    tileA,
                    ib.create<arith::AddIOp>(il, ty, cst(ib, il, r * t.wy)), kk,
                    tk));
              for (int64_t c = 0; c < t.rn; ++c)
                bv.push_back(load(
                    tileB, kk,
                    ib.create<arith::AddIOp>(il, tx, cst(ib, il, c * t.wx)),
                    tn));
              SmallVector<Value> next;
              for (int64_t r = 0; r < t.rm; ++r)
                for (int64_t c = 0; c < t.rn; ++c)
                  next.push_back(
                      multiplyAdd(ib, il, partial[r * t.rn + c], a[r], bv[c]));
              ib.create<scf::YieldOp>(il, next);
            });
        nb.create<gpu::BarrierOp>(nl);
        nb.create<scf::YieldOp>(nl, inner.getResults());
      });

  // The epilogue on each result this invocation holds, then the one store.
  for (int64_t r = 0; r < t.rm; ++r)
    for (int64_t c = 0; c < t.rn; ++c) {
      Value row = b.create<arith::AddIOp>(
          loc, rowTile,
          b.create<arith::AddIOp>(loc, ty, cst(b, loc, r * t.wy)));
      Value col = b.create<arith::AddIOp>(
          loc, colTile,
          b.create<arith::AddIOp>(loc, tx, cst(b, loc, c * t.wx)));
      Value inside =
          b.create<arith::AndIOp>(loc, less(b, loc, row, cst(b, loc, m)),
                                  less(b, loc, col, cst(b, loc, n)));
      Value value = kLoop.getResult(r * t.rn + c);
      b.create<scf::IfOp>(loc, inside, [&](OpBuilder &tb, Location tl) {
        SmallVector<Value> index(batchIndex);
        index.push_back(row);
        index.push_back(col);
        Value v = value;
        if (bias)
          v = buildBinary(
              tb, tl, BinaryKind::add, v,
              loadAs(tb, tl, bias,
                     broadcastIndices(tb, tl, shapeOf(bias), oShape, index),
                     acc));
        v = buildActivation(tb, tl, act, v);
        storeAs(tb, tl, v, out, index);
        tb.create<scf::YieldOp>(tl);
      });
    }
  KernelShape kernel;
  kernel.grid = {std::max<int64_t>(1, llvm::divideCeil(n, tn)),
                 std::max<int64_t>(1, llvm::divideCeil(m, tm)),
                 std::max<int64_t>(1, batches)};
  kernel.workgroupSize = {t.wx, t.wy, 1};
  return kernel;
}

} // namespace

FailureOr<std::optional<KernelShape>>
mlir::rlx::buildGpuKernel(OpBuilder &b, Operation *op, ValueRange operands,
                          ValueRange results, const GpuLimits &limits) {
  Location loc = op ? op->getLoc() : b.getUnknownLoc();
  bool ok = true;
  if (!op) // an output copy
    return std::optional<KernelShape>(elementwise(
        b, loc, operands, results[0],
        [](OpBuilder &, Location, ValueRange e) { return e[0]; }, limits, ok));
  // The CPU builders of conv2d, pool, cumsum and top-k compute whole output
  // elements (or rows) per index of their outer space: here each index is
  // an invocation's.
  KernelShape driven;
  IndexDriver perInvocation =
      [&](OpBuilder &nb, Location nl, ArrayRef<int64_t> shape,
          function_ref<void(OpBuilder &, Location, ValueRange)> body) {
        driven = perElement(nb, nl, shape, limits, body);
      };
  auto group = [&](auto typedOp, unsigned index) -> Value {
    auto [start, length] = typedOp.getODSOperandIndexAndLength(index);
    return length ? operands[start] : Value();
  };
  using Result = FailureOr<std::optional<KernelShape>>;
  Value out = results.empty() ? Value() : results[0];
  Result result =
      llvm::TypeSwitch<Operation *, Result>(op)
          .Case<mir::UnaryOp, mir::BinaryOp, mir::CompareOp, mir::SelectOp,
                mir::CastOp, mir::ElementwiseOp, mir::BroadcastOp>(
              [&](Operation *) -> Result {
                ScalarFn fn =
                    elementwiseScalarFn(op, kernels::elementTypeOf(out));
                return std::optional<KernelShape>(
                    elementwise(b, loc, operands, out, fn, limits, ok));
              })
          .Case([&](mir::TransposeOp t) -> Result {
            return std::optional<KernelShape>(transpose(
                b, loc, t.getPermutation(), operands[0], out, limits));
          })
          .Case([&](mir::SliceOp s) -> Result {
            return std::optional<KernelShape>(
                slice(b, loc, s, operands[0], out, limits));
          })
          .Case([&](mir::ConcatOp c) -> Result {
            int64_t axis = *normalizeAxis(c.getAxis(), shapeOf(out).size());
            return std::optional<KernelShape>(
                concat(b, loc, axis, operands, out, limits));
          })
          .Case([&](mir::GatherOp g) -> Result {
            int64_t axis =
                *normalizeAxis(g.getAxis(), shapeOf(operands[0]).size());
            buildGather(b, loc, axis, operands[0], operands[1], out,
                        perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Case([&](mir::CacheWriteOp c) -> Result {
            buildCacheWrite(b, loc, c.getDim(), operands[0], operands[1], out,
                            perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Case([&](mir::ReduceOp r) -> Result {
            return std::optional<KernelShape>(
                reduce(b, loc, r, operands[0], out, limits));
          })
          .Case([&](mir::SoftmaxOp s) -> Result {
            int64_t axis = *normalizeAxis(s.getAxis(), shapeOf(out).size());
            return std::optional<KernelShape>(
                softmax(b, loc, axis, operands[0], out, limits));
          })
          .Case([&](mir::LayerNormOp n) -> Result {
            return std::optional<KernelShape>(
                norm(b, loc, NormKind::layer, n.getEps().convertToDouble(),
                     operands[0], group(n, 1), group(n, 2), out, limits));
          })
          .Case([&](mir::RmsNormOp n) -> Result {
            return std::optional<KernelShape>(
                norm(b, loc, NormKind::rms, n.getEps().convertToDouble(),
                     operands[0], group(n, 1), Value(), out, limits));
          })
          .Case([&](mir::MatmulOp) -> Result {
            return std::optional<KernelShape>(
                matmul(b, loc, operands[0], operands[1], Value(),
                       Activation::none, out, limits));
          })
          .Case([&](mir::FusedMatmulOp f) -> Result {
            return std::optional<KernelShape>(matmul(b, loc, operands[0],
                                                     operands[1], group(f, 2),
                                                     f.getAct(), out, limits));
          })
          .Case([&](mir::Conv2dOp c) -> Result {
            buildConv2d(b, loc, c, operands[0], operands[1], group(c, 2), out,
                        perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Case([&](mir::PoolOp p) -> Result {
            buildPool(b, loc, p, operands[0], out, perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Case([&](mir::CumsumOp c) -> Result {
            int64_t axis = *normalizeAxis(c.getAxis(), shapeOf(out).size());
            buildCumsum(b, loc, axis, operands[0], out, perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Case([&](mir::TopKOp t) -> Result {
            int64_t axis = *normalizeAxis(t.getAxis(), shapeOf(out).size());
            buildTopK(b, loc, axis, operands[0], results[0], results[1],
                      perInvocation);
            return std::optional<KernelShape>(driven);
          })
          .Default([](Operation *other) -> Result {
            // Claims keep every other op away from a Vulkan target; one
            // that gets here anyway is refused, not run as CPU-style code.
            return other->emitError()
                   << "the Vulkan backend has no GPU kernel for '"
                   << other->getName() << "'";
          });
  if (failed(result) || !ok)
    return failure();
  return result;
}
