//===- LIRToLLVM.cpp - convert-lir-to-llvm --------------------------------===//
//
// Two steps. Outlining: every lir.dispatch becomes a func.func holding a clone
// of its kernel's body, specialized to the dispatch's views (constant arena
// offsets) and reading the workgroup coordinate from its i64 arguments; then
// the LIR is erased. Lowering: upstream passes take the functions to the LLVM
// dialect (the list in MLIR19.md), run as dynamic pipelines so that ops no
// pass could lower are reported by name before reconcile-unrealized-casts
// would report a cast instead.
//
//===----------------------------------------------------------------------===//
#include "conversion/LIRToLLVM/LIRToLLVM.h"
#include "conversion/LIRToLLVM/MatmulSchedule.h"
#include "conversion/Passes.h"
#include "dialects/LIR/LIRDialect.h"
#include "dialects/LIR/LIROps.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::rlx {
#define GEN_PASS_DEF_CONVERTLIRTOLLVM
#include "conversion/Passes.h.inc"
} // namespace mlir::rlx

using namespace mlir;
using namespace mlir::rlx;

std::string mlir::rlx::dispatchSymbolName(StringRef program, unsigned index,
                                          bool prefixWithProgram) {
  std::string name = "rlx_dispatch_" + std::to_string(index);
  return prefixWithProgram ? (program + "_" + name).str() : name;
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

/// The dialects a kernel body may use: those whose lowering to LLVM the
/// pipeline below contains.
static bool isKernelDialect(Dialect *dialect) {
  static const llvm::StringSet<> allowed = {"arith",  "math",   "memref", "scf",
                                            "linalg", "vector", "affine", "cf",
                                            "index",  "ub"};
  return dialect && allowed.contains(dialect->getNamespace());
}

/// Diagnoses what the lowering cannot take, at the op in the kernel.
static LogicalResult checkKernelBody(lir::KernelOp kernel) {
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  WalkResult result = kernel.getBody().walk([&](Operation *op) {
    if (isa<lir::WorkgroupIdOp, lir::ReturnOp>(op))
      return WalkResult::advance();
    if (!isKernelDialect(op->getDialect())) {
      op->emitOpError()
          << "is not supported in a kernel body by convert-lir-to-llvm; "
             "kernels hold arith, math, memref, scf, linalg, vector, affine, "
             "cf, index and ub ops";
      return WalkResult::interrupt();
    }
    // (A region's tensor arguments come with tensor operands.)
    if (llvm::any_of(op->getOperandTypes(), isTensor) ||
        llvm::any_of(op->getResultTypes(), isTensor)) {
      op->emitOpError() << "works on tensors; convert-lir-to-llvm needs "
                           "kernel bodies on memrefs (bufferize them first)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// memref.copy between non-contiguous memrefs lowers to a call of MLIR's
/// runtime library (`memrefCopy`), which object code cannot rely on:
/// linalg.copy lowers to loops instead. Contiguous copies stay (memcpy).
static void rewriteStridedCopies(func::FuncOp fn) {
  SmallVector<memref::CopyOp> copies;
  fn.walk([&](memref::CopyOp copy) {
    auto isContiguous = [](Type t) {
      auto type = dyn_cast<MemRefType>(t);
      return type && memref::isStaticShapeAndContiguousRowMajor(type);
    };
    if (!isContiguous(copy.getSource().getType()) ||
        !isContiguous(copy.getTarget().getType()))
      copies.push_back(copy);
  });
  for (memref::CopyOp copy : copies) {
    OpBuilder b(copy);
    b.create<linalg::CopyOp>(copy.getLoc(), ValueRange{copy.getSource()},
                             ValueRange{copy.getTarget()});
    copy.erase();
  }
}

/// Builds the function of one dispatch before `insertBefore`.
static func::FuncOp outlineDispatch(lir::DispatchOp dispatch,
                                    lir::KernelOp kernel, MemRefType arenaType,
                                    StringRef name, Operation *insertBefore) {
  MLIRContext *ctx = dispatch.getContext();
  Location loc = dispatch.getLoc();
  Type i64 = IntegerType::get(ctx, 64);
  OpBuilder b(insertBefore);
  auto fn = b.create<func::FuncOp>(
      loc, name, FunctionType::get(ctx, {arenaType, i64, i64, i64}, {}));
  fn.setPublic();
  fn->setAttr("lir.kernel", kernel.getSymNameAttr());
  fn->setAttr("lir.grid", kernel.getGridAttr());

  // The views: one memref.view per kernel argument at its constant offset.
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  Block &kernelEntry = kernel.getBody().front();
  IRMapping mapping;
  for (auto [view, param] :
       llvm::zip(dispatch.getArgs(), kernelEntry.getArguments())) {
    // Schedules hold only views and dispatches, and programs are isolated:
    // every dispatch operand is a lir.view.
    auto viewOp = view.getDefiningOp<lir::ViewOp>();
    Value offset = b.create<arith::ConstantIndexOp>(
        viewOp.getLoc(), viewOp.getOffsetAttr().getInt());
    Value typed =
        b.create<memref::ViewOp>(viewOp.getLoc(), viewOp.getType(),
                                 entry->getArgument(0), offset, ValueRange{});
    mapping.map(param, typed);
  }

  // The body: the kernel's blocks; its entry block (whose arguments are all
  // mapped) is merged into ours.
  Region &body = fn.getBody();
  kernel.getBody().cloneInto(&body, mapping);
  Block *clonedEntry = entry->getNextNode();
  entry->getOperations().splice(entry->end(), clonedEntry->getOperations());
  clonedEntry->erase();

  // Workgroup coordinates: the i64 arguments, cast once at the top.
  SmallVector<Value, 3> ids(3);
  SmallVector<lir::WorkgroupIdOp> idOps;
  fn.walk([&](lir::WorkgroupIdOp op) { idOps.push_back(op); });
  for (lir::WorkgroupIdOp op : idOps) {
    int64_t dim = op.getDimAttr().getInt();
    if (!ids[dim]) {
      b.setInsertionPointToStart(entry);
      ids[dim] = b.create<arith::IndexCastOp>(op.getLoc(), b.getIndexType(),
                                              entry->getArgument(1 + dim));
    }
    op.replaceAllUsesWith(ids[dim]);
    op.erase();
  }
  SmallVector<lir::ReturnOp> returns;
  fn.walk([&](lir::ReturnOp op) { returns.push_back(op); });
  for (lir::ReturnOp op : returns) {
    b.setInsertionPoint(op);
    b.create<func::ReturnOp>(op.getLoc());
    op.erase();
  }
  rewriteStridedCopies(fn);
  return fn;
}

/// Outlines every dispatch of every program, then erases the programs.
static LogicalResult outlinePrograms(ModuleOp module) {
  SmallVector<lir::ProgramOp> programs(module.getOps<lir::ProgramOp>());
  // Symbols the generated names must not take; the programs' own names go
  // away with them.
  llvm::StringSet<> taken;
  for (Operation &op : *module.getBody())
    if (!isa<lir::ProgramOp>(op))
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
        taken.insert(name.getValue());

  bool prefix = programs.size() > 1;
  for (lir::ProgramOp program : programs) {
    // lir.kernel verification guarantees the body's types; check the ops.
    for (auto kernel : program.getBody().getOps<lir::KernelOp>())
      if (failed(checkKernelBody(kernel)))
        return failure();
    auto arenaType = MemRefType::get({program.getArenaSizeAttr().getInt()},
                                     IntegerType::get(module.getContext(), 8));
    SymbolTable kernels(program);
    unsigned index = 0;
    for (auto schedule : program.getBody().getOps<lir::ScheduleOp>()) {
      for (auto dispatch : schedule.getBody().getOps<lir::DispatchOp>()) {
        std::string name =
            dispatchSymbolName(program.getSymName(), index++, prefix);
        if (!taken.insert(name).second)
          return dispatch.emitOpError()
                 << "would become function '" << name
                 << "', but the module already has a symbol of that name";
        // lir.dispatch C1 guarantees the kernel.
        auto kernel = kernels.lookup<lir::KernelOp>(dispatch.getKernel());
        outlineDispatch(dispatch, kernel, arenaType, name, program);
      }
    }
  }
  for (lir::ProgramOp program : programs)
    program.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

namespace {
/// arith-expand without its max / min rewrite: bf16 extf / truncf become
/// integer ops, ceildiv / floordiv become divisions. Upstream's pass also
/// rewrites arith.maximumf / minimumf to cmpf + select, which returns its
/// second operand for -0 against +0; MIR's max / min (and relu) order -0
/// below +0, as arith-to-llvm's llvm.intr.maximum / minimum do.
struct ExpandArith : PassWrapper<ExpandArith, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandArith)
  StringRef getArgument() const override { return "rlx-expand-arith"; }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    GreedyRewriteConfig config;
    config.maxIterations = 10;
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                       config);
  }
};

/// The upstream lowering, split where the pass reports unlowered ops.
struct LoweringPipelines {
  /// Structured ops to loops and vector transfers to scf, bf16 arithmetic to
  /// f32, scf to cf, math with LLVM intrinsics to LLVM.
  OpPassManager toLoops{ModuleOp::getOperationName()};
  /// (Between the two: the remaining math ops to libm calls, in C++.)
  /// Vector, memref, arith, func, cf, index, ub to LLVM.
  OpPassManager toLLVM{ModuleOp::getOperationName()};
  /// After the check for ops no pass lowered.
  OpPassManager finish{ModuleOp::getOperationName()};

  explicit LoweringPipelines(const LIRToLLVMOptions &options) {
    OpPassManager &fnPm = toLoops.nest<func::FuncOp>();
    if (options.tileMatmul)
      addMatmulSchedule(fnPm);
    fnPm.addPass(createConvertLinalgToLoopsPass());
    // Without full unrolling 2-D transfers lower through allocas (MLIR19.md).
    VectorTransferToSCFOptions vectorToScf;
    vectorToScf.enableFullUnroll(true);
    fnPm.addPass(createConvertVectorToSCFPass(vectorToScf));
    // bf16 arithmetic computes in f32; bf16 extf/truncf become integer ops
    // (no dependence on the target's or libgcc's bf16 support).
    static const std::string bf16[] = {"bf16"};
    arith::ArithEmulateUnsupportedFloatsOptions emulate;
    emulate.sourceTypeStrs = bf16;
    emulate.targetTypeStr = "f32";
    fnPm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
    fnPm.addPass(std::make_unique<ExpandArith>());
    toLoops.addPass(createLowerAffinePass());
    toLoops.addPass(createConvertSCFToCFPass());
    toLoops.addPass(createCanonicalizerPass());
    toLoops.addPass(createCSEPass());
    // log1p through log(1 + x) loses all precision near 0: libm instead.
    ConvertMathToLLVMPassOptions math;
    math.approximateLog1p = false;
    toLoops.addPass(createConvertMathToLLVMPass(math));

    toLLVM.addPass(createConvertVectorToLLVMPass());
    toLLVM.addPass(memref::createExpandStridedMetadataPass());
    toLLVM.addPass(createLowerAffinePass());
    toLLVM.addPass(createFinalizeMemRefToLLVMConversionPass());
    toLLVM.addPass(createArithToLLVMConversionPass());
    // The arena is one pointer, not a memref descriptor.
    ConvertFuncToLLVMPassOptions funcToLLVM;
    funcToLLVM.useBarePtrCallConv = true;
    toLLVM.addPass(createConvertFuncToLLVMPass(funcToLLVM));
    toLLVM.addPass(createConvertControlFlowToLLVMPass());
    toLLVM.addPass(createConvertIndexToLLVMPass());
    toLLVM.addPass(createUBToLLVMConversionPass());

    finish.addPass(createReconcileUnrealizedCastsPass());
    finish.addPass(createCanonicalizerPass());
  }

  void getDependentDialects(DialectRegistry &registry) const {
    toLoops.getDependentDialects(registry);
    toLLVM.getDependentDialects(registry);
    finish.getDependentDialects(registry);
  }
};

struct ConvertLIRToLLVM
    : mlir::rlx::impl::ConvertLIRToLLVMBase<ConvertLIRToLLVM> {
  using ConvertLIRToLLVMBase::ConvertLIRToLLVMBase;

  LIRToLLVMOptions options() const {
    LIRToLLVMOptions o;
    o.tileMatmul = tileMatmul;
    return o;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertLIRToLLVMBase::getDependentDialects(registry);
    registry.insert<linalg::LinalgDialect, vector::VectorDialect>();
    LoweringPipelines(options()).getDependentDialects(registry);
    if (tileMatmul)
      registerMatmulScheduleDependencies(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(outlinePrograms(module)))
      return signalPassFailure();
    if (outlineOnly)
      return;

    LoweringPipelines pipelines(options());
    if (failed(runPipeline(pipelines.toLoops, module)))
      return signalPassFailure();
    // math-to-libm's pass marks the whole math dialect illegal and fails on
    // the first op it cannot lower; its patterns alone leave such an op for
    // the check below, which names it.
    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    GreedyRewriteConfig config;
    config.maxIterations = 4;
    (void)applyPatternsAndFoldGreedily(module, std::move(libm), config);
    if (failed(runPipeline(pipelines.toLLVM, module)))
      return signalPassFailure();

    bool lowered = true;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ModuleOp, UnrealizedConversionCastOp>(op) ||
          isa<LLVM::LLVMDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("could not be lowered to the LLVM dialect");
      lowered = false;
      // Its nested ops were not lowered either: one error per op tree.
      return WalkResult::skip();
    });
    if (!lowered)
      return signalPassFailure();
    if (failed(runPipeline(pipelines.finish, module)))
      return signalPassFailure();
  }
};
} // namespace

void mlir::rlx::buildLIRToLLVMPipeline(OpPassManager &pm,
                                       const LIRToLLVMOptions &options) {
  ConvertLIRToLLVMOptions passOptions;
  passOptions.tileMatmul = options.tileMatmul;
  pm.addPass(createConvertLIRToLLVM(passOptions));
}

namespace {
struct LIRToLLVMPipelineOptions
    : PassPipelineOptions<LIRToLLVMPipelineOptions> {
  Option<bool> tileMatmul{
      *this, "tile-matmul",
      llvm::cl::desc("tile and vectorize linalg.matmul in kernels"),
      llvm::cl::init(false)};
};
} // namespace

void mlir::rlx::registerLIRToLLVMPipeline() {
  PassPipelineRegistration<LIRToLLVMPipelineOptions>(
      "rlx-lir-to-llvm",
      "LIR programs -> LLVM dialect, one exported function per dispatch",
      [](OpPassManager &pm, const LIRToLLVMPipelineOptions &options) {
        LIRToLLVMOptions o;
        o.tileMatmul = options.tileMatmul;
        buildLIRToLLVMPipeline(pm, o);
      });
}
