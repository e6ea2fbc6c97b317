//===- VectorizeLoops.cpp - Innermost scf.for loops over vectors ----------===//
//
// rlx-cpu-vectorize-loops: an innermost `scf.for` with unit step whose body
// is straight-line elementwise arithmetic on
//   - loads and stores at [invariant..., iv] of f32, f16 or bf16 memrefs
//     with unit innermost stride (contiguous; i1 memrefs hold a byte per
//     element, not the bits of a vector<i1>), and loads at loop-invariant
//     indices (uniform); half-float values only pass through extf / truncf
//     (their arithmetic is not widened),
//   - loop-carried f32 values, each used once by the combining op (addf,
//     mulf, maximumf, minimumf, maxnumf, minnumf) that yields its next value
//     (a reduction),
// becomes a loop over vectors of `lanes` elements, `unroll` vectors per
// iteration (independent accumulators hide the combining op's latency),
// followed by the remaining elements: one masked vector (vector.maskedload /
// maskedstore; masked-off lanes load 0, never stored) for a loop without
// reductions, else the original loop. A reduction's
// vector accumulators start at the combining op's identity and are reduced
// into the loop's initial value after the vector loop: sums and products
// are reassociated (the result may differ in the last bits from the scalar
// order), max / min are exact.
//
// Kernels come from convert-mir-to-lir, whose memory plan gives each of an
// op's results a buffer disjoint from its operands; a store is vectorized
// when every load of the same memref value reads the stored indices (an
// in-place update) and no uniform load reads it.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/VectorWidening.h"
#include "conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include <limits>

namespace mlir::rlx {
#define GEN_PASS_DEF_CPUVECTORIZELOOPS
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

namespace {

std::optional<vector::CombiningKind> combiningKind(Operation *op) {
  using Kind = std::optional<vector::CombiningKind>;
  return llvm::TypeSwitch<Operation *, Kind>(op)
      .Case([](arith::AddFOp) { return vector::CombiningKind::ADD; })
      .Case([](arith::MulFOp) { return vector::CombiningKind::MUL; })
      .Case([](arith::MaximumFOp) { return vector::CombiningKind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return vector::CombiningKind::MINIMUMF; })
      .Case([](arith::MaxNumFOp) { return vector::CombiningKind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return vector::CombiningKind::MINNUMF; })
      .Default([](Operation *) { return std::nullopt; });
}

/// x combined with the identity of `kind` is x for every x the kind
/// distinguishes (-0 for sums: -0 + -0 is -0).
double identityOf(vector::CombiningKind kind) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  switch (kind) {
  case vector::CombiningKind::ADD:
    return -0.0;
  case vector::CombiningKind::MUL:
    return 1.0;
  case vector::CombiningKind::MAXIMUMF:
    return -inf;
  case vector::CombiningKind::MINIMUMF:
    return inf;
  default: // maxnumf / minnumf ignore NaN
    return std::numeric_limits<double>::quiet_NaN();
  }
}

/// A memref with unit stride in its innermost dim.
bool hasContiguousRows(MemRefType type) {
  if (type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(getStridesAndOffset(type, strides, offset)))
    return false;
  return strides.back() == 1;
}

/// What the vectorizer learned about one loop.
struct LoopPlan {
  /// Ops computing per element: the loads whose last index is the
  /// induction variable (contiguous) and what depends on them.
  llvm::SmallPtrSet<Operation *, 16> varying;
  /// Per iter_arg: the combining op and its kind.
  SmallVector<std::pair<Operation *, vector::CombiningKind>> reductions;
};

class LoopVectorizer {
public:
  LoopVectorizer(scf::ForOp loop, int64_t lanes, int64_t unroll)
      : loop(loop), lanes(lanes), unroll(unroll) {}

  /// Why the loop cannot be vectorized; empty when it can.
  std::string analyze();
  void rewrite();

private:
  bool invariant(Value v) { return loop.isDefinedOutsideOfLoop(v); }
  /// Indices [invariant..., iv] (contiguous) or all invariant (uniform).
  std::optional<bool> accessIsContiguous(ValueRange indices);
  bool isVarying(Value v) {
    if (v == loop.getInductionVar())
      return true;
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == loop.getBody();
    return v.getDefiningOp() && plan.varying.contains(v.getDefiningOp());
  }

  scf::ForOp loop;
  int64_t lanes, unroll;
  LoopPlan plan;
};

std::optional<bool> LoopVectorizer::accessIsContiguous(ValueRange indices) {
  if (indices.empty())
    return false;
  if (!llvm::all_of(indices.drop_back(), [&](Value v) { return invariant(v); }))
    return std::nullopt;
  if (indices.back() == loop.getInductionVar())
    return true;
  if (invariant(indices.back()))
    return false;
  return std::nullopt;
}

std::string LoopVectorizer::analyze() {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step != 1)
    return "step is not 1";
  Block *body = loop.getBody();
  llvm::SmallDenseSet<Value, 4> stored, readUniformly;
  SmallVector<std::pair<Value, ValueRange>> contiguousReads, contiguousWrites;
  for (Operation &op : body->without_terminator()) {
    if (op.getNumRegions() != 0)
      return "nested region";
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      std::optional<bool> contiguous = accessIsContiguous(load.getIndices());
      if (!contiguous)
        return "load index depends on the loop otherwise than as the last";
      if (!invariant(load.getMemRef()))
        return "memref defined in the loop";
      if (*contiguous) {
        if (!isWidenableMemoryType(load.getType()) ||
            !hasContiguousRows(load.getMemRefType()))
          return "contiguous load of a non-widenable type or strided rows";
        plan.varying.insert(&op);
        contiguousReads.push_back({load.getMemRef(), load.getIndices()});
      } else {
        readUniformly.insert(load.getMemRef());
      }
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      std::optional<bool> contiguous = accessIsContiguous(store.getIndices());
      if (!contiguous || !*contiguous || !invariant(store.getMemRef()) ||
          !isWidenableMemoryType(store.getValue().getType()) ||
          !hasContiguousRows(store.getMemRefType()))
        return "store is not contiguous along the loop";
      stored.insert(store.getMemRef());
      contiguousWrites.push_back({store.getMemRef(), store.getIndices()});
      continue;
    }
    bool anyVarying =
        llvm::any_of(op.getOperands(), [&](Value v) { return isVarying(v); });
    if (!anyVarying) {
      if (!isPure(&op))
        return "impure uniform op";
      continue; // uniform: cloned as a scalar
    }
    if (llvm::is_contained(op.getOperands(), loop.getInductionVar()))
      return "induction variable used outside of an index";
    if (!isWidenableElementwise(&op))
      return "op cannot be widened: " + op.getName().getStringRef().str();
    plan.varying.insert(&op);
  }

  // Stores: distinct memrefs per value; loads of a stored memref read the
  // element being written.
  for (auto [memref, indices] : contiguousWrites) {
    if (readUniformly.contains(memref))
      return "a stored memref is also read at an invariant index";
    for (auto [readMemref, readIndices] : contiguousReads)
      if (readMemref == memref &&
          !llvm::equal(readIndices.drop_back(), indices.drop_back()))
        return "a stored memref is read at other indices";
  }
  if (contiguousWrites.size() != stored.size())
    return "two stores to one memref";

  // Reductions: each iter_arg feeds exactly one combining op that yields.
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    if (!arg.getType().isF32() || !arg.hasOneUse())
      return "loop-carried value is not an f32 used once";
    Operation *user = *arg.user_begin();
    std::optional<vector::CombiningKind> kind = combiningKind(user);
    if (!kind || user->getResult(0) != yield.getOperand(i) ||
        !user->getResult(0).hasOneUse())
      return "loop-carried value is not a reduction";
    plan.reductions.push_back({user, *kind});
  }
  return "";
}

void LoopVectorizer::rewrite() {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto index = [&](int64_t v) {
    return b.create<arith::ConstantIndexOp>(loc, v).getResult();
  };
  int64_t width = lanes * unroll;
  // end = lb + max(ub - lb, 0) / width * width
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value span = b.create<arith::MaxSIOp>(
      loc, b.create<arith::SubIOp>(loc, ub, lb), index(0));
  Value whole = b.create<arith::MulIOp>(
      loc, b.create<arith::DivUIOp>(loc, span, index(width)), index(width));
  Value end = b.create<arith::AddIOp>(loc, lb, whole);

  SmallVector<Value> inits;
  for (auto [combine, kind] : plan.reductions) {
    VectorType type = VectorType::get({lanes}, b.getF32Type());
    Value identity = b.create<arith::ConstantOp>(
        loc,
        DenseElementsAttr::get(
            type, b.getFloatAttr(b.getF32Type(), identityOf(kind)).getValue()));
    for (int64_t u = 0; u < unroll; ++u)
      inits.push_back(identity);
  }

  // One vector of the body at `at`: loads, stores and values widened. With
  // a mask only its lanes are loaded (the others read as 0) and stored.
  size_t numReductions = plan.reductions.size();
  auto emitVector = [&](OpBuilder &nb, Location nloc, Value at, Value mask,
                        IRMapping &uniform, bool cloneUniform,
                        ValueRange accs) {
    VectorWidener widener(nb, lanes);
    widener.scalarMapping() = uniform;
    widener.mapScalar(loop.getInductionVar(), at);
    for (size_t r = 0; r < numReductions; ++r)
      widener.map(loop.getRegionIterArgs()[r], accs[r]);
    auto indicesOf = [&](ValueRange indices) {
      SmallVector<Value> mapped;
      for (Value v : indices)
        mapped.push_back(widener.scalarMapping().lookupOrDefault(v));
      return mapped;
    };
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (auto load = dyn_cast<memref::LoadOp>(op);
          load && plan.varying.contains(&op)) {
        VectorType type = widener.vectorOf(load.getType());
        Value v = mask ? nb.create<vector::MaskedLoadOp>(
                               nloc, type, load.getMemRef(),
                               indicesOf(load.getIndices()), mask,
                               nb.create<arith::ConstantOp>(
                                   nloc, type, nb.getZeroAttr(type)))
                             .getResult()
                       : nb.create<vector::LoadOp>(nloc, type, load.getMemRef(),
                                                   indicesOf(load.getIndices()))
                             .getResult();
        widener.map(load.getResult(), v);
      } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
        Value value = widener.widen(store.getValue());
        if (mask)
          nb.create<vector::MaskedStoreOp>(nloc, store.getMemRef(),
                                           indicesOf(store.getIndices()), mask,
                                           value);
        else
          nb.create<vector::StoreOp>(nloc, value, store.getMemRef(),
                                     indicesOf(store.getIndices()));
      } else if (plan.varying.contains(&op)) {
        widener.cloneWidened(&op);
      } else if (cloneUniform) {
        nb.clone(op, widener.scalarMapping());
      }
    }
    if (cloneUniform)
      uniform = widener.scalarMapping();
    SmallVector<Value> next;
    for (size_t r = 0; r < numReductions; ++r)
      next.push_back(widener.widen(plan.reductions[r].first->getResult(0)));
    return next;
  };

  auto vectorLoop = b.create<scf::ForOp>(
      loc, lb, end, index(width), inits,
      [&](OpBuilder &nb, Location nloc, Value iv, ValueRange accs) {
        SmallVector<Value> next(accs.begin(), accs.end());
        IRMapping uniform;
        for (int64_t u = 0; u < unroll; ++u) {
          Value at =
              u == 0 ? iv
                     : nb.create<arith::AddIOp>(
                             nloc, iv,
                             nb.create<arith::ConstantIndexOp>(nloc, u * lanes))
                           .getResult();
          SmallVector<Value> mine;
          for (size_t r = 0; r < numReductions; ++r)
            mine.push_back(accs[r * unroll + u]);
          SmallVector<Value> out =
              emitVector(nb, nloc, at, Value(), uniform, u == 0, mine);
          for (size_t r = 0; r < numReductions; ++r)
            next[r * unroll + u] = out[r];
        }
        nb.create<scf::YieldOp>(nloc, next);
      });

  // Without reductions the remaining elements (fewer than one vector) are
  // one masked vector: a 14-wide row is one vector op, not 14 scalar ones.
  if (numReductions == 0 && unroll == 1) {
    b.setInsertionPointAfter(vectorLoop);
    // Under an if: a uniform load of a loop that runs no element may read
    // out of bounds.
    Value remaining = b.create<arith::SubIOp>(loc, ub, end);
    Value any = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt,
                                        remaining, index(0));
    b.create<scf::IfOp>(loc, any, [&](OpBuilder &tb, Location tloc) {
      Value mask = tb.create<vector::CreateMaskOp>(
          tloc, VectorType::get({lanes}, tb.getI1Type()),
          ValueRange{remaining});
      IRMapping uniform;
      emitVector(tb, tloc, end, mask, uniform, /*cloneUniform=*/true, {});
      tb.create<scf::YieldOp>(tloc);
    });
    loop.erase();
    return;
  }

  // Partial vectors combine, then reduce into the loop's initial value; the
  // original loop runs the remaining elements.
  b.setInsertionPointAfter(vectorLoop);
  SmallVector<Value> tailInits;
  for (auto [r, reduction] : llvm::enumerate(plan.reductions)) {
    auto [combine, kind] = reduction;
    Value acc = vectorLoop.getResult(r * unroll);
    for (int64_t u = 1; u < unroll; ++u) {
      OperationState state(
          loc, combine->getName(),
          ValueRange{acc, vectorLoop.getResult(r * unroll + u)},
          TypeRange{acc.getType()}, combine->getAttrs());
      acc = b.create(state)->getResult(0);
    }
    tailInits.push_back(
        b.create<vector::ReductionOp>(loc, kind, acc, loop.getInitArgs()[r]));
  }
  loop.getLowerBoundMutable().assign(end);
  loop.getInitArgsMutable().assign(tailInits);
}

struct CpuVectorizeLoops
    : mlir::rlx::impl::CpuVectorizeLoopsBase<CpuVectorizeLoops> {
  using CpuVectorizeLoopsBase::CpuVectorizeLoopsBase;

  void runOnOperation() override {
    if (lanes < 0 || lanes > kMaxF32Lanes || reductionUnroll < 1 ||
        reductionUnroll > 16) {
      getOperation().emitError("rlx-cpu-vectorize-loops: lanes must be in [1, ")
          << kMaxF32Lanes
          << "] (or 0: the target's) and reduction-unroll in [1, 16]";
      return signalPassFailure();
    }
    int64_t vectorLanes = lanes;
    if (vectorLanes == 0) {
      FailureOr<int64_t> target = targetF32Lanes(getOperation());
      if (failed(target))
        return signalPassFailure();
      vectorLanes = *target;
    }
    SmallVector<scf::ForOp> innermost;
    getOperation().walk([&](scf::ForOp loop) {
      bool nested = false;
      loop.getBody()->walk([&](LoopLikeOpInterface) { nested = true; });
      if (!nested)
        innermost.push_back(loop);
    });
    int64_t unroll = reductionUnroll;
    for (scf::ForOp loop : innermost) {
      bool reduces = loop.getNumRegionIterArgs() > 0;
      LoopVectorizer vectorizer(loop, vectorLanes, reduces ? unroll : 1);
      std::string why = vectorizer.analyze();
      if (!why.empty()) {
        if (remarks)
          loop.emitRemark("not vectorized: ") << why;
        continue;
      }
      vectorizer.rewrite();
      // The loop now runs what the unrolled vector loop left: whole vectors
      // of it go one at a time, then single elements.
      if (reduces && unroll > 1) {
        LoopVectorizer single(loop, vectorLanes, 1);
        if (single.analyze().empty())
          single.rewrite();
      }
    }
  }
};
} // namespace
