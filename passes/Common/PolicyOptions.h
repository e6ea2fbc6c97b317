//===- PolicyOptions.h - Command-line names of the compile policies -*- C++
//-*-===//
//
// The public enums of include/rlx/CompileOptions.h are the option types of
// the passes and pipelines that take them; these are their command-line
// names, written once for every option of that type.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_PASSES_COMMON_POLICYOPTIONS_H
#define RLX_PASSES_COMMON_POLICYOPTIONS_H

#include "rlx/CompileOptions.h"

#include "llvm/Support/CommandLine.h"

namespace mlir::rlx {

/// mir-mixed-precision's policies (docs/Optimizer.md); without `custom`
/// (which needs an op=type map) for tools that take no map (rlx-run).
inline llvm::cl::ValuesClass precisionPolicyValues(bool withCustom = true) {
  using ::rlx::Precision;
  llvm::cl::OptionEnumValue f32 =
      clEnumValN(Precision::f32, "always-f32", "every float op in f32");
  llvm::cl::OptionEnumValue f16 =
      clEnumValN(Precision::f16, "always-f16", "every float op in f16");
  llvm::cl::OptionEnumValue mixed =
      clEnumValN(Precision::autoMixed, "auto-mixed",
                 "f16, with reductions, norms, softmax, exp, log, pow in f32");
  llvm::cl::OptionEnumValue conservative =
      clEnumValN(Precision::autoMixedConservative, "auto-mixed-conservative",
                 "f16 for matmul-like ops only");
  llvm::cl::OptionEnumValue bf16 = clEnumValN(
      Precision::autoMixedBf16, "auto-mixed-bf16", "auto-mixed with bf16");
  if (!withCustom)
    return llvm::cl::values(f32, f16, mixed, conservative, bf16);
  return llvm::cl::values(
      f32, f16, mixed, conservative, bf16,
      clEnumValN(Precision::custom, "custom",
                 "the custom map (op=type); unlisted ops keep their type"));
}

/// convert-hir-to-mir's lowering policies.
inline llvm::cl::ValuesClass loweringPolicyValues() {
  using ::rlx::LoweringPolicy;
  return llvm::cl::values(
      clEnumValN(LoweringPolicy::fusable, "fusable",
                 "primitive chains the fusion passes recognise"),
      clEnumValN(LoweringPolicy::direct, "direct", "fused MIR ops directly"));
}

} // namespace mlir::rlx

#endif // RLX_PASSES_COMMON_POLICYOPTIONS_H
