//===- Pipelines.h - rlx's pass pipelines -----------------------*- C++ -*-===//
//
// The options structs and builders of rlx's pipelines. rlx-opt registers
// them (`-rlx-mir-pipeline{...}`) and the C++ API calls the same builders, so
// the tool and the API compile identically.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_PIPELINES_PIPELINES_H
#define RLX_PASSES_PIPELINES_PIPELINES_H

#include <cstdint>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::rlx {

/// HIR -> optimized MIR.
struct MirPipelineOptions {
  /// Fusion and legalization target: cpu, vulkan, test.
  std::string target = "cpu";
  /// HIR lowering policy: fusable or direct.
  std::string policy = "fusable";
  /// Mixed-precision policy (see mir-mixed-precision) and its custom map.
  std::string precision = "always-f32";
  std::string customPrecision;
  /// Symbol bindings "batch=64,seq=128"; empty keeps symbolic dims.
  std::string bind;
  /// Specialize even when `bind` is empty, so a symbolic dim is an error
  /// naming it (backends need static shapes).
  bool specialize = false;
  /// Run the fusion passes (false: only legalization).
  bool fuse = true;
  /// Evaluate ops on constants at compile time.
  bool foldConstants = true;
  /// Print the fusion and dispatch reports (also RLX_FUSION_REPORT=1).
  bool report = false;
  /// Fail compilation if any fusion was missed.
  bool assertFusionClean = false;
  /// Write each stage's IR here (also RLX_IR_DUMP=<dir>); empty: no dump.
  std::string dumpDir;
};

/// Appends the HIR -> MIR pipeline to `pm` (anchored on builtin.module).
void buildMirPipeline(OpPassManager &pm, const MirPipelineOptions &options);

/// The MIR pipeline, then convert-mir-to-lir with `alignment` (and f32
/// matmuls tagged for OpenBLAS when `nativeMatmul`): what the CPU
/// compiler runs before reading the LIR manifest and lowering to LLVM
/// (-rlx-cpu-pipeline is this plus buildLIRToLLVMPipeline).
void buildMirToLirPipeline(OpPassManager &pm, const MirPipelineOptions &options,
                           int64_t alignment, bool nativeMatmul = false);

/// Registers -rlx-mir-pipeline, -rlx-cpu-pipeline and the utility passes.
void registerRlxPipelines();

} // namespace mlir::rlx

#endif // RLX_PASSES_PIPELINES_PIPELINES_H
