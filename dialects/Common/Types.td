//===- Types.td - Type constraints shared by rlx dialects --*- tablegen -*-===//
//
// The dtypes rlx accepts: f32, f16, bf16, f64, i8, i32, i64 and i1. Every op
// names the subset that makes sense for it, so a wrong dtype is an ODS
// verifier error naming the operand and the accepted set.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_COMMON_TYPES
#define RLX_COMMON_TYPES

include "mlir/IR/CommonTypeConstraints.td"

def RLX_FloatElt : AnyTypeOf<[F16, BF16, F32, F64]>;
def RLX_IntElt : AnyTypeOf<[I8, I32, I64]>;
def RLX_IndexElt : AnyTypeOf<[I32, I64]>;
def RLX_AnyElt : AnyTypeOf<[F16, BF16, F32, F64, I8, I32, I64, I1]>;
def RLX_NumericElt : AnyTypeOf<[F16, BF16, F32, F64, I8, I32, I64]>;

def RLX_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
def RLX_NumericTensor : RankedTensorOf<[F16, BF16, F32, F64, I8, I32, I64]>;
def RLX_AnyTensor : RankedTensorOf<[F16, BF16, F32, F64, I8, I32, I64, I1]>;
def RLX_IndexTensor : RankedTensorOf<[I32, I64]>;
def RLX_BoolTensor : RankedTensorOf<[I1]>;

// Elementwise ops work on tensors, and on scalars inside an elementwise
// region body.
def RLX_FloatTensorOrScalar : AnyTypeOf<[RLX_FloatTensor, RLX_FloatElt]>;
def RLX_NumericTensorOrScalar : AnyTypeOf<[RLX_NumericTensor, RLX_NumericElt]>;
def RLX_AnyTensorOrScalar : AnyTypeOf<[RLX_AnyTensor, RLX_AnyElt]>;
def RLX_BoolTensorOrScalar : AnyTypeOf<[RLX_BoolTensor, I1]>;

// Verifies, for every ranked tensor or memref an op touches, that the rank is
// at most 16 and that neither the element count nor the byte size overflows
// int64 (RELIABILITY.md contract 3).
def RLX_BoundedShapes : NativeOpTrait<"BoundedShapes"> {
  let cppNamespace = "::mlir::rlx";
}

// An op with operands is not in a graph region (a module body), where its
// operands could form a use-def cycle that folding would chase forever
// (RELIABILITY.md contract 3).
def RLX_InDominanceRegion : NativeOpTrait<"InDominanceRegion"> {
  let cppNamespace = "::mlir::rlx";
}

#endif // RLX_COMMON_TYPES
