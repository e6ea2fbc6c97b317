// RUN: rlx-opt %s | rlx-opt | FileCheck %s
// RUN: rlx-opt %s --mlir-print-op-generic | rlx-opt | FileCheck %s

// Round trip of every HIR op in every syntactic variant. Function arguments
// are captured with `[^:]+` so that a capture cannot run past its own
// argument when several arguments have the same type.

//===----------------------------------------------------------------------===//
// Function argument and result annotations
//===----------------------------------------------------------------------===//

// hir.name and hir.dims on arguments (symbol and static size), hir.name on a result.
// CHECK-LABEL: func.func @annotations(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x784xf32> {hir.dims = ["batch", 784], hir.name = "x"})
// CHECK-SAME: -> (tensor<?x784xf32> {hir.name = "y"})
// CHECK-NEXT: return %[[X]] : tensor<?x784xf32>
func.func @annotations(%x: tensor<?x784xf32> {hir.name = "x", hir.dims = ["batch", 784]})
    -> (tensor<?x784xf32> {hir.name = "y"}) {
  return %x : tensor<?x784xf32>
}

// hir.dims with only symbols, only static sizes, and empty for a rank-0 tensor.
// CHECK-LABEL: func.func @annotations_dims_variants(
// CHECK-SAME: %[[A:[^:]+]]: tensor<?x?xf32> {hir.dims = ["batch", "seq"]},
// CHECK-SAME: %{{[^:]+}}: tensor<2x3xi32> {hir.dims = [2, 3]},
// CHECK-SAME: %{{[^:]+}}: tensor<f32> {hir.dims = []})
// CHECK-SAME: -> tensor<?x?xf32>
// CHECK-NEXT: return %[[A]] : tensor<?x?xf32>
func.func @annotations_dims_variants(%a: tensor<?x?xf32> {hir.dims = ["batch", "seq"]},
                                     %b: tensor<2x3xi32> {hir.dims = [2, 3]},
                                     %c: tensor<f32> {hir.dims = []}) -> tensor<?x?xf32> {
  return %a : tensor<?x?xf32>
}

// Annotations on a bodiless function declaration.
// CHECK-LABEL: func.func private @annotations_declaration(
// CHECK-SAME: tensor<?x?xf32> {hir.dims = ["b", "s"], hir.name = "ids"})
// CHECK-SAME: -> (tensor<?xf32> {hir.name = "out"}, tensor<4xf32>)
func.func private @annotations_declaration(tensor<?x?xf32> {hir.name = "ids", hir.dims = ["b", "s"]})
    -> (tensor<?xf32> {hir.name = "out"}, tensor<4xf32>)

//===----------------------------------------------------------------------===//
// hir.param
//===----------------------------------------------------------------------===//

// Params of float, integer and i1 element types, and of rank 0.
// CHECK-LABEL: func.func @param(
// CHECK-NEXT: %[[W:.+]] = hir.param "fc1.weight" : tensor<784x512xf32>
// CHECK-NEXT: %[[T:.+]] = hir.param "table" : tensor<16xi32>
// CHECK-NEXT: %[[M:.+]] = hir.param "mask" : tensor<4x4xi1>
// CHECK-NEXT: %[[S:.+]] = hir.param "scale" : tensor<bf16>
// CHECK-NEXT: return %[[W]], %[[T]], %[[M]], %[[S]] : tensor<784x512xf32>, tensor<16xi32>, tensor<4x4xi1>, tensor<bf16>
func.func @param() -> (tensor<784x512xf32>, tensor<16xi32>, tensor<4x4xi1>, tensor<bf16>) {
  %w = hir.param "fc1.weight" : tensor<784x512xf32>
  %t = hir.param "table" : tensor<16xi32>
  %m = hir.param "mask" : tensor<4x4xi1>
  %s = hir.param "scale" : tensor<bf16>
  return %w, %t, %m, %s : tensor<784x512xf32>, tensor<16xi32>, tensor<4x4xi1>, tensor<bf16>
}

// The same name twice with the same type in one block is allowed (C2).
// CHECK-LABEL: func.func @param_same_name_same_type(
// CHECK-NEXT: %[[A:.+]] = hir.param "w" : tensor<4xf32>
// CHECK-NEXT: %[[B:.+]] = hir.param "w" : tensor<4xf32>
// CHECK-NEXT: return %[[A]], %[[B]] : tensor<4xf32>, tensor<4xf32>
func.func @param_same_name_same_type() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hir.param "w" : tensor<4xf32>
  %b = hir.param "w" : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// The same name with another type in another block (function) is allowed (C2).
// CHECK-LABEL: func.func @param_same_name_other_block(
// CHECK-NEXT: %[[A:.+]] = hir.param "w" : tensor<8xf16>
// CHECK-NEXT: return %[[A]] : tensor<8xf16>
func.func @param_same_name_other_block() -> tensor<8xf16> {
  %a = hir.param "w" : tensor<8xf16>
  return %a : tensor<8xf16>
}

// A name with characters that need escaping (printable ASCII: a control
// character is refused, invalid.mlir).
// CHECK-LABEL: func.func @param_escaped_name(
// CHECK-NEXT: %[[A:.+]] = hir.param "layers.0 \22q\22" : tensor<2xf32>
// CHECK-NEXT: return %[[A]] : tensor<2xf32>
func.func @param_escaped_name() -> tensor<2xf32> {
  %a = hir.param "layers.0 \"q\"" : tensor<2xf32>
  return %a : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// hir.linear
//===----------------------------------------------------------------------===//

// Linear with a bias and an activation.
// CHECK-LABEL: func.func @linear_bias_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<64x784xf32>, %[[W:[^:]+]]: tensor<784x512xf32>, %[[B:[^:]+]]: tensor<512xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]], %[[B]] act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT: return %[[Y]] : tensor<64x512xf32>
func.func @linear_bias_act(%x: tensor<64x784xf32>, %w: tensor<784x512xf32>, %b: tensor<512xf32>) -> tensor<64x512xf32> {
  %y = hir.linear %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  return %y : tensor<64x512xf32>
}

// Linear with a bias and no activation.
// CHECK-LABEL: func.func @linear_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>, %[[W:[^:]+]]: tensor<16x4xf32>, %[[B:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]], %[[B]] : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<8x4xf32>
func.func @linear_bias(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<8x4xf32> {
  %y = hir.linear %x, %w, %b : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// Linear with an activation and no bias.
// CHECK-LABEL: func.func @linear_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>, %[[W:[^:]+]]: tensor<16x4xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]] act = gelu : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<8x4xf32>
func.func @linear_act(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = hir.linear %x, %w act = gelu : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// An explicit `act = none` is the default and is elided when printed.
// CHECK-LABEL: func.func @linear_act_none_elided(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>, %[[W:[^:]+]]: tensor<16x4xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<8x4xf32>
func.func @linear_act_none_elided(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = hir.linear %x, %w act = none : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// Linear in generic form without `act` takes the default and prints without it.
// CHECK-LABEL: func.func @linear_generic_default_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>, %[[W:[^:]+]]: tensor<16x4xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<8x4xf32>
func.func @linear_generic_default_act(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = "hir.linear"(%x, %w) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// Every fused activation kind.
// CHECK-LABEL: func.func @linear_every_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x4xf32>, %[[W:[^:]+]]: tensor<4x4xf32>)
// CHECK-NEXT: %[[A:.+]] = hir.linear %[[X]], %[[W]] act = relu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[B:.+]] = hir.linear %[[A]], %[[W]] act = gelu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[C:.+]] = hir.linear %[[B]], %[[W]] act = gelu_tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[D:.+]] = hir.linear %[[C]], %[[W]] act = silu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[E:.+]] = hir.linear %[[D]], %[[W]] act = sigmoid : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[F:.+]] = hir.linear %[[E]], %[[W]] act = tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x4xf32>
func.func @linear_every_act(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %a = hir.linear %x, %w act = relu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = hir.linear %a, %w act = gelu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = hir.linear %b, %w act = gelu_tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = hir.linear %c, %w act = silu : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = hir.linear %d, %w act = sigmoid : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %f = hir.linear %e, %w act = tanh : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %f : tensor<4x4xf32>
}

// Linear on a rank-3 input with dynamic dims (the mlp example's shape), in bf16.
// CHECK-LABEL: func.func @linear_dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x784xbf16>, %[[W:[^:]+]]: tensor<784x?xbf16>, %[[B:[^:]+]]: tensor<?xbf16>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]], %[[B]] act = silu : (tensor<?x?x784xbf16>, tensor<784x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
// CHECK-NEXT: return %[[Y]] : tensor<?x?x?xbf16>
func.func @linear_dynamic(%x: tensor<?x?x784xbf16>, %w: tensor<784x?xbf16>, %b: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %y = hir.linear %x, %w, %b act = silu : (tensor<?x?x784xbf16>, tensor<784x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}

// Linear whose input's last dim is dynamic against a static K, and whose
// result refines a dynamic dim to a static one.
// CHECK-LABEL: func.func @linear_dynamic_k(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x?xf16>, %[[W:[^:]+]]: tensor<16x8xf16>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]] : (tensor<4x?xf16>, tensor<16x8xf16>) -> tensor<?x8xf16>
// CHECK-NEXT: return %[[Y]] : tensor<?x8xf16>
func.func @linear_dynamic_k(%x: tensor<4x?xf16>, %w: tensor<16x8xf16>) -> tensor<?x8xf16> {
  %y = hir.linear %x, %w : (tensor<4x?xf16>, tensor<16x8xf16>) -> tensor<?x8xf16>
  return %y : tensor<?x8xf16>
}

// Linear on a rank-1 input in f64.
// CHECK-LABEL: func.func @linear_rank1_f64(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16xf64>, %[[W:[^:]+]]: tensor<16x4xf64>)
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]] : (tensor<16xf64>, tensor<16x4xf64>) -> tensor<4xf64>
// CHECK-NEXT: return %[[Y]] : tensor<4xf64>
func.func @linear_rank1_f64(%x: tensor<16xf64>, %w: tensor<16x4xf64>) -> tensor<4xf64> {
  %y = hir.linear %x, %w : (tensor<16xf64>, tensor<16x4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// The mlp example: params feeding linears, with annotations.
// CHECK-LABEL: func.func @mlp(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x784xf32> {hir.dims = ["batch", 784], hir.name = "x"})
// CHECK-SAME: -> (tensor<?x10xf32> {hir.name = "logits"})
// CHECK-NEXT: %[[W1:.+]] = hir.param "fc1.weight" : tensor<784x512xf32>
// CHECK-NEXT: %[[B1:.+]] = hir.param "fc1.bias" : tensor<512xf32>
// CHECK-NEXT: %[[W2:.+]] = hir.param "fc2.weight" : tensor<512x10xf32>
// CHECK-NEXT: %[[B2:.+]] = hir.param "fc2.bias" : tensor<10xf32>
// CHECK-NEXT: %[[H:.+]] = hir.linear %[[X]], %[[W1]], %[[B1]] act = relu : (tensor<?x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<?x512xf32>
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[H]], %[[W2]], %[[B2]] : (tensor<?x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: return %[[Y]] : tensor<?x10xf32>
func.func @mlp(%x: tensor<?x784xf32> {hir.name = "x", hir.dims = ["batch", 784]})
    -> (tensor<?x10xf32> {hir.name = "logits"}) {
  %w1 = hir.param "fc1.weight" : tensor<784x512xf32>
  %b1 = hir.param "fc1.bias" : tensor<512xf32>
  %w2 = hir.param "fc2.weight" : tensor<512x10xf32>
  %b2 = hir.param "fc2.bias" : tensor<10xf32>
  %h = hir.linear %x, %w1, %b1 act = relu : (tensor<?x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<?x512xf32>
  %y = hir.linear %h, %w2, %b2 : (tensor<?x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
  return %y : tensor<?x10xf32>
}

//===----------------------------------------------------------------------===//
// hir.matmul
//===----------------------------------------------------------------------===//

// Plain 2-D matmul.
// CHECK-LABEL: func.func @matmul_2d(
// CHECK-SAME: %[[A:[^:]+]]: tensor<16x32xf32>, %[[B:[^:]+]]: tensor<32x8xf32>)
// CHECK-NEXT: %[[C:.+]] = hir.matmul %[[A]], %[[B]] : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return %[[C]] : tensor<16x8xf32>
func.func @matmul_2d(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %c = hir.matmul %a, %b : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %c : tensor<16x8xf32>
}

// Batched matmul whose batch dims broadcast (1 against 4, missing against 3).
// CHECK-LABEL: func.func @matmul_broadcast_batch(
// CHECK-SAME: %[[A:[^:]+]]: tensor<3x1x16x32xf32>, %[[B:[^:]+]]: tensor<4x32x8xf32>)
// CHECK-NEXT: %[[C:.+]] = hir.matmul %[[A]], %[[B]] : (tensor<3x1x16x32xf32>, tensor<4x32x8xf32>) -> tensor<3x4x16x8xf32>
// CHECK-NEXT: return %[[C]] : tensor<3x4x16x8xf32>
func.func @matmul_broadcast_batch(%a: tensor<3x1x16x32xf32>, %b: tensor<4x32x8xf32>) -> tensor<3x4x16x8xf32> {
  %c = hir.matmul %a, %b : (tensor<3x1x16x32xf32>, tensor<4x32x8xf32>) -> tensor<3x4x16x8xf32>
  return %c : tensor<3x4x16x8xf32>
}

// Matmul with dynamic batch, M, K and N.
// CHECK-LABEL: func.func @matmul_dynamic(
// CHECK-SAME: %[[A:[^:]+]]: tensor<?x?x?xf16>, %[[B:[^:]+]]: tensor<?x?x?xf16>)
// CHECK-NEXT: %[[C:.+]] = hir.matmul %[[A]], %[[B]] : (tensor<?x?x?xf16>, tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
// CHECK-NEXT: return %[[C]] : tensor<?x?x?xf16>
func.func @matmul_dynamic(%a: tensor<?x?x?xf16>, %b: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %c = hir.matmul %a, %b : (tensor<?x?x?xf16>, tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  return %c : tensor<?x?x?xf16>
}

// Integer matmuls (i8 and i32 are numeric).
// CHECK-LABEL: func.func @matmul_integer(
// CHECK-SAME: %[[A:[^:]+]]: tensor<2x3xi8>, %[[B:[^:]+]]: tensor<3x4xi8>, %[[C:[^:]+]]: tensor<2x3xi32>, %[[D:[^:]+]]: tensor<3x4xi32>)
// CHECK-NEXT: %[[X:.+]] = hir.matmul %[[A]], %[[B]] : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi8>
// CHECK-NEXT: %[[Y:.+]] = hir.matmul %[[C]], %[[D]] : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT: return %[[X]], %[[Y]] : tensor<2x4xi8>, tensor<2x4xi32>
func.func @matmul_integer(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x3xi32>, %d: tensor<3x4xi32>) -> (tensor<2x4xi8>, tensor<2x4xi32>) {
  %x = hir.matmul %a, %b : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi8>
  %y = hir.matmul %c, %d : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return %x, %y : tensor<2x4xi8>, tensor<2x4xi32>
}

//===----------------------------------------------------------------------===//
// hir.attention
//===----------------------------------------------------------------------===//

// Attention with mask kind `none` and only the required attributes.
// CHECK-LABEL: func.func @attention_none(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x128x256xf32>, %[[K:[^:]+]]: tensor<1x128x256xf32>, %[[V:[^:]+]]: tensor<1x128x256xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention none %[[Q]], %[[K]], %[[V]] heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<1x128x256xf32>, tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x128x256xf32>
func.func @attention_none(%q: tensor<1x128x256xf32>, %k: tensor<1x128x256xf32>, %v: tensor<1x128x256xf32>) -> tensor<1x128x256xf32> {
  %o = hir.attention none %q, %k, %v heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<1x128x256xf32>, tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
  return %o : tensor<1x128x256xf32>
}

// Causal attention with dynamic batch and sequence lengths (S != T).
// CHECK-LABEL: func.func @attention_causal_dynamic(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<?x?x256xf32>, %[[K:[^:]+]]: tensor<?x?x256xf32>, %[[V:[^:]+]]: tensor<?x?x256xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention causal %[[Q]], %[[K]], %[[V]] heads = 4 head_dim = 64 : (tensor<?x?x256xf32>, tensor<?x?x256xf32>, tensor<?x?x256xf32>) -> tensor<?x?x256xf32>
// CHECK-NEXT: return %[[O]] : tensor<?x?x256xf32>
func.func @attention_causal_dynamic(%q: tensor<?x?x256xf32>, %k: tensor<?x?x256xf32>, %v: tensor<?x?x256xf32>) -> tensor<?x?x256xf32> {
  %o = hir.attention causal %q, %k, %v heads = 4 head_dim = 64 : (tensor<?x?x256xf32>, tensor<?x?x256xf32>, tensor<?x?x256xf32>) -> tensor<?x?x256xf32>
  return %o : tensor<?x?x256xf32>
}

// Grouped-query attention (kv_heads < heads) with S = 1 against T = 128.
// CHECK-LABEL: func.func @attention_gqa(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<2x1x256xf16>, %[[K:[^:]+]]: tensor<2x128x64xf16>, %[[V:[^:]+]]: tensor<2x128x64xf16>)
// CHECK-NEXT: %[[O:.+]] = hir.attention causal %[[Q]], %[[K]], %[[V]] heads = 8 kv_heads = 2 head_dim = 32 : (tensor<2x1x256xf16>, tensor<2x128x64xf16>, tensor<2x128x64xf16>) -> tensor<2x1x256xf16>
// CHECK-NEXT: return %[[O]] : tensor<2x1x256xf16>
func.func @attention_gqa(%q: tensor<2x1x256xf16>, %k: tensor<2x128x64xf16>, %v: tensor<2x128x64xf16>) -> tensor<2x1x256xf16> {
  %o = hir.attention causal %q, %k, %v heads = 8 kv_heads = 2 head_dim = 32 : (tensor<2x1x256xf16>, tensor<2x128x64xf16>, tensor<2x128x64xf16>) -> tensor<2x1x256xf16>
  return %o : tensor<2x1x256xf16>
}

// Sliding-window attention with every optional attribute present.
// CHECK-LABEL: func.func @attention_sliding_window_all_attrs(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x16xf32>, %[[K:[^:]+]]: tensor<1x8x8xf32>, %[[V:[^:]+]]: tensor<1x8x8xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention sliding_window %[[Q]], %[[K]], %[[V]] heads = 2 kv_heads = 1 head_dim = 8 window = 4 scale = 1.250000e-01 softcap = 5.000000e+01 : (tensor<1x8x16xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x8x16xf32>
func.func @attention_sliding_window_all_attrs(%q: tensor<1x8x16xf32>, %k: tensor<1x8x8xf32>, %v: tensor<1x8x8xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 kv_heads = 1 head_dim = 8 window = 4 scale = 0.125 softcap = 50.0 : (tensor<1x8x16xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}

// Sliding-window attention with only the window.
// CHECK-LABEL: func.func @attention_sliding_window(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x16xf32>, %[[K:[^:]+]]: tensor<1x8x16xf32>, %[[V:[^:]+]]: tensor<1x8x16xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention sliding_window %[[Q]], %[[K]], %[[V]] heads = 2 head_dim = 8 window = 1 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x8x16xf32>
func.func @attention_sliding_window(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 8 window = 1 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}

// Attention with scale but no softcap.
// CHECK-LABEL: func.func @attention_scale(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x16xf32>, %[[K:[^:]+]]: tensor<1x8x16xf32>, %[[V:[^:]+]]: tensor<1x8x16xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention none %[[Q]], %[[K]], %[[V]] heads = 2 head_dim = 8 scale = 2.500000e-01 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x8x16xf32>
func.func @attention_scale(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention none %q, %k, %v heads = 2 head_dim = 8 scale = 0.25 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}

// Attention with softcap but no scale.
// CHECK-LABEL: func.func @attention_softcap(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x16xf32>, %[[K:[^:]+]]: tensor<1x8x16xf32>, %[[V:[^:]+]]: tensor<1x8x16xf32>)
// CHECK-NEXT: %[[O:.+]] = hir.attention causal %[[Q]], %[[K]], %[[V]] heads = 2 head_dim = 8 softcap = 3.000000e+01 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x8x16xf32>
func.func @attention_softcap(%q: tensor<1x8x16xf32>, %k: tensor<1x8x16xf32>, %v: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 8 softcap = 30.0 : (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}

// Custom (i1) mask of the full scores shape [B, heads, S, T].
// CHECK-LABEL: func.func @attention_custom_mask(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x16xf32>, %[[K:[^:]+]]: tensor<1x4x16xf32>, %[[V:[^:]+]]: tensor<1x4x16xf32>, %[[M:[^:]+]]: tensor<1x2x8x4xi1>)
// CHECK-NEXT: %[[O:.+]] = hir.attention custom %[[Q]], %[[K]], %[[V]] mask(%[[M]]) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1x2x8x4xi1>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[O]] : tensor<1x8x16xf32>
func.func @attention_custom_mask(%q: tensor<1x8x16xf32>, %k: tensor<1x4x16xf32>, %v: tensor<1x4x16xf32>, %m: tensor<1x2x8x4xi1>) -> tensor<1x8x16xf32> {
  %o = hir.attention custom %q, %k, %v mask(%m) heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<1x4x16xf32>, tensor<1x4x16xf32>, tensor<1x2x8x4xi1>) -> tensor<1x8x16xf32>
  return %o : tensor<1x8x16xf32>
}

// Custom mask of lower rank that broadcasts ([S, T] and [B, 1, 1, T]).
// CHECK-LABEL: func.func @attention_custom_mask_broadcast(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<2x8x16xf32>, %[[KV:[^:]+]]: tensor<2x4x16xf32>, %[[M2:[^:]+]]: tensor<8x4xi1>, %[[M4:[^:]+]]: tensor<2x1x1x4xi1>)
// CHECK-NEXT: %[[A:.+]] = hir.attention custom %[[Q]], %[[KV]], %[[KV]] mask(%[[M2]]) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<8x4xi1>) -> tensor<2x8x16xf32>
// CHECK-NEXT: %[[B:.+]] = hir.attention custom %[[A]], %[[KV]], %[[KV]] mask(%[[M4]]) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<2x1x1x4xi1>) -> tensor<2x8x16xf32>
// CHECK-NEXT: return %[[B]] : tensor<2x8x16xf32>
func.func @attention_custom_mask_broadcast(%q: tensor<2x8x16xf32>, %kv: tensor<2x4x16xf32>, %m2: tensor<8x4xi1>, %m4: tensor<2x1x1x4xi1>) -> tensor<2x8x16xf32> {
  %a = hir.attention custom %q, %kv, %kv mask(%m2) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<8x4xi1>) -> tensor<2x8x16xf32>
  %b = hir.attention custom %a, %kv, %kv mask(%m4) heads = 2 head_dim = 8 : (tensor<2x8x16xf32>, tensor<2x4x16xf32>, tensor<2x4x16xf32>, tensor<2x1x1x4xi1>) -> tensor<2x8x16xf32>
  return %b : tensor<2x8x16xf32>
}

// Additive-bias mask in q's element type, with dynamic dims and scale.
// CHECK-LABEL: func.func @attention_additive_bias(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<?x?x16xbf16>, %[[KV:[^:]+]]: tensor<?x?x16xbf16>, %[[M:[^:]+]]: tensor<?x?xbf16>)
// CHECK-NEXT: %[[O:.+]] = hir.attention additive_bias %[[Q]], %[[KV]], %[[KV]] mask(%[[M]]) heads = 2 head_dim = 8 scale = 5.000000e-01 : (tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?xbf16>) -> tensor<?x?x16xbf16>
// CHECK-NEXT: return %[[O]] : tensor<?x?x16xbf16>
func.func @attention_additive_bias(%q: tensor<?x?x16xbf16>, %kv: tensor<?x?x16xbf16>, %m: tensor<?x?xbf16>) -> tensor<?x?x16xbf16> {
  %o = hir.attention additive_bias %q, %kv, %kv mask(%m) heads = 2 head_dim = 8 scale = 0.5 : (tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?x16xbf16>, tensor<?x?xbf16>) -> tensor<?x?x16xbf16>
  return %o : tensor<?x?x16xbf16>
}

// A run-time position: causal grouped-query decoding (S = 1) with an i32
// position of one element, and mask `none` with a rank-0 i64 position and a
// scale (the generic form names it by the operand segment sizes).
// CHECK-LABEL: func.func @attention_position(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x1x256xf32>, %[[K:[^:]+]]: tensor<1x128x64xf32>, %[[V:[^:]+]]: tensor<1x128x64xf32>, %[[P:[^:]+]]: tensor<1xi32>, %[[Q2:[^:]+]]: tensor<1x4x16xf32>, %[[KV:[^:]+]]: tensor<1x8x16xf32>, %[[P64:[^:]+]]: tensor<i64>)
// CHECK-NEXT: %[[A:.+]] = hir.attention causal %[[Q]], %[[K]], %[[V]] position(%[[P]]) heads = 4 kv_heads = 1 head_dim = 64 : (tensor<1x1x256xf32>, tensor<1x128x64xf32>, tensor<1x128x64xf32>, tensor<1xi32>) -> tensor<1x1x256xf32>
// CHECK-NEXT: %[[B:.+]] = hir.attention none %[[Q2]], %[[KV]], %[[KV]] position(%[[P64]]) heads = 2 head_dim = 8 scale = 2.500000e-01 : (tensor<1x4x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<i64>) -> tensor<1x4x16xf32>
// CHECK-NEXT: return %[[A]], %[[B]] : tensor<1x1x256xf32>, tensor<1x4x16xf32>
func.func @attention_position(%q: tensor<1x1x256xf32>, %k: tensor<1x128x64xf32>, %v: tensor<1x128x64xf32>, %p: tensor<1xi32>, %q2: tensor<1x4x16xf32>, %kv: tensor<1x8x16xf32>, %p64: tensor<i64>) -> (tensor<1x1x256xf32>, tensor<1x4x16xf32>) {
  %a = hir.attention causal %q, %k, %v position(%p) heads = 4 kv_heads = 1 head_dim = 64 : (tensor<1x1x256xf32>, tensor<1x128x64xf32>, tensor<1x128x64xf32>, tensor<1xi32>) -> tensor<1x1x256xf32>
  %b = hir.attention none %q2, %kv, %kv position(%p64) heads = 2 head_dim = 8 scale = 0.25 : (tensor<1x4x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<i64>) -> tensor<1x4x16xf32>
  return %a, %b : tensor<1x1x256xf32>, tensor<1x4x16xf32>
}

//===----------------------------------------------------------------------===//
// hir.layer_norm, hir.rms_norm, hir.residual_norm
//===----------------------------------------------------------------------===//

// Layer norm with gamma and beta.
// CHECK-LABEL: func.func @layer_norm_beta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.layer_norm %[[X]], %[[G]], %[[B]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
func.func @layer_norm_beta(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// Layer norm without beta, dynamic leading dims.
// CHECK-LABEL: func.func @layer_norm_no_beta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x8xf16>, %[[G:[^:]+]]: tensor<8xf16>)
// CHECK-NEXT: %[[Y:.+]] = hir.layer_norm %[[X]], %[[G]] eps = 1.250000e-01 : (tensor<?x?x8xf16>, tensor<8xf16>) -> tensor<?x?x8xf16>
// CHECK-NEXT: return %[[Y]] : tensor<?x?x8xf16>
func.func @layer_norm_no_beta(%x: tensor<?x?x8xf16>, %g: tensor<8xf16>) -> tensor<?x?x8xf16> {
  %y = hir.layer_norm %x, %g eps = 0.125 : (tensor<?x?x8xf16>, tensor<8xf16>) -> tensor<?x?x8xf16>
  return %y : tensor<?x?x8xf16>
}

// Layer norm whose feature dim is dynamic against a static gamma.
// CHECK-LABEL: func.func @layer_norm_dynamic_features(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x?xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<?xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.layer_norm %[[X]], %[[G]], %[[B]] eps = 5.000000e-01 : (tensor<4x?xf32>, tensor<8xf32>, tensor<?xf32>) -> tensor<4x?xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x?xf32>
func.func @layer_norm_dynamic_features(%x: tensor<4x?xf32>, %g: tensor<8xf32>, %b: tensor<?xf32>) -> tensor<4x?xf32> {
  %y = hir.layer_norm %x, %g, %b eps = 0.5 : (tensor<4x?xf32>, tensor<8xf32>, tensor<?xf32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// RMS norm.
// CHECK-LABEL: func.func @rms_norm(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.+]] = hir.rms_norm %[[X]], %[[G]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
func.func @rms_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// RMS norm on a dynamic rank-3 bf16 input.
// CHECK-LABEL: func.func @rms_norm_dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x?xbf16>, %[[G:[^:]+]]: tensor<?xbf16>)
// CHECK-NEXT: %[[Y:.+]] = hir.rms_norm %[[X]], %[[G]] eps = 6.250000e-02 : (tensor<?x?x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
// CHECK-NEXT: return %[[Y]] : tensor<?x?x?xbf16>
func.func @rms_norm_dynamic(%x: tensor<?x?x?xbf16>, %g: tensor<?xbf16>) -> tensor<?x?x?xbf16> {
  %y = hir.rms_norm %x, %g eps = 0.0625 : (tensor<?x?x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
  return %y : tensor<?x?x?xbf16>
}

// Residual layer norm with beta; both results are used.
// CHECK-LABEL: func.func @residual_norm_layer_beta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:[^,]+]], %[[S:.+]] = hir.residual_norm layer %[[X]], %[[R]], %[[G]], %[[B]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: return %[[N]], %[[S]] : tensor<4x8xf32>, tensor<4x8xf32>
func.func @residual_norm_layer_beta(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = hir.residual_norm layer %x, %r, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}

// A result type compatible with the inferred one: the sum's `?` dim stands
// for the input's 8.
// CHECK-LABEL: func.func @residual_norm_compatible_result(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>) -> tensor<4x?xf32> {
// CHECK-NEXT: %[[N:[^,]+]], %[[S:.+]] = hir.residual_norm rms %[[X]], %[[X]], %[[G]] eps = 5.000000e-01 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x?xf32>)
// CHECK-NEXT: return %[[S]] : tensor<4x?xf32>
func.func @residual_norm_compatible_result(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x?xf32> {
  %n, %s = hir.residual_norm rms %x, %x, %g eps = 0.5 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x?xf32>)
  return %s : tensor<4x?xf32>
}

// Residual layer norm without beta.
// CHECK-LABEL: func.func @residual_norm_layer_no_beta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:[^,]+]], %[[S:.+]] = hir.residual_norm layer %[[X]], %[[R]], %[[G]] eps = 2.500000e-01 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: return %[[S]], %[[N]] : tensor<4x8xf32>, tensor<4x8xf32>
func.func @residual_norm_layer_no_beta(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = hir.residual_norm layer %x, %r, %g eps = 0.25 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %s, %n : tensor<4x8xf32>, tensor<4x8xf32>
}

// Residual RMS norm with dynamic dims.
// CHECK-LABEL: func.func @residual_norm_rms(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x8xf32>, %[[R:[^:]+]]: tensor<?x?x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:[^,]+]], %[[S:.+]] = hir.residual_norm rms %[[X]], %[[R]], %[[G]] eps = 9.99999997E-7 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x8xf32>)
// CHECK-NEXT: return %[[N]], %[[S]] : tensor<?x?x8xf32>, tensor<?x?x8xf32>
func.func @residual_norm_rms(%x: tensor<?x?x8xf32>, %r: tensor<?x?x8xf32>, %g: tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x8xf32>) {
  %n, %s = hir.residual_norm rms %x, %r, %g eps = 1.0e-06 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<8xf32>) -> (tensor<?x?x8xf32>, tensor<?x?x8xf32>)
  return %n, %s : tensor<?x?x8xf32>, tensor<?x?x8xf32>
}

//===----------------------------------------------------------------------===//
// hir.softmax
//===----------------------------------------------------------------------===//

// Softmax along the last axis (negative) and the first axis (positive).
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[A:.+]] = hir.softmax %[[X]] axis = -1 : tensor<4x8xf32>
// CHECK-NEXT: %[[B:.+]] = hir.softmax %[[A]] axis = 0 : tensor<4x8xf32>
// CHECK-NEXT: %[[C:.+]] = hir.softmax %[[B]] axis = -2 : tensor<4x8xf32>
// CHECK-NEXT: return %[[C]] : tensor<4x8xf32>
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = hir.softmax %x axis = -1 : tensor<4x8xf32>
  %b = hir.softmax %a axis = 0 : tensor<4x8xf32>
  %c = hir.softmax %b axis = -2 : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// Softmax in generic form without `axis` takes the default -1.
// CHECK-LABEL: func.func @softmax_generic_default_axis(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x?xf16>)
// CHECK-NEXT: %[[Y:.+]] = hir.softmax %[[X]] axis = -1 : tensor<?x?x?xf16>
// CHECK-NEXT: return %[[Y]] : tensor<?x?x?xf16>
func.func @softmax_generic_default_axis(%x: tensor<?x?x?xf16>) -> tensor<?x?x?xf16> {
  %y = "hir.softmax"(%x) : (tensor<?x?x?xf16>) -> tensor<?x?x?xf16>
  return %y : tensor<?x?x?xf16>
}

//===----------------------------------------------------------------------===//
// hir.swiglu
//===----------------------------------------------------------------------===//

// SwiGLU on a rank-2 input.
// CHECK-LABEL: func.func @swiglu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[H:.+]] = hir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: return %[[H]] : tensor<16x256xf32>
func.func @swiglu(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<16x256xf32> {
  %h = hir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}

// SwiGLU on a dynamic rank-3 input in f16.
// CHECK-LABEL: func.func @swiglu_dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x64xf16>, %[[WG:[^:]+]]: tensor<64x?xf16>, %[[WU:[^:]+]]: tensor<64x?xf16>)
// CHECK-NEXT: %[[H:.+]] = hir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<?x?x64xf16>, tensor<64x?xf16>, tensor<64x?xf16>) -> tensor<?x?x?xf16>
// CHECK-NEXT: return %[[H]] : tensor<?x?x?xf16>
func.func @swiglu_dynamic(%x: tensor<?x?x64xf16>, %wg: tensor<64x?xf16>, %wu: tensor<64x?xf16>) -> tensor<?x?x?xf16> {
  %h = hir.swiglu %x, %wg, %wu : (tensor<?x?x64xf16>, tensor<64x?xf16>, tensor<64x?xf16>) -> tensor<?x?x?xf16>
  return %h : tensor<?x?x?xf16>
}

//===----------------------------------------------------------------------===//
// hir.rope
//===----------------------------------------------------------------------===//

// Rope with the defaults (rotary_dim = head_dim, theta = 10000).
// CHECK-LABEL: func.func @rope(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x128x256xf32>, %[[P:[^:]+]]: tensor<128xi64>)
// CHECK-NEXT: %[[R:.+]] = hir.rope %[[X]], %[[P]] heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<128xi64>) -> tensor<1x128x256xf32>
// CHECK-NEXT: return %[[R]] : tensor<1x128x256xf32>
func.func @rope(%x: tensor<1x128x256xf32>, %pos: tensor<128xi64>) -> tensor<1x128x256xf32> {
  %r = hir.rope %x, %pos heads = 4 head_dim = 64 : (tensor<1x128x256xf32>, tensor<128xi64>) -> tensor<1x128x256xf32>
  return %r : tensor<1x128x256xf32>
}

// Partial rope (rotary_dim) with a custom theta and i32 positions.
// CHECK-LABEL: func.func @rope_rotary_dim_theta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x8x16xf32>, %[[P:[^:]+]]: tensor<8xi32>)
// CHECK-NEXT: %[[R:.+]] = hir.rope %[[X]], %[[P]] heads = 2 head_dim = 8 rotary_dim = 4 theta = 5.000000e+05 : (tensor<1x8x16xf32>, tensor<8xi32>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[R]] : tensor<1x8x16xf32>
func.func @rope_rotary_dim_theta(%x: tensor<1x8x16xf32>, %pos: tensor<8xi32>) -> tensor<1x8x16xf32> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 rotary_dim = 4 theta = 500000.0 : (tensor<1x8x16xf32>, tensor<8xi32>) -> tensor<1x8x16xf32>
  return %r : tensor<1x8x16xf32>
}

// Rope with rotary_dim only (the smallest, 2) and with theta only.
// CHECK-LABEL: func.func @rope_one_optional(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x8x16xf32>, %[[P:[^:]+]]: tensor<8xi64>)
// CHECK-NEXT: %[[A:.+]] = hir.rope %[[X]], %[[P]] heads = 2 head_dim = 8 rotary_dim = 2 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
// CHECK-NEXT: %[[B:.+]] = hir.rope %[[A]], %[[P]] heads = 2 head_dim = 8 theta = 1.000000e+06 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[B]] : tensor<1x8x16xf32>
func.func @rope_one_optional(%x: tensor<1x8x16xf32>, %pos: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %a = hir.rope %x, %pos heads = 2 head_dim = 8 rotary_dim = 2 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  %b = hir.rope %a, %pos heads = 2 head_dim = 8 theta = 1000000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %b : tensor<1x8x16xf32>
}

// An explicit default theta is elided when printed.
// CHECK-LABEL: func.func @rope_default_theta_elided(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x8x16xf32>, %[[P:[^:]+]]: tensor<8xi64>)
// CHECK-NEXT: %[[R:.+]] = hir.rope %[[X]], %[[P]] heads = 2 head_dim = 8 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
// CHECK-NEXT: return %[[R]] : tensor<1x8x16xf32>
func.func @rope_default_theta_elided(%x: tensor<1x8x16xf32>, %pos: tensor<8xi64>) -> tensor<1x8x16xf32> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 theta = 10000.0 : (tensor<1x8x16xf32>, tensor<8xi64>) -> tensor<1x8x16xf32>
  return %r : tensor<1x8x16xf32>
}

// Rope with a dynamic batch and sequence length.
// CHECK-LABEL: func.func @rope_dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x?x16xbf16>, %[[P:[^:]+]]: tensor<?xi64>)
// CHECK-NEXT: %[[R:.+]] = hir.rope %[[X]], %[[P]] heads = 2 head_dim = 8 : (tensor<?x?x16xbf16>, tensor<?xi64>) -> tensor<?x?x16xbf16>
// CHECK-NEXT: return %[[R]] : tensor<?x?x16xbf16>
func.func @rope_dynamic(%x: tensor<?x?x16xbf16>, %pos: tensor<?xi64>) -> tensor<?x?x16xbf16> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 8 : (tensor<?x?x16xbf16>, tensor<?xi64>) -> tensor<?x?x16xbf16>
  return %r : tensor<?x?x16xbf16>
}

//===----------------------------------------------------------------------===//
// hir.embedding
//===----------------------------------------------------------------------===//

// Embedding of rank-2 i32 ids.
// CHECK-LABEL: func.func @embedding(
// CHECK-SAME: %[[IDS:[^:]+]]: tensor<1x128xi32>, %[[T:[^:]+]]: tensor<32000x256xf32>)
// CHECK-NEXT: %[[E:.+]] = hir.embedding %[[IDS]], %[[T]] : (tensor<1x128xi32>, tensor<32000x256xf32>) -> tensor<1x128x256xf32>
// CHECK-NEXT: return %[[E]] : tensor<1x128x256xf32>
func.func @embedding(%ids: tensor<1x128xi32>, %t: tensor<32000x256xf32>) -> tensor<1x128x256xf32> {
  %e = hir.embedding %ids, %t : (tensor<1x128xi32>, tensor<32000x256xf32>) -> tensor<1x128x256xf32>
  return %e : tensor<1x128x256xf32>
}

// Embedding of dynamic i64 ids, and of rank-0 ids.
// CHECK-LABEL: func.func @embedding_dynamic_and_scalar(
// CHECK-SAME: %[[IDS:[^:]+]]: tensor<?x?xi64>, %[[ID:[^:]+]]: tensor<i64>, %[[T:[^:]+]]: tensor<?x?xf16>)
// CHECK-NEXT: %[[A:.+]] = hir.embedding %[[IDS]], %[[T]] : (tensor<?x?xi64>, tensor<?x?xf16>) -> tensor<?x?x?xf16>
// CHECK-NEXT: %[[B:.+]] = hir.embedding %[[ID]], %[[T]] : (tensor<i64>, tensor<?x?xf16>) -> tensor<?xf16>
// CHECK-NEXT: return %[[A]], %[[B]] : tensor<?x?x?xf16>, tensor<?xf16>
func.func @embedding_dynamic_and_scalar(%ids: tensor<?x?xi64>, %id: tensor<i64>, %t: tensor<?x?xf16>) -> (tensor<?x?x?xf16>, tensor<?xf16>) {
  %a = hir.embedding %ids, %t : (tensor<?x?xi64>, tensor<?x?xf16>) -> tensor<?x?x?xf16>
  %b = hir.embedding %id, %t : (tensor<i64>, tensor<?x?xf16>) -> tensor<?xf16>
  return %a, %b : tensor<?x?x?xf16>, tensor<?xf16>
}

//===----------------------------------------------------------------------===//
// hir.activation
//===----------------------------------------------------------------------===//

// Every unary kind on a float tensor.
// CHECK-LABEL: func.func @activation_every_kind(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[A0:.+]] = hir.activation gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A1:.+]] = hir.activation gelu_tanh %[[A0]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A2:.+]] = hir.activation silu %[[A1]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A3:.+]] = hir.activation relu %[[A2]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A4:.+]] = hir.activation sigmoid %[[A3]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A5:.+]] = hir.activation tanh %[[A4]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A6:.+]] = hir.activation exp %[[A5]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A7:.+]] = hir.activation log %[[A6]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A8:.+]] = hir.activation sqrt %[[A7]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A9:.+]] = hir.activation rsqrt %[[A8]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A10:.+]] = hir.activation neg %[[A9]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A11:.+]] = hir.activation abs %[[A10]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A12:.+]] = hir.activation sin %[[A11]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A13:.+]] = hir.activation cos %[[A12]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A14:.+]] = hir.activation tan %[[A13]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A15:.+]] = hir.activation atan %[[A14]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A16:.+]] = hir.activation round %[[A15]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[A16]] : tensor<4x8xf32>
func.func @activation_every_kind(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a0 = hir.activation gelu %x : tensor<4x8xf32>
  %a1 = hir.activation gelu_tanh %a0 : tensor<4x8xf32>
  %a2 = hir.activation silu %a1 : tensor<4x8xf32>
  %a3 = hir.activation relu %a2 : tensor<4x8xf32>
  %a4 = hir.activation sigmoid %a3 : tensor<4x8xf32>
  %a5 = hir.activation tanh %a4 : tensor<4x8xf32>
  %a6 = hir.activation exp %a5 : tensor<4x8xf32>
  %a7 = hir.activation log %a6 : tensor<4x8xf32>
  %a8 = hir.activation sqrt %a7 : tensor<4x8xf32>
  %a9 = hir.activation rsqrt %a8 : tensor<4x8xf32>
  %a10 = hir.activation neg %a9 : tensor<4x8xf32>
  %a11 = hir.activation abs %a10 : tensor<4x8xf32>
  %a12 = hir.activation sin %a11 : tensor<4x8xf32>
  %a13 = hir.activation cos %a12 : tensor<4x8xf32>
  %a14 = hir.activation tan %a13 : tensor<4x8xf32>
  %a15 = hir.activation atan %a14 : tensor<4x8xf32>
  %a16 = hir.activation round %a15 : tensor<4x8xf32>
  return %a16 : tensor<4x8xf32>
}

// The integer-capable kinds (neg, abs, relu) on i8, i32 and i64 tensors.
// CHECK-LABEL: func.func @activation_integer(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xi8>, %[[B:[^:]+]]: tensor<?xi32>, %[[C:[^:]+]]: tensor<i64>)
// CHECK-NEXT: %[[X:.+]] = hir.activation neg %[[A]] : tensor<4xi8>
// CHECK-NEXT: %[[Y:.+]] = hir.activation abs %[[B]] : tensor<?xi32>
// CHECK-NEXT: %[[Z:.+]] = hir.activation relu %[[C]] : tensor<i64>
// CHECK-NEXT: return %[[X]], %[[Y]], %[[Z]] : tensor<4xi8>, tensor<?xi32>, tensor<i64>
func.func @activation_integer(%a: tensor<4xi8>, %b: tensor<?xi32>, %c: tensor<i64>) -> (tensor<4xi8>, tensor<?xi32>, tensor<i64>) {
  %x = hir.activation neg %a : tensor<4xi8>
  %y = hir.activation abs %b : tensor<?xi32>
  %z = hir.activation relu %c : tensor<i64>
  return %x, %y, %z : tensor<4xi8>, tensor<?xi32>, tensor<i64>
}

//===----------------------------------------------------------------------===//
// hir.binary
//===----------------------------------------------------------------------===//

// Every binary kind on floats, with broadcasting of a lower-rank operand.
// CHECK-LABEL: func.func @binary_every_kind(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[B0:.+]] = hir.binary add %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B1:.+]] = hir.binary sub %[[B0]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B2:.+]] = hir.binary mul %[[Y]], %[[B1]] : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B3:.+]] = hir.binary div %[[B2]], %[[B2]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B4:.+]] = hir.binary max %[[B3]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B5:.+]] = hir.binary min %[[B4]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[B6:.+]] = hir.binary pow %[[B5]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[B6]] : tensor<4x8xf32>
func.func @binary_every_kind(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {
  %b0 = hir.binary add %x, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b1 = hir.binary sub %b0, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b2 = hir.binary mul %y, %b1 : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b3 = hir.binary div %b2, %b2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b4 = hir.binary max %b3, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b5 = hir.binary min %b4, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %b6 = hir.binary pow %b5, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %b6 : tensor<4x8xf32>
}

// Binary with two-sided broadcasting ([4, 1] and [1, 8]) and with dynamic dims.
// CHECK-LABEL: func.func @binary_broadcast_dynamic(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x1xf32>, %[[B:[^:]+]]: tensor<1x8xf32>, %[[C:[^:]+]]: tensor<?x8xf32>, %[[D:[^:]+]]: tensor<4x?xf32>)
// CHECK-NEXT: %[[X:.+]] = hir.binary add %[[A]], %[[B]] : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = hir.binary mul %[[C]], %[[D]] : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Z:.+]] = hir.binary sub %[[C]], %[[D]] : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: return %[[X]], %[[Y]], %[[Z]] : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x?xf32>
func.func @binary_broadcast_dynamic(%a: tensor<4x1xf32>, %b: tensor<1x8xf32>, %c: tensor<?x8xf32>, %d: tensor<4x?xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x?xf32>) {
  %x = hir.binary add %a, %b : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %y = hir.binary mul %c, %d : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<4x8xf32>
  %z = hir.binary sub %c, %d : (tensor<?x8xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %x, %y, %z : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x?xf32>
}

// Binary on integer tensors (every kind but pow is allowed).
// CHECK-LABEL: func.func @binary_integer(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xi32>, %[[B:[^:]+]]: tensor<i32>, %[[C:[^:]+]]: tensor<2x2xi8>)
// CHECK-NEXT: %[[X:.+]] = hir.binary max %[[A]], %[[B]] : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
// CHECK-NEXT: %[[Y:.+]] = hir.binary div %[[C]], %[[C]] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
// CHECK-NEXT: return %[[X]], %[[Y]] : tensor<4xi32>, tensor<2x2xi8>
func.func @binary_integer(%a: tensor<4xi32>, %b: tensor<i32>, %c: tensor<2x2xi8>) -> (tensor<4xi32>, tensor<2x2xi8>) {
  %x = hir.binary max %a, %b : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %y = hir.binary div %c, %c : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
  return %x, %y : tensor<4xi32>, tensor<2x2xi8>
}

//===----------------------------------------------------------------------===//
// Limits accepted by BoundedShapes
//===----------------------------------------------------------------------===//

// Rank 16 (the limit) and an i1 tensor of int64-max elements (byte size fits).
// CHECK-LABEL: func.func @bounded_shapes_at_limit(
// CHECK-NEXT: %[[A:.+]] = hir.param "rank16" : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
// CHECK-NEXT: %[[B:.+]] = hir.param "huge" : tensor<9223372036854775807xi1>
// CHECK-NEXT: return %[[A]], %[[B]] : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<9223372036854775807xi1>
func.func @bounded_shapes_at_limit() -> (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<9223372036854775807xi1>) {
  %a = hir.param "rank16" : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
  %b = hir.param "huge" : tensor<9223372036854775807xi1>
  return %a, %b : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<9223372036854775807xi1>
}
