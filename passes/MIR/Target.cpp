//===- Target.cpp - What a target claims to run natively ------------------===//
#include "passes/MIR/Target.h"

#include "dialects/MIR/MIROps.h"
#include "dialects/Target/Target.h"

namespace mlir::rlx::mir {

template <typename... Ops> static SmallVector<StringRef> operationNames() {
  return {Ops::getOperationName()...};
}

/// Every op of the MIR dialect, from the generated op list.
static SmallVector<StringRef> allMirOps() {
  return operationNames<
#define GET_OP_LIST
#include "dialects/MIR/MIROps.cpp.inc"
      >();
}

static Target makeTarget(StringRef name, ArrayRef<StringRef> without,
                         int64_t steps, int64_t inputs) {
  Target t;
  t.name = name.str();
  for (StringRef op : allMirOps())
    if (!llvm::is_contained(without, op))
      t.claimed.insert(op);
  t.maxRegionSteps = steps;
  t.maxRegionInputs = inputs;
  return t;
}

const Target *lookupTarget(StringRef name) {
  static const Target cpu = makeTarget("cpu", {}, 64, 16);
  static const Target vulkan = makeTarget(
      "vulkan",
      {"mir.shared_matmul", "mir.residual_norm", "mir.swiglu", "mir.attention"},
      32, 8);
  static const Target test = makeTarget(
      "test",
      {"mir.softmax", "mir.layer_norm", "mir.rms_norm", "mir.fused_matmul",
       "mir.residual_norm", "mir.swiglu", "mir.shared_matmul",
       "mir.elementwise", "mir.yield", "mir.conv2d", "mir.pool", "mir.topk",
       "mir.cumsum", "mir.attention"},
      4, 3);
  if (name == "cpu")
    return &cpu;
  if (name == "vulkan")
    return &vulkan;
  if (name == "test")
    return &test;
  return nullptr;
}

std::string knownTargetNames() { return "cpu, vulkan, test"; }

const Target *lookupTargetOrEmit(Operation *op) {
  TargetAttrInterface attr = getTargetOrDefault(op);
  const Target *target = lookupTarget(attr.getBackend());
  if (!target)
    op->emitError() << "target " << attr << " has no MIR op claims; known "
                    << "claim sets: " << knownTargetNames();
  return target;
}

} // namespace mlir::rlx::mir
