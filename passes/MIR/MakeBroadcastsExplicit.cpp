//===- MakeBroadcastsExplicit.cpp - mir-make-broadcasts-explicit ----------===//
#include "passes/MIR/Passes.h"

#include "dialects/MIR/MIROps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRMAKEBROADCASTSEXPLICIT
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx::mir;

namespace {
struct MakeBroadcastsExplicit
    : mlir::rlx::mir::impl::MIRMakeBroadcastsExplicitBase<
          MakeBroadcastsExplicit> {
  using MIRMakeBroadcastsExplicitBase::MIRMakeBroadcastsExplicitBase;

  void runOnOperation() override {
    // A plain walk rather than the greedy driver: in MLIR 19 the driver also
    // runs every op's folder, and this pass must only add broadcasts.
    for (Block &block : getOperation().getBody()) {
      // One broadcast per (value, type) in a block; the first one sits
      // before the first user, so it dominates every later user.
      DenseMap<std::pair<Value, Type>, Value> made;
      for (Operation &op : block) {
        if (!isa<BinaryOp, CompareOp, SelectOp>(op))
          continue;
        auto result = dyn_cast<RankedTensorType>(op.getResult(0).getType());
        if (!result)
          continue; // scalars (region bodies) never broadcast
        for (OpOperand &use : op.getOpOperands()) {
          auto type = dyn_cast<RankedTensorType>(use.get().getType());
          if (!type || type.getShape() == result.getShape())
            continue;
          auto target =
              RankedTensorType::get(result.getShape(), type.getElementType());
          Value &expanded = made[{use.get(), target}];
          if (!expanded) {
            OpBuilder builder(&op);
            expanded =
                builder.create<BroadcastOp>(op.getLoc(), target, use.get());
          }
          use.set(expanded);
        }
      }
    }
  }
};
} // namespace
