//===- MIROps.td - The rlx MIR operations ------------------*- tablegen -*-===//
//
// Every op lists its constraints as (C1)...(Cn); the verifier and type
// inference code carries `// mir.<op> Cn` comments and
// test/Dialect/MIR/invalid.mlir names its cases after them. An op whose
// result types follow from its operands and attributes infers them
// (RLX_InferResultTypes): the inference checks the constraints that shape
// the results, the verifier the rest (each description says which).
//
//===----------------------------------------------------------------------===//

#ifndef RLX_MIR_OPS
#define RLX_MIR_OPS

include "dialects/MIR/MIRDialect.td"
include "dialects/MIR/MIRInterfaces.td"
include "dialects/Common/Enums.td"
include "dialects/Common/Types.td"
include "dialects/Common/InferTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/SymbolInterfaces.td"

class MIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<MIR_Dialect, mnemonic, !listconcat(traits, [RLX_BoundedShapes, RLX_InDominanceRegion])>;

// The op's kernel splits into workgroups along its leading dims.
def MIR_ParallelDims : DeclareOpInterfaceMethods<MIR_ParallelDimsOpInterface>;

// The op multiplies and accumulates; it counts its FLOPs.
def MIR_Contraction : DeclareOpInterfaceMethods<MIR_ContractionOpInterface>;

//===----------------------------------------------------------------------===//
// Leaves: constants and parameters
//===----------------------------------------------------------------------===//

def MIR_ConstantOp : MIR_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "a compile-time tensor or scalar";
  let description = [{
    A tensor constant (dense elements) or, inside an elementwise region body,
    a scalar constant.

    ```mlir
    %c = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %s = mir.constant 5.000000e-01 : f32
    ```

    Constraints:
    (C1) the value's type is the result type.
    (C2) the value is dense elements for a tensor result, or a float or
         integer attribute for a scalar result.
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs RLX_AnyTensorOrScalar:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def MIR_ParamOp : MIR_Op<"param", [Pure]> {
  let summary = "a named parameter (weight), bound once, read every run";
  let description = [{
    Parameters are distinct from per-run inputs (function arguments): they
    are bound by name (`CompiledGraph::setParam`) and live in the arena's
    parameter slots.

    ```mlir
    %w = mir.param "fc1.weight" : tensor<784x512xf32>
    %v = mir.param "fc2.weight" given f32 : tensor<512x10xbf16>
    ```

    `given f32`: the caller gives the values in f32 and the param holds
    them converted to its f16 / bf16 element type (rounded to nearest even,
    once, when the param is set): what mir-mixed-precision writes for a
    param that every use casts to one narrower type.

    `permuted [p...]`: the caller gives the values in another dim order and
    the param holds them transposed, its dim i being given dim p[i] (as
    `mir.transpose`'s permutation): what mir-fold-param-layouts writes for
    a param that every use transposes (ONNX Gemm's transB), so that the
    transpose runs once, when the param is set.

    ```mlir
    %w = mir.param "fc.weight" permuted [1, 0] : tensor<1280x1000xf32>
    ```

    Constraints:
    (C1) the name is a slot name: 1 to 256 bytes of printable ASCII
         (rlx::slotNameProblem, include/rlx/Manifest.h).
    (C2) params with the same name in one block have the same type (and
         `given` and `permuted`).
    (C3) `given` is f32 and the element type f16 or bf16
         (rlx::givenDTypeProblem).
    (C4) `permuted` is a permutation of the dims that is not the identity
         (rlx::permutationProblem).
  }];
  let arguments = (ins StrAttr:$name, OptionalAttr<TypeAttr>:$given,
                       OptionalAttr<DenseI64ArrayAttr>:$permuted);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat =
      "$name (`given` $given^)? (`permuted` $permuted^)? attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def MIR_StateOp : MIR_Op<"state"> {
  let summary = "a named buffer that persists between runs (a KV cache)";
  let description = [{
    A state is memory the compiled graph keeps from one run to the next:
    the value `mir.state` gives is what earlier runs left there (zeros in a
    new graph), and a `mir.cache_write` of it updates it in place. It is a
    param slot marked `state` in the manifest (docs/Dialects/MIR.md,
    "Decoding state"): set, read, bound and reset by name through
    `CompiledGraph`.

    ```mlir
    %c = mir.state "layers.0.k_cache" : tensor<1x256x4x16xf32>
    %k = mir.cache_write %c, %new, %pos axis = 1 : (tensor<1x256x4x16xf32>, tensor<1x1x4x16xf32>, tensor<1xi32>) -> tensor<1x256x4x16xf32>
    ```

    Constraints:
    (C1) the name is a slot name (rlx::slotNameProblem), used by no other
         `mir.state` or `mir.param` of the block.
    (C2) the result is used at most once, as the cache of a
         `mir.cache_write`: the write updates the memory in place, so
         nothing may read the value from before it.
  }];
  let arguments = (ins StrAttr:$name);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = "$name attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def MIR_CacheWriteOp : MIR_Op<"cache_write",
    [MemoryEffects<[MemWrite]>, RLX_InferFirstOperandType<3, 3>]> {
  let summary = "writes rows into a state at a run-time position, in place";
  let description = [{
    The result is `cache` with `update`'s rows written at `position` along
    `axis`: `out[..., position + i, ...] = update[..., i, ...]` for every
    `i` with `0 <= position + i < capacity` (the cache's size along
    `axis`); rows that would fall outside are not written, and every other
    element keeps its value. The memory is the state's: the write happens
    in place and persists after the run. `position` is read when the graph
    runs, so one compiled graph serves every position.

    ```mlir
    %k = mir.cache_write %c, %new, %pos axis = 1 : (tensor<1x256x4x16xf32>, tensor<1x1x4x16xf32>, tensor<1xi32>) -> tensor<1x256x4x16xf32>
    ```

    Constraints:
    (C1) `cache` is the result of a `mir.state`.
    (C2) `update` has the cache's rank and element type and its dims but
         `axis`, where it has at most the cache's size.
    (C3) `position` is an i32 or i64 tensor of one element.
    (C4) `0 <= axis < rank`.
    (C5) the result has the cache's type.

    The type inference checks C5, the verifier C1-C4.
  }];
  let arguments = (ins RLX_AnyTensor:$cache, RLX_AnyTensor:$update,
                       RLX_IndexTensor:$position, I64Attr:$axis);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = [{
    $cache `,` $update `,` $position `axis` `=` $axis attr-dict `:`
    functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// `axis` as the signed dim it is.
    int64_t getDim() { return static_cast<int64_t>(getAxis()); }
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise primitives (tensors, or scalars in a region body)
//===----------------------------------------------------------------------===//

def MIR_UnaryOp : MIR_Op<"unary",
    [Pure, RLX_InferFirstOperandType<1, 1>, MIR_ElementwiseParallelDims]> {
  let summary = "elementwise unary function (activations and math)";
  let description = [{
    ```mlir
    %y = mir.unary gelu %x : tensor<4x8xf32>
    %s = mir.unary exp %a : f32   // inside mir.elementwise
    ```

    Constraints:
    (C1) operand and result have the same type.
    (C2) integer operands only with `neg`, `abs` and `relu`.

    The type inference checks C1, the verifier C2.
  }];
  let arguments = (ins RLX_UnaryKind:$kind, RLX_NumericTensorOrScalar:$input);
  let results = (outs RLX_NumericTensorOrScalar:$output);
  // The result type is inferred from the operand's.
  let assemblyFormat = "$kind $input attr-dict `:` type($input)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def MIR_BinaryOp : MIR_Op<"binary",
    [Pure, RLX_InferResultTypesWith<"inferBinaryTypes", 2, 2>,
     MIR_ElementwiseParallelDims]> {
  let summary = "elementwise binary function with numpy broadcasting";
  let description = [{
    Operands broadcast right-aligned: each dim pair is equal or one of them
    is 1 (docs/Dialects/MIR.md, "Broadcasting"). No implicit type promotion.

    ```mlir
    %z = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    ```

    Constraints:
    (C1) operands and result have the same element type.
    (C2) tensors: the result shape is the broadcast of the operand shapes;
         scalars: all three are scalars.
    (C3) `pow` only on floats.

    The type inference checks C1 and C2, the verifier C3.
  }];
  let arguments = (ins RLX_BinaryKind:$kind, RLX_NumericTensorOrScalar:$lhs,
                       RLX_NumericTensorOrScalar:$rhs);
  let results = (outs RLX_NumericTensorOrScalar:$output);
  let assemblyFormat = [{
    $kind $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def MIR_CompareOp : MIR_Op<"compare",
    [Pure, RLX_InferResultTypes<2, 2>, MIR_ElementwiseParallelDims]> {
  let summary = "elementwise comparison with broadcasting, giving i1";
  let description = [{
    ```mlir
    %m = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```

    Constraints:
    (C1) the operands have the same element type.
    (C2) tensors: the result shape is the broadcast of the operand shapes;
         scalars: all three are scalars.

    The type inference checks C1 and C2.
  }];
  let arguments = (ins RLX_CompareKind:$kind, RLX_NumericTensorOrScalar:$lhs,
                       RLX_NumericTensorOrScalar:$rhs);
  let results = (outs RLX_BoolTensorOrScalar:$output);
  let assemblyFormat = [{
    $kind $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

def MIR_SelectOp : MIR_Op<"select",
    [Pure, RLX_InferResultTypes<3, 3>, MIR_ElementwiseParallelDims]> {
  let summary = "elementwise choice with broadcasting";
  let description = [{
    ```mlir
    %r = mir.select %c, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```

    Constraints:
    (C1) the two choices and the result have the same element type.
    (C2) tensors: the result shape is the broadcast of all three operand
         shapes; scalars: all four are scalars.

    The type inference checks C1 and C2.
  }];
  let arguments = (ins RLX_BoolTensorOrScalar:$condition,
                       RLX_AnyTensorOrScalar:$true_value,
                       RLX_AnyTensorOrScalar:$false_value);
  let results = (outs RLX_AnyTensorOrScalar:$output);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def MIR_CastOp : MIR_Op<"cast", [Pure, MIR_ElementwiseParallelDims]> {
  let summary = "elementwise dtype conversion";
  let description = [{
    Float to float rounds to nearest even; float to int truncates toward
    zero; int to int sign-extends or truncates; to i1 is `!= 0`.

    ```mlir
    %h = mir.cast %x : tensor<4xf32> to tensor<4xf16>
    ```

    Constraints:
    (C1) operand and result are both tensors of the same shape, or both
         scalars.
  }];
  let arguments = (ins RLX_AnyTensorOrScalar:$input);
  let results = (outs RLX_AnyTensorOrScalar:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Contractions, reductions and normalizations
//===----------------------------------------------------------------------===//

def MIR_MatmulOp : MIR_Op<"matmul",
    [Pure, RLX_InferResultTypesWith<"inferMatmulTypes", 2, 2>,
     MIR_MatmulParallelDims, MIR_Contraction]> {
  let summary = "batched matrix product with broadcast batch dims";
  let description = [{
    `[..., M, K] x [..., K, N] -> [broadcast(...), M, N]`.

    ```mlir
    %c = mir.matmul %a, %b : (tensor<8x64x32xf32>, tensor<32x16xf32>) -> tensor<8x64x16xf32>
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

def MIR_ReduceOp : MIR_Op<"reduce",
    [Pure, RLX_InferResultTypes<1, 1>, MIR_ParallelDims]> {
  let summary = "reduction over a set of axes";
  let description = [{
    ```mlir
    %s = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
    %m = mir.reduce max %x axes = [0, 1] : tensor<4x8xf32> -> tensor<f32>
    ```

    Constraints:
    (C1) `axes` is not empty, each axis is in [-rank, rank) and appears once.
    (C2) the result shape is the input shape with the reduced dims removed,
         or set to 1 with `keep_dim`.
    (C3) operand and result have the same element type.
    (C4) `mean` only on floats.

    The type inference checks C1-C3, the verifier C4.
  }];
  let arguments = (ins RLX_ReduceKind:$kind, RLX_NumericTensor:$input,
                       DenseI64ArrayAttr:$axes, UnitAttr:$keep_dim);
  let results = (outs RLX_NumericTensor:$output);
  let assemblyFormat = [{
    $kind $input `axes` `=` $axes (`keep_dim` $keep_dim^)? attr-dict `:`
    type($input) `->` type($output)
  }];
  let hasVerifier = 1;
}

def MIR_SoftmaxOp : MIR_Op<"softmax",
    [Pure, RLX_InferFirstOperandType<1, 1>, MIR_AxisParallelDims]> {
  let summary = "softmax along one axis";
  let description = [{
    ```mlir
    %p = mir.softmax %x axis = -1 : tensor<4x8xf32>
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

def MIR_LayerNormOp : MIR_Op<"layer_norm",
    [Pure, RLX_InferFirstOperandType<2, 3>, MIR_RowParallelDims<1>]> {
  let summary = "layer normalization over the last dim";
  let description = [{
    `(x - mean) / sqrt(var + eps) * gamma + beta`, statistics over the last
    dim; `beta` is optional.

    ```mlir
    %y = mir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    ```

    Constraints:
    (C1) input and result have the same type.
    (C2) `gamma` (and `beta`) have rank 1, the size of the last input dim
         and the input's element type.
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

def MIR_RmsNormOp : MIR_Op<"rms_norm",
    [Pure, RLX_InferFirstOperandType<2, 2>, MIR_RowParallelDims<1>]> {
  let summary = "RMS normalization over the last dim";
  let description = [{
    `x / sqrt(mean(x^2) + eps) * gamma`, statistics over the last dim.

    ```mlir
    %y = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
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

def MIR_CumsumOp : MIR_Op<"cumsum",
    [Pure, RLX_InferFirstOperandType<1, 1>, MIR_AxisParallelDims]> {
  let summary = "inclusive prefix sum along one axis";
  let description = [{
    ```mlir
    %c = mir.cumsum %x axis = 1 : tensor<4x8xf32>
    ```

    Constraints:
    (C1) operand and result have the same type.
    (C2) `axis` is in [-rank, rank).

    The type inference checks C1, the verifier C2.
  }];
  let arguments = (ins RLX_NumericTensor:$input, I64Attr:$axis);
  let results = (outs RLX_NumericTensor:$output);
  // The result type is inferred from the operand's.
  let assemblyFormat = "$input `axis` `=` $axis attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def MIR_TransposeOp : MIR_Op<"transpose",
    [Pure, RLX_InferResultTypes<1, 1>, MIR_ParallelDims]> {
  let summary = "permutation of dims";
  let description = [{
    Result dim `i` is input dim `permutation[i]`.

    ```mlir
    %t = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    ```

    Constraints:
    (C1) `permutation` is a permutation of [0, rank).
    (C2) the result shape is the permuted input shape, with the same
         element type.

    The type inference checks C1 and C2.
  }];
  let arguments = (ins RLX_AnyTensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = [{
    $input `permutation` `=` $permutation attr-dict `:` type($input) `->`
    type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def MIR_ReshapeOp : MIR_Op<"reshape", [Pure]> {
  let summary = "same elements, new shape (row-major)";
  let description = [{
    ```mlir
    %r = mir.reshape %x : tensor<4x8xf32> to tensor<32xf32>
    ```

    Constraints:
    (C1) operand and result have the same element type.
    (C2) when both shapes are static, they have the same element count.
  }];
  let arguments = (ins RLX_AnyTensor:$input);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def MIR_SliceOp : MIR_Op<"slice", [Pure, RLX_InferResultTypes<1, 1>]> {
  let summary = "strided static window (slice / narrow)";
  let description = [{
    ```mlir
    %s = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
    ```

    Constraints:
    (C1) `offsets`, `sizes` and `strides` each have one entry per dim.
    (C2) offsets >= 0, sizes >= 0, strides >= 1.
    (C3) every window lies inside its static input dim.
    (C4) the result shape is `sizes`, with the input's element type.

    The type inference checks C1-C4. Its kernel does not split into
    workgroups.
  }];
  let arguments = (ins RLX_AnyTensor:$input, DenseI64ArrayAttr:$offsets,
                       DenseI64ArrayAttr:$sizes, DenseI64ArrayAttr:$strides);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = [{
    $input `offsets` `=` $offsets `sizes` `=` $sizes `strides` `=` $strides
    attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
}

def MIR_ConcatOp : MIR_Op<"concat",
    [Pure, RLX_InferResultTypes<0, -1>, MIR_ParallelDims]> {
  let summary = "join tensors along one axis";
  let description = [{
    ```mlir
    %c = mir.concat %a, %b axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>) -> tensor<4x10xf32>
    ```

    Constraints:
    (C1) there is at least one input.
    (C2) all inputs and the result have the same rank and element type.
    (C3) `axis` is in [-rank, rank).
    (C4) dims other than `axis` agree; the result's `axis` dim is the sum.

    The type inference checks C1-C4.
  }];
  let arguments = (ins Variadic<RLX_AnyTensor>:$inputs, I64Attr:$axis);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = [{
    $inputs `axis` `=` $axis attr-dict `:` functional-type($inputs, results)
  }];
  let hasFolder = 1;
}

def MIR_BroadcastOp : MIR_Op<"broadcast",
    [Pure, MIR_ElementwiseParallelDims]> {
  let summary = "expand size-1 and missing leading dims";
  let description = [{
    ```mlir
    %b = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf32>
    ```

    Constraints:
    (C1) operand and result have the same element type.
    (C2) the operand shape broadcasts to the result shape.
  }];
  let arguments = (ins RLX_AnyTensor:$input);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def MIR_GatherOp : MIR_Op<"gather",
    [Pure, RLX_InferResultTypes<2, 2>, MIR_ParallelDims]> {
  let summary = "pick slices of a table along one axis by index";
  let description = [{
    Result shape: `table[:axis] ++ indices ++ table[axis+1:]`. An index
    outside the axis reads zeros.

    ```mlir
    %e = mir.gather %table[%ids] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x7x16xf32>
    ```

    Constraints:
    (C1) `axis` is in [-rank, rank) of the table.
    (C2) the result shape is `table[:axis] ++ indices ++ table[axis+1:]`
         with the table's element type.

    The type inference checks C1 and C2.
  }];
  let arguments = (ins RLX_AnyTensor:$table, RLX_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs RLX_AnyTensor:$output);
  let assemblyFormat = [{
    $table `[` $indices `]` `axis` `=` $axis attr-dict `:`
    functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Convolution, pooling, top-k
//===----------------------------------------------------------------------===//

def MIR_Conv2dOp : MIR_Op<"conv2d",
    [Pure, RLX_InferResultTypes<2, 3>, MIR_ParallelDims, MIR_Contraction]> {
  let summary = "2-D convolution, NCHW input, OIHW filter";
  let description = [{
    `padding` is [top, left, bottom, right]. The optional `act` is applied
    to every output (bias included), in the kernel's epilogue.

    ```mlir
    %y = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
    ```

    Constraints:
    (C1) input and filter have rank 4.
    (C2) `strides` and `dilations` have 2 entries >= 1; `padding` has 4
         entries >= 0; `groups` >= 1.
    (C3) `groups` divides the input channels and the filter's output
         channels; filter dim 1 is input channels / groups.
    (C4) the optional bias has rank 1 and one entry per output channel.
    (C5) the result shape is `[N, O, Ho, Wo]` with
         `Ho = (H + top + bottom - dilation * (KH - 1) - 1) / stride + 1 >= 1`.
    (C6) all operands and the result have the same element type.

    The type inference checks C1-C6 (C3 and C4 need C1 and C2 first).
  }];
  let arguments = (ins RLX_FloatTensor:$input, RLX_FloatTensor:$filter,
                       Optional<RLX_FloatTensor>:$bias,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$padding,
                       DenseI64ArrayAttr:$dilations, I64Attr:$groups,
                       DefaultValuedAttr<RLX_Activation,
                                         "::mlir::rlx::Activation::none">:$act);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $filter (`,` $bias^)? `strides` `=` $strides `padding` `=`
    $padding `dilations` `=` $dilations `groups` `=` $groups
    (`act` `=` $act^)? attr-dict `:` functional-type(operands, results)
  }];
}

def MIR_PoolOp : MIR_Op<"pool",
    [Pure, RLX_InferResultTypes<1, 1>, MIR_ParallelDims]> {
  let summary = "2-D max or average pooling, NCHW";
  let description = [{
    Window element `(kh, kw)` of output `(oh, ow)` reads input row
    `oh * stride - top + kh * dilation` (columns likewise); positions
    outside the input are skipped. Average pooling divides by the count of
    positions inside the input, or with `count_include_pad` inside the
    padded input (`[-top, H + bottom)`). `ceil_mode` rounds the output size
    up, except that a window starting at or after `H + top` is dropped; the
    extra positions it reaches are never counted.

    ```mlir
    %p = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
    %a = mir.pool avg %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] ceil_mode count_include_pad : tensor<1x4x8x8xf32> -> tensor<1x4x5x5xf32>
    ```

    Constraints:
    (C1) the input has rank 4.
    (C2) `kernel`, `strides` and `dilations` (default [1, 1]) have 2
         entries >= 1; `padding` has 4 entries >= 0.
    (C3) the result shape is `[N, C, Ho, Wo]` with
         `Ho = (H + top + bottom - dilation * (KH - 1) - 1) / stride + 1 >= 1`
         (the division rounded up with `ceil_mode`, then one less when
         `(Ho - 1) * stride >= H + top`), same element type.
    (C4) `count_include_pad` only with `avg`.

    The type inference checks C1-C3, the verifier C4.
  }];
  let arguments = (ins RLX_PoolKind:$kind, RLX_FloatTensor:$input,
                       DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$dilations,
                       UnitAttr:$ceil_mode, UnitAttr:$count_include_pad);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $kind $input `kernel` `=` $kernel `strides` `=` $strides `padding` `=`
    $padding (`dilations` `=` $dilations^)? (`ceil_mode` $ceil_mode^)?
    (`count_include_pad` $count_include_pad^)? attr-dict `:` type($input)
    `->` type($output)
  }];
  let hasVerifier = 1;
}

def MIR_TopKOp : MIR_Op<"topk",
    [Pure, RLX_InferResultTypes<1, 1, /*ownCompatibility=*/1>,
     MIR_AxisParallelDims]> {
  let summary = "the k largest values along an axis, and their indices";
  let description = [{
    Values are sorted in descending order; ties keep the lower index first.

    ```mlir
    %v, %i = mir.topk %x k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
    ```

    Constraints:
    (C1) `axis` is in [-rank, rank).
    (C2) `k` >= 1 and at most the (static) axis dim.
    (C3) both results have the input shape with the axis dim set to `k`;
         `values` has the input's element type.

    The type inference checks C1-C3. It gives i64 `indices`; i32 ones are
    compatible too (the element type is the producer's choice).
  }];
  let arguments = (ins RLX_NumericTensor:$input, I64Attr:$k,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs RLX_NumericTensor:$values, RLX_IndexTensor:$indices);
  let assemblyFormat = [{
    $input `k` `=` $k `axis` `=` $axis attr-dict `:` type($input) `->`
    type($values) `,` type($indices)
  }];
}

//===----------------------------------------------------------------------===//
// Constants that depend on a shape
//===----------------------------------------------------------------------===//

def MIR_CausalMaskOp : MIR_Op<"causal_mask",
    [Pure, RLX_InferResultTypes<1, 1>]> {
  let summary = "the additive causal / sliding-window mask of attention scores";
  let description = [{
    The `[S, T]` mask added to attention scores `[..., S, T]`: 0 where query
    `i` sees key `j`, -inf elsewhere. Query `i` sees key `j` when
    `j <= i + (T - S)`; with `sliding_window` only the last `window` of
    those keys, `j > i + (T - S) - window`. Only the operand's shape is
    read: it ties S and T to the scores while they are symbolic. Once they
    are static the op folds to that `mir.constant`, and `mir-specialize`
    replaces it with the constant (docs/Dialects/MIR.md).

    ```mlir
    %m = mir.causal_mask causal %s : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
    %w = mir.causal_mask sliding_window %s window = 2 : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
    ```

    Constraints:
    (C1) `scores` has rank >= 2.
    (C2) `kind` is `causal` or `sliding_window`.
    (C3) `window` is present exactly for `sliding_window`, and >= 1.
    (C4) the result is `[S, T]`, the last two dims of `scores`, of its
         element type.
    (C5) when S and T are static, S * T is at most 2^26 (the limit on
         constants the compiler materializes).

    The type inference checks C1 and C4, the verifier C2, C3 and C5.
  }];
  let arguments = (ins RLX_MaskKind:$kind, RLX_FloatTensor:$scores,
                       OptionalAttr<I64Attr>:$window);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $kind $scores (`window` `=` $window^)? attr-dict `:` type($scores) `->`
    type($output)
  }];
  let extraClassDeclaration = [{
    /// `window` as the signed size it is (I64Attr getters are unsigned).
    std::optional<int64_t> getSignedWindow();
    /// The constant the mask is, or null while S or T is dynamic (or the
    /// op does not verify).
    ::mlir::DenseElementsAttr getStaticValue();
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fused ops
//===----------------------------------------------------------------------===//

def MIR_FusedMatmulOp : MIR_Op<"fused_matmul",
    [Pure, RLX_InferResultTypes<2, 3>, MIR_MatmulParallelDims,
     MIR_Contraction]> {
  let summary = "matmul with a bias + activation epilogue";
  let description = [{
    `act(lhs x rhs + bias)`, the epilogue applied on the output tile.

    ```mlir
    %y = mir.fused_matmul %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
    ```

    Constraints:
    (C1)-(C4) as `mir.matmul`.
    (C5) the optional bias has the element type of the result and
         broadcasts to the result shape.

    The type inference checks C1-C4, the verifier C5.
  }];
  let arguments = (ins RLX_FloatTensor:$lhs, RLX_FloatTensor:$rhs,
                       Optional<RLX_FloatTensor>:$bias,
                       DefaultValuedAttr<RLX_Activation,
                                         "::mlir::rlx::Activation::none">:$act);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` $bias^)? (`act` `=` $act^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def MIR_ResidualNormOp : MIR_Op<"residual_norm",
    [Pure, AttrSizedOperandSegments, RLX_InferResultTypes<3, 5>,
     MIR_RowParallelDims<2>]> {
  let summary = "residual add (+ bias) followed by layer or RMS norm";
  let description = [{
    `sum = input + residual (+ bias)`, `normed = norm(sum)`. Both results
    are produced: `sum` is the residual stream of the next block.

    ```mlir
    %n, %s = mir.residual_norm layer %x, %r bias(%b) gamma(%g) beta(%be) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    ```

    Constraints:
    (C1) input, residual and both results have the same type.
    (C2) bias, gamma and beta have rank 1, the size of the last input dim and
         the input's element type.
    (C3) `beta` only with `layer`.
    (C4) `eps` is positive.

    The type inference checks C1, the verifier C2-C4.
  }];
  let arguments = (ins RLX_NormKind:$kind, RLX_FloatTensor:$input,
                       RLX_FloatTensor:$residual,
                       Optional<RLX_FloatTensor>:$bias,
                       RLX_FloatTensor:$gamma, Optional<RLX_FloatTensor>:$beta,
                       F32Attr:$eps);
  let results = (outs RLX_FloatTensor:$normed, RLX_FloatTensor:$sum);
  let assemblyFormat = [{
    $kind $input `,` $residual (`bias` `(` $bias^ `)`)? `gamma` `(` $gamma `)`
    (`beta` `(` $beta^ `)`)? `eps` `=` $eps attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def MIR_SwigluOp : MIR_Op<"swiglu",
    [Pure, RLX_InferResultTypesWith<"inferSwigluTypes", 3, 3>,
     MIR_ParallelDims, MIR_Contraction]> {
  let summary = "silu(x W_gate) * (x W_up)";
  let description = [{
    ```mlir
    %h = mir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
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

def MIR_SharedMatmulOp : MIR_Op<"shared_matmul",
    [Pure, AttrSizedOperandSegments, RLX_InferResultTypes<1, -1>,
     MIR_ParallelDims, MIR_Contraction]> {
  let summary = "several matmuls of one input (QKV), one result each";
  let description = [{
    `output_i = input x weights_i (+ biases_i)`, computed as one matmul on
    the weights concatenated along N; each bias is added on its output's
    tile (the epilogue) and broadcasts along the last dim.

    ```mlir
    %q, %k = mir.shared_matmul %x, %wq, %wk : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
    %qb, %kb = mir.shared_matmul %x, %wq, %wk bias(%bq, %bk) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
    ```

    Constraints:
    (C1) at least two weights and one result per weight.
    (C2) each weight has rank 2 `[K, N_i]`, with the input's last dim `K`.
    (C3) result `i` is the input shape with the last dim `N_i`; all element
         types agree.
    (C4) no biases, or exactly one per weight.
    (C5) bias `i` has rank 1, the shape `[N_i]` and the input's element
         type.

    The type inference checks C1-C3, the verifier C4-C5.
  }];
  let arguments = (ins RLX_FloatTensor:$input,
                       Variadic<RLX_FloatTensor>:$weights,
                       Variadic<RLX_FloatTensor>:$biases);
  let results = (outs Variadic<RLX_FloatTensor>:$outputs);
  let assemblyFormat = [{
    $input `,` $weights (`bias` `(` $biases^ `)`)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def MIR_AttentionOp : MIR_Op<"attention",
    [Pure, RLX_InferFirstOperandType<3, 4>, MIR_Contraction]> {
  let summary = "scaled dot-product attention over heads, fused";
  let description = [{
    `out[b, s, h, :] = softmax_t(scale * q[b, s, h, :] . k[b, t, g, :]
    (+ mask[s, t])) . v[b, t, g, :]` with `g = h / (H / KVH)` (KVH kv
    heads, fewer than H for grouped-query attention), in the token-major layout the
    projections produce (`[batch, seq, heads, head_dim]`, a reshape of
    `[batch, seq, heads * head_dim]`), so neither the operands nor the
    result are transposed into a per-head layout. With `causal`, query `s`
    sees the keys `t <= s + (T - S)` (the `mir.causal_mask` rule); without
    it, every key.

    With a `position` operand (an i32 or i64 tensor of one element, read
    when the graph runs) the queries sit at `p + s` in the key sequence:
    query `s` sees the keys `t <= p + s` with `causal`, the keys
    `t < p + S` without it, and never a key `t >= T`. The static rule is
    the case `p = T - S`. A decoder reads its KV cache of capacity T this
    way, filled up to `p + S`; a query that sees no key gives 0.

    A kernel may compute it blockwise with an online softmax, never holding
    the S x T scores whole (docs/CPUBackend.md, "Attention"); the primitive
    chain it stands for is the one `mir-legalize-for-target` writes for a
    target that does not claim it (passes/MIR/Decompose.h).

    ```mlir
    %o = mir.attention %q, %k, %v scale = 1.250000e-01 causal : tensor<1x128x4x64xf32>, tensor<1x128x4x64xf32>, tensor<1x128x4x64xf32>
    ```

    Constraints:
    (C1) the result has the type of `q`.
    (C2) `q`, `k` and `v` have rank 4 and one element type; `k` and `v`
         have one type.
    (C3) `q` and `k` agree on batch and head_dim (dims 0, 3); k's heads
         (KVH, dim 2) divide q's (H).
    (C4) `scale` is finite and positive.
    (C5) with `causal` and no `position`, S <= T when both are static:
         every query sees at least one key.
    (C6) `position`, when present, has one element.

    The type inference checks C1, the verifier C2-C6.
  }];
  let arguments = (ins RLX_FloatTensor:$query, RLX_FloatTensor:$key,
                       RLX_FloatTensor:$value,
                       Optional<RLX_IndexTensor>:$position, F64Attr:$scale,
                       UnitAttr:$causal);
  let results = (outs RLX_FloatTensor:$output);
  let assemblyFormat = [{
    $query `,` $key `,` $value (`position` `(` $position^ `:` type($position) `)`)?
    `scale` `=` $scale (`causal` $causal^)?
    attr-dict `:` type($query) `,` type($key) `,` type($value)
  }];
  let extraClassDeclaration = [{
    /// [B, S, H, D] and [B, T, H, D]: the dims a kernel iterates.
    int64_t getBatch() { return getQuery().getType().getDimSize(0); }
    int64_t getQueryLength() { return getQuery().getType().getDimSize(1); }
    int64_t getKeyLength() { return getKey().getType().getDimSize(1); }
    int64_t getHeads() { return getQuery().getType().getDimSize(2); }
    /// KVH: query head h reads kv head h / (H / KVH).
    int64_t getKvHeads() { return getKey().getType().getDimSize(2); }
    int64_t getHeadDim() { return getQuery().getType().getDimSize(3); }
  }];
  let hasVerifier = 1;
}

def MIR_ElementwiseOp : MIR_Op<"elementwise",
    [Pure, IsolatedFromAbove, SingleBlock, MIR_ElementwiseParallelDims]> {
  let summary = "a fused chain of scalar steps over broadcast inputs";
  let description = [{
    The body runs once per result element on the broadcast inputs' elements
    (block argument `i` is an element of input `i`). Steps are scalar
    `mir.unary`, `mir.binary`, `mir.compare`, `mir.select`, `mir.cast` and
    `mir.constant`; `mir.yield` gives the element.

    ```mlir
    %y = mir.elementwise %x, %a, %b : (tensor<1024xf32>, tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32> {
    ^bb0(%e: f32, %f: f32, %g: f32):
      %m = mir.binary mul %e, %f : (f32, f32) -> f32
      %s = mir.binary add %m, %g : (f32, f32) -> f32
      %r = mir.unary relu %s : f32
      mir.yield %r : f32
    }
    ```

    Constraints:
    (C1) there is at least one input.
    (C2) the body has one argument per input, of that input's element type.
    (C3) every input broadcasts to the result shape.
    (C4) the body holds only scalar steps (ops listed above, on scalars).
    (C5) `mir.yield` yields one value of the result's element type.
  }];
  let arguments = (ins Variadic<RLX_AnyTensor>:$inputs);
  let results = (outs RLX_AnyTensor:$output);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $inputs attr-dict `:` functional-type($inputs, results) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def MIR_YieldOp : MIR_Op<"yield",
    [Pure, Terminator, HasParent<"ElementwiseOp">]> {
  let summary = "the element an elementwise region produces";
  let description = [{
    ```mlir
    mir.yield %r : f32
    ```

    Constraints:
    (C1) it is the terminator of a `mir.elementwise` body (trait).
  }];
  let arguments = (ins RLX_AnyElt:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // RLX_MIR_OPS
