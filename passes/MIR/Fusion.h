//===- Fusion.h - The fusion patterns and how passes run them ---*- C++ -*-===//
//
// Each fusion is a set of greedy rewrite patterns plus a diagnose function.
// Patterns ask a control callback whether the fused op they would produce is
// allowed (the target's op claims, as upstream Linalg fusion does); after the
// rewrite, diagnose walks the function and records every place the pattern's
// shape is present but a condition failed, with the reason, in the report.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_MIR_FUSION_H
#define RLX_PASSES_MIR_FUSION_H

#include "dialects/Common/Enums.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/MIR/FusionReport.h"
#include "passes/MIR/Target.h"
#include <functional>

namespace mlir::rlx::mir {

/// May `anchor` be fused into an op named `fusedOpName`?
using FusionControlFn =
    std::function<bool(Operation *anchor, StringRef fusedOpName)>;

struct FusionOptions {
  FusionControlFn allow;
  std::string targetName;
  /// Where fusions and misses are recorded; may be null.
  FusionReport *report = nullptr;
  /// Elementwise-region limits.
  int64_t maxSteps = 0;
  int64_t maxInputs = 0;

  void fused(StringRef pattern, Operation *anchor, const Twine &what) const {
    if (report)
      report->recordFused(pattern, anchor, what);
  }
  void missed(StringRef pattern, Operation *anchor, const Twine &why) const {
    if (report)
      report->recordMissed(pattern, anchor, why);
  }
  /// The reason for a fusion the target does not claim.
  std::string notClaimed(StringRef fusedOpName) const {
    return "target '" + targetName + "' does not claim " + fusedOpName.str();
  }
};

/// Options whose control callback is `target`'s op claims.
FusionOptions fusionOptionsFor(const Target &target, FusionReport *report);

/// One fusion: its patterns and its diagnose function.
struct FusionStage {
  StringRef name;
  void (*populate)(RewritePatternSet &, const FusionOptions &);
  void (*diagnose)(func::FuncOp, const FusionOptions &);
};

void populateActivationFusionPatterns(RewritePatternSet &,
                                      const FusionOptions &);
void diagnoseActivationFusion(func::FuncOp, const FusionOptions &);
void populateAttentionFusionPatterns(RewritePatternSet &,
                                     const FusionOptions &);
void diagnoseAttentionFusion(func::FuncOp, const FusionOptions &);
void populateSharedMatmulFusionPatterns(RewritePatternSet &,
                                        const FusionOptions &);
void diagnoseSharedMatmulFusion(func::FuncOp, const FusionOptions &);
void populateMatmulEpilogueFusionPatterns(RewritePatternSet &,
                                          const FusionOptions &);
void diagnoseMatmulEpilogueFusion(func::FuncOp, const FusionOptions &);
void populateNormFusionPatterns(RewritePatternSet &, const FusionOptions &);
void diagnoseNormFusion(func::FuncOp, const FusionOptions &);
void populateResidualNormFusionPatterns(RewritePatternSet &,
                                        const FusionOptions &);
void diagnoseResidualNormFusion(func::FuncOp, const FusionOptions &);
void populateSwigluFusionPatterns(RewritePatternSet &, const FusionOptions &);
void diagnoseSwigluFusion(func::FuncOp, const FusionOptions &);
void populateElementwiseFusionPatterns(RewritePatternSet &,
                                       const FusionOptions &);
void diagnoseElementwiseFusion(func::FuncOp, const FusionOptions &);

inline constexpr FusionStage kActivationStage = {
    "activation", populateActivationFusionPatterns, diagnoseActivationFusion};
inline constexpr FusionStage kAttentionStage = {
    "attention", populateAttentionFusionPatterns, diagnoseAttentionFusion};
inline constexpr FusionStage kSharedMatmulStage = {
    "shared-matmul", populateSharedMatmulFusionPatterns,
    diagnoseSharedMatmulFusion};
inline constexpr FusionStage kMatmulEpilogueStage = {
    "matmul-epilogue", populateMatmulEpilogueFusionPatterns,
    diagnoseMatmulEpilogueFusion};
inline constexpr FusionStage kNormStage = {"norm", populateNormFusionPatterns,
                                           diagnoseNormFusion};
inline constexpr FusionStage kResidualNormStage = {
    "residual-norm", populateResidualNormFusionPatterns,
    diagnoseResidualNormFusion};
inline constexpr FusionStage kSwigluStage = {
    "swiglu", populateSwigluFusionPatterns, diagnoseSwigluFusion};
inline constexpr FusionStage kElementwiseStage = {
    "elementwise", populateElementwiseFusionPatterns,
    diagnoseElementwiseFusion};

/// What every fusion pass does: look the module's target up, run `stages` in
/// order
/// (each greedily, bounded, and required to converge, and diagnosed before
/// the next stage rewrites what it left), and print the report when asked
/// (or RLX_FUSION_REPORT=1). Fails when the target is unknown, a stage does
/// not converge, or `assertClean` is set and a fusion was missed.
struct FusionPassConfig {
  bool report = false;
  bool assertClean = false;
  int64_t maxSteps = 0;
  int64_t maxInputs = 0;
};
LogicalResult runFusionPass(func::FuncOp func, ArrayRef<FusionStage> stages,
                            const FusionPassConfig &config);

/// True when `value` is available at `point` (a block argument of an
/// enclosing block, or defined earlier in `point`'s block or an ancestor's).
bool isAvailableAt(Value value, Operation *point);

/// Activation epilogues a fused matmul may carry; nullopt for other kinds.
std::optional<Activation> epilogueActivation(UnaryKind kind);

/// The unary kind that applies `act` (act must not be none or relu6, which
/// applyActivation writes as max and min).
UnaryKind unaryKindOf(Activation act);
/// `act` applied to `x` as MIR primitives: a mir.unary, or max and min with
/// constants for relu6; `x` itself for none.
Value applyActivation(OpBuilder &b, Location loc, Activation act, Value x);
/// The value of a splat float constant whose every dim is 1 (a scalar that
/// broadcasts to anything), or nullopt.
std::optional<double> scalarConstantValue(Value v);

} // namespace mlir::rlx::mir

#endif // RLX_PASSES_MIR_FUSION_H
