//===- PipelineOptions.h - The one options struct of rlx's pipelines -*- C++
//-*-===//
//
// Every pipeline (-rlx-mir-pipeline, -rlx-cpu-pipeline, -rlx-lir-to-llvm)
// and the C++ API compile with this struct: rlx-opt parses it from the
// pipeline string, the API (api/Compiler.cpp) sets its fields from
// rlx::CompileOptions. Policies are the public enums, bindings typed; a
// default here is the default everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_CONVERSION_PIPELINES_PIPELINEOPTIONS_H
#define RLX_CONVERSION_PIPELINES_PIPELINEOPTIONS_H

#include "passes/Common/PolicyOptions.h"
#include "passes/MIR/SymbolBinding.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir::rlx {

struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
  // The target.
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("the target of a module without rlx.target: host (this "
                     "machine's CPU), vulkan (the Vulkan 1.1 baseline), a "
                     "target attribute, or a claims name; empty: the "
                     "pipeline's own (host; vulkan for -rlx-vulkan-pipeline)"),
      llvm::cl::init("")};

  // HIR -> optimized MIR.
  Option<::rlx::LoweringPolicy> policy{
      *this, "policy", llvm::cl::desc("HIR lowering policy"),
      llvm::cl::init(::rlx::LoweringPolicy::fusable), loweringPolicyValues()};
  Option<::rlx::Precision> precision{
      *this, "precision", llvm::cl::desc("mixed-precision policy"),
      llvm::cl::init(::rlx::Precision::f32), precisionPolicyValues()};
  Option<std::string> customPrecision{
      *this, "custom-precision",
      llvm::cl::desc("op=type list for precision=custom"), llvm::cl::init("")};
  ListOption<SymbolBinding> bind{
      *this, "bind", llvm::cl::desc("symbol bindings: batch=64,seq=128")};
  Option<bool> fuse{*this, "fuse", llvm::cl::desc("run the fusion passes"),
                    llvm::cl::init(true)};
  Option<bool> foldConstants{*this, "fold-constants",
                             llvm::cl::desc("fold ops on constants"),
                             llvm::cl::init(true)};
  Option<bool> report{
      *this, "report",
      llvm::cl::desc("print the fusion and dispatch reports (also "
                     "RLX_FUSION_REPORT=1)"),
      llvm::cl::init(false)};
  Option<bool> assertFusionClean{*this, "assert-fusion-clean",
                                 llvm::cl::desc("fail on any missed fusion"),
                                 llvm::cl::init(false)};
  Option<std::string> dumpDir{
      *this, "dump-dir",
      llvm::cl::desc("write each stage's IR here (also RLX_IR_DUMP)"),
      llvm::cl::init("")};

  // MIR -> LIR.
  Option<int64_t> alignment{*this, "alignment",
                            llvm::cl::desc("arena alignment in bytes"),
                            llvm::cl::init(64)};
  Option<int64_t> workgroupElements{
      *this, "workgroup-elements",
      llvm::cl::desc("least elements per workgroup (0: the target's)"),
      llvm::cl::init(0)};
  Option<bool> nativeMatmul{
      *this, "native-matmul",
      llvm::cl::desc("matmuls call the target's native library where it has "
                     "one (CPU: OpenBLAS cblas_sgemm)"),
      llvm::cl::init(false)};
  Option<bool> packParams{
      *this, "pack-params",
      llvm::cl::desc("CPU: params read only as matmul B operands are stored "
                     "in the microkernel's panels (with tile-matmul)"),
      llvm::cl::init(true)};

  // LIR -> LLVM (the CPU backend).
  Option<bool> tileMatmul{
      *this, "tile-matmul",
      llvm::cl::desc("f32 matmuls as packed register-tile vector code"),
      llvm::cl::init(true)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("vectorize innermost elementwise and reduction loops"),
      llvm::cl::init(true)};
  Option<int64_t> lanes{*this, "lanes",
                        llvm::cl::desc("f32 vector lanes (0: the target's)"),
                        llvm::cl::init(0)};
};

} // namespace mlir::rlx

#endif // RLX_CONVERSION_PIPELINES_PIPELINEOPTIONS_H
