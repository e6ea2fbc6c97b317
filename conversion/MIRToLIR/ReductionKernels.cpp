//===- ReductionKernels.cpp - Reductions, norms, scans, top-k, pooling ----===//
//
// Row-wise scf loop nests: an outer nest over the kept dims, inner loops
// carrying accumulators as iter_args in the compute type (f32 for f16 /
// bf16, else the element type), one truncation on the store. No kernel
// here needs a scratch buffer: statistics live in registers, and later
// passes over a row re-read their input.
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include <limits>

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

Value kernels::reductionIdentity(OpBuilder &b, Location loc, ReduceKind kind,
                                 Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    switch (kind) {
    case ReduceKind::sum:
    case ReduceKind::mean:
      return scalarConstant(b, loc, type, 0.0);
    case ReduceKind::prod:
      return scalarConstant(b, loc, type, 1.0);
    case ReduceKind::max:
      return b.create<arith::ConstantOp>(
          loc, b.getFloatAttr(type, APFloat::getInf(sem, /*Negative=*/true)));
    case ReduceKind::min:
      return b.create<arith::ConstantOp>(
          loc, b.getFloatAttr(type, APFloat::getInf(sem, /*Negative=*/false)));
    }
  }
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value(width, 0);
  if (kind == ReduceKind::prod)
    value = APInt(width, 1);
  else if (kind == ReduceKind::max)
    value = APInt::getSignedMinValue(width);
  else if (kind == ReduceKind::min)
    value = APInt::getSignedMaxValue(width);
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, value));
}

Value kernels::reductionStep(OpBuilder &b, Location loc, ReduceKind kind,
                             Value acc, Value x) {
  bool isFloat = isa<FloatType>(acc.getType());
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::mean:
    return buildBinary(b, loc, BinaryKind::add, acc, x);
  case ReduceKind::prod:
    return buildBinary(b, loc, BinaryKind::mul, acc, x);
  case ReduceKind::max:
    return isFloat ? buildBinary(b, loc, BinaryKind::max, acc, x)
                   : b.create<arith::MaxSIOp>(loc, acc, x).getResult();
  case ReduceKind::min:
    return isFloat ? buildBinary(b, loc, BinaryKind::min, acc, x)
                   : b.create<arith::MinSIOp>(loc, acc, x).getResult();
  }
  llvm_unreachable("unknown reduce kind");
}

void kernels::buildReduce(OpBuilder &b, Location loc, ReduceKind kind,
                          ArrayRef<int64_t> axes, bool keepDim, Value in,
                          Value out) {
  ArrayRef<int64_t> inShape = shapeOf(in);
  Type acc = computeType(elementTypeOf(out));
  SmallVector<int64_t> reduced;
  int64_t count = 1;
  for (int64_t axis : axes) {
    reduced.push_back(inShape[axis]);
    count *= inShape[axis];
  }
  forEachIndex(
      b, loc, shapeOf(out),
      [&](OpBuilder &nb, Location nloc, ValueRange outIvs) {
        Value total = accumulate(
            nb, nloc, reduced, {reductionIdentity(nb, nloc, kind, acc)},
            [&](OpBuilder &ib, Location iloc, ValueRange redIvs, ValueRange s) {
              // Input index: reduced dims from the inner loops, kept
              // dims from the result index (in place with keep_dim).
              SmallVector<Value> index;
              size_t nextReduced = 0, nextKept = 0;
              for (int64_t d = 0, e = inShape.size(); d < e; ++d) {
                if (nextReduced < axes.size() && axes[nextReduced] == d) {
                  index.push_back(redIvs[nextReduced++]);
                  continue;
                }
                index.push_back(outIvs[keepDim ? d : nextKept++]);
              }
              Value x = loadAs(ib, iloc, in, index, acc);
              return SmallVector<Value>{reductionStep(ib, iloc, kind, s[0], x)};
            })[0];
        if (kind == ReduceKind::mean)
          total = nb.create<arith::DivFOp>(
              nloc, total,
              scalarConstant(nb, nloc, acc, static_cast<double>(count)));
        storeAs(nb, nloc, total, out, outIvs);
      });
}

void kernels::buildSoftmax(OpBuilder &b, Location loc, int64_t axis, Value in,
                           Value out) {
  ArrayRef<int64_t> shape = shapeOf(in);
  int64_t n = shape[axis];
  Type acc = computeType(elementTypeOf(out));
  forEachIndex(
      b, loc, dropDim(shape, axis),
      [&](OpBuilder &nb, Location nloc, ValueRange row) {
        auto at = [&](ValueRange j) { return insertIndex(row, axis, j[0]); };
        // exp(x - max) / sum(exp(x - max)): the max keeps exp from overflowing.
        Value max = accumulate(
            nb, nloc, {n}, {reductionIdentity(nb, nloc, ReduceKind::max, acc)},
            [&](OpBuilder &ib, Location iloc, ValueRange j, ValueRange s) {
              Value x = loadAs(ib, iloc, in, at(j), acc);
              return SmallVector<Value>{
                  buildBinary(ib, iloc, BinaryKind::max, s[0], x)};
            })[0];
        auto shifted = [&](OpBuilder &ib, Location iloc,
                           ValueRange j) -> Value {
          Value x = loadAs(ib, iloc, in, at(j), acc);
          return ib.create<math::ExpOp>(iloc,
                                        ib.create<arith::SubFOp>(iloc, x, max));
        };
        // When the output holds the compute type, the sum pass stores each
        // exp and the last pass scales it in place: one exp per element.
        bool keepExp = elementTypeOf(out) == acc;
        Value sum = accumulate(
            nb, nloc, {n}, {scalarConstant(nb, nloc, acc, 0.0)},
            [&](OpBuilder &ib, Location iloc, ValueRange j, ValueRange s) {
              Value e = shifted(ib, iloc, j);
              if (keepExp)
                storeAs(ib, iloc, e, out, at(j));
              return SmallVector<Value>{
                  ib.create<arith::AddFOp>(iloc, s[0], e)};
            })[0];
        Value inverse = nb.create<arith::DivFOp>(
            nloc, scalarConstant(nb, nloc, acc, 1.0), sum);
        forEachIndex(
            nb, nloc, {n}, [&](OpBuilder &ib, Location iloc, ValueRange j) {
              Value e = keepExp ? loadAs(ib, iloc, out, at(j), acc)
                                : shifted(ib, iloc, j);
              storeAs(ib, iloc, ib.create<arith::MulFOp>(iloc, e, inverse), out,
                      at(j));
            });
      });
}

void kernels::buildNorm(OpBuilder &b, Location loc, NormKind kind, double eps,
                        Value input, Value residual, Value bias, Value gamma,
                        Value beta, Value normed, Value sum) {
  ArrayRef<int64_t> shape = shapeOf(normed);
  int64_t last = shape.size() - 1;
  int64_t n = shape[last];
  Type element = elementTypeOf(normed);
  Type acc = computeType(element);
  // A sum nothing reads is kept for its row only, on the stack (at the
  // kernel's top level, outside the row loop): its result is never
  // written, which saves a third of the memory traffic of a large norm.
  Value sumRow;
  if (residual && !sum)
    sumRow = b.create<memref::AllocaOp>(loc, MemRefType::get({n}, element));
  forEachIndex(
      b, loc, shape.drop_back(),
      [&](OpBuilder &nb, Location nloc, ValueRange row) {
        auto at = [&](ValueRange j) { return insertIndex(row, last, j[0]); };
        // Where the statistics read x (the sum, for residual_norm).
        Value source = residual ? (sumRow ? sumRow : sum) : input;
        auto sourceAt = [&](ValueRange j) -> SmallVector<Value> {
          return source == sumRow ? SmallVector<Value>{j[0]} : at(j);
        };
        if (residual) {
          // sum = input + residual (+ bias), in the element type as the
          // unfused adds round; the statistics read it back.
          forEachIndex(
              nb, nloc, {n}, [&](OpBuilder &ib, Location iloc, ValueRange j) {
                Value s = buildBinary(
                    ib, iloc, BinaryKind::add,
                    ib.create<memref::LoadOp>(iloc, input, at(j)),
                    ib.create<memref::LoadOp>(iloc, residual, at(j)));
                if (bias)
                  s = buildBinary(ib, iloc, BinaryKind::add, s,
                                  ib.create<memref::LoadOp>(iloc, bias, j));
                ib.create<memref::StoreOp>(iloc, s, source, sourceAt(j));
              });
        }
        auto load = [&](OpBuilder &ib, Location iloc, ValueRange j) {
          return loadAs(ib, iloc, source, sourceAt(j), acc);
        };
        Value count = scalarConstant(nb, nloc, acc, static_cast<double>(n));
        Value zero = scalarConstant(nb, nloc, acc, 0.0);
        Value mean;
        Value meanSquare; // layer: mean((x - mean)^2); rms: mean(x^2)
        if (kind == NormKind::layer) {
          Value total = accumulate(
              nb, nloc, {n}, {zero},
              [&](OpBuilder &ib, Location iloc, ValueRange j, ValueRange s) {
                return SmallVector<Value>{
                    ib.create<arith::AddFOp>(iloc, s[0], load(ib, iloc, j))};
              })[0];
          mean = nb.create<arith::DivFOp>(nloc, total, count);
        }
        Value squares = accumulate(
            nb, nloc, {n}, {zero},
            [&](OpBuilder &ib, Location iloc, ValueRange j, ValueRange s) {
              Value x = load(ib, iloc, j);
              if (mean)
                x = ib.create<arith::SubFOp>(iloc, x, mean);
              return SmallVector<Value>{ib.create<arith::AddFOp>(
                  iloc, s[0], ib.create<arith::MulFOp>(iloc, x, x))};
            })[0];
        meanSquare = nb.create<arith::DivFOp>(nloc, squares, count);
        Value inverse = buildReciprocalSqrt(
            nb, nloc,
            nb.create<arith::AddFOp>(nloc, meanSquare,
                                     scalarConstant(nb, nloc, acc, eps)));
        forEachIndex(nb, nloc, {n},
                     [&](OpBuilder &ib, Location iloc, ValueRange j) {
                       // (x - mean) * rsqrt(var + eps) * gamma + beta, or x *
                       // rsqrt(...) * gamma
                       Value x = load(ib, iloc, j);
                       if (mean)
                         x = ib.create<arith::SubFOp>(iloc, x, mean);
                       Value y = ib.create<arith::MulFOp>(
                           iloc, ib.create<arith::MulFOp>(iloc, x, inverse),
                           loadAs(ib, iloc, gamma, j, acc));
                       if (beta)
                         y = ib.create<arith::AddFOp>(
                             iloc, y, loadAs(ib, iloc, beta, j, acc));
                       storeAs(ib, iloc, y, normed, at(j));
                     });
      });
}

void kernels::buildCumsum(OpBuilder &b, Location loc, int64_t axis, Value in,
                          Value out, const IndexDriver &driver) {
  ArrayRef<int64_t> shape = shapeOf(in);
  Type acc = computeType(elementTypeOf(out));
  forEachIndexWith(
      driver, b, loc, dropDim(shape, axis),
      [&](OpBuilder &nb, Location nloc, ValueRange row) {
        // Inclusive: out[j] = in[0] + ... + in[j], stored as the running sum.
        accumulate(
            nb, nloc, {shape[axis]}, {scalarConstant(nb, nloc, acc, 0.0)},
            [&](OpBuilder &ib, Location iloc, ValueRange j, ValueRange s) {
              SmallVector<Value> at = insertIndex(row, axis, j[0]);
              Value next = buildBinary(ib, iloc, BinaryKind::add, s[0],
                                       loadAs(ib, iloc, in, at, acc));
              storeAs(ib, iloc, next, out, at);
              return SmallVector<Value>{next};
            });
      });
}

/// Top-k order: `a` comes before `b` when larger; NaN counts as larger
/// than every number (and equal to NaN), so the order is total.
static Value isGreater(OpBuilder &b, Location loc, Value x, Value y) {
  if (!isa<FloatType>(x.getType()))
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, x, y);
  Value xNaN = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, x, x);
  Value yNaN = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, y, y);
  Value yNumber = b.create<arith::XOrIOp>(
      loc, yNaN, b.create<arith::ConstantIntOp>(loc, 1, 1));
  return b.create<arith::OrIOp>(
      loc, b.create<arith::AndIOp>(loc, xNaN, yNumber),
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, x, y));
}

static Value isEqual(OpBuilder &b, Location loc, Value x, Value y) {
  if (!isa<FloatType>(x.getType()))
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, x, y);
  Value bothNaN = b.create<arith::AndIOp>(
      loc, b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, x, x),
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, y, y));
  return b.create<arith::OrIOp>(
      loc, bothNaN,
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OEQ, x, y));
}

void kernels::buildTopK(OpBuilder &b, Location loc, int64_t axis, Value in,
                        Value values, Value indices,
                        const IndexDriver &driver) {
  ArrayRef<int64_t> shape = shapeOf(in);
  int64_t n = shape[axis];
  int64_t k = shapeOf(values)[axis];
  Type element = elementTypeOf(in);
  // Selection without scratch: pick j is the best element strictly after
  // pick j-1 in the order (value descending, index ascending); k * n reads.
  forEachIndexWith(
      driver, b, loc, dropDim(shape, axis),
      [&](OpBuilder &nb, Location nloc, ValueRange row) {
        Value none = indexConstant(nb, nloc, -1);
        accumulate(
            nb, nloc, {k}, {scalarConstant(nb, nloc, element, 0), none},
            [&](OpBuilder &jb, Location jloc, ValueRange j, ValueRange prev) {
              Value prevValue = prev[0], prevIndex = prev[1];
              Value first = jb.create<arith::CmpIOp>(
                  jloc, arith::CmpIPredicate::slt, prevIndex,
                  indexConstant(jb, jloc, 0));
              Value falseValue = jb.create<arith::ConstantIntOp>(jloc, 0, 1);
              SmallVector<Value> best = accumulate(
                  jb, jloc, {n},
                  {falseValue, scalarConstant(jb, jloc, element, 0),
                   indexConstant(jb, jloc, 0)},
                  [&](OpBuilder &ib, Location iloc, ValueRange i,
                      ValueRange s) {
                    Value found = s[0], bestValue = s[1], bestIndex = s[2];
                    Value x = ib.create<memref::LoadOp>(
                        iloc, in, insertIndex(row, axis, i[0]));
                    // (x, i) comes after the previous pick.
                    Value after = ib.create<arith::OrIOp>(
                        iloc, first,
                        ib.create<arith::OrIOp>(
                            iloc, isGreater(ib, iloc, prevValue, x),
                            ib.create<arith::AndIOp>(
                                iloc, isEqual(ib, iloc, prevValue, x),
                                ib.create<arith::CmpIOp>(
                                    iloc, arith::CmpIPredicate::sgt, i[0],
                                    prevIndex))));
                    // Strictly better than the best so far: ties keep the lower
                    // index, which the ascending scan met first.
                    Value better = ib.create<arith::OrIOp>(
                        iloc,
                        ib.create<arith::XOrIOp>(
                            iloc, found,
                            ib.create<arith::ConstantIntOp>(iloc, 1, 1)),
                        isGreater(ib, iloc, x, bestValue));
                    Value take = ib.create<arith::AndIOp>(iloc, after, better);
                    return SmallVector<Value>{
                        ib.create<arith::OrIOp>(iloc, found, take),
                        ib.create<arith::SelectOp>(iloc, take, x, bestValue),
                        ib.create<arith::SelectOp>(iloc, take, i[0],
                                                   bestIndex)};
                  });
              SmallVector<Value> at = insertIndex(row, axis, j[0]);
              jb.create<memref::StoreOp>(jloc, best[1], values, at);
              Value asInt = jb.create<arith::IndexCastOp>(
                  jloc, elementTypeOf(indices), best[2]);
              jb.create<memref::StoreOp>(jloc, asInt, indices, at);
              return SmallVector<Value>{best[1], best[2]};
            });
      });
}

/// mir.pool: out[n, c, oh, ow] over the window rows ih = oh * stride -
/// pad_top + kh * dilation (likewise columns) that lie inside the input;
/// padding is skipped, so max ignores it and avg divides by the in-bounds
/// count, or with count_include_pad by the count inside the padded input.
/// Max pooling by whole rows (CPU kernels, no driver), per output row:
///   v[pl + iw] = max over the window rows kh inside the input of
///     in[ih(kh), iw]; -inf elsewhere (the padding, ceil_mode's overhang);
///   h[j] = max over kw of v[j + kw * dw], for j in [0, (Wo - 1) sw + 1);
///   out[ow] = h[ow * sw].
/// Every max is an elementwise op on contiguous rows (vector code); only
/// the last copy is strided. The element-by-element loop nest tested each
/// window position's padding on its own: ResNet's 3x3/2 max pool on
/// 64 x 112 x 112 took 3.7 ms (docs/CPUBackend.md, "Pooling").
static void buildMaxPoolRows(OpBuilder &b, Location loc, mir::PoolOp op,
                             Value in, Value out) {
  ArrayRef<int64_t> inShape = shapeOf(in), outShape = shapeOf(out);
  ArrayRef<int64_t> window = op.getKernel(), strides = op.getStrides(),
                    padding = op.getPadding();
  SmallVector<int64_t> dilations{1, 1};
  if (auto d = op.getDilations())
    dilations.assign(d->begin(), d->end());
  Type element = elementTypeOf(out);
  int64_t w = inShape[3], wo = outShape[3];
  int64_t spanH = (wo - 1) * strides[1] + 1;
  int64_t spanV =
      std::max(padding[1] + w, spanH + (window[1] - 1) * dilations[1]);
  Value identity = reductionIdentity(b, loc, ReduceKind::max, element);
  Value v = b.create<memref::AllocaOp>(loc, MemRefType::get({spanV}, element));
  Value h = b.create<memref::AllocaOp>(loc, MemRefType::get({spanH}, element));
  auto slice = [&](OpBuilder &rb, Value memref, int64_t offset, int64_t count,
                   int64_t stride = 1) -> Value {
    return rb.create<memref::SubViewOp>(
        loc,
        MemRefType::get(
            {count}, element,
            StridedLayoutAttr::get(rb.getContext(), offset, {stride})),
        memref, ArrayRef<OpFoldResult>{rb.getIndexAttr(offset)},
        ArrayRef<OpFoldResult>{rb.getIndexAttr(count)},
        ArrayRef<OpFoldResult>{rb.getIndexAttr(stride)});
  };
  auto maxInto = [&](OpBuilder &rb, Value dest, Value source) {
    buildElementwise(
        rb, loc, ValueRange{source}, dest,
        [](OpBuilder &eb, Location eloc, ValueRange e) {
          return buildBinary(eb, eloc, BinaryKind::max, e[1], e[0]);
        },
        /*readsOutput=*/true);
  };
  forEachIndex(
      b, loc, {outShape[0], outShape[1], outShape[2]},
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        Value n = ivs[0], c = ivs[1], oh = ivs[2];
        auto row = [&](OpBuilder &rb, Value memref, Value r, int64_t count,
                       int64_t stride) -> Value {
          return rb.create<memref::SubViewOp>(
              nloc,
              MemRefType::get({count}, element,
                              StridedLayoutAttr::get(rb.getContext(),
                                                     ShapedType::kDynamic,
                                                     {stride})),
              memref, ArrayRef<OpFoldResult>{n, c, r, rb.getIndexAttr(0)},
              ArrayRef<OpFoldResult>{rb.getIndexAttr(1), rb.getIndexAttr(1),
                                     rb.getIndexAttr(1),
                                     rb.getIndexAttr(count)},
              ArrayRef<OpFoldResult>{rb.getIndexAttr(1), rb.getIndexAttr(1),
                                     rb.getIndexAttr(1),
                                     rb.getIndexAttr(stride)});
        };
        nb.create<linalg::FillOp>(nloc, ValueRange{identity}, ValueRange{v});
        Value vInput = slice(nb, v, padding[1], w);
        for (int64_t kh = 0; kh < window[0]; ++kh) {
          Value ih = nb.create<arith::AddIOp>(
              nloc, scaledIndex(nb, nloc, oh, strides[0], -padding[0]),
              indexConstant(nb, nloc, kh * dilations[0]));
          auto ifOp = nb.create<scf::IfOp>(
              nloc, indexInRange(nb, nloc, ih, inShape[2]), /*else=*/false);
          OpBuilder ib = OpBuilder::atBlockBegin(ifOp.thenBlock());
          maxInto(ib, vInput, row(ib, in, ih, w, 1));
        }
        nb.create<linalg::CopyOp>(nloc, slice(nb, v, 0, spanH), h);
        for (int64_t kw = 1; kw < window[1]; ++kw)
          maxInto(nb, h, slice(nb, v, kw * dilations[1], spanH));
        nb.create<linalg::CopyOp>(nloc, slice(nb, h, 0, wo, strides[1]),
                                  row(nb, out, oh, wo, 1));
      });
}

void kernels::buildPool(OpBuilder &b, Location loc, mir::PoolOp op, Value in,
                        Value out, const IndexDriver &driver) {
  if (!driver && op.getKind() == PoolKind::max &&
      !llvm::is_contained(shapeOf(out), 0))
    return buildMaxPoolRows(b, loc, op, in, out);
  ArrayRef<int64_t> inShape = shapeOf(in);
  ArrayRef<int64_t> window = op.getKernel(), strides = op.getStrides(),
                    padding = op.getPadding();
  SmallVector<int64_t> dilations{1, 1};
  if (auto d = op.getDilations())
    dilations.assign(d->begin(), d->end());
  bool countPadding = op.getCountIncludePad();
  bool isMax = op.getKind() == PoolKind::max;
  Type acc = computeType(elementTypeOf(out));
  forEachIndexWith(
      driver, b, loc, shapeOf(out),
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        Value hBase = scaledIndex(nb, nloc, ivs[2], strides[0], -padding[0]);
        Value wBase = scaledIndex(nb, nloc, ivs[3], strides[1], -padding[1]);
        Value init = isMax ? reductionIdentity(nb, nloc, ReduceKind::max, acc)
                           : scalarConstant(nb, nloc, acc, 0.0);
        SmallVector<Value> result = accumulate(
            nb, nloc, window, {init, scalarConstant(nb, nloc, acc, 0.0)},
            [&](OpBuilder &ib, Location iloc, ValueRange w, ValueRange s) {
              Value ih = ib.create<arith::AddIOp>(
                  iloc, hBase, scaledIndex(ib, iloc, w[0], dilations[0], 0));
              Value iw = ib.create<arith::AddIOp>(
                  iloc, wBase, scaledIndex(ib, iloc, w[1], dilations[1], 0));
              auto within = [&](Value i, int64_t low, int64_t high) {
                return ib.create<arith::AndIOp>(
                    iloc,
                    ib.create<arith::CmpIOp>(iloc, arith::CmpIPredicate::sge, i,
                                             indexConstant(ib, iloc, low)),
                    ib.create<arith::CmpIOp>(iloc, arith::CmpIPredicate::slt, i,
                                             indexConstant(ib, iloc, high)));
              };
              Value inside = ib.create<arith::AndIOp>(
                  iloc, within(ih, 0, inShape[2]), within(iw, 0, inShape[3]));
              // The count: inside the input, or inside the padded input.
              Value counted =
                  countPadding
                      ? ib.create<arith::AndIOp>(
                                iloc,
                                within(ih, -padding[0],
                                       inShape[2] + padding[2]),
                                within(iw, -padding[1],
                                       inShape[3] + padding[3]))
                            .getResult()
                      : inside;
              Value one = scalarConstant(ib, iloc, acc, 1.0);
              Value zeroCount = scalarConstant(ib, iloc, acc, 0.0);
              Value countStep =
                  ib.create<arith::SelectOp>(iloc, counted, one, zeroCount);
              auto ifOp = ib.create<scf::IfOp>(
                  iloc, inside,
                  [&](OpBuilder &tb, Location tloc) {
                    Value x =
                        loadAs(tb, tloc, in, {ivs[0], ivs[1], ih, iw}, acc);
                    Value next = buildBinary(
                        tb, tloc, isMax ? BinaryKind::max : BinaryKind::add,
                        s[0], x);
                    Value count =
                        tb.create<arith::AddFOp>(tloc, s[1], countStep);
                    tb.create<scf::YieldOp>(tloc, ValueRange{next, count});
                  },
                  [&](OpBuilder &eb, Location eloc) {
                    Value count =
                        eb.create<arith::AddFOp>(eloc, s[1], countStep);
                    eb.create<scf::YieldOp>(eloc, ValueRange{s[0], count});
                  });
              return SmallVector<Value>(ifOp.getResults());
            });
        Value y = isMax ? result[0]
                        : nb.create<arith::DivFOp>(nloc, result[0], result[1])
                              .getResult();
        storeAs(nb, nloc, y, out, ivs);
      });
}
