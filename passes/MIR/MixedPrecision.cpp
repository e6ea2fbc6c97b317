//===- MixedPrecision.cpp - mir-mixed-precision ---------------------------===//
//
// Every MIR op with f16, bf16 or f32 tensors gets a compute type from the
// policy (f64 ops keep f64 unless the custom policy names a type); its
// float operands are cast to it and its float results take it. Leaves
// (mir.constant, mir.param) keep their types and their consumers cast;
// mir.cast keeps its declared output; mir.elementwise regions and non-MIR
// ops (func.return) get their operands cast back to the types they had.
// Then an f32 param that every use casts to one f16 / bf16 type is stored
// in that type and given in f32 (narrowParams): the runtime converts it
// once, when it is set, instead of a cast on every run.
//
//===----------------------------------------------------------------------===//
#include "passes/MIR/Passes.h"

#include "dialects/MIR/MIROps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::rlx::mir {
#define GEN_PASS_DEF_MIRMIXEDPRECISION
#include "passes/MIR/Passes.h.inc"
} // namespace mlir::rlx::mir

using namespace mlir;
using namespace mlir::rlx;
using namespace mlir::rlx::mir;

namespace {
using Policy = ::rlx::Precision;

/// What the rewrite does to one op, decided on the IR as written.
struct Step {
  Operation *op;
  /// The compute type of a MIR op; null for ops whose operands keep their
  /// original types (`keep`).
  Type compute;
  SmallVector<Type> keep;
};
} // namespace

template <typename... Ops> static SmallVector<StringRef> operationNames() {
  return {Ops::getOperationName()...};
}

/// MIR ops whose element types the pass sets. Not: leaves (their consumers
/// cast), casts (declared output, any input), regions (kept as written) and
/// yield.
static bool isComputeOpName(StringRef name) {
  static const SmallVector<StringRef> all = operationNames<
#define GET_OP_LIST
#include "dialects/MIR/MIROps.cpp.inc"
      >();
  static const SmallVector<StringRef> excluded =
      operationNames<ConstantOp, ParamOp, CastOp, ElementwiseOp, YieldOp>();
  return llvm::is_contained(all, name) && !llvm::is_contained(excluded, name);
}

static Type floatElementOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isa<FloatType>(tensor.getElementType()))
    return {};
  return tensor.getElementType();
}

/// The float element type `op` computes in as written: that of its first
/// float result, else of its first float operand (mir.compare); null when
/// the op has no float tensor.
static Type originalFloatType(Operation *op) {
  for (Type t : op->getResultTypes())
    if (Type elt = floatElementOf(t))
      return elt;
  for (Type t : op->getOperandTypes())
    if (Type elt = floatElementOf(t))
      return elt;
  return {};
}

/// auto-mixed keeps these in f32: they accumulate or exponentiate, where
/// f16's range and precision lose the result.
static bool needsF32(Operation *op) {
  if (isa<SoftmaxOp, LayerNormOp, RmsNormOp, ResidualNormOp, CumsumOp,
          AttentionOp>(op))
    return true;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return reduce.getKind() == ReduceKind::sum ||
           reduce.getKind() == ReduceKind::mean ||
           reduce.getKind() == ReduceKind::prod;
  if (auto unary = dyn_cast<UnaryOp>(op))
    return unary.getKind() == UnaryKind::exp ||
           unary.getKind() == UnaryKind::log;
  if (auto binary = dyn_cast<BinaryOp>(op))
    return binary.getKind() == BinaryKind::pow;
  return false;
}

static bool isMatmulLike(Operation *op) {
  return isa<MatmulOp, FusedMatmulOp, SharedMatmulOp, SwigluOp, Conv2dOp>(op);
}

namespace {
struct MixedPrecision
    : mlir::rlx::mir::impl::MIRMixedPrecisionBase<MixedPrecision> {
  using MIRMixedPrecisionBase::MIRMixedPrecisionBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    customTypes.clear();
    if (failed(parseOptions(func)))
      return signalPassFailure();
    for (Block &block : func.getBody()) {
      rewriteBlock(block);
      narrowParams(block);
    }
  }

private:
  LogicalResult parseOptions(func::FuncOp func);
  Type computeType(Operation *op) const;
  void rewriteBlock(Block &block);
  static void narrowParams(Block &block);
  Value castTo(Value value, Type type, Operation *user);

  Policy policyKind = Policy::f32;
  llvm::StringMap<Type> customTypes;
  /// One cast per (value, type) in a block: later users reuse the first,
  /// which sits before an earlier user and so dominates them.
  DenseMap<std::pair<Value, Type>, Value> casts;
};
} // namespace

void MixedPrecision::rewriteBlock(Block &block) {
  casts.clear();
  // Decide everything first: a custom map keeps an op's type as written,
  // and a region or return needs the types its operands had, while the
  // rewrite changes result types as it goes.
  SmallVector<Step> steps;
  for (Operation &op : block) {
    bool isMir = isa_and_nonnull<MIRDialect>(op.getDialect());
    if (isMir && isComputeOpName(op.getName().getStringRef())) {
      if (Type compute = computeType(&op))
        steps.push_back({&op, compute, {}});
      continue;
    }
    if (isa<ElementwiseOp>(op) || !isMir)
      steps.push_back({&op, Type(), llvm::to_vector(op.getOperandTypes())});
  }

  for (Step &step : steps) {
    Operation *op = step.op;
    if (!step.compute) {
      for (auto [use, type] : llvm::zip(op->getOpOperands(), step.keep))
        if (use.get().getType() != type)
          use.set(castTo(use.get(), type, op));
      continue;
    }
    for (OpOperand &use : op->getOpOperands()) {
      Type elt = floatElementOf(use.get().getType());
      if (!elt || elt == step.compute)
        continue;
      auto type = cast<RankedTensorType>(use.get().getType());
      use.set(castTo(use.get(), type.clone(step.compute), op));
    }
    for (OpResult result : op->getResults())
      if (floatElementOf(result.getType()))
        result.setType(
            cast<RankedTensorType>(result.getType()).clone(step.compute));
  }
}

/// An f32 param that every use casts to one f16 / bf16 type of its shape is
/// stored in that type and given in f32 (mir.param `given`): the cast runs
/// once, when the param is set, instead of on every run, and the arena holds
/// the narrow copy only. Params of one name are narrowed all or none.
void MixedPrecision::narrowParams(Block &block) {
  llvm::MapVector<StringAttr, SmallVector<ParamOp>> byName;
  for (ParamOp param : block.getOps<ParamOp>())
    byName[param.getNameAttr()].push_back(param);
  for (auto &[name, params] : byName) {
    Type narrow;
    auto narrowable = [&](ParamOp param) {
      if (param.getGiven() || !param.getType().getElementType().isF32())
        return false;
      for (Operation *user : param->getUsers()) {
        auto cast = dyn_cast<CastOp>(user);
        auto type = cast ? dyn_cast<RankedTensorType>(cast.getType())
                         : RankedTensorType();
        if (!type || type.getShape() != param.getType().getShape())
          return false;
        Type element = type.getElementType();
        if (!(element.isF16() || element.isBF16()) ||
            (narrow && narrow != element))
          return false;
        narrow = element;
      }
      return true;
    };
    if (!llvm::all_of(params, narrowable) || !narrow)
      continue;
    for (ParamOp param : params) {
      param.getOutput().setType(param.getType().clone(narrow));
      param.setGivenAttr(TypeAttr::get(Float32Type::get(param.getContext())));
      for (Operation *user : llvm::make_early_inc_range(param->getUsers())) {
        user->getResult(0).replaceAllUsesWith(param.getOutput());
        user->erase();
      }
    }
  }
}

LogicalResult MixedPrecision::parseOptions(func::FuncOp func) {
  // The option's parser accepted only the policies precisionPolicyValues()
  // names.
  policyKind = policy;
  if (StringRef(custom).trim().empty())
    return success();
  // A map that would be ignored is a mistake, not a no-op.
  if (policyKind != Policy::custom)
    return func.emitError() << "mir-mixed-precision: the custom map needs "
                               "policy=custom";

  Builder b(func.getContext());
  SmallVector<StringRef> entries;
  StringRef(custom).split(entries, ',');
  for (StringRef entry : entries) {
    entry = entry.trim();
    auto [name, typeName] = entry.split('=');
    name = name.trim();
    typeName = typeName.trim();
    if (name.empty() || typeName.empty() || typeName.contains('='))
      return func.emitError()
             << "mir-mixed-precision: malformed custom entry '" << entry
             << "' (expected op=type, e.g. mir.matmul=f16)";
    if (!isComputeOpName(name))
      return func.emitError()
             << "mir-mixed-precision: custom entry '" << entry << "': '" << name
             << "' is not a MIR op whose precision this pass sets";
    Type type = llvm::StringSwitch<Type>(typeName)
                    .Case("f16", b.getF16Type())
                    .Case("bf16", b.getBF16Type())
                    .Case("f32", b.getF32Type())
                    .Case("f64", b.getF64Type())
                    .Default(Type());
    if (!type)
      return func.emitError() << "mir-mixed-precision: custom entry '" << entry
                              << "': unknown type '" << typeName
                              << "' (expected f16, bf16, f32 or f64)";
    if (!customTypes.try_emplace(name, type).second)
      return func.emitError() << "mir-mixed-precision: custom entry '" << entry
                              << "': '" << name << "' is listed more than once";
  }
  return success();
}

Type MixedPrecision::computeType(Operation *op) const {
  Type original = originalFloatType(op);
  if (!original)
    return {}; // integer and i1 ops are untouched
  // The policies choose among f16, bf16 and f32; f64 is asked for on
  // purpose and stays (only the custom policy, which names types per op,
  // changes it).
  if (original.isF64() && policyKind != Policy::custom)
    return original;
  Builder b(op->getContext());
  switch (policyKind) {
  case Policy::f32:
    return b.getF32Type();
  case Policy::f16:
    return b.getF16Type();
  case Policy::autoMixed:
    return needsF32(op) ? b.getF32Type() : b.getF16Type();
  case Policy::autoMixedBf16:
    return needsF32(op) ? b.getF32Type() : b.getBF16Type();
  case Policy::autoMixedConservative:
    return isMatmulLike(op) ? b.getF16Type() : b.getF32Type();
  case Policy::custom: {
    auto it = customTypes.find(op->getName().getStringRef());
    return it == customTypes.end() ? original : it->second;
  }
  }
  llvm_unreachable("unknown policy");
}

Value MixedPrecision::castTo(Value value, Type type, Operation *user) {
  Value &cast = casts[{value, type}];
  if (!cast) {
    OpBuilder builder(user);
    cast = builder.create<CastOp>(user->getLoc(), type, value);
  }
  return cast;
}
