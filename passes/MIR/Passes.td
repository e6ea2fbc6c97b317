//===- Passes.td - Passes on MIR ---------------------------*- tablegen -*-===//
//
// The optimizer: fusion (gated by the target's op claims), legalization,
// mixed precision, specialization, cleanup and the MIR contract check.
// Every pass works on one `func.func` (a model) at a time.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_PASSES_MIR_PASSES
#define RLX_PASSES_MIR_PASSES

include "mlir/Pass/PassBase.td"

// Options every fusion pass shares.
class MIR_FusionPass<string flag, string summaryText>
    : Pass<flag, "::mlir::func::FuncOp"> {
  let summary = summaryText;
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect",
                           "::mlir::rlx::RLXDialect"];
  // The op claims that gate the fusion are the module's target's
  // (`rlx.target`, dialects/Target/Target.h).
  list<Option> fusionOptions = [
    Option<"report", "report", "bool", /*default=*/"false",
           "print the fusion report to stderr (also RLX_FUSION_REPORT=1)">,
    Option<"assertClean", "assert-clean", "bool", /*default=*/"false",
           "fail the pass if any fusion was missed">,
  ];
  let options = fusionOptions;
}

def MIRFuseMatmulEpilogue : MIR_FusionPass<"mir-fuse-matmul-epilogue",
    "fuse matmul -> add(bias) -> activation into mir.fused_matmul, and conv2d -> activation into the conv"> {
  let description = [{
    Input: MIR. Output: MIR where every single-use `mir.matmul` followed by
    `mir.binary add` of a bias that broadcasts to its result, and/or by an
    epilogue activation (`mir.unary` relu, gelu, gelu_tanh, silu, sigmoid,
    tanh), is one `mir.fused_matmul`, if the target claims it; and every
    single-use `mir.conv2d` without `act` followed by such an activation is
    one `mir.conv2d` with `act` (pattern `conv-epilogue`), if the target
    claims `mir.conv2d`. ReLU6 written as `min(max(x, 0), 6)` (ONNX Clip;
    either order, constants on either side) on a conv or a matmul is the
    `relu6` activation of either.
  }];
}

def MIRFuseResidualNorm : MIR_FusionPass<"mir-fuse-residual-norm",
    "fuse add(x, residual) -> [add(bias)] -> layer/rms norm into mir.residual_norm"> {
  let description = [{
    Input: MIR. Output: MIR where `layer_norm` / `rms_norm` of
    `add(x, residual)` (optionally followed by `add(bias)` with a rank-1
    bias) is one `mir.residual_norm`; other uses of the sum read its `sum`
    result. Operands must have the norm input's type (no broadcasting).
  }];
}

def MIRFuseActivation : MIR_FusionPass<"mir-fuse-activation",
    "fuse activations written as primitive chains into one mir.unary"> {
  let description = [{
    Input: MIR. Output: MIR where a chain of `mir.unary` / `mir.binary` ops
    on one f32 tensor `x` and scalar constants that computes GELU
    (`0.5 * x * (1 + erf(x / sqrt(2)))`), tanh GELU or SiLU (`x *
    sigmoid(x)`) is one `mir.unary gelu` / `gelu_tanh` / `silu`, however
    the exporter ordered and associated its ops: the chain is evaluated on
    sample points and compared with each activation. The chain's
    intermediate values must have no other use. An `erf` left over is
    reported as a missed fusion.
  }];
}

def MIRFuseNorm : MIR_FusionPass<"mir-fuse-norm",
    "fuse layer and RMS norms written as primitive chains into their ops"> {
  let description = [{
    Input: MIR. Output: MIR where `d / sqrt(mean(d * d) + eps)` with
    `d = x - mean(x)` (means over the last dim, kept; the square also as
    `pow(d, 2)`, the division also as a product with `rsqrt` or `1 / sqrt`;
    `eps` a constant scalar) followed by an optional `* gamma` and `+ beta`
    (rank 1, the last dim's size) is one `mir.layer_norm`, and the same
    without the mean subtracted one `mir.rms_norm` (gamma 1 when absent).
  }];
}

def MIRFuseSwiglu : MIR_FusionPass<"mir-fuse-swiglu",
    "fuse silu(x Wg) * (x Wu) into mir.swiglu"> {
  let description = [{
    Input: MIR. Output: MIR where `mul(silu(matmul(x, Wg)), matmul(x, Wu))`
    with single-use intermediates and rank-2 weights of one type is one
    `mir.swiglu`.
  }];
}

def MIRFuseAttention : MIR_FusionPass<"mir-fuse-attention",
    "fuse the attention chain (q kT, scale, causal mask, softmax, p v) into mir.attention"> {
  let description = [{
    Input: MIR. Output: MIR where `matmul(softmax(mul(matmul(qh, khT), c)
    [+ causal mask]), vh)` is one `mir.attention`, when qh and vh are
    `[0, 2, 1, 3]` and khT a `[0, 2, 3, 1]` transpose (directly or through a
    chain of transposes) of rank-4 token-major tensors, k and v have one
    type (or are grouped-query attention's kv heads repeated by
    reshape, broadcast, reshape: the op takes the kv heads), c is a finite
    positive scalar constant (a multiplier, or a divisor of the scores),
    the mask (if any) is the causal constant, a window-free
    `mir.causal_mask`, or a `mir.select` of -inf (or a float's lowest) by
    the causal i1 table (either polarity), with S <= T, and the
    scores, scaled and masked scores and probabilities have no other use.
    A `[0, 2, 1, 3]` transpose that is the context's only user is replaced
    too; otherwise the context is the transpose of the fused result.
  }];
}

def MIRFuseSharedMatmul : MIR_FusionPass<"mir-fuse-shared-matmul",
    "fuse matmuls sharing an input (QKV) into mir.shared_matmul"> {
  let description = [{
    Input: MIR. Output: MIR where two or more `mir.matmul`s of one input with
    rank-2 weights of one element type are one `mir.shared_matmul`. Weights
    defined by operand-free ops (params, constants) after the first matmul
    are moved up; a weight computed later blocks the fusion. A shared matmul
    without biases each of whose results is only read by an add of a bias
    `[N_i]` (either operand order; biases move up as weights do) takes the
    biases and replaces the adds; with any result left without such an add,
    nothing changes and the miss is reported.
  }];
}

def MIRFuseElementwise : MIR_FusionPass<"mir-fuse-elementwise",
    "fuse maximal single-consumer elementwise chains into mir.elementwise"> {
  let description = [{
    Input: MIR. Output: MIR where each maximal tree of elementwise ops
    (unary, binary, compare, select, cast, broadcast, splat constants) whose
    intermediates have a single use and the root's shape is one
    `mir.elementwise` region, clipped to the target's limits on steps and
    inputs (`max-steps`, `max-inputs` override them). Trees of one step are
    left alone.
  }];
  let options = !listconcat(fusionOptions, [
    Option<"maxSteps", "max-steps", "int64_t", /*default=*/"0",
           "most scalar steps per region (0: the target's limit)">,
    Option<"maxInputs", "max-inputs", "int64_t", /*default=*/"0",
           "most inputs per region (0: the target's limit)">,
    Option<"skipWithoutRegions", "skip-without-regions", "bool",
           /*default=*/"false",
           "do nothing, and report nothing, when the target does not claim "
           "mir.elementwise (the pipelines' setting: no regions is a property "
           "of the target, not a missed fusion)">,
  ]);
}

def MIRFuse : MIR_FusionPass<"mir-fuse",
    "the block fusions, in order, with one fusion report"> {
  let description = [{
    Runs activation, attention, swiglu, shared-matmul, matmul-epilogue, norm and
    residual-norm fusion in that order (each earlier one would otherwise be
    pre-empted by a later one) and prints one report: op counts before and after, what was
    fused, and every missed fusion with its pattern, op and reason.
    Elementwise regions are formed later (`mir-fuse-elementwise`), after
    mixed precision has placed its casts, so the casts fuse into regions.
  }];
}

def MIRUnfuseElementwise : Pass<"mir-unfuse-elementwise",
                                 "::mlir::func::FuncOp"> {
  let summary = "turn mir.elementwise regions back into tensor ops";
  let description = [{
    Input: MIR. Output: MIR without `mir.elementwise`: each scalar step
    becomes the same op on tensors (broadcasting as the region did), for
    targets without region kernels.
  }];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRLegalizeForTarget : Pass<"mir-legalize-for-target",
                                "::mlir::func::FuncOp"> {
  let summary = "rewrite ops the target does not claim until all are legal";
  let description = [{
    The target is the module's `rlx.target` (the host CPU without one).
    Input: MIR. Output: MIR whose every op the target claims: fused ops are
    un-fused, softmax / layer_norm / rms_norm decomposed into primitives,
    regions un-fused. Fails naming every op that stays unclaimed. With
    `report`, prints the dispatch report: per op kind native, rewritten or
    unsupported.
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "print the dispatch report to stderr">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect",
                           "::mlir::rlx::RLXDialect"];
}

def MIRMakeBroadcastsExplicit : Pass<"mir-make-broadcasts-explicit",
                                     "::mlir::func::FuncOp"> {
  let summary = "insert mir.broadcast where an elementwise op broadcasts";
  let description = [{
    Input: MIR. Output: MIR where every operand of `mir.binary`,
    `mir.compare` and `mir.select` on tensors has the result's shape; the
    expansions are explicit `mir.broadcast` ops.
  }];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRFoldEmptyTensors : Pass<"mir-fold-empty-tensors", "::mlir::func::FuncOp"> {
  let summary = "take zero-element tensors out of the computation";
  let description = [{
    Input: MIR. Output: MIR where every op whose static results have no
    elements is an empty mir.constant, and an op reading an empty tensor but
    producing elements is replaced by its value: a reduction by its kind's
    identity (sum 0, prod 1, max -inf, min +inf, mean NaN; integer max and
    min are refused), a concatenation by the concatenation of its
    other operands, a contraction over nothing (matmul or fused_matmul
    without bias or activation, swiglu and shared_matmul without biases with
    K = 0, attention over no keys, conv2d without bias over no channels or
    only padding) by zeros. Any other op
    reading an empty tensor and producing elements is an error naming it.
    No kernel on any device then reads or writes an empty tensor
    (docs/MIR.md, "Empty tensors"). Dynamic shapes are left alone.
  }];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRFoldParamLayouts : Pass<"mir-fold-param-layouts", "::mlir::func::FuncOp"> {
  let summary = "store a param that every use transposes transposed";
  let description = [{
    Input: MIR. Output: MIR where the params of a name whose every use is a
    `mir.transpose` with one permutation are one `mir.param ... permuted
    [p...]` of the transposed type, in place of each transpose: the runtime
    transposes the values once, when they are set (rlx::Slot::permutation).
  }];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRFoldConstants : Pass<"mir-fold-constants", "::mlir::func::FuncOp"> {
  let summary = "evaluate MIR ops whose operands are all constants";
  let description = [{
    Input: MIR. Output: MIR where elementwise ops, casts, reshapes,
    transposes, broadcasts, slices, concats and gathers of constants are
    constants, up to `max-elements` result elements each
    (passes/MIR/ConstantEvaluation.h).
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1048576",
           "largest constant result to materialize">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRMixedPrecision : Pass<"mir-mixed-precision", "::mlir::func::FuncOp"> {
  let summary = "choose each op's float compute type and insert casts";
  let description = [{
    Input: MIR. Output: MIR whose float ops compute in the type the policy
    picks, with `mir.cast` at every boundary where types change. Function
    arguments and results keep their types. Policies: always-f32,
    always-f16, auto-mixed (f16; softmax, norms, reductions, cumsum, exp,
    log, pow stay f32), auto-mixed-conservative (f16 only for matmul-like
    ops), auto-mixed-bf16 (auto-mixed with bf16), custom (`custom` map,
    e.g. mir.matmul=f16,mir.softmax=f32; unlisted ops keep their type).
    An f32 param that every use casts to one f16 / bf16 type is then
    stored in it, given in f32 (`mir.param "w" given f32`): the runtime
    converts it once, when it is set.
  }];
  let options = [
    Option<"policy", "policy", "::rlx::Precision",
           /*default=*/"::rlx::Precision::f32", "precision policy",
           "::mlir::rlx::precisionPolicyValues()">,
    Option<"custom", "custom", "std::string", /*default=*/"\"\"",
           "op=type list for the custom policy">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRSpecialize : Pass<"mir-specialize", "::mlir::func::FuncOp"> {
  let summary = "bind symbolic dims and infer static shapes";
  let description = [{
    Input: MIR whose arguments name their dynamic dims (`mir.dims`). Output:
    MIR with every shape static: argument types take the bound sizes and
    every result type is inferred again, in order (nested regions too) --
    by the op's own InferTypeOpInterface where it has one, from the operand
    for the ops whose result types are declared -- then the function
    re-verifies. Fails naming any unbound symbol or any dim that cannot be
    inferred.

    `bind` is `symbol=size` entries separated by commas, sizes >= 1, spaces
    around entries and `=` ignored (passes/MIR/SymbolBinding.h parses each
    entry; a malformed one is an option error quoting it); in a pipeline
    string quote it when it holds spaces: `mir-specialize{bind="batch=64,
    seq=128"}`. Symbols no argument of the function names are ignored, so
    one binding serves every function of a module.

    The `mir.dims` annotations are dropped: the types carry the sizes, and
    running the pass again changes nothing. A declaration (no body) is left
    as it is. Inside the function a `?` must follow from the operands: a
    reshape has at most one, a broadcast or elementwise region expands to
    one only from a dim other than 1.

    Errors: a symbol bound twice; an unbound symbol (each reported once,
    with the bindings given); a `?` argument dim without a symbol; a result
    dim inference cannot determine, or that stays dynamic (a `?` param);
    a type whose size overflows int64; an op other than mir ops and
    `func.return`; and sizes that contradict a static dim (the type
    inference's error, as the verifier would give it, or for a rule the
    inference leaves to the verifier, its error, then one naming the
    bindings).
  }];
  let options = [
    ListOption<"bind", "bind", "::mlir::rlx::SymbolBinding",
               "symbol bindings, e.g. batch=64,seq=128">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def MIRVerifyContract : Pass<"mir-verify-contract", "::mlir::ModuleOp"> {
  let summary = "check the MIR boundary contract (docs/Contracts.md)";
  let description = [{
    Input and output: MIR, unchanged. Fails when a function holds an op
    outside func and mir, has no results, duplicates an input or output
    name, or (with `static-shapes`) a dynamic dim.
  }];
  let options = [
    Option<"staticShapes", "static-shapes", "bool", /*default=*/"false",
           "require every shape to be static">,
  ];
}

#endif // RLX_PASSES_MIR_PASSES
