// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir="policy=fusable" | rlx-opt -split-input-file | FileCheck %s --check-prefixes=CHECK,FUSABLE
// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir="policy=direct" | rlx-opt -split-input-file | FileCheck %s --check-prefixes=CHECK,DIRECT
// The default policy is fusable.
// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir | rlx-opt -split-input-file | FileCheck %s --check-prefixes=CHECK,FUSABLE
// No HIR op or attribute survives, under either policy.
// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir="policy=fusable" | FileCheck %s --check-prefix=NOHIR
// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir="policy=direct" | FileCheck %s --check-prefix=NOHIR
// NOHIR-NOT: hir.

// hir.param becomes mir.param with the same name and type.
// CHECK-LABEL: func.func @param
// CHECK: %[[W:.+]] = mir.param "layer.w" : tensor<4x8xf32>
// CHECK: return %[[W]]
func.func @param() -> tensor<4x8xf32> {
  %w = hir.param "layer.w" : tensor<4x8xf32>
  return %w : tensor<4x8xf32>
}

// -----

// hir.name / hir.dims on arguments and hir.name on results are renamed.
// CHECK-LABEL: func.func @annotations
// CHECK-SAME: (%{{[^:]+}}: tensor<?x8xf32> {mir.dims = ["batch", 8], mir.name = "x"}, %{{[^:]+}}: tensor<8xf32>)
// CHECK-SAME: -> (tensor<?x8xf32> {mir.name = "out"}, tensor<8xf32>)
func.func @annotations(%x: tensor<?x8xf32> {hir.name = "x", hir.dims = ["batch", 8]}, %y: tensor<8xf32>)
    -> (tensor<?x8xf32> {hir.name = "out"}, tensor<8xf32>) {
  return %x, %y : tensor<?x8xf32>, tensor<8xf32>
}

// -----

// Linear without bias or activation: a bare matmul, or a fused matmul with no
// epilogue.
// CHECK-LABEL: func.func @linear_plain
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>)
// FUSABLE: %[[Y:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// FUSABLE-NOT: mir.binary
// FUSABLE-NOT: mir.unary
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK: return %[[Y]]
func.func @linear_plain(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Linear with bias on a rank-3 input: the bias add broadcasts [N].
// CHECK-LABEL: func.func @linear_bias
// CHECK-SAME: (%[[X:[^:]+]]: tensor<2x4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<2x4x16xf32>, tensor<16x8xf32>) -> tensor<2x4x8xf32>
// FUSABLE: %[[Y:.+]] = mir.binary add %[[MM]], %[[B]] : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// FUSABLE-NOT: mir.unary
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] : (tensor<2x4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK: return %[[Y]]
func.func @linear_bias(%x: tensor<2x4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<2x4x8xf32> {
  %y = hir.linear %x, %w, %b : (tensor<2x4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %y : tensor<2x4x8xf32>
}

// -----

// Linear with an activation but no bias: no add in the chain.
// CHECK-LABEL: func.func @linear_gelu_no_bias
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE-NOT: mir.binary
// FUSABLE: %[[Y:.+]] = mir.unary gelu %[[MM]] : tensor<4x8xf32>
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]] act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK: return %[[Y]]
func.func @linear_gelu_no_bias(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Linear with bias and relu: matmul, add, relu in that order.
// CHECK-LABEL: func.func @linear_relu
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary relu %[[ADD]] : tensor<4x8xf32>
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = relu :
// CHECK: return %[[Y]]
func.func @linear_relu(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = relu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Activation gelu maps to unary gelu.
// CHECK-LABEL: func.func @linear_gelu
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary gelu %[[ADD]]
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu :
// CHECK: return %[[Y]]
func.func @linear_gelu(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Activation gelu_tanh maps to unary gelu_tanh.
// CHECK-LABEL: func.func @linear_gelu_tanh
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary gelu_tanh %[[ADD]]
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu_tanh :
// CHECK: return %[[Y]]
func.func @linear_gelu_tanh(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = gelu_tanh : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Activation silu maps to unary silu.
// CHECK-LABEL: func.func @linear_silu
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary silu %[[ADD]]
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = silu :
// CHECK: return %[[Y]]
func.func @linear_silu(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = silu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Activation sigmoid maps to unary sigmoid.
// CHECK-LABEL: func.func @linear_sigmoid
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary sigmoid %[[ADD]]
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = sigmoid :
// CHECK: return %[[Y]]
func.func @linear_sigmoid(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = sigmoid : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Activation tanh maps to unary tanh.
// CHECK-LABEL: func.func @linear_tanh
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[MM:.+]] = mir.matmul %[[X]], %[[W]]
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]]
// FUSABLE: %[[Y:.+]] = mir.unary tanh %[[ADD]]
// DIRECT: %[[Y:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = tanh :
// CHECK: return %[[Y]]
func.func @linear_tanh(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = hir.linear %x, %w, %b act = tanh : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// A vector input is viewed as one row: MIR matmuls need rank >= 2.
// CHECK-LABEL: func.func @linear_vector
// CHECK-SAME: (%[[X:[^:]+]]: tensor<16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK: %[[ROW:.+]] = mir.reshape %[[X]] : tensor<16xf32> to tensor<1x16xf32>
// FUSABLE: %[[MM:.+]] = mir.matmul %[[ROW]], %[[W]] : (tensor<1x16xf32>, tensor<16x8xf32>) -> tensor<1x8xf32>
// FUSABLE: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]] : (tensor<1x8xf32>, tensor<8xf32>) -> tensor<1x8xf32>
// FUSABLE: %[[ACT:.+]] = mir.unary relu %[[ADD]] : tensor<1x8xf32>
// DIRECT: %[[ACT:.+]] = mir.fused_matmul %[[ROW]], %[[W]], %[[B]] act = relu : (tensor<1x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<1x8xf32>
// CHECK: %[[Y:.+]] = mir.reshape %[[ACT]] : tensor<1x8xf32> to tensor<8xf32>
// CHECK: return %[[Y]]
func.func @linear_vector(%x: tensor<16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %y = hir.linear %x, %w, %b act = relu : (tensor<16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// hir.matmul becomes mir.matmul, batch dims unchanged.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:[^:]+]]: tensor<3x4x16xi32>, %[[B:[^:]+]]: tensor<16x8xi32>)
// CHECK: %[[Y:.+]] = mir.matmul %[[A]], %[[B]] : (tensor<3x4x16xi32>, tensor<16x8xi32>) -> tensor<3x4x8xi32>
// CHECK: return %[[Y]]
func.func @matmul(%a: tensor<3x4x16xi32>, %b: tensor<16x8xi32>) -> tensor<3x4x8xi32> {
  %y = hir.matmul %a, %b : (tensor<3x4x16xi32>, tensor<16x8xi32>) -> tensor<3x4x8xi32>
  return %y : tensor<3x4x8xi32>
}

// -----

// hir.activation and hir.binary keep their kinds.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<8xf32>)
// CHECK: %[[E:.+]] = mir.unary exp %[[X]] : tensor<4x8xf32>
// CHECK: %[[P:.+]] = mir.binary pow %[[E]], %[[Y]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: return %[[P]]
func.func @elementwise(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {
  %e = hir.activation exp %x : tensor<4x8xf32>
  %p = hir.binary pow %e, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}

// -----

// Softmax keeps its axis; layer_norm (with and without beta) and rms_norm keep
// their operands and eps.
// CHECK-LABEL: func.func @norms
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK: %[[S:.+]] = mir.softmax %[[X]] axis = 0 : tensor<4x8xf32>
// CHECK: %[[L1:.+]] = mir.layer_norm %[[S]], %[[G]], %[[B]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: %[[L2:.+]] = mir.layer_norm %[[L1]], %[[G]] eps = 1.000000e-03 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: %[[R:.+]] = mir.rms_norm %[[L2]], %[[G]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: return %[[R]]
func.func @norms(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = hir.softmax %x axis = 0 : tensor<4x8xf32>
  %l1 = hir.layer_norm %s, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %l2 = hir.layer_norm %l1, %g eps = 1.0e-03 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %r = hir.rms_norm %l2, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// Residual + layer norm: the sum is a result too, and beta is kept.
// CHECK-LABEL: func.func @residual_layer_norm
// CHECK-SAME: (%[[X:[^:]+]]: tensor<?x8xf32>, %[[R:[^:]+]]: tensor<?x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[SUM:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
// FUSABLE: %[[N:.+]] = mir.layer_norm %[[SUM]], %[[G]], %[[B]] eps = 9.99999974E-6 :
// DIRECT: %[[N:[^,]+]], %[[SUM:[^ ]+]] = mir.residual_norm layer %[[X]], %[[R]] gamma(%[[G]]) beta(%[[B]]) eps = 9.99999974E-6 : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK: return %[[N]], %[[SUM]]
func.func @residual_layer_norm(%x: tensor<?x8xf32>, %r: tensor<?x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %n, %s = hir.residual_norm layer %x, %r, %g, %b eps = 1.0e-05 : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>)
  return %n, %s : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Residual + RMS norm.
// CHECK-LABEL: func.func @residual_rms_norm
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// FUSABLE: %[[SUM:.+]] = mir.binary add %[[X]], %[[R]]
// FUSABLE: %[[N:.+]] = mir.rms_norm %[[SUM]], %[[G]] eps = 9.99999997E-7 :
// DIRECT: %[[N:[^,]+]], %[[SUM:[^ ]+]] = mir.residual_norm rms %[[X]], %[[R]] gamma(%[[G]]) eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK: return %[[N]], %[[SUM]]
func.func @residual_rms_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = hir.residual_norm rms %x, %r, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// SwiGLU: silu(x Wg) * (x Wu), or the fused op.
// CHECK-LABEL: func.func @swiglu
// CHECK-SAME: (%[[X:[^:]+]]: tensor<?x16xf16>, %[[WG:[^:]+]]: tensor<16x32xf16>, %[[WU:[^:]+]]: tensor<16x32xf16>)
// FUSABLE: %[[G:.+]] = mir.matmul %[[X]], %[[WG]] : (tensor<?x16xf16>, tensor<16x32xf16>) -> tensor<?x32xf16>
// FUSABLE: %[[S:.+]] = mir.unary silu %[[G]] : tensor<?x32xf16>
// FUSABLE: %[[U:.+]] = mir.matmul %[[X]], %[[WU]] : (tensor<?x16xf16>, tensor<16x32xf16>) -> tensor<?x32xf16>
// FUSABLE: %[[Y:.+]] = mir.binary mul %[[S]], %[[U]] : (tensor<?x32xf16>, tensor<?x32xf16>) -> tensor<?x32xf16>
// DIRECT: %[[Y:.+]] = mir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<?x16xf16>, tensor<16x32xf16>, tensor<16x32xf16>) -> tensor<?x32xf16>
// CHECK: return %[[Y]]
func.func @swiglu(%x: tensor<?x16xf16>, %wg: tensor<16x32xf16>, %wu: tensor<16x32xf16>) -> tensor<?x32xf16> {
  %h = hir.swiglu %x, %wg, %wu : (tensor<?x16xf16>, tensor<16x32xf16>, tensor<16x32xf16>) -> tensor<?x32xf16>
  return %h : tensor<?x32xf16>
}

// -----

// Embedding is a gather of table rows along axis 0.
// CHECK-LABEL: func.func @embedding
// CHECK-SAME: (%[[IDS:[^:]+]]: tensor<?x7xi32>, %[[T:[^:]+]]: tensor<100x16xf32>)
// CHECK: %[[E:.+]] = mir.gather %[[T]][%[[IDS]]] axis = 0 : (tensor<100x16xf32>, tensor<?x7xi32>) -> tensor<?x7x16xf32>
// CHECK: return %[[E]]
func.func @embedding(%ids: tensor<?x7xi32>, %t: tensor<100x16xf32>) -> tensor<?x7x16xf32> {
  %e = hir.embedding %ids, %t : (tensor<?x7xi32>, tensor<100x16xf32>) -> tensor<?x7x16xf32>
  return %e : tensor<?x7x16xf32>
}

// -----

// Attention without a mask, dynamic batch: q, k and v are reshaped to the
// token-major [B, L, heads, head_dim]. Fusable: per-head transposes (k's
// straight to [B, H, D, T]), scale 1/sqrt(head_dim) = 0.5 as a rank-0
// constant, softmax over keys, the transpose back (Decompose.h's
// buildAttention). Direct: one mir.attention on the token-major tensors.
// CHECK-LABEL: func.func @attention_none
// CHECK-SAME: (%[[Q:[^:]+]]: tensor<?x4x8xf32>, %[[K:[^:]+]]: tensor<?x6x8xf32>, %[[V:[^:]+]]: tensor<?x6x8xf32>)
// CHECK: %[[QR:.+]] = mir.reshape %[[Q]] : tensor<?x4x8xf32> to tensor<?x4x2x4xf32>
// CHECK: %[[KR:.+]] = mir.reshape %[[K]] : tensor<?x6x8xf32> to tensor<?x6x2x4xf32>
// CHECK: %[[VR:.+]] = mir.reshape %[[V]] : tensor<?x6x8xf32> to tensor<?x6x2x4xf32>
// FUSABLE: %[[QT:.+]] = mir.transpose %[[QR]] permutation = [0, 2, 1, 3] : tensor<?x4x2x4xf32> -> tensor<?x2x4x4xf32>
// FUSABLE: %[[KT:.+]] = mir.transpose %[[KR]] permutation = [0, 2, 3, 1] : tensor<?x6x2x4xf32> -> tensor<?x2x4x6xf32>
// FUSABLE: %[[S:.+]] = mir.matmul %[[QT]], %[[KT]] : (tensor<?x2x4x4xf32>, tensor<?x2x4x6xf32>) -> tensor<?x2x4x6xf32>
// FUSABLE: %[[SCALE:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// FUSABLE: %[[SS:.+]] = mir.binary mul %[[S]], %[[SCALE]] : (tensor<?x2x4x6xf32>, tensor<f32>) -> tensor<?x2x4x6xf32>
// FUSABLE-NOT: mir.constant
// FUSABLE: %[[P:.+]] = mir.softmax %[[SS]] axis = -1 : tensor<?x2x4x6xf32>
// FUSABLE: %[[VT:.+]] = mir.transpose %[[VR]] permutation = [0, 2, 1, 3] : tensor<?x6x2x4xf32> -> tensor<?x2x6x4xf32>
// FUSABLE: %[[O:.+]] = mir.matmul %[[P]], %[[VT]] : (tensor<?x2x4x6xf32>, tensor<?x2x6x4xf32>) -> tensor<?x2x4x4xf32>
// FUSABLE: %[[OT:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] : tensor<?x2x4x4xf32> -> tensor<?x4x2x4xf32>
// DIRECT-NOT: mir.transpose
// DIRECT: %[[OT:.+]] = mir.attention %[[QR]], %[[KR]], %[[VR]] scale = 5.000000e-01 : tensor<?x4x2x4xf32>, tensor<?x6x2x4xf32>, tensor<?x6x2x4xf32>
// CHECK: %[[Y:.+]] = mir.reshape %[[OT]] : tensor<?x4x2x4xf32> to tensor<?x4x8xf32>
// CHECK: return %[[Y]]
func.func @attention_none(%q: tensor<?x4x8xf32>, %k: tensor<?x6x8xf32>, %v: tensor<?x6x8xf32>) -> tensor<?x4x8xf32> {
  %o = hir.attention none %q, %k, %v heads = 2 head_dim = 4 : (tensor<?x4x8xf32>, tensor<?x6x8xf32>, tensor<?x6x8xf32>) -> tensor<?x4x8xf32>
  return %o : tensor<?x4x8xf32>
}

// -----

// Causal mask with more keys than queries (T - S = 1): query i sees keys
// j <= i + 1; the mask is an additive [S, T] constant of 0 and -inf.
// CHECK-LABEL: func.func @attention_causal
// FUSABLE: %[[S:.+]] = mir.matmul {{.*}} -> tensor<1x2x2x3xf32>
// FUSABLE: %[[SCALE:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// FUSABLE: %[[SS:.+]] = mir.binary mul %[[S]], %[[SCALE]]
// FUSABLE: %[[MASK:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// FUSABLE: %[[M:.+]] = mir.binary add %[[SS]], %[[MASK]] : (tensor<1x2x2x3xf32>, tensor<2x3xf32>) -> tensor<1x2x2x3xf32>
// FUSABLE: %[[P:.+]] = mir.softmax %[[M]] axis = -1
// FUSABLE: mir.matmul %[[P]],
// DIRECT: mir.attention %{{.+}}, %{{.+}}, %{{.+}} scale = 5.000000e-01 causal : tensor<1x2x2x4xf32>, tensor<1x3x2x4xf32>, tensor<1x3x2x4xf32>
func.func @attention_causal(%q: tensor<1x2x8xf32>, %k: tensor<1x3x8xf32>, %v: tensor<1x3x8xf32>) -> tensor<1x2x8xf32> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 4 : (tensor<1x2x8xf32>, tensor<1x3x8xf32>, tensor<1x3x8xf32>) -> tensor<1x2x8xf32>
  return %o : tensor<1x2x8xf32>
}

// -----

// Sliding window 2 on S = T = 4: query i sees keys i-1 and i only.
// CHECK-LABEL: func.func @attention_sliding_window
// CHECK: %[[SS:.+]] = mir.binary mul
// CHECK: %[[MASK:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0xFF800000, 0xFF800000, 0xFF800000], [0.000000e+00, 0.000000e+00, 0xFF800000, 0xFF800000], [0xFF800000, 0.000000e+00, 0.000000e+00, 0xFF800000], [0xFF800000, 0xFF800000, 0.000000e+00, 0.000000e+00]]> : tensor<4x4xf32>
// CHECK: %[[M:.+]] = mir.binary add %[[SS]], %[[MASK]]
// CHECK: mir.softmax %[[M]] axis = -1
func.func @attention_sliding_window(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 4 window = 2 : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}

// -----

// Custom boolean mask: scores where true, -inf where false (a rank-0 -inf
// broadcasts), with dynamic sequence lengths.
// CHECK-LABEL: func.func @attention_custom
// CHECK-SAME: %[[MASK:[^:]+]]: tensor<?x1x?x?xi1>)
// CHECK: %[[SS:.+]] = mir.binary mul
// CHECK: %[[NEG:.+]] = mir.constant dense<0xFF800000> : tensor<f32>
// CHECK: %[[M:.+]] = mir.select %[[MASK]], %[[SS]], %[[NEG]] : (tensor<?x1x?x?xi1>, tensor<?x2x?x?xf32>, tensor<f32>) -> tensor<?x2x?x?xf32>
// CHECK: mir.softmax %[[M]] axis = -1 : tensor<?x2x?x?xf32>
func.func @attention_custom(%q: tensor<?x?x8xf32>, %k: tensor<?x?x8xf32>, %v: tensor<?x?x8xf32>, %mask: tensor<?x1x?x?xi1>) -> tensor<?x?x8xf32> {
  %o = hir.attention custom %q, %k, %v mask(%mask) heads = 2 head_dim = 4 : (tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>, tensor<?x1x?x?xi1>) -> tensor<?x?x8xf32>
  return %o : tensor<?x?x8xf32>
}

// -----

// Additive bias mask: added to the scores; its static batch refines the
// dynamic one.
// CHECK-LABEL: func.func @attention_additive_bias
// CHECK-SAME: %[[MASK:[^:]+]]: tensor<2x1x4x6xf32>)
// CHECK: %[[SS:.+]] = mir.binary mul {{.*}} -> tensor<?x2x4x6xf32>
// CHECK: %[[M:.+]] = mir.binary add %[[SS]], %[[MASK]] : (tensor<?x2x4x6xf32>, tensor<2x1x4x6xf32>) -> tensor<2x2x4x6xf32>
// CHECK: %[[P:.+]] = mir.softmax %[[M]] axis = -1 : tensor<2x2x4x6xf32>
// CHECK: %[[O:.+]] = mir.matmul %[[P]], %{{.+}} : (tensor<2x2x4x6xf32>, tensor<?x2x6x4xf32>) -> tensor<2x2x4x4xf32>
// CHECK: %[[OT:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] : tensor<2x2x4x4xf32> -> tensor<2x4x2x4xf32>
// CHECK: mir.reshape %[[OT]] : tensor<2x4x2x4xf32> to tensor<?x4x8xf32>
func.func @attention_additive_bias(%q: tensor<?x4x8xf32>, %k: tensor<?x6x8xf32>, %v: tensor<?x6x8xf32>, %mask: tensor<2x1x4x6xf32>) -> tensor<?x4x8xf32> {
  %o = hir.attention additive_bias %q, %k, %v mask(%mask) heads = 2 head_dim = 4 : (tensor<?x4x8xf32>, tensor<?x6x8xf32>, tensor<?x6x8xf32>, tensor<2x1x4x6xf32>) -> tensor<?x4x8xf32>
  return %o : tensor<?x4x8xf32>
}

// -----

// Grouped-query attention without softcap (4 heads on 2 kv heads): k and
// v are reshaped to their 2 kv heads; fusable repeats each twice (reshape,
// broadcast, reshape) before the chain; direct is one mir.attention on the
// kv heads.
// CHECK-LABEL: func.func @attention_gqa_plain
// CHECK-SAME: (%[[Q:[^:]+]]: tensor<?x5x16xf32>, %[[K:[^:]+]]: tensor<?x7x8xf32>, %[[V:[^:]+]]: tensor<?x7x8xf32>)
// CHECK: %[[QR:.+]] = mir.reshape %[[Q]] : tensor<?x5x16xf32> to tensor<?x5x4x4xf32>
// CHECK: %[[KR:.+]] = mir.reshape %[[K]] : tensor<?x7x8xf32> to tensor<?x7x2x4xf32>
// CHECK: %[[VR:.+]] = mir.reshape %[[V]] : tensor<?x7x8xf32> to tensor<?x7x2x4xf32>
// FUSABLE: %[[K1:.+]] = mir.reshape %[[KR]] : tensor<?x7x2x4xf32> to tensor<?x7x2x1x4xf32>
// FUSABLE: %[[K2:.+]] = mir.broadcast %[[K1]] : tensor<?x7x2x1x4xf32> to tensor<?x7x2x2x4xf32>
// FUSABLE: mir.reshape %[[K2]] : tensor<?x7x2x2x4xf32> to tensor<?x7x4x4xf32>
// FUSABLE: mir.softmax
// DIRECT: mir.attention %[[QR]], %[[KR]], %[[VR]] scale = 5.000000e-01 : tensor<?x5x4x4xf32>, tensor<?x7x2x4xf32>, tensor<?x7x2x4xf32>
func.func @attention_gqa_plain(%q: tensor<?x5x16xf32>, %k: tensor<?x7x8xf32>, %v: tensor<?x7x8xf32>) -> tensor<?x5x16xf32> {
  %o = hir.attention none %q, %k, %v heads = 4 kv_heads = 2 head_dim = 4 : (tensor<?x5x16xf32>, tensor<?x7x8xf32>, tensor<?x7x8xf32>) -> tensor<?x5x16xf32>
  return %o : tensor<?x5x16xf32>
}

// -----

// Grouped-query attention (4 heads, 2 kv heads) with an explicit scale and a
// softcap: each kv head is repeated twice in a row via reshape, broadcast,
// reshape; scores = 30 * tanh(scores * 0.125 / 30).
// CHECK-LABEL: func.func @attention_gqa_scale_softcap
// CHECK-SAME: (%[[Q:[^:]+]]: tensor<?x?x16xf32>, %[[K:[^:]+]]: tensor<?x?x8xf32>, %[[V:[^:]+]]: tensor<?x?x8xf32>)
// CHECK: %[[QR:.+]] = mir.reshape %[[Q]] : tensor<?x?x16xf32> to tensor<?x?x4x4xf32>
// CHECK: %[[QT:.+]] = mir.transpose %[[QR]] permutation = [0, 2, 1, 3] : tensor<?x?x4x4xf32> -> tensor<?x4x?x4xf32>
// CHECK: %[[KR:.+]] = mir.reshape %[[K]] : tensor<?x?x8xf32> to tensor<?x?x2x4xf32>
// CHECK: %[[KT:.+]] = mir.transpose %[[KR]] permutation = [0, 2, 1, 3] : tensor<?x?x2x4xf32> -> tensor<?x2x?x4xf32>
// CHECK: %[[K1:.+]] = mir.reshape %[[KT]] : tensor<?x2x?x4xf32> to tensor<?x2x1x?x4xf32>
// CHECK: %[[KB:.+]] = mir.broadcast %[[K1]] : tensor<?x2x1x?x4xf32> to tensor<?x2x2x?x4xf32>
// CHECK: %[[KH:.+]] = mir.reshape %[[KB]] : tensor<?x2x2x?x4xf32> to tensor<?x4x?x4xf32>
// CHECK: %[[VR:.+]] = mir.reshape %[[V]] : tensor<?x?x8xf32> to tensor<?x?x2x4xf32>
// CHECK: %[[VT:.+]] = mir.transpose %[[VR]] permutation = [0, 2, 1, 3]
// CHECK: %[[V1:.+]] = mir.reshape %[[VT]] : tensor<?x2x?x4xf32> to tensor<?x2x1x?x4xf32>
// CHECK: %[[VB:.+]] = mir.broadcast %[[V1]] : tensor<?x2x1x?x4xf32> to tensor<?x2x2x?x4xf32>
// CHECK: %[[VH:.+]] = mir.reshape %[[VB]] : tensor<?x2x2x?x4xf32> to tensor<?x4x?x4xf32>
// CHECK: %[[KTT:.+]] = mir.transpose %[[KH]] permutation = [0, 1, 3, 2] : tensor<?x4x?x4xf32> -> tensor<?x4x4x?xf32>
// CHECK: %[[S:.+]] = mir.matmul %[[QT]], %[[KTT]] : (tensor<?x4x?x4xf32>, tensor<?x4x4x?xf32>) -> tensor<?x4x?x?xf32>
// CHECK: %[[SCALE:.+]] = mir.constant dense<1.250000e-01> : tensor<f32>
// CHECK: %[[SS:.+]] = mir.binary mul %[[S]], %[[SCALE]]
// CHECK: %[[CAP:.+]] = mir.constant dense<3.000000e+01> : tensor<f32>
// CHECK: %[[D:.+]] = mir.binary div %[[SS]], %[[CAP]]
// CHECK: %[[T:.+]] = mir.unary tanh %[[D]]
// CHECK: %[[C:.+]] = mir.binary mul %[[T]], %[[CAP]]
// CHECK: %[[P:.+]] = mir.softmax %[[C]] axis = -1
// CHECK: %[[O:.+]] = mir.matmul %[[P]], %[[VH]] : (tensor<?x4x?x?xf32>, tensor<?x4x?x4xf32>) -> tensor<?x4x?x4xf32>
// CHECK: %[[OT:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] : tensor<?x4x?x4xf32> -> tensor<?x?x4x4xf32>
// CHECK: %[[Y:.+]] = mir.reshape %[[OT]] : tensor<?x?x4x4xf32> to tensor<?x?x16xf32>
// CHECK: return %[[Y]]
func.func @attention_gqa_scale_softcap(%q: tensor<?x?x16xf32>, %k: tensor<?x?x8xf32>, %v: tensor<?x?x8xf32>) -> tensor<?x?x16xf32> {
  %o = hir.attention none %q, %k, %v heads = 4 kv_heads = 2 head_dim = 4 scale = 0.125 softcap = 30.0 : (tensor<?x?x16xf32>, tensor<?x?x8xf32>, tensor<?x?x8xf32>) -> tensor<?x?x16xf32>
  return %o : tensor<?x?x16xf32>
}

// -----

// A symbolic query length: the mask is a mir.causal_mask of the scaled
// scores (the constant once the length is bound, mir-specialize.mlir).
// CHECK-LABEL: func.func @attention_causal_symbolic
// CHECK: %[[S:.+]] = mir.matmul {{.*}} -> tensor<1x2x?x?xf32>
// CHECK: %[[SS:.+]] = mir.binary mul %[[S]], %{{.+}} : (tensor<1x2x?x?xf32>, tensor<f32>) -> tensor<1x2x?x?xf32>
// CHECK-NOT: mir.constant
// CHECK: %[[MASK:.+]] = mir.causal_mask causal %[[SS]] : tensor<1x2x?x?xf32> -> tensor<?x?xf32>
// CHECK: %[[M:.+]] = mir.binary add %[[SS]], %[[MASK]] : (tensor<1x2x?x?xf32>, tensor<?x?xf32>) -> tensor<1x2x?x?xf32>
// CHECK: mir.softmax %[[M]] axis = -1 : tensor<1x2x?x?xf32>
func.func @attention_causal_symbolic(%q: tensor<1x?x8xf32>, %k: tensor<1x?x8xf32>, %v: tensor<1x?x8xf32>) -> tensor<1x?x8xf32> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 4 : (tensor<1x?x8xf32>, tensor<1x?x8xf32>, tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  return %o : tensor<1x?x8xf32>
}

// -----

// A sliding window with only the key length symbolic (a KV cache) and a
// softcap: the mask reads the capped scores and keeps the window.
// CHECK-LABEL: func.func @attention_sliding_window_symbolic_keys
// CHECK: mir.unary tanh
// CHECK: %[[C:.+]] = mir.binary mul %{{.+}}, %{{.+}} : (tensor<1x2x4x?xf32>, tensor<f32>) -> tensor<1x2x4x?xf32>
// CHECK: %[[MASK:.+]] = mir.causal_mask sliding_window %[[C]] window = 2 : tensor<1x2x4x?xf32> -> tensor<4x?xf32>
// CHECK: %[[M:.+]] = mir.binary add %[[C]], %[[MASK]] : (tensor<1x2x4x?xf32>, tensor<4x?xf32>) -> tensor<1x2x4x?xf32>
// CHECK: mir.softmax %[[M]] axis = -1
func.func @attention_sliding_window_symbolic_keys(%q: tensor<1x4x8xf32>, %k: tensor<1x?x8xf32>, %v: tensor<1x?x8xf32>) -> tensor<1x4x8xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 4 window = 2 softcap = 30.0 : (tensor<1x4x8xf32>, tensor<1x?x8xf32>, tensor<1x?x8xf32>) -> tensor<1x4x8xf32>
  return %o : tensor<1x4x8xf32>
}

// -----

// An f16 model gets f16 constants: scale and the -inf of the causal mask
// (direct: an f16 mir.attention).
// CHECK-LABEL: func.func @attention_causal_f16
// FUSABLE: mir.constant dense<5.000000e-01> : tensor<f16>
// FUSABLE: mir.constant dense<{{\[}}[0.000000e+00, 0xFC00], [0.000000e+00, 0.000000e+00]]> : tensor<2x2xf16>
// FUSABLE: mir.softmax {{.*}} : tensor<1x2x2x2xf16>
// DIRECT: mir.attention {{.*}} causal : tensor<1x2x2x4xf16>, tensor<1x2x2x4xf16>, tensor<1x2x2x4xf16>
func.func @attention_causal_f16(%q: tensor<1x2x8xf16>, %k: tensor<1x2x8xf16>, %v: tensor<1x2x8xf16>) -> tensor<1x2x8xf16> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 4 : (tensor<1x2x8xf16>, tensor<1x2x8xf16>, tensor<1x2x8xf16>) -> tensor<1x2x8xf16>
  return %o : tensor<1x2x8xf16>
}

// -----

// Full rope, head_dim 4, theta 100: inv_freq = [1, 100^-1/2, 1, 100^-1/2];
// the rotation matrix maps x to [-x2, -x3, x0, x1]; out = x cos + rot(x) sin.
// CHECK-LABEL: func.func @rope
// CHECK-SAME: (%[[X:[^:]+]]: tensor<1x3x8xf32>, %[[POS:[^:]+]]: tensor<3xi64>)
// CHECK: %[[PF:.+]] = mir.cast %[[POS]] : tensor<3xi64> to tensor<3xf32>
// CHECK: %[[PC:.+]] = mir.reshape %[[PF]] : tensor<3xf32> to tensor<3x1xf32>
// CHECK: %[[F:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 1.000000e-01, 1.000000e+00, 1.000000e-01]]> : tensor<1x4xf32>
// CHECK: %[[A:.+]] = mir.binary mul %[[PC]], %[[F]] : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[COS:.+]] = mir.unary cos %[[A]] : tensor<3x4xf32>
// CHECK: %[[SIN:.+]] = mir.unary sin %[[A]] : tensor<3x4xf32>
// CHECK-NOT: mir.cast
// CHECK: %[[COS3:.+]] = mir.reshape %[[COS]] : tensor<3x4xf32> to tensor<3x1x4xf32>
// CHECK: %[[SIN3:.+]] = mir.reshape %[[SIN]] : tensor<3x4xf32> to tensor<3x1x4xf32>
// CHECK: %[[X4:.+]] = mir.reshape %[[X]] : tensor<1x3x8xf32> to tensor<1x3x2x4xf32>
// CHECK: %[[ROT:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00], [-1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, -1.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x4xf32>
// CHECK: %[[XR:.+]] = mir.matmul %[[X4]], %[[ROT]] : (tensor<1x3x2x4xf32>, tensor<4x4xf32>) -> tensor<1x3x2x4xf32>
// CHECK: %[[XC:.+]] = mir.binary mul %[[X4]], %[[COS3]] : (tensor<1x3x2x4xf32>, tensor<3x1x4xf32>) -> tensor<1x3x2x4xf32>
// CHECK: %[[XS:.+]] = mir.binary mul %[[XR]], %[[SIN3]] : (tensor<1x3x2x4xf32>, tensor<3x1x4xf32>) -> tensor<1x3x2x4xf32>
// CHECK: %[[SUM:.+]] = mir.binary add %[[XC]], %[[XS]] : (tensor<1x3x2x4xf32>, tensor<1x3x2x4xf32>) -> tensor<1x3x2x4xf32>
// CHECK: %[[Y:.+]] = mir.reshape %[[SUM]] : tensor<1x3x2x4xf32> to tensor<1x3x8xf32>
// CHECK: return %[[Y]]
func.func @rope(%x: tensor<1x3x8xf32>, %pos: tensor<3xi64>) -> tensor<1x3x8xf32> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 4 theta = 100.0 : (tensor<1x3x8xf32>, tensor<3xi64>) -> tensor<1x3x8xf32>
  return %r : tensor<1x3x8xf32>
}

// -----

// Partial rope (rotary_dim 2 of head_dim 4) on bf16 with dynamic batch and
// seq: pass-through dims get frequency 0 and zero rotation columns; angles are
// computed in f32 and cos/sin cast to bf16.
// CHECK-LABEL: func.func @rope_partial_bf16
// CHECK-SAME: (%[[X:[^:]+]]: tensor<?x?x8xbf16>, %[[POS:[^:]+]]: tensor<?xi32>)
// CHECK: %[[PF:.+]] = mir.cast %[[POS]] : tensor<?xi32> to tensor<?xf32>
// CHECK: %[[PC:.+]] = mir.reshape %[[PF]] : tensor<?xf32> to tensor<?x1xf32>
// CHECK: %[[F:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<1x4xf32>
// CHECK: %[[A:.+]] = mir.binary mul %[[PC]], %[[F]] : (tensor<?x1xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
// CHECK: %[[COS:.+]] = mir.unary cos %[[A]]
// CHECK: %[[SIN:.+]] = mir.unary sin %[[A]]
// CHECK: %[[COSH:.+]] = mir.cast %[[COS]] : tensor<?x4xf32> to tensor<?x4xbf16>
// CHECK: %[[SINH:.+]] = mir.cast %[[SIN]] : tensor<?x4xf32> to tensor<?x4xbf16>
// CHECK: %[[COS3:.+]] = mir.reshape %[[COSH]] : tensor<?x4xbf16> to tensor<?x1x4xbf16>
// CHECK: %[[SIN3:.+]] = mir.reshape %[[SINH]] : tensor<?x4xbf16> to tensor<?x1x4xbf16>
// CHECK: %[[X4:.+]] = mir.reshape %[[X]] : tensor<?x?x8xbf16> to tensor<?x?x2x4xbf16>
// CHECK: %[[ROT:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00], [-1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x4xbf16>
// CHECK: %[[XR:.+]] = mir.matmul %[[X4]], %[[ROT]]
// CHECK: %[[XC:.+]] = mir.binary mul %[[X4]], %[[COS3]] : (tensor<?x?x2x4xbf16>, tensor<?x1x4xbf16>) -> tensor<?x?x2x4xbf16>
// CHECK: %[[XS:.+]] = mir.binary mul %[[XR]], %[[SIN3]]
// CHECK: %[[SUM:.+]] = mir.binary add %[[XC]], %[[XS]]
// CHECK: %[[Y:.+]] = mir.reshape %[[SUM]] : tensor<?x?x2x4xbf16> to tensor<?x?x8xbf16>
// CHECK: return %[[Y]]
func.func @rope_partial_bf16(%x: tensor<?x?x8xbf16>, %pos: tensor<?xi32>) -> tensor<?x?x8xbf16> {
  %r = hir.rope %x, %pos heads = 2 head_dim = 4 rotary_dim = 2 theta = 100.0 : (tensor<?x?x8xbf16>, tensor<?xi32>) -> tensor<?x?x8xbf16>
  return %r : tensor<?x?x8xbf16>
}

// -----

// MIR already in the input (HIR's escape hatch) is left alone: not folded
// (x * 1 would fold), not moved.
// CHECK-LABEL: func.func @mir_escape_hatch
// CHECK-SAME: (%[[X:[^:]+]]: tensor<4xf32>)
// CHECK: %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.+]] = mir.unary relu %[[X]]
// CHECK: %[[M:.+]] = mir.binary mul %[[R]], %[[ONE]]
// CHECK: return %[[M]]
func.func @mir_escape_hatch(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = mir.constant dense<1.0> : tensor<4xf32>
  %r = hir.activation relu %x : tensor<4xf32>
  %m = mir.binary mul %r, %one : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

// An unused HIR op is erased rather than converted (it is pure; the
// canonicalizer after this pass would drop it anyway).
// CHECK-LABEL: func.func @unused_param
// CHECK-NOT: mir.param
// CHECK: return
func.func @unused_param() {
  %w = hir.param "unused" : tensor<4xf32>
  return
}
