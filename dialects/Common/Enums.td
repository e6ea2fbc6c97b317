//===- Enums.td - Kinds shared by the HIR and MIR dialects -*- tablegen -*-===//
//
// One definition of each op kind, so HIR and MIR (and MIR's elementwise
// region steps) speak the same vocabulary and the lowering between them is
// a pass-through of the attribute.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_COMMON_ENUMS
#define RLX_COMMON_ENUMS

include "mlir/IR/EnumAttr.td"

def RLX_UnaryKind : I32EnumAttr<"UnaryKind", "elementwise unary function", [
    I32EnumAttrCase<"gelu", 0>, I32EnumAttrCase<"gelu_tanh", 1>,
    I32EnumAttrCase<"silu", 2>, I32EnumAttrCase<"relu", 3>,
    I32EnumAttrCase<"sigmoid", 4>, I32EnumAttrCase<"tanh", 5>,
    I32EnumAttrCase<"exp", 6>, I32EnumAttrCase<"log", 7>,
    I32EnumAttrCase<"sqrt", 8>, I32EnumAttrCase<"rsqrt", 9>,
    I32EnumAttrCase<"neg", 10>, I32EnumAttrCase<"abs", 11>,
    I32EnumAttrCase<"sin", 12>, I32EnumAttrCase<"cos", 13>,
    I32EnumAttrCase<"tan", 14>, I32EnumAttrCase<"atan", 15>,
    I32EnumAttrCase<"round", 16>, I32EnumAttrCase<"erf", 17>,
    I32EnumAttrCase<"floor", 18>, I32EnumAttrCase<"ceil", 19>]> {
  let cppNamespace = "::mlir::rlx";
}

// The activations a fused epilogue (linear, fused matmul, conv) may apply.
// relu6 is min(max(x, 0), 6) (ONNX Clip(0, 6), MobileNet's): no unary kind
// of its own, its chain is max and min with constants.
def RLX_Activation : I32EnumAttr<"Activation", "fused epilogue activation", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"gelu", 2>, I32EnumAttrCase<"gelu_tanh", 3>,
    I32EnumAttrCase<"silu", 4>, I32EnumAttrCase<"sigmoid", 5>,
    I32EnumAttrCase<"tanh", 6>, I32EnumAttrCase<"relu6", 7>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_BinaryKind : I32EnumAttr<"BinaryKind", "elementwise binary function", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"sub", 1>,
    I32EnumAttrCase<"mul", 2>, I32EnumAttrCase<"div", 3>,
    I32EnumAttrCase<"max", 4>, I32EnumAttrCase<"min", 5>,
    I32EnumAttrCase<"pow", 6>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_CompareKind : I32EnumAttr<"CompareKind", "elementwise comparison", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
    I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_ReduceKind : I32EnumAttr<"ReduceKind", "reduction", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"mean", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>,
    I32EnumAttrCase<"prod", 4>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_NormKind : I32EnumAttr<"NormKind", "normalization", [
    I32EnumAttrCase<"layer", 0>, I32EnumAttrCase<"rms", 1>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_MaskKind : I32EnumAttr<"MaskKind", "attention mask", [
    I32EnumAttrCase<"none", 0>, I32EnumAttrCase<"causal", 1>,
    I32EnumAttrCase<"sliding_window", 2>, I32EnumAttrCase<"custom", 3>,
    I32EnumAttrCase<"additive_bias", 4>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_PoolKind : I32EnumAttr<"PoolKind", "pooling", [
    I32EnumAttrCase<"max", 0>, I32EnumAttrCase<"avg", 1>]> {
  let cppNamespace = "::mlir::rlx";
}

def RLX_IOKind : I32EnumAttr<"IOKind", "role of an arena slot in the manifest", [
    I32EnumAttrCase<"input", 0>, I32EnumAttrCase<"param", 1>,
    I32EnumAttrCase<"output", 2>, I32EnumAttrCase<"constant", 3>]> {
  let cppNamespace = "::mlir::rlx";
}

#endif // RLX_COMMON_ENUMS
