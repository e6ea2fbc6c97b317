//===- Stages.h - One model through the compiler, a stage at a time -------===//
//
// StagedCompile runs the compile of Session::compileWith one stage per
// call, so a tool or a test can look at each: the module's text after every
// stage, the fusions the optimizer made and missed, and the dispatches of
// the LIR program, as objects. The stages, in order:
//
//   load(model)   the model's HIR (a text parsed, a graph translated), verified
//   lowerToMIR()  target attached, HIR lowered to MIR (dims may be symbolic)
//   optimize()    dims bound, fused, legalized, mixed precision: optimized MIR
//   lowerToLIR()  buffers planned, kernels and schedule: LIR; the manifest
//   compile()     the device executable, as a CompiledGraph
//
// A stage called out of order is failed_precondition naming the stage the
// object is at. The result of compile() is the code compileWith gives.
// docs/Stages.md.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_STAGES_H
#define RLX_STAGES_H

#include "rlx/CompiledGraph.h"
#include "rlx/Device.h"
#include "rlx/Model.h"
#include "rlx/Status.h"

#include <memory>
#include <string>
#include <vector>

namespace rlx {

/// One fusion pattern's outcome at one op.
struct FusionEvent {
  /// The function and the pattern ("matmul-epilogue", ...).
  std::string function;
  std::string pattern;
  /// The anchor op's name and location.
  std::string op;
  /// What was fused, or why it was not.
  std::string message;
  bool fused = false;
};

enum class CompileStage { none, hir, mir, optimizedMir, lir, executable };

/// "none", "hir", "mir", "optimized-mir", "lir", "executable".
const char *compileStageName(CompileStage stage);

class StagedCompile {
public:
  explicit StagedCompile(Device device = Device::cpu);
  StagedCompile(StagedCompile &&) noexcept;
  StagedCompile &operator=(StagedCompile &&) noexcept;
  ~StagedCompile();

  /// The model's HIR, verified; its options, precision and policy are the
  /// later stages'. Starts over from any stage.
  Status load(const Model &model);
  Status lowerToMIR();
  Status optimize();
  Status lowerToLIR();
  Expected<CompiledGraph> compile();

  CompileStage stage() const;
  /// The module as the last stage left it, as MLIR text (after
  /// compile(), the LIR it was compiled from).
  std::string moduleText() const;
  /// Every fusion optimize() made or missed, in the order the passes ran.
  const std::vector<FusionEvent> &fusions() const;
  /// After lowerToLIR(): the program's manifest (its slots, arena and
  /// dispatches with grid, FLOPs and bytes: the dispatch report).
  Expected<Manifest> manifest() const;

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace rlx

#endif // RLX_STAGES_H
