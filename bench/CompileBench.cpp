//===- CompileBench.cpp - Where a cold compile of the encoder goes --------===//
//
// The example encoder layer compiled from text to a loaded executable, each
// stage timed on its own (ms, medians over the iterations): parse; the
// template half of the MIR pipeline (verify, target, HIR -> MIR); the
// specialization half to LIR (bind, fuse, legalize, precision, MIR -> LIR);
// LIR -> the LLVM dialect (outlining, microkernels, vectorization, the
// conversions); then LLVM: translation to LLVM IR, optimization (O2) and
// code generation, the last two summed over the parallel parts, and the
// wall time of the LLVM part; the load (ORC linking, the arena). The
// numbers go to docs/Performance.md ("Cold compile").
//
//===----------------------------------------------------------------------===//
#include "BenchUtil.h"

#include "api/Backend.h"
#include "api/Compiler.h"
#include "api/ManifestFromLIR.h"
#include "conversion/LIRToLLVM/ObjectCode.h"
#include "conversion/Pipelines/PipelineOptions.h"
#include "conversion/Pipelines/Pipelines.h"
#include "runtime/CompiledGraphImpl.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <chrono>
#include <map>

namespace {

using Clock = std::chrono::steady_clock;

double millis(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since)
      .count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void BM_EncoderCompileStages(benchmark::State &state) {
  std::string text = rlx::bench::exampleText("encoder.mlir");
  std::map<std::string, std::vector<double>> stages;
  for (auto _ : state) {
    auto total = Clock::now();
    auto ctx = mlir::rlx::makeCompilerContext();
    mlir::rlx::CompilerOptions options;
    options.options.dims = {{"batch", 1}};

    auto t = Clock::now();
    auto module = mlir::rlx::parseModuleText(ctx.get(), text, "encoder.mlir");
    stages["1 parse"].push_back(millis(t));
    if (!module) {
      state.SkipWithError(module.status().message().c_str());
      return;
    }
    t = Clock::now();
    if (!mlir::rlx::compileTemplate(**module, options)) {
      state.SkipWithError("template");
      return;
    }
    stages["2 template (HIR -> MIR)"].push_back(millis(t));
    t = Clock::now();
    if (!mlir::rlx::specializeToLIR(**module, options)) {
      state.SkipWithError("specialize");
      return;
    }
    stages["3 specialize (MIR -> LIR)"].push_back(millis(t));
    auto manifest = mlir::rlx::manifestFromLIR(**module);

    t = Clock::now();
    mlir::rlx::PipelineOptions pipeline;
    mlir::rlx::fillPipelineOptions(pipeline, options);
    mlir::PassManager lower(ctx.get());
    mlir::rlx::buildLirToLlvmPipeline(lower, pipeline);
    if (mlir::failed(lower.run(**module))) {
      state.SkipWithError("lir to llvm");
      return;
    }
    stages["4 LIR -> LLVM dialect"].push_back(millis(t));
    auto code = mlir::rlx::emitObjectCode(
        **module,
        std::max(1u, llvm::hardware_concurrency().compute_thread_count()));
    if (mlir::failed(code)) {
      state.SkipWithError("object code");
      return;
    }
    stages["5 LLVM translate"].push_back(code->translateMillis);
    stages["6 LLVM optimize (cpu, all parts)"].push_back(code->optimizeMillis);
    stages["7 LLVM codegen (cpu, all parts)"].push_back(code->codegenMillis);
    stages["8 LLVM wall (5-7 in parallel)"].push_back(code->wallMillis);

    t = Clock::now();
    rlx::runtime::Artifact artifact;
    artifact.manifest = std::move(*manifest);
    artifact.cpu.triple = code->triple;
    artifact.cpu.cpuFeatures = code->features;
    for (const std::string &object : code->objects)
      artifact.cpu.objects.emplace_back(object.begin(), object.end());
    auto loaded = rlx::runtime::loadWithThreads(artifact, 0);
    if (!loaded) {
      state.SkipWithError(loaded.status().message().c_str());
      return;
    }
    stages["9 load"].push_back(millis(t));
    stages["total"].push_back(millis(total));
  }
  for (auto &[name, times] : stages)
    state.counters[name] = median(times);
}

} // namespace

BENCHMARK(BM_EncoderCompileStages)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
