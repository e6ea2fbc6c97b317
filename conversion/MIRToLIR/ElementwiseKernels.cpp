//===- ElementwiseKernels.cpp - Elementwise ops as one linalg.generic -----===//
//
// Each elementwise op (and mir.broadcast, an elementwise copy) is one
// linalg.generic over the result with all-parallel loops. An operand reads
// through its numpy broadcast map: right-aligned, a size-1 dim against a
// larger result dim reads index 0. The body is ScalarOps' definition of
// the op, or the mir.elementwise region's steps.
//
//===----------------------------------------------------------------------===//
#include "conversion/MIRToLIR/KernelBuilders.h"
#include "conversion/MIRToLIR/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::kernels;

void kernels::buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, Value out,
    function_ref<Value(OpBuilder &, Location, ValueRange)> fn,
    bool readsOutput) {
  MLIRContext *ctx = b.getContext();
  ArrayRef<int64_t> outShape = shapeOf(out);
  unsigned rank = outShape.size();
  SmallVector<Value> memrefs;
  SmallVector<AffineMap> maps;
  SmallVector<int> position; // input i is generic input position[i], or -1
  for (Value input : inputs) {
    auto type = dyn_cast<MemRefType>(input.getType());
    if (!type) {
      position.push_back(-1);
      continue;
    }
    position.push_back(memrefs.size());
    memrefs.push_back(input);
    maps.push_back(broadcastMap(ctx, type.getShape(), outShape, rank));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  b.create<linalg::GenericOp>(
      loc, memrefs, ValueRange{out}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> elements;
        for (auto [input, pos] : llvm::zip(inputs, position))
          elements.push_back(pos < 0 ? input : args[pos]);
        if (readsOutput)
          elements.push_back(args.back());
        nb.create<linalg::YieldOp>(nloc, fn(nb, nloc, elements));
      });
}

ScalarFn kernels::elementwiseScalarFn(Operation *op, Type outElement) {
  return llvm::TypeSwitch<Operation *, ScalarFn>(op)
      .Case([&](mir::UnaryOp u) -> ScalarFn {
        UnaryKind kind = u.getKind();
        return [kind](OpBuilder &nb, Location nloc, ValueRange e) {
          return buildUnary(nb, nloc, kind, e[0]);
        };
      })
      .Case([&](mir::BinaryOp bin) -> ScalarFn {
        BinaryKind kind = bin.getKind();
        return [kind](OpBuilder &nb, Location nloc, ValueRange e) {
          return buildBinary(nb, nloc, kind, e[0], e[1]);
        };
      })
      .Case([&](mir::CompareOp cmp) -> ScalarFn {
        CompareKind kind = cmp.getKind();
        return [kind](OpBuilder &nb, Location nloc, ValueRange e) {
          return buildCompare(nb, nloc, kind, e[0], e[1]);
        };
      })
      .Case([&](mir::SelectOp) -> ScalarFn {
        return [](OpBuilder &nb, Location nloc, ValueRange e) -> Value {
          return nb.create<arith::SelectOp>(nloc, e[0], e[1], e[2]);
        };
      })
      .Case([&](mir::CastOp) -> ScalarFn {
        return [outElement](OpBuilder &nb, Location nloc, ValueRange e) {
          return buildCast(nb, nloc, e[0], outElement);
        };
      })
      .Case([&](mir::BroadcastOp) -> ScalarFn {
        return [](OpBuilder &, Location, ValueRange e) { return e[0]; };
      })
      .Case([&](mir::ElementwiseOp region) -> ScalarFn {
        Block *block = &region.getBody().front();
        return [block](OpBuilder &nb, Location nloc, ValueRange e) -> Value {
          FailureOr<Value> r = buildRegionBody(nb, nloc, *block, e);
          return succeeded(r) ? *r : Value();
        };
      })
      .Default([](Operation *) { return ScalarFn(); });
}

LogicalResult kernels::buildElementwiseKernel(OpBuilder &b, Location loc,
                                              Operation *op,
                                              ValueRange operands, Value out) {
  Type outElement = elementTypeOf(out);
  ScalarFn fn = elementwiseScalarFn(op, outElement);
  if (!fn)
    return op->emitOpError("is not an elementwise op");
  bool ok = true;
  buildElementwise(b, loc, operands, out,
                   [&](OpBuilder &nb, Location nloc, ValueRange e) -> Value {
                     if (Value v = fn(nb, nloc, e))
                       return v;
                     ok = false; // diagnosed; yield something well-typed
                     return scalarConstant(nb, nloc, outElement, 0);
                   });
  return success(ok);
}
