//===- Pipelines.cpp - rlx's pass pipelines -------------------------------===//
#include "conversion/Pipelines/Pipelines.h"
#include "conversion/LIRToLLVM/CpuBackend.h"
#include "conversion/LIRToSPIRV/VulkanBackend.h"
#include "conversion/Passes.h"
#include "dialects/RlxDialects.h"
#include "passes/Common/Passes.h"
#include "passes/HIR/Passes.h"
#include "passes/LIR/Passes.h"
#include "passes/MIR/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <cstdlib>

namespace mlir::rlx {

namespace {
/// Canonicalization with a bound on rewrites: MLIR 19's canonicalizer can
/// loop on some inputs without one (RELIABILITY.md contract 3).
void addCleanup(OpPassManager &funcPm) {
  GreedyRewriteConfig config;
  config.maxIterations = 10;
  config.maxNumRewrites = 100000;
  funcPm.addPass(createCanonicalizerPass(config));
  funcPm.addPass(createCSEPass());
}

/// Adds rlx-dump-ir after each stage when a dump directory is given (the
/// option, else RLX_IR_DUMP), naming the files <n>-<stage>.mlir.
class StageDumps {
public:
  StageDumps(OpPassManager &pm, const PipelineOptions &options, int first = 0)
      : pm(pm), next(first) {
    dir = options.dumpDir;
    if (dir.empty())
      if (const char *env = std::getenv("RLX_IR_DUMP"))
        dir = env;
  }
  void after(StringRef stage) {
    if (dir.empty())
      return;
    DumpIROptions dump;
    dump.dir = dir;
    dump.stage = std::to_string(next++) + "-" + stage.str();
    pm.addPass(createDumpIR(dump));
  }

private:
  OpPassManager &pm;
  std::string dir;
  int next;
};
} // namespace

void buildTemplatePipeline(OpPassManager &pm, const PipelineOptions &options,
                           StringRef defaultTarget) {
  StageDumps dumps(pm, options);
  AttachTargetOptions attach;
  attach.target = options.target.empty() ? defaultTarget.str()
                                         : std::string(options.target);
  pm.addPass(createAttachTarget(attach));
  dumps.after("hir");
  pm.addPass(hir::createHIRVerifyContract());
  ConvertHIRToMIROptions lowering;
  lowering.policy = options.policy;
  pm.addPass(createConvertHIRToMIR(lowering));
  addCleanup(pm.nest<func::FuncOp>());
  dumps.after("mir");
}

void buildSpecializationPipeline(OpPassManager &pm,
                                 const PipelineOptions &options,
                                 bool staticShapes) {
  // Numbered after the template's two dumps.
  StageDumps dumps(pm, options, /*first=*/2);
  bool specialize = !options.bind.empty() || staticShapes;
  if (specialize) {
    // The options struct only refers to the list; the pass copies it.
    SmallVector<SymbolBinding> list(options.bind.begin(), options.bind.end());
    mir::MIRSpecializeOptions bind;
    bind.bind = list;
    pm.nest<func::FuncOp>().addPass(mir::createMIRSpecialize(bind));
    dumps.after("specialized");
  }
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  // Not an optimization: kernels are not built for empty tensors.
  funcPm.addPass(mir::createMIRFoldEmptyTensors());
  if (options.foldConstants) {
    funcPm.addPass(mir::createMIRFoldConstants());
    // Transposes of params run once, when the params are set.
    funcPm.addPass(mir::createMIRFoldParamLayouts());
  }
  if (options.fuse)
    funcPm.addPass(mir::createMIRFuse(
        mir::MIRFuseOptions{options.report, options.assertFusionClean}));
  funcPm.addPass(mir::createMIRLegalizeForTarget(
      mir::MIRLegalizeForTargetOptions{options.report}));
  funcPm.addPass(mir::createMIRMixedPrecision(mir::MIRMixedPrecisionOptions{
      options.precision, options.customPrecision}));
  // Regions form after mixed precision placed its casts, so casts fuse too
  // (a target without region kernels gets none).
  if (options.fuse) {
    mir::MIRFuseElementwiseOptions regions;
    regions.report = options.report;
    regions.assertClean = options.assertFusionClean;
    regions.skipWithoutRegions = true;
    funcPm.addPass(mir::createMIRFuseElementwise(regions));
  }
  addCleanup(funcPm);
  pm.addPass(
      mir::createMIRVerifyContract(mir::MIRVerifyContractOptions{specialize}));
  dumps.after("optimized");
}

void buildMirPipeline(OpPassManager &pm, const PipelineOptions &options,
                      bool staticShapes, StringRef defaultTarget) {
  buildTemplatePipeline(pm, options, defaultTarget);
  buildSpecializationPipeline(pm, options, staticShapes);
}

void buildSpecializationToLirPipeline(OpPassManager &pm,
                                      const PipelineOptions &options) {
  buildSpecializationPipeline(pm, options, /*staticShapes=*/true);
  buildMirToLirConversion(pm, options);
}

void buildMirToLirConversion(OpPassManager &pm,
                             const PipelineOptions &options) {
  ConvertMIRToLIROptions lir;
  lir.alignment = options.alignment;
  lir.workgroupElements = options.workgroupElements;
  lir.nativeMatmul = options.nativeMatmul;
  pm.addPass(createConvertMIRToLIR(lir));
  // A CPU backend policy, before the manifest is read off the LIR.
  if (options.packParams && options.tileMatmul) {
    CpuPackParamsOptions pack;
    pack.lanes = options.lanes;
    pm.addPass(createCpuPackParams(pack));
  }
  if (options.tileMatmul) {
    CpuPackOperandsOptions pack;
    pack.lanes = options.lanes;
    pm.addPass(createCpuPackOperands(pack));
  }
  pm.addPass(lir::createLIRVerifyContract());
}

void buildMirToLirPipeline(OpPassManager &pm, const PipelineOptions &options,
                           StringRef defaultTarget) {
  buildTemplatePipeline(pm, options, defaultTarget);
  buildSpecializationToLirPipeline(pm, options);
}

void buildLirToLlvmPipeline(OpPassManager &pm, const PipelineOptions &options) {
  pm.addPass(createOutlineDispatches());
  pm.addPass(createLowerLibraryCalls());

  // Passes that work function by function are nested so that the pass
  // manager lowers the dispatches' functions on several threads.
  OpPassManager &toLoops = pm.nest<func::FuncOp>();
  if (options.tileMatmul) {
    CpuMatmulMicrokernelOptions microkernel;
    microkernel.lanes = options.lanes;
    toLoops.addPass(createCpuMatmulMicrokernel(microkernel));
  }
  toLoops.addPass(createCpuTileTransposes());
  toLoops.addPass(createConvertLinalgToLoopsPass());
  if (options.vectorize) {
    // Loop bounds and invariant values become visible to the vectorizer.
    addCleanup(toLoops);
    CpuVectorizeLoopsOptions vectorize;
    vectorize.lanes = options.lanes;
    toLoops.addPass(createCpuVectorizeLoops(vectorize));
  }
  toLoops.addPass(createApproximateVectorMath());
  // Without full unrolling 2-D transfers lower through allocas (MLIR19.md).
  VectorTransferToSCFOptions vectorToScf;
  vectorToScf.enableFullUnroll(true);
  toLoops.addPass(createConvertVectorToSCFPass(vectorToScf));
  // bf16 arithmetic computes in f32; bf16 extf/truncf become integer ops
  // (no dependence on the target's or libgcc's bf16 support).
  static const std::string bf16[] = {"bf16"};
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = bf16;
  emulate.targetTypeStr = "f32";
  toLoops.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  toLoops.addPass(createExpandArith());
  toLoops.addPass(createLowerAffinePass());
  toLoops.addPass(createConvertSCFToCFPass());
  addCleanup(toLoops);
  // log1p through log(1 + x) loses all precision near 0: libm instead.
  ConvertMathToLLVMPassOptions math;
  math.approximateLog1p = false;
  toLoops.addPass(createConvertMathToLLVMPass(math));
  pm.addPass(createMathToLibm());

  OpPassManager &toLLVM = pm.nest<func::FuncOp>();
  toLLVM.addPass(createConvertVectorToLLVMPass());
  toLLVM.addPass(memref::createExpandStridedMetadataPass());
  toLLVM.addPass(createLowerAffinePass());
  // memref, arith, func (bare pointers: the kernel ABI), cf, index and ub
  // in one conversion.
  pm.addPass(createCpuToLLVM());
  pm.addPass(createCheckLLVMLowering());
  pm.addPass(createReconcileUnrealizedCastsPass());
  GreedyRewriteConfig bounded;
  bounded.maxIterations = 10;
  bounded.maxNumRewrites = 1000000;
  pm.nest<LLVM::LLVMFuncOp>().addPass(createCanonicalizerPass(bounded));
}

void buildLirToSpirvPipeline(OpPassManager &pm,
                             const PipelineOptions &options) {
  pm.addPass(createOutlineGpuKernels());
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createExpandGpuMath());
  // Fallback kernels hold linalg ops and subviews: loops, and loads and
  // stores on the whole buffers (a binding is a whole memref).
  kernels.addPass(createConvertLinalgToLoopsPass());
  kernels.addPass(memref::createFoldMemRefAliasOpsPass());
  kernels.addPass(createLowerAffinePass());
  addCleanup(kernels);
  pm.addPass(createConvertGpuToSPIRV());
  OpPassManager &spirvPm = pm.nest<spirv::ModuleOp>();
  spirvPm.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvPm.addPass(spirv::createSPIRVUpdateVCEPass());
  pm.addPass(createValidateSpirv());
}

void buildVulkanPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildMirToLirPipeline(pm, options, /*defaultTarget=*/"vulkan");
  buildLirToSpirvPipeline(pm, options);
}

void buildCpuPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildMirToLirPipeline(pm, options);
  buildLirToLlvmPipeline(pm, options);
}

void registerRlxPasses() {
  registerCommonPasses();
  registerConversionPasses();
  hir::registerHIRPasses();
  mir::registerMIRPasses();
  lir::registerLIRPasses();
  PassPipelineRegistration<PipelineOptions>(
      "rlx-mir-pipeline",
      "HIR -> optimized MIR (fusion, legalization, precision, "
      "specialization) for the module's target",
      [](OpPassManager &pm, const PipelineOptions &options) {
        buildMirPipeline(pm, options);
      });
  PassPipelineRegistration<PipelineOptions>(
      "rlx-cpu-pipeline", "HIR -> MIR -> LIR -> LLVM dialect for the CPU",
      buildCpuPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "rlx-vulkan-pipeline",
      "HIR -> MIR -> LIR -> the spirv dialect for Vulkan (the module's "
      "#rlx.vulkan target, the Vulkan 1.1 baseline by default)",
      buildVulkanPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "rlx-lir-to-spirv",
      "LIR programs -> one spirv.module each, a compute entry point per "
      "kernel",
      buildLirToSpirvPipeline);
  PassPipelineRegistration<PipelineOptions>(
      "rlx-lir-to-llvm",
      "LIR programs -> LLVM dialect, one exported function per dispatch",
      buildLirToLlvmPipeline);
}

void registerRlxCompiler(DialectRegistry &registry) {
  registerRlxDialects(registry);
  registerCpuBackend(registry);
  registerVulkanBackend(registry);
}

} // namespace mlir::rlx
