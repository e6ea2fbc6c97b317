//===- HIROps.td - The rlx HIR operations ------------------*- tablegen -*-===//
//
// Every op lists its constraints as (C1)...(Cn); the verifier and type
// inference code carries `// hir.<op> Cn` comments and
// test/Dialect/HIR/invalid.mlir names its cases after them. Result types are
// inferred (RLX_InferResultTypes) for every op but hir.param: the inference
// checks the constraints that shape the results, the verifier the rest (each
// description says which). Rules shared with MIR live in
// dialects/Common/InferRules and OpRules.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_HIR_OPS
#define RLX_HIR_OPS

include "dialects/HIR/HIRDialect.td"
include "dialects/Common/Enums.td"
include "dialects/Common/Types.td"
include "dialects/Common/InferTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class HIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<HIR_Dialect, mnemonic, !listconcat(traits, [RLX_BoundedShapes, RLX_InDominanceRegion])>;

def HIR_ParamOp : HIR_Op<"param", [Pure]> {
  let summary = "a named parameter (weight)";
  let description = [{
    Weights are named values bound once (`setParam`), distinct from the
    per-run inputs, which are the function's arguments.

    ```mlir
    %w = hir.param "fc1.weight" : tensor<784x512xf32>
    ```

    Constraints:
    (C1) the name is a slot name: 1 to 256 bytes of printable ASCII
         (rlx::slotNameProblem, include/rlx/Manifest.h).
    (C2) params with the same name in one block have the same type.
  }];
  let arguments = (ins StrAttr:$name);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = "$name attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def HIR_LinearOp : HIR_Op<"linear", [Pure, RLX_InferResultTypes<2, 3>]> {
  let summary = "x W (+ b), then an optional activation";
  let description = [{
    The weight is `[in, out]` (`[K, N]`): `y = act(x W + b)`. A PyTorch
    `nn.Linear` weight is its transpose.

    ```mlir
    %y = hir.linear %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
    ```

    Constraints:
    (C1) the weight has rank 2 `[K, N]` and the input's last dim is `K`.
    (C2) the optional bias has shape `[N]`.
    (C3) the result is the input shape with the last dim `N`.
    (C4) all element types agree.

    The type inference checks C1-C4.
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_FloatTensor:$weight,
                       Optional<RLX_FloatTensor>:$bias,
                       DefaultValuedAttr<RLX_Activation,
                                         "::mlir::rlx::Activation::none">:$act);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? (`act` `=` $act^)? attr-dict `:`
    functional-type(operands, results)
  }];
}

def HIR_MatmulOp : HIR_Op<"matmul",
    [Pure, RLX_InferResultTypesWith<"inferMatmulTypes", 2, 2>]> {
  let summary = "batched matrix product with broadcast batch dims";
  let description = [{
    ```mlir
    %c = hir.matmul %a, %b : (tensor<4x16x32xf32>, tensor<4x32x8xf32>) -> tensor<4x16x8xf32>
    ```

    Constraints:
    (C1) operands and result have the same element type.
    (C2) both operands have rank >= 2 and the same contraction dim K.
    (C3) the batch dims broadcast.
    (C4) the result shape is `[batch..., M, N]`.

    The type inference checks C1-C4.
  }];
  let arguments = (ins RLX_NumericTensor:$lhs, RLX_NumericTensor:$rhs);
  let results = (outs RLX_NumericTensor:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def HIR_AttentionOp : HIR_Op<"attention",
    [Pure, AttrSizedOperandSegments, RLX_InferResultTypes<3, 5>]> {
  let summary = "scaled dot-product multi-head attention";
  let description = [{
    On projected `q [B, S, H*D]`, `k`, `v [B, T, KVH*D]` (grouped-query when
    `kv_heads` < `heads`): `softmax(mask(softcap(q k^T * scale))) v`, heads
    concatenated back to `[B, S, H*D]`. `scale` defaults to `1/sqrt(D)`.
    Mask kinds: `none`; `causal` (query i sees keys <= i + T - S);
    `sliding_window` (causal, and only the last `window` keys); `custom` (an
    i1 `mask` operand, true = keep); `additive_bias` (a float `mask` operand
    added to the scores). Mask operands broadcast to `[B, H, S, T]`.
    `softcap` applies `c * tanh(s / c)` to the scores. A `position`
    operand (an i32 or i64 tensor of one element, read at run time; mask
    `none` or `causal`, no softcap) puts the queries at `p + s` in the key
    sequence, as `mir.attention`'s: causal, query `s` sees the keys
    `t <= p + s`; else `t < p + S` (a decoder's KV cache of capacity T,
    filled up to `p + S`).

    ```mlir
    %o = hir.attention causal %q, %k, %v heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<1x128x256xf32>, tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
    ```

    Constraints:
    (C1) q, k and v have rank 3 and the same batch dim; k and v have the same
         type.
    (C2) q's last dim is `heads * head_dim`; k's is `kv_heads * head_dim`.
    (C3) `heads`, `head_dim`, `kv_heads` >= 1 and `kv_heads` divides
         `heads`.
    (C4) a `mask` operand is present exactly for `custom` (i1) and
         `additive_bias` (q's element type), and broadcasts to
         `[B, heads, S, T]`.
    (C5) `window` is present exactly for `sliding_window`, and >= 1.
    (C6) `scale` and `softcap`, when present, are positive.
    (C7) the result has q's type; q, k and v have the same element type.
    (C8) `position`, when present, has one element, and the mask kind is
         `none` or `causal` with no softcap.

    The type inference checks C7, the verifier C1-C6 and C8.
  }];
  let arguments = (ins RLX_MaskKind:$mask_kind, RLX_FloatTensor:$query,
                       RLX_FloatTensor:$key, RLX_FloatTensor:$value,
                       Optional<RLX_AnyTensor>:$mask,
                       Optional<RLX_IndexTensor>:$position, I64Attr:$heads,
                       OptionalAttr<I64Attr>:$kv_heads, I64Attr:$head_dim,
                       OptionalAttr<I64Attr>:$window,
                       OptionalAttr<F32Attr>:$scale,
                       OptionalAttr<F32Attr>:$softcap);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $mask_kind $query `,` $key `,` $value (`mask` `(` $mask^ `)`)?
    (`position` `(` $position^ `)`)?
    `heads` `=` $heads (`kv_heads` `=` $kv_heads^)? `head_dim` `=` $head_dim
    (`window` `=` $window^)? (`scale` `=` $scale^)?
    (`softcap` `=` $softcap^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// `kv_heads`, defaulting to `heads`.
    int64_t getNumKvHeads() { return getKvHeads().value_or(getHeads()); }
  }];
  let hasVerifier = 1;
}

def HIR_LayerNormOp : HIR_Op<"layer_norm",
    [Pure, RLX_InferFirstOperandType<2, 3>]> {
  let summary = "layer normalization over the last dim";
  let description = [{
    ```mlir
    %y = hir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    ```

    Constraints:
    (C1) input and result have the same type.
    (C2) `gamma` (and the optional `beta`) have rank 1, the size of the last
         input dim and the input's element type.
    (C3) `eps` is positive.

    The type inference checks C1, the verifier C2 and C3.
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_FloatTensor:$gamma,
                       Optional<RLX_FloatTensor>:$beta, F32Attr:$eps);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $gamma (`,` $beta^)? `eps` `=` $eps attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HIR_RmsNormOp : HIR_Op<"rms_norm",
    [Pure, RLX_InferFirstOperandType<2, 2>]> {
  let summary = "RMS normalization over the last dim";
  let description = [{
    ```mlir
    %y = hir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    ```

    Constraints:
    (C1) input and result have the same type.
    (C2) `gamma` has rank 1, the size of the last input dim and the input's
         element type.
    (C3) `eps` is positive.

    The type inference checks C1, the verifier C2 and C3.
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_FloatTensor:$gamma,
                       F32Attr:$eps);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $gamma `eps` `=` $eps attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HIR_ResidualNormOp : HIR_Op<"residual_norm",
    [Pure, RLX_InferResultTypes<3, 4>]> {
  let summary = "residual add followed by layer or RMS norm";
  let description = [{
    `sum = input + residual`, `normed = norm(sum)`; both are results (`sum`
    is the residual stream the next block adds to).

    ```mlir
    %n, %s = hir.residual_norm layer %x, %r, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    ```

    Constraints:
    (C1) input, residual and both results have the same type.
    (C2) `gamma` (and `beta`) have rank 1, the size of the last input dim and
         the input's element type.
    (C3) `beta` only with `layer`.
    (C4) `eps` is positive.

    The type inference checks C1, the verifier C2-C4.
  }];
  let arguments = (ins RLX_NormKind:$kind, RLX_FloatTensor:$input,
                       RLX_FloatTensor:$residual, RLX_FloatTensor:$gamma,
                       Optional<RLX_FloatTensor>:$beta, F32Attr:$eps);
  let results = (outs RLX_FloatTensor:$normed, RLX_FloatTensor:$sum);
  let assemblyFormat = [{
    $kind $input `,` $residual `,` $gamma (`,` $beta^)? `eps` `=` $eps
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HIR_SoftmaxOp : HIR_Op<"softmax",
    [Pure, RLX_InferFirstOperandType<1, 1>]> {
  let summary = "softmax along one axis";
  let description = [{
    ```mlir
    %p = hir.softmax %x axis = -1 : tensor<4x8xf32>
    ```

    Constraints:
    (C1) operand and result have the same type.
    (C2) `axis` is in [-rank, rank).

    The type inference checks C1, the verifier C2.
  }];
  let arguments = (ins RLX_FloatTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs RLX_FloatTensor:$output);
  // The result type is inferred from the operand's.
  let assemblyFormat = "$input `axis` `=` $axis attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def HIR_SwigluOp : HIR_Op<"swiglu",
    [Pure, RLX_InferResultTypesWith<"inferSwigluTypes", 3, 3>]> {
  let summary = "silu(x W_gate) * (x W_up), the gated MLP hidden layer";
  let description = [{
    ```mlir
    %h = hir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
    ```

    Constraints:
    (C1) the two weights have the same type, rank 2 `[K, F]`.
    (C2) the input's last dim is `K`.
    (C3) the result shape is the input shape with the last dim `F`; all
         element types agree.

    The type inference checks C2 and C3 (with `w_gate`), the verifier C1.
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_FloatTensor:$w_gate,
                       RLX_FloatTensor:$w_up);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $w_gate `,` $w_up attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HIR_RopeOp : HIR_Op<"rope", [Pure, RLX_InferFirstOperandType<2, 2>]> {
  let summary = "rotary position embedding (optionally partial)";
  let description = [{
    Rotates the first `rotary_dim` features of each head of `x [B, S, H*D]`
    by angle `position * theta^(-2i/rotary_dim)` on pairs (i, i +
    rotary_dim/2) (the "rotate half" layout); the rest pass through.
    `rotary_dim` defaults to `head_dim`, `theta` to 10000.

    ```mlir
    %r = hir.rope %x, %pos heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<128xi64>) -> tensor<1x128x256xf32>
    ```

    Constraints:
    (C1) the input has rank 3 and its last dim is `heads * head_dim`.
    (C2) `heads` >= 1; `rotary_dim` is even and in [2, head_dim].
    (C3) `positions` has rank 1 and the input's sequence length.
    (C4) `theta` is positive.
    (C5) the result has the input's type.

    The type inference checks C5, the verifier C1-C4.
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_IndexTensor:$positions,
                       I64Attr:$heads, I64Attr:$head_dim,
                       OptionalAttr<I64Attr>:$rotary_dim,
                       DefaultValuedAttr<F32Attr, "10000.0f">:$theta);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $positions `heads` `=` $heads `head_dim` `=` $head_dim
    (`rotary_dim` `=` $rotary_dim^)? (`theta` `=` $theta^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HIR_EmbeddingOp : HIR_Op<"embedding", [Pure, RLX_InferResultTypes<2, 2>]> {
  let summary = "table lookup: one row of [V, D] per id";
  let description = [{
    An id outside [0, V) reads a row of zeros.

    ```mlir
    %e = hir.embedding %ids, %table : (tensor<1x128xi32>, tensor<32000x256xf32>) -> tensor<1x128x256xf32>
    ```

    Constraints:
    (C1) the table has rank 2 `[V, D]`.
    (C2) the result shape is the ids shape followed by `D`, with the table's
         element type.

    The type inference checks C1 and C2.
  }];
  let arguments = (ins RLX_IndexTensor:$ids, RLX_FloatTensor:$table);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $ids `,` $table attr-dict `:` functional-type(operands, results)
  }];
}

def HIR_ActivationOp : HIR_Op<"activation",
    [Pure, RLX_InferFirstOperandType<1, 1>]> {
  let summary = "elementwise activation or math function";
  let description = [{
    ```mlir
    %y = hir.activation gelu %x : tensor<4x8xf32>
    ```

    Constraints:
    (C1) operand and result have the same type.
    (C2) integer operands only with `neg`, `abs` and `relu`.

    The type inference checks C1, the verifier C2.
  }];
  let arguments = (ins RLX_UnaryKind:$kind, RLX_NumericTensor:$input);
  let results = (outs RLX_NumericTensor:$output);
  // The result type is inferred from the operand's.
  let assemblyFormat = "$kind $input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def HIR_BinaryOp : HIR_Op<"binary",
    [Pure, RLX_InferResultTypesWith<"inferBinaryTypes", 2, 2>]> {
  let summary = "elementwise binary function with numpy broadcasting";
  let description = [{
    ```mlir
    %z = hir.binary add %x, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    ```

    Constraints:
    (C1) operands and result have the same element type.
    (C2) the result shape is the broadcast of the operand shapes.
    (C3) `pow` only on floats.

    The type inference checks C1 and C2, the verifier C3.
  }];
  let arguments = (ins RLX_BinaryKind:$kind, RLX_NumericTensor:$lhs,
                       RLX_NumericTensor:$rhs);
  let results = (outs RLX_NumericTensor:$output);
  let assemblyFormat = [{
    $kind $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // RLX_HIR_OPS
