//===- Pipelines.h - rlx's pass pipelines -----------------------*- C++ -*-===//
//
// The layer above dialects, passes and conversions: it assembles them into
// the pipelines rlx-opt registers and the C++ API runs (the same builders,
// the same PipelineOptions, so the tool and the API compile identically).
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_PIPELINES_PIPELINES_H
#define RLX_CONVERSION_PIPELINES_PIPELINES_H

#include "conversion/Pipelines/PipelineOptions.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlir::rlx {

/// The half of the MIR pipeline that no binding changes: the target
/// attached (options.target, else `defaultTarget`, unless the module names
/// one), HIR verified and lowered to MIR whose dims may still be symbolic,
/// cleaned up. A ModelCompilePipeline template stops here.
void buildTemplatePipeline(OpPassManager &pm, const PipelineOptions &options,
                           StringRef defaultTarget = "host");

/// The other half, on what buildTemplatePipeline left: specialized (when
/// bound, or when `staticShapes`), fused, legalized and mixed-precision for
/// the target, cleaned up and verified.
void buildSpecializationPipeline(OpPassManager &pm,
                                 const PipelineOptions &options,
                                 bool staticShapes);

/// convert-mir-to-lir and the LIR contract, on optimized static MIR.
void buildMirToLirConversion(OpPassManager &pm, const PipelineOptions &options);

/// buildSpecializationPipeline with static shapes, then
/// buildMirToLirConversion: one binding of a template to LIR.
void buildSpecializationToLirPipeline(OpPassManager &pm,
                                      const PipelineOptions &options);

/// HIR -> optimized MIR (-rlx-mir-pipeline), anchored on builtin.module: the
/// target attached (options.target, else `defaultTarget`, unless the module
/// names one), HIR verified and lowered, specialized (when bound, or when
/// `staticShapes`), fused, legalized and mixed-precision for the target,
/// cleaned up and verified (with static shapes required when
/// `staticShapes`).
void buildMirPipeline(OpPassManager &pm, const PipelineOptions &options,
                      bool staticShapes = false,
                      StringRef defaultTarget = "host");

/// The MIR pipeline with static shapes, then convert-mir-to-lir and the LIR
/// contract: what a backend starts from.
void buildMirToLirPipeline(OpPassManager &pm, const PipelineOptions &options,
                           StringRef defaultTarget = "host");

/// LIR -> the spirv dialect for Vulkan (-rlx-lir-to-spirv): one compute
/// entry point per kernel, math GLSL lacks expanded, upstream's conversions
/// to SPIR-V, ABI attributes lowered and the module's version, capabilities
/// and extensions deduced (conversion/LIRToSPIRV).
void buildLirToSpirvPipeline(OpPassManager &pm, const PipelineOptions &options);

/// HIR -> the spirv dialect (-rlx-vulkan-pipeline): the MIR-to-LIR pipeline
/// for the module's target (the Vulkan baseline by default), then the one
/// above.
void buildVulkanPipeline(OpPassManager &pm, const PipelineOptions &options);

/// LIR -> the LLVM dialect for the CPU (-rlx-lir-to-llvm): one function per
/// dispatch (runtime/KernelAbi.h), library calls, the CPU code generators
/// (tile-matmul, vectorize), then upstream's lowerings, every op left
/// unlowered named before the casts are reconciled.
void buildLirToLlvmPipeline(OpPassManager &pm, const PipelineOptions &options);

/// HIR -> the LLVM dialect for the CPU (-rlx-cpu-pipeline): the two above.
void buildCpuPipeline(OpPassManager &pm, const PipelineOptions &options);

/// Registers rlx's passes and the pipelines above with their options.
void registerRlxPasses();

/// Every dialect the compiler uses and the backends' interfaces on the
/// target attributes (dialects/Target): what rlx-opt and the API register.
void registerRlxCompiler(DialectRegistry &registry);

} // namespace mlir::rlx

#endif // RLX_CONVERSION_PIPELINES_PIPELINES_H
