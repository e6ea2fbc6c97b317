//===- Fusion.cpp - Running fusion stages and reporting -------------------===//
#include "passes/MIR/Fusion.h"
#include "dialects/MIR/MIROps.h"
#include "passes/Common/Log.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::rlx::mir {

FusionOptions fusionOptionsFor(const Target &target, FusionReport *report) {
  FusionOptions options;
  options.allow = [&target](Operation *, StringRef fusedOpName) {
    return target.claims(fusedOpName);
  };
  options.targetName = target.name;
  options.report = report;
  options.maxSteps = target.maxRegionSteps;
  options.maxInputs = target.maxRegionInputs;
  return options;
}

LogicalResult runFusionPass(func::FuncOp func, ArrayRef<FusionStage> stages,
                            const FusionPassConfig &config) {
  const Target *target = lookupTargetOrEmit(func);
  if (!target)
    return failure();
  FusionReport report;
  FusionOptions options = fusionOptionsFor(*target, &report);
  if (config.maxSteps > 0)
    options.maxSteps = config.maxSteps;
  if (config.maxInputs > 0)
    options.maxInputs = config.maxInputs;

  report.countBefore(func);
  for (const FusionStage &stage : stages) {
    RewritePatternSet patterns(func.getContext());
    stage.populate(patterns, options);
    // Bounded (RELIABILITY.md contract 3); fusion shrinks the op count, so a
    // stage that has not converged within the bound is a bug worth an error.
    GreedyRewriteConfig greedy;
    greedy.maxIterations = 10;
    greedy.maxNumRewrites = 100000;
    greedy.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    if (failed(applyPatternsAndFoldGreedily(func, std::move(patterns), greedy)))
      return func.emitError()
             << "fusion stage '" << stage.name << "' did not converge";
    // Diagnose before a later stage rewrites what this one left (the
    // epilogue would take the silu of a swiglu the target does not claim,
    // and the Q/K/V matmuls of an unclaimed shared matmul).
    stage.diagnose(func, options);
  }
  report.countAfter(func);
  {
    std::vector<FusionRecord> records;
    std::string name = func.getSymName().str();
    for (const FusionReport::Entry &e : report.fused())
      records.push_back({name, e.pattern, e.op, e.message, true});
    for (const FusionReport::Entry &e : report.missed())
      records.push_back({name, e.pattern, e.op, e.message, false});
    recordFusions(func->getContext(), records);
  }

  if (config.report || FusionReport::enabledByEnvironment()) {
    std::string title =
        "@" + func.getSymName().str() + ", target '" + target->name + "'";
    std::string text;
    llvm::raw_string_ostream os(text);
    report.print(os, title);
    log(func->getContext(), ::rlx::LogLevel::report, text);
  }
  if (config.assertClean && !report.missed().empty()) {
    InFlightDiagnostic diag = func.emitError()
                              << report.missed().size()
                              << " fusion(s) missed (assert-clean)";
    for (const FusionReport::Entry &e : report.missed())
      diag.attachNote() << "[" << e.pattern << "] " << e.op << ": "
                        << e.message;
    return failure();
  }
  return success();
}

bool isAvailableAt(Value value, Operation *point) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->findAncestorOpInBlock(*point) != nullptr;
  Operation *def = value.getDefiningOp();
  Operation *ancestor = def->getBlock()->findAncestorOpInBlock(*point);
  return ancestor && ancestor != def && def->isBeforeInBlock(ancestor);
}

std::optional<Activation> epilogueActivation(UnaryKind kind) {
  switch (kind) {
  case UnaryKind::relu:
    return Activation::relu;
  case UnaryKind::gelu:
    return Activation::gelu;
  case UnaryKind::gelu_tanh:
    return Activation::gelu_tanh;
  case UnaryKind::silu:
    return Activation::silu;
  case UnaryKind::sigmoid:
    return Activation::sigmoid;
  case UnaryKind::tanh:
    return Activation::tanh;
  default:
    return std::nullopt;
  }
}

Value applyActivation(OpBuilder &b, Location loc, Activation act, Value x) {
  if (act == Activation::none)
    return x;
  if (act != Activation::relu6)
    return b.create<UnaryOp>(loc, x.getType(), unaryKindOf(act), x);
  auto type = cast<ShapedType>(x.getType());
  auto scalar = [&](double v) {
    auto t = RankedTensorType::get({}, type.getElementType());
    return b.create<ConstantOp>(
        loc, DenseElementsAttr::get(
                 t, b.getFloatAttr(type.getElementType(), v).getValue()));
  };
  Value low =
      b.create<BinaryOp>(loc, x.getType(), BinaryKind::max, x, scalar(0.0));
  return b.create<BinaryOp>(loc, x.getType(), BinaryKind::min, low,
                            scalar(6.0));
}

std::optional<double> scalarConstantValue(Value v) {
  auto cst = v.getDefiningOp<ConstantOp>();
  auto attr = cst ? dyn_cast<DenseFPElementsAttr>(cst.getValue()) : nullptr;
  if (!attr || !attr.isSplat() ||
      llvm::any_of(attr.getType().getShape(), [](int64_t d) { return d != 1; }))
    return std::nullopt;
  return attr.getSplatValue<APFloat>().convertToDouble();
}

UnaryKind unaryKindOf(Activation act) {
  switch (act) {
  case Activation::relu:
    return UnaryKind::relu;
  case Activation::gelu:
    return UnaryKind::gelu;
  case Activation::gelu_tanh:
    return UnaryKind::gelu_tanh;
  case Activation::silu:
    return UnaryKind::silu;
  case Activation::sigmoid:
    return UnaryKind::sigmoid;
  case Activation::tanh:
    return UnaryKind::tanh;
  case Activation::none:
  case Activation::relu6:
    break;
  }
  llvm_unreachable("Activation::none and relu6 have no unary kind");
}

} // namespace mlir::rlx::mir
