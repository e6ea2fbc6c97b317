//===- Pipelines.cpp - rlx's pass pipelines -------------------------------===//
#include "passes/Pipelines/Pipelines.h"
#include "conversion/LIRToLLVM/LIRToLLVM.h"
#include "conversion/Passes.h"
#include "passes/HIR/Passes.h"
#include "passes/LIR/Passes.h"
#include "passes/MIR/Passes.h"
#include "passes/MIR/Target.h"
#include "passes/Pipelines/DumpIR.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include <cstdlib>

namespace mlir::rlx {

namespace {
/// The command-line face of MirPipelineOptions (shared by the MIR and CPU
/// pipelines through CRTP, as PassPipelineOptions requires).
template <typename Derived> struct MirCLOptions : PassPipelineOptions<Derived> {
  template <typename T>
  using Option = typename PassPipelineOptions<Derived>::template Option<T>;
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("cpu, vulkan or test"),
                             llvm::cl::init("cpu")};
  Option<std::string> policy{*this, "policy",
                             llvm::cl::desc("HIR lowering: fusable or direct"),
                             llvm::cl::init("fusable")};
  Option<std::string> precision{*this, "precision",
                                llvm::cl::desc("mixed-precision policy"),
                                llvm::cl::init("always-f32")};
  Option<std::string> custom{*this, "custom-precision",
                             llvm::cl::desc("op=type list for 'custom'"),
                             llvm::cl::init("")};
  Option<std::string> bind{*this, "bind",
                           llvm::cl::desc("symbol bindings, batch=64,..."),
                           llvm::cl::init("")};
  Option<bool> fuse{*this, "fuse", llvm::cl::desc("run fusion"),
                    llvm::cl::init(true)};
  Option<bool> foldConstants{*this, "fold-constants",
                             llvm::cl::desc("fold ops on constants"),
                             llvm::cl::init(true)};
  Option<bool> report{*this, "report",
                      llvm::cl::desc("print fusion and dispatch reports"),
                      llvm::cl::init(false)};
  Option<bool> assertClean{*this, "assert-fusion-clean",
                           llvm::cl::desc("fail on any missed fusion"),
                           llvm::cl::init(false)};
  Option<std::string> dumpDir{*this, "dump-dir",
                              llvm::cl::desc("write each stage's IR here"),
                              llvm::cl::init("")};

  MirPipelineOptions toOptions() const {
    MirPipelineOptions o;
    o.target = target;
    o.policy = policy;
    o.precision = precision;
    o.customPrecision = custom;
    o.bind = bind;
    o.fuse = fuse;
    o.foldConstants = foldConstants;
    o.report = report;
    o.assertFusionClean = assertClean;
    o.dumpDir = dumpDir;
    return o;
  }
};

struct MirPipelineCLOptions : MirCLOptions<MirPipelineCLOptions> {};

struct CpuPipelineCLOptions : MirCLOptions<CpuPipelineCLOptions> {
  Option<int64_t> alignment{*this, "alignment",
                            llvm::cl::desc("arena alignment in bytes"),
                            llvm::cl::init(64)};
  Option<bool> tileMatmul{*this, "tile-matmul",
                          llvm::cl::desc("tile and vectorize f32 matmuls"),
                          llvm::cl::init(true)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("vectorize elementwise and reduction loops"),
      llvm::cl::init(true)};
  Option<int64_t> lanes{*this, "lanes",
                        llvm::cl::desc("f32 vector lanes (0: the host's)"),
                        llvm::cl::init(0)};
  Option<bool> nativeMatmul{*this, "native-matmul",
                            llvm::cl::desc("f32 matmuls call OpenBLAS sgemm"),
                            llvm::cl::init(false)};
};

/// Canonicalization with a bound on rewrites: MLIR 19's canonicalizer can
/// loop on some inputs without one (RELIABILITY.md contract 3).
void addCleanup(OpPassManager &funcPm) {
  GreedyRewriteConfig config;
  config.maxIterations = 10;
  config.maxNumRewrites = 100000;
  funcPm.addPass(createCanonicalizerPass(config));
  funcPm.addPass(createCSEPass());
}
} // namespace

void buildMirPipeline(OpPassManager &pm, const MirPipelineOptions &options) {
  std::string dumpDir = options.dumpDir;
  if (dumpDir.empty())
    if (const char *env = std::getenv("RLX_IR_DUMP"))
      dumpDir = env;
  int stageIndex = 0;
  auto dump = [&](StringRef stage) {
    if (dumpDir.empty())
      return;
    std::string name = std::to_string(stageIndex++) + "-" + stage.str();
    pm.addPass(createDumpIR(DumpIROptions{dumpDir, name}));
  };

  dump("hir");
  pm.addPass(hir::createHIRVerifyContract());
  pm.addPass(createConvertHIRToMIR(ConvertHIRToMIROptions{options.policy}));
  OpPassManager &lowered = pm.nest<func::FuncOp>();
  addCleanup(lowered);
  dump("mir");

  if (!options.bind.empty() || options.specialize) {
    pm.nest<func::FuncOp>().addPass(
        mir::createMIRSpecialize(mir::MIRSpecializeOptions{options.bind}));
    dump("specialized");
  }
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  if (options.foldConstants)
    funcPm.addPass(mir::createMIRFoldConstants());
  if (options.fuse)
    funcPm.addPass(mir::createMIRFuse(mir::MIRFuseOptions{
        options.target, options.report, options.assertFusionClean}));
  funcPm.addPass(mir::createMIRLegalizeForTarget(
      mir::MIRLegalizeForTargetOptions{options.target, options.report}));
  funcPm.addPass(mir::createMIRMixedPrecision(mir::MIRMixedPrecisionOptions{
      options.precision, options.customPrecision}));
  const mir::Target *target = mir::lookupTarget(options.target);
  if (options.fuse && target && target->hasRegionKernels()) {
    mir::MIRFuseElementwiseOptions fuseOptions;
    fuseOptions.target = options.target;
    fuseOptions.report = options.report;
    fuseOptions.assertClean = options.assertFusionClean;
    funcPm.addPass(mir::createMIRFuseElementwise(fuseOptions));
  }
  addCleanup(funcPm);
  pm.addPass(mir::createMIRVerifyContract(mir::MIRVerifyContractOptions{
      !options.bind.empty() || options.specialize}));
  dump("optimized");
}

void buildMirToLirPipeline(OpPassManager &pm, const MirPipelineOptions &options,
                           int64_t alignment, bool nativeMatmul) {
  MirPipelineOptions staticOptions = options;
  staticOptions.specialize = true;
  buildMirPipeline(pm, staticOptions);
  ConvertMIRToLIROptions lirOptions;
  lirOptions.alignment = alignment;
  lirOptions.nativeMatmul = nativeMatmul;
  pm.addPass(createConvertMIRToLIR(lirOptions));
  pm.addPass(lir::createLIRVerifyContract());
}

void registerRlxPipelines() {
  registerDumpIRPasses();
  PassPipelineRegistration<MirPipelineCLOptions>(
      "rlx-mir-pipeline",
      "HIR -> optimized MIR (fusion, legalization, "
      "precision, specialization)",
      [](OpPassManager &pm, const MirPipelineCLOptions &options) {
        buildMirPipeline(pm, options.toOptions());
      });
  PassPipelineRegistration<CpuPipelineCLOptions>(
      "rlx-cpu-pipeline", "HIR -> MIR -> LIR -> LLVM dialect for the CPU",
      [](OpPassManager &pm, const CpuPipelineCLOptions &options) {
        buildMirToLirPipeline(pm, options.toOptions(), options.alignment,
                              options.nativeMatmul);
        LIRToLLVMOptions llvm;
        llvm.tileMatmul = options.tileMatmul;
        llvm.vectorize = options.vectorize;
        llvm.lanes = options.lanes;
        buildLIRToLLVMPipeline(pm, llvm);
      });
}

} // namespace mlir::rlx
