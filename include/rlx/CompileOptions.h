//===- CompileOptions.h - What a compilation may be asked to do ---------===//
//
// The options of one compilation. The compiler's pipelines take these enums
// as they are (conversion/Pipelines/PipelineOptions.h), so a policy is never
// spelled as a string between the API and the passes.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_COMPILEOPTIONS_H
#define RLX_COMPILEOPTIONS_H

#include "rlx/Manifest.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rlx {

/// The CPU a graph is compiled for. With every field empty the target is
/// this machine (the default target: its triple, CPU and features). Naming
/// a `cpu` or `features` gives exactly that CPU: the code may use what the
/// CPU name implies plus the `+feature`s, and the loader refuses it on a
/// machine that lacks one (StatusCode::incompatible).
struct CpuTarget {
  /// LLVM target triple; empty: this process's.
  std::string triple;
  /// LLVM CPU name ("x86-64-v3", "znver4"); empty: "generic" when features
  /// are given, else this machine's.
  std::string cpu;
  /// Comma-separated "+name" / "-name" LLVM features.
  std::string features;

  bool isHost() const {
    return triple.empty() && cpu.empty() && features.empty();
  }
};

/// Mixed-precision policies (see docs/Optimizer.md).
enum class Precision {
  f32,
  f16,
  autoMixed,
  autoMixedConservative,
  autoMixedBf16,
  custom
};

/// What a compilation tells its Session's log handler
/// (Session::setLogHandler): a report asked for (CompileOptions::report,
/// RLX_FUSION_REPORT), or a warning.
enum class LogLevel { report, warning };

/// How HIR blocks are lowered: primitive chains the fusion passes recognise,
/// or fused MIR ops directly.
enum class LoweringPolicy { fusable, direct };

/// A graph input bound to a compile-time value: an ONNX model's input that
/// determines shapes (Reshape's shape, Slice's starts, ...) must be one
/// (docs/ONNX.md, "Inputs known at compile time"). `bytes` hold the
/// elements row-major, dtypeSize(dtype) bytes each.
struct ConstantInput {
  std::string name;
  DType dtype = DType::i64;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
};

/// Options of one compilation (FEATURES.md "CompileOptions"). Fields marked
/// pending are accepted and recorded but have no effect yet.
struct CompileOptions {
  /// Symbol bindings, e.g. {{"batch", 64}}; every symbolic dim must be bound.
  std::vector<std::pair<std::string, int64_t>> dims;
  /// ONNX models: graph inputs bound to compile-time values (they are no
  /// longer inputs of the compiled graph). Other models refuse them.
  std::vector<ConstantInput> constants;
  /// Run the fusion passes (RLX_NO_FUSION=1 in the environment turns them
  /// off for every compile).
  bool fuse = true;
  /// Evaluate ops on constants at compile time.
  bool foldConstants = true;
  /// Fail compilation if any fusion is missed.
  bool assertFusionClean = false;
  /// Make the fusion and dispatch reports: to the Session's log handler,
  /// stderr without one (RLX_FUSION_REPORT=1 turns them on too).
  bool report = false;
  /// Arena alignment in bytes (power of two).
  int64_t arenaAlignment = 64;
  /// op=type list for Precision::custom ("mir.matmul=f16,...").
  std::string customPrecision;
  /// Use OpenBLAS sgemm for f32 matmuls instead of generated code (its
  /// results may differ in the last bits with the thread count;
  /// docs/CPUBackend.md, "Native matmul").
  bool nativeMatmul = false;
  /// CPU: store each param read only as a matmul's B operand in the
  /// microkernel's panels, packed once when it is set instead of by every
  /// run (docs/CPUBackend.md, "Params in panels"). Off: row-major.
  bool packParams = true;
  /// Threads for run() on the CPU, as LoadOptions::threads
  /// (rlx/CompiledGraph.h): 0 shares the process's pool (one thread per
  /// core), N gives the graph N threads of its own. Vulkan code runs on
  /// the device and uses none.
  int threads = 0;
  /// Write each stage's IR here (also RLX_IR_DUMP).
  std::string dumpDir;
  /// The CPU to compile for (Device::cpu); all empty: this machine.
  CpuTarget cpuTarget;
};

} // namespace rlx

#endif // RLX_COMPILEOPTIONS_H
