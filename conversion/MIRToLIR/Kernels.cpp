//===- Kernels.cpp - Kernel bodies of MIR ops: dispatch and helpers -------===//
#include "conversion/MIRToLIR/Kernels.h"
#include "conversion/MIRToLIR/AttentionKernel.h"
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"
#include "dialects/Common/ShapeRules.h"
#include "dialects/MIR/MIROps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

ArrayRef<int64_t> kernels::shapeOf(Value memref) {
  return cast<MemRefType>(memref.getType()).getShape();
}

Type kernels::elementTypeOf(Value memref) {
  return cast<MemRefType>(memref.getType()).getElementType();
}

Value kernels::indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return b.create<arith::ConstantIndexOp>(loc, value);
}

Value kernels::indexInRange(OpBuilder &b, Location loc, Value v, int64_t size) {
  return b.create<arith::AndIOp>(
      loc,
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, v,
                              indexConstant(b, loc, 0)),
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, v,
                              indexConstant(b, loc, size)));
}

/// Loops for the dims of `shape` larger than 1; a unit dim's index is the
/// constant 0. `body` gets one index per dim of `shape`.
static SmallVector<Value>
loopNest(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, ValueRange inits,
         function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange,
                                         ValueRange)>
             body) {
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t size : shape) {
    if (size == 1)
      continue;
    lbs.push_back(indexConstant(b, loc, 0));
    ubs.push_back(indexConstant(b, loc, size));
    steps.push_back(indexConstant(b, loc, 1));
  }
  auto withUnitDims = [&](OpBuilder &nb, Location nloc, ValueRange loopIvs,
                          ValueRange args) {
    SmallVector<Value> ivs;
    size_t next = 0;
    for (int64_t size : shape)
      ivs.push_back(size == 1 ? indexConstant(nb, nloc, 0) : loopIvs[next++]);
    return scf::ValueVector(body(nb, nloc, ivs, args));
  };
  scf::LoopNest nest =
      scf::buildLoopNest(b, loc, lbs, ubs, steps, inits, withUnitDims);
  return SmallVector<Value>(nest.results);
}

void kernels::forEachIndex(
    OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  loopNest(b, loc, shape, {},
           [&](OpBuilder &nb, Location nloc, ValueRange ivs, ValueRange) {
             body(nb, nloc, ivs);
             return SmallVector<Value>();
           });
}

void kernels::forEachIndexWith(
    const IndexDriver &driver, OpBuilder &b, Location loc,
    ArrayRef<int64_t> shape,
    function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  if (driver)
    driver(b, loc, shape, body);
  else
    forEachIndex(b, loc, shape, body);
}

SmallVector<Value>
kernels::accumulate(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                    ValueRange inits,
                    function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                    ValueRange, ValueRange)>
                        body) {
  return loopNest(b, loc, shape, inits, body);
}

Value kernels::scaledIndex(OpBuilder &b, Location loc, Value iv, int64_t scale,
                           int64_t offset) {
  Value result = iv;
  if (scale != 1)
    result = b.create<arith::MulIOp>(loc, result, indexConstant(b, loc, scale));
  if (offset != 0)
    result =
        b.create<arith::AddIOp>(loc, result, indexConstant(b, loc, offset));
  return result;
}

Value kernels::loadAs(OpBuilder &b, Location loc, Value memref,
                      ValueRange indices, Type type) {
  Value value = b.create<memref::LoadOp>(loc, memref, indices);
  return buildCast(b, loc, value, type);
}

void kernels::storeAs(OpBuilder &b, Location loc, Value value, Value memref,
                      ValueRange indices) {
  value = buildCast(b, loc, value, elementTypeOf(memref));
  b.create<memref::StoreOp>(loc, value, memref, indices);
}

SmallVector<Value> kernels::broadcastIndices(OpBuilder &b, Location loc,
                                             ArrayRef<int64_t> operand,
                                             ArrayRef<int64_t> result,
                                             ValueRange ivs) {
  SmallVector<Value> indices;
  int64_t lead = static_cast<int64_t>(result.size() - operand.size());
  for (auto [i, size] : llvm::enumerate(operand)) {
    int64_t dim = lead + static_cast<int64_t>(i);
    if (size == 1 && result[dim] != 1)
      indices.push_back(indexConstant(b, loc, 0));
    else
      indices.push_back(ivs[dim]);
  }
  return indices;
}

AffineMap kernels::broadcastMap(MLIRContext *ctx, ArrayRef<int64_t> operand,
                                ArrayRef<int64_t> result, unsigned numDims) {
  SmallVector<AffineExpr> exprs;
  int64_t lead = static_cast<int64_t>(result.size() - operand.size());
  for (auto [i, size] : llvm::enumerate(operand)) {
    int64_t dim = lead + static_cast<int64_t>(i);
    if (size == 1 && result[dim] != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(dim, ctx));
  }
  return AffineMap::get(numDims, 0, exprs, ctx);
}

SmallVector<Value> kernels::insertIndex(ValueRange ivs, int64_t pos, Value iv) {
  SmallVector<Value> out(ivs.begin(), ivs.end());
  out.insert(out.begin() + pos, iv);
  return out;
}

SmallVector<int64_t> kernels::dropDim(ArrayRef<int64_t> shape, int64_t pos) {
  SmallVector<int64_t> out(shape.begin(), shape.end());
  out.erase(out.begin() + pos);
  return out;
}

//===----------------------------------------------------------------------===//
// Workgroup splits
//===----------------------------------------------------------------------===//

static int64_t rankOf(Value value) {
  return cast<ShapedType>(value.getType()).getRank();
}

static int64_t axisOf(int64_t axis, Value value) {
  return *normalizeAxis(axis, rankOf(value));
}

// The facts live on the ops (mir::ParallelDimsOpInterface); an op without
// the interface does not split.
int64_t mlir::rlx::independentLeadingDims(Operation *op) {
  auto parallel = dyn_cast<mir::ParallelDimsOpInterface>(op);
  return parallel ? parallel.getIndependentLeadingDims() : 0;
}

std::optional<int64_t> mlir::rlx::operandDimAlong(Operation *op, unsigned index,
                                                  int64_t dim) {
  auto parallel = dyn_cast<mir::ParallelDimsOpInterface>(op);
  if (!parallel)
    return std::nullopt;
  return parallel.getOperandDimAlong(index, dim);
}

bool mlir::rlx::acceptsScalarOperand(Operation *op, unsigned index) {
  return isa<mir::UnaryOp, mir::BinaryOp, mir::CompareOp, mir::SelectOp,
             mir::CastOp, mir::ElementwiseOp, mir::BroadcastOp>(op);
}

std::string mlir::rlx::kernelBaseName(Operation *op) {
  std::string name = op->getName().stripDialect().str();
  std::string kind =
      llvm::TypeSwitch<Operation *, std::string>(op)
          .Case([](mir::UnaryOp o) { return stringifyUnaryKind(o.getKind()); })
          .Case(
              [](mir::BinaryOp o) { return stringifyBinaryKind(o.getKind()); })
          .Case([](mir::CompareOp o) {
            return stringifyCompareKind(o.getKind());
          })
          .Case(
              [](mir::ReduceOp o) { return stringifyReduceKind(o.getKind()); })
          .Case([](mir::PoolOp o) { return stringifyPoolKind(o.getKind()); })
          .Case([](mir::ResidualNormOp o) {
            return stringifyNormKind(o.getKind());
          })
          .Default([](Operation *) { return std::string(); });
  return kind.empty() ? name : name + "_" + kind;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// The longest row of a residual_norm sum kept on the stack (256 KiB of
/// f32) when nothing reads the sum.
static constexpr int64_t kMaxStackSumRow = 65536;

void mlir::rlx::buildCopyBody(OpBuilder &b, Location loc, Value in, Value out) {
  b.create<linalg::CopyOp>(loc, in, out);
}

LogicalResult mlir::rlx::buildKernelBody(OpBuilder &b, Location loc,
                                         Operation *op, ValueRange operands,
                                         ValueRange results,
                                         StringRef libraryCall) {
  // Kernel operands sit where the op's operands do; an optional operand's
  // ODS group says whether it is there.
  auto group = [&](auto typedOp, unsigned index) -> Value {
    auto [start, length] = typedOp.getODSOperandIndexAndLength(index);
    return length ? operands[start] : Value();
  };
  Value out = results.empty() ? nullptr : results[0];
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<mir::UnaryOp, mir::BinaryOp, mir::CompareOp, mir::SelectOp,
            mir::CastOp, mir::ElementwiseOp, mir::BroadcastOp>([&](auto) {
        return buildElementwiseKernel(b, loc, op, operands, out);
      })
      .Case([&](mir::MatmulOp) {
        buildMatmul(b, loc, operands[0], operands[1], nullptr, Activation::none,
                    out, libraryCall);
        return success();
      })
      .Case([&](mir::FusedMatmulOp m) {
        buildMatmul(b, loc, operands[0], operands[1], group(m, 2), m.getAct(),
                    out, libraryCall);
        return success();
      })
      .Case([&](mir::SharedMatmulOp m) {
        // Each product with its bias as the epilogue on its output tile.
        auto [biasStart, numBiases] = m.getODSOperandIndexAndLength(2);
        buildSharedMatmul(
            b, loc, operands[0], operands.slice(1, results.size()),
            operands.slice(biasStart, numBiases), results, libraryCall);
        return success();
      })
      .Case([&](mir::SwigluOp) {
        buildSwiglu(b, loc, operands[0], operands[1], operands[2], out,
                    libraryCall);
        return success();
      })
      .Case([&](mir::Conv2dOp c) {
        buildConv2d(b, loc, c, operands[0], operands[1], group(c, 2), out);
        return success();
      })
      .Case([&](mir::ReduceOp r) {
        SmallVector<int64_t> axes;
        for (int64_t axis : r.getAxes())
          axes.push_back(axisOf(axis, r.getInput()));
        llvm::sort(axes);
        buildReduce(b, loc, r.getKind(), axes, r.getKeepDim(), operands[0],
                    out);
        return success();
      })
      .Case([&](mir::AttentionOp a) {
        // One workgroup runs every unit; a backend's kernel configuration
        // spreads them over its grid (CpuKernelConfig).
        buildAttentionKernel(
            b, loc, a, operands[0], operands[1], operands[2],
            a.getPosition() ? operands[3] : Value(), out,
            chooseAttentionBlocks(a, kDefaultQueryBlock, kDefaultKeyBlock),
            Value());
        return success();
      })
      .Case([&](mir::SoftmaxOp s) {
        buildSoftmax(b, loc, axisOf(s.getAxis(), s.getInput()), operands[0],
                     out);
        return success();
      })
      .Case([&](mir::LayerNormOp n) {
        buildNorm(b, loc, NormKind::layer, n.getEps().convertToDouble(),
                  operands[0], nullptr, nullptr, group(n, 1), group(n, 2), out,
                  nullptr);
        return success();
      })
      .Case([&](mir::RmsNormOp n) {
        buildNorm(b, loc, NormKind::rms, n.getEps().convertToDouble(),
                  operands[0], nullptr, nullptr, group(n, 1), nullptr, out,
                  nullptr);
        return success();
      })
      .Case([&](mir::ResidualNormOp n) {
        // A sum nothing reads is not written (a row of stack instead), up
        // to rows of 64K elements.
        bool sumRead = !n.getSum().use_empty() ||
                       shapeOf(results[1]).back() > kMaxStackSumRow;
        buildNorm(b, loc, n.getKind(), n.getEps().convertToDouble(),
                  operands[0], operands[1], group(n, 2), group(n, 3),
                  group(n, 4), results[0], sumRead ? results[1] : Value());
        return success();
      })
      .Case([&](mir::CumsumOp c) {
        buildCumsum(b, loc, axisOf(c.getAxis(), c.getInput()), operands[0],
                    out);
        return success();
      })
      .Case([&](mir::TopKOp t) {
        buildTopK(b, loc, axisOf(t.getAxis(), t.getInput()), operands[0],
                  results[0], results[1]);
        return success();
      })
      .Case([&](mir::PoolOp p) {
        buildPool(b, loc, p, operands[0], out);
        return success();
      })
      .Case([&](mir::TransposeOp t) {
        buildTranspose(b, loc, t.getPermutation(), operands[0], out);
        return success();
      })
      .Case([&](mir::SliceOp s) {
        buildSlice(b, loc, s, operands[0], out);
        return success();
      })
      .Case([&](mir::ConcatOp c) {
        buildConcat(b, loc, axisOf(c.getAxis(), c.getOutput()), operands, out);
        return success();
      })
      .Case([&](mir::GatherOp g) {
        buildGather(b, loc, axisOf(g.getAxis(), g.getTable()), operands[0],
                    operands[1], out);
        return success();
      })
      .Case([&](mir::CacheWriteOp c) {
        // The cache is not an operand of the kernel: it writes the state's
        // memory, its result, and reads only the update and the position
        // (convert-mir-to-lir).
        buildCacheWrite(b, loc, c.getDim(), operands[0], operands[1], out);
        return success();
      })
      .Default([&](Operation *) {
        return op->emitOpError("has no kernel in convert-mir-to-lir");
      });
}
