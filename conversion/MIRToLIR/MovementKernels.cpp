//===- MovementKernels.cpp - Transpose, slice, concat, gather, cache -----===//
//
// Copies are linalg.copy rather than memref.copy: memref.copy of a strided
// view lowers to a call into MLIR's C runner library, which the runtime
// does not link.
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

void kernels::buildTranspose(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> permutation, Value in,
                             Value out) {
  // out[i0, ..., in-1] = in[...] with out dim d walking in dim perm[d].
  b.create<linalg::TransposeOp>(loc, in, out, permutation);
}

void kernels::buildSlice(OpBuilder &b, Location loc, mir::SliceOp op, Value in,
                         Value out) {
  Value window = b.create<memref::SubViewOp>(loc, in, op.getOffsets(),
                                             op.getSizes(), op.getStrides());
  b.create<linalg::CopyOp>(loc, window, out);
}

void kernels::buildConcat(OpBuilder &b, Location loc, int64_t axis,
                          ValueRange inputs, Value out) {
  int64_t rank = shapeOf(out).size();
  int64_t offset = 0;
  for (Value input : inputs) {
    ArrayRef<int64_t> shape = shapeOf(input);
    SmallVector<int64_t> offsets(rank, 0), strides(rank, 1);
    offsets[axis] = offset;
    Value part = b.create<memref::SubViewOp>(loc, out, offsets, shape, strides);
    b.create<linalg::CopyOp>(loc, input, part);
    offset += shape[axis];
  }
}

void kernels::buildGather(OpBuilder &b, Location loc, int64_t axis, Value table,
                          Value indices, Value out, const IndexDriver &driver) {
  int64_t indexRank = shapeOf(indices).size();
  int64_t axisSize = shapeOf(table)[axis];
  Type element = elementTypeOf(out);
  Type indexType = elementTypeOf(indices);
  unsigned indexWidth = indexType.getIntOrFloatBitWidth();
  forEachIndexWith(
      driver, b, loc, shapeOf(out),
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        // out[pre, idx, post] = table[pre, indices[idx], post]; an index
        // outside [0, axis size) reads zero.
        Value raw = nb.create<memref::LoadOp>(nloc, indices,
                                              ivs.slice(axis, indexRank));
        Value inside =
            nb.create<arith::CmpIOp>(nloc, arith::CmpIPredicate::sge, raw,
                                     scalarConstant(nb, nloc, indexType, 0));
        // An i32 index is below any axis size it cannot represent.
        if (axisSize <= APInt::getSignedMaxValue(indexWidth).getSExtValue())
          inside = nb.create<arith::AndIOp>(
              nloc, inside,
              nb.create<arith::CmpIOp>(
                  nloc, arith::CmpIPredicate::slt, raw,
                  nb.create<arith::ConstantOp>(
                      nloc, nb.getIntegerAttr(indexType, axisSize))));
        auto ifOp = nb.create<scf::IfOp>(
            nloc, inside,
            [&](OpBuilder &tb, Location tloc) {
              SmallVector<Value> at(ivs.take_front(axis));
              at.push_back(
                  tb.create<arith::IndexCastOp>(tloc, tb.getIndexType(), raw));
              at.append(ivs.begin() + axis + indexRank, ivs.end());
              tb.create<scf::YieldOp>(
                  tloc, tb.create<memref::LoadOp>(tloc, table, at).getResult());
            },
            [&](OpBuilder &eb, Location eloc) {
              eb.create<scf::YieldOp>(eloc,
                                      scalarConstant(eb, eloc, element, 0.0));
            });
        nb.create<memref::StoreOp>(nloc, ifOp.getResult(0), out, ivs);
      });
}

Value kernels::loadPosition(OpBuilder &b, Location loc, Value position) {
  SmallVector<Value> at(shapeOf(position).size(), indexConstant(b, loc, 0));
  Value raw = b.create<memref::LoadOp>(loc, position, at);
  // index_cast sign-extends: a negative position stays negative.
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), raw);
}

void kernels::buildCacheWrite(OpBuilder &b, Location loc, int64_t axis,
                              Value update, Value position, Value cache,
                              const IndexDriver &driver) {
  int64_t capacity = shapeOf(cache)[axis];
  // Read once, at the kernel's entry: the stores below may alias it as far
  // as the compiler knows, so a load in the loop would stay there.
  Value p = loadPosition(b, loc, position);
  forEachIndexWith(driver, b, loc, shapeOf(update),
                   [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
                     // cache[..., p + i, ...] = update[..., i, ...] when 0 <= p
                     // + i < C.
                     Value row = nb.create<arith::AddIOp>(nloc, p, ivs[axis]);
                     nb.create<scf::IfOp>(
                         nloc, indexInRange(nb, nloc, row, capacity),
                         [&](OpBuilder &tb, Location tloc) {
                           SmallVector<Value> at(ivs);
                           at[axis] = row;
                           tb.create<memref::StoreOp>(
                               tloc,
                               tb.create<memref::LoadOp>(tloc, update, ivs),
                               cache, at);
                           tb.create<scf::YieldOp>(tloc);
                         });
                   });
}
