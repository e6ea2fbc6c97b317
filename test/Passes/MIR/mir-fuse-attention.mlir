// mir-fuse-attention: matmul(softmax(mul(matmul(qh, khT), c) [+ causal
// mask]), vh) on per-head transposes of token-major q, k, v becomes one
// mir.attention on q, k and v; single heads of rank 2 and 3 become the op on
// one-head views. The scale may instead be on q or k before their product,
// or absent (1); torch.onnx's sequence-first heads ([S, X, D] transposed to
// [X, S, D]) become the op on [1, S, X, D] views.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-attention))" | FileCheck %s
// vulkan and test do not claim mir.attention: nothing fuses.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-attention))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-attention))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-attention{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-attention{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VKREPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-attention{assert-clean=true}))" -o /dev/null

// Two heads: the per-head transposes of q, k and v, the scale on the right,
// the transpose back; all of it becomes the op.
func.func @heads(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x8x2x4xf32> -> tensor<1x2x4x8xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x8x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x8x8xf32>
  %c = mir.constant dense<5.000000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8x8xf32>
  %p = mir.softmax %ss axis = -1 : tensor<1x2x8x8xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x8x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x8x4xf32> -> tensor<1x8x2x4xf32>
  return %y : tensor<1x8x2x4xf32>
}
// CHECK-LABEL: func.func @heads(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x2x4xf32>, %[[K:[^:]+]]: tensor<1x8x2x4xf32>, %[[V:[^:]+]]: tensor<1x8x2x4xf32>)
// CHECK-NEXT: %[[Y:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 5.000000e-01 : tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<1x8x2x4xf32>
// NOCLAIM-LABEL: func.func @heads(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @heads, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the head transposes into mir.attention
// REPORT-NEXT: missed (0):
// VKREPORT-LABEL: === rlx fusion report: @heads, target 'vulkan' ===
// VKREPORT:      missed (1):
// VKREPORT-NEXT:   [attention] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.attention

// -----

// Causal, S = 4 < T = 6: the mask constant is the causal one (query s sees
// t <= s + 2); k reaches [B, H, D, T] through two transposes; the scale is
// on the left; the context is also returned head-major, so it stays a
// transpose of the fused result.
func.func @causal(%q: tensor<1x4x2x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x6x2x8xf32>) -> tensor<1x2x4x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %kh = mir.transpose %k permutation = [0, 2, 1, 3] : tensor<1x6x2x8xf32> -> tensor<1x2x6x8xf32>
  %kt = mir.transpose %kh permutation = [0, 1, 3, 2] : tensor<1x2x6x8xf32> -> tensor<1x2x8x6xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
  %c = mir.constant dense<2.500000e-01> : tensor<f32>
  %ss = mir.binary mul %c, %s : (tensor<f32>, tensor<1x2x4x6xf32>) -> tensor<1x2x4x6xf32>
  %mask = mir.constant dense<[[0.0, 0.0, 0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf32>
  %m = mir.binary add %ss, %mask : (tensor<1x2x4x6xf32>, tensor<4x6xf32>) -> tensor<1x2x4x6xf32>
  %p = mir.softmax %m axis = 3 : tensor<1x2x4x6xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x6x2x8xf32> -> tensor<1x2x6x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %o : tensor<1x2x4x8xf32>
}
// CHECK-LABEL: func.func @causal(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x4x2x8xf32>, %[[K:[^:]+]]: tensor<1x6x2x8xf32>, %[[V:[^:]+]]: tensor<1x6x2x8xf32>)
// CHECK-NOT: mir.softmax
// CHECK: %[[A:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 causal : tensor<1x4x2x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
// CHECK-NEXT: %[[O:.+]] = mir.transpose %[[A]] permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
// CHECK-NEXT: return %[[O]]
// REPORT-LABEL: === rlx fusion report: @causal, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, causal mask, softmax, p v and the head transposes into mir.attention

// -----

// The mask as a mir.causal_mask (not folded to its constant yet).
func.func @causal_mask_op(%q: tensor<1x4x1x8xf32>, %k: tensor<1x4x1x8xf32>, %v: tensor<1x4x1x8xf32>) -> tensor<1x4x1x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x4x1x8xf32> -> tensor<1x1x4x8xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x4x1x8xf32> -> tensor<1x1x8x4xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x1x4x8xf32>, tensor<1x1x8x4xf32>) -> tensor<1x1x4x4xf32>
  %c = mir.constant dense<2.500000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x4x4xf32>
  %mask = mir.causal_mask causal %ss : tensor<1x1x4x4xf32> -> tensor<4x4xf32>
  %m = mir.binary add %ss, %mask : (tensor<1x1x4x4xf32>, tensor<4x4xf32>) -> tensor<1x1x4x4xf32>
  %p = mir.softmax %m axis = -1 : tensor<1x1x4x4xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x4x1x8xf32> -> tensor<1x1x4x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x1x4x4xf32>, tensor<1x1x4x8xf32>) -> tensor<1x1x4x8xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x1x4x8xf32> -> tensor<1x4x1x8xf32>
  return %y : tensor<1x4x1x8xf32>
}
// CHECK-LABEL: func.func @causal_mask_op(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x4x1x8xf32>, %[[K:[^:]+]]: tensor<1x4x1x8xf32>, %[[V:[^:]+]]: tensor<1x4x1x8xf32>)
// CHECK-NEXT: %[[Y:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 causal :
// CHECK-NEXT: return %[[Y]]

// -----

// Grouped-query attention: 4 query heads on 2 kv heads, each kv head
// repeated twice (canonicalization merged the repeat's first reshape with
// the split into heads, so it starts from [1, 6, 8]): the op takes the kv
// heads, [1, 6, 2, 4], and the repeat goes.
func.func @gqa(%q: tensor<1x5x4x4xf32>, %k: tensor<1x6x8xf32>, %v: tensor<1x6x8xf32>) -> tensor<1x5x4x4xf32> {
  %k1 = mir.reshape %k : tensor<1x6x8xf32> to tensor<1x6x2x1x4xf32>
  %k2 = mir.broadcast %k1 : tensor<1x6x2x1x4xf32> to tensor<1x6x2x2x4xf32>
  %k4 = mir.reshape %k2 : tensor<1x6x2x2x4xf32> to tensor<1x6x4x4xf32>
  %v1 = mir.reshape %v : tensor<1x6x8xf32> to tensor<1x6x2x1x4xf32>
  %v2 = mir.broadcast %v1 : tensor<1x6x2x1x4xf32> to tensor<1x6x2x2x4xf32>
  %v4 = mir.reshape %v2 : tensor<1x6x2x2x4xf32> to tensor<1x6x4x4xf32>
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x5x4x4xf32> -> tensor<1x4x5x4xf32>
  %kt = mir.transpose %k4 permutation = [0, 2, 3, 1] : tensor<1x6x4x4xf32> -> tensor<1x4x4x6xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x4x5x4xf32>, tensor<1x4x4x6xf32>) -> tensor<1x4x5x6xf32>
  %c = mir.constant dense<5.000000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<1x4x5x6xf32>, tensor<f32>) -> tensor<1x4x5x6xf32>
  %p = mir.softmax %ss axis = -1 : tensor<1x4x5x6xf32>
  %vh = mir.transpose %v4 permutation = [0, 2, 1, 3] : tensor<1x6x4x4xf32> -> tensor<1x4x6x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x4x5x6xf32>, tensor<1x4x6x4xf32>) -> tensor<1x4x5x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x4x5x4xf32> -> tensor<1x5x4x4xf32>
  return %y : tensor<1x5x4x4xf32>
}
// CHECK-LABEL: func.func @gqa(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x5x4x4xf32>, %[[K:[^:]+]]: tensor<1x6x8xf32>, %[[V:[^:]+]]: tensor<1x6x8xf32>)
// CHECK-DAG: %[[KK:.+]] = mir.reshape %[[K]] : tensor<1x6x8xf32> to tensor<1x6x2x4xf32>
// CHECK-DAG: %[[VK:.+]] = mir.reshape %[[V]] : tensor<1x6x8xf32> to tensor<1x6x2x4xf32>
// CHECK: %[[Y:.+]] = mir.attention %[[Q]], %[[KK]], %[[VK]] scale = 5.000000e-01 : tensor<1x5x4x4xf32>, tensor<1x6x2x4xf32>, tensor<1x6x2x4xf32>
// CHECK-NOT: mir.broadcast
// CHECK: return %[[Y]]

// -----

// One head of rank 2 (k transposed by [1, 0]) and of rank 3 (by [0, 2, 1]):
// the op on [B, S, 1, D] views.
func.func @one_head(%q: tensor<5x8xf32>, %k: tensor<7x8xf32>, %v: tensor<7x8xf32>, %qb: tensor<3x5x8xf32>, %kb: tensor<3x7x8xf32>, %vb: tensor<3x7x8xf32>) -> (tensor<5x8xf32>, tensor<3x5x8xf32>) {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<7x8xf32> -> tensor<8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<5x8xf32>, tensor<8x7xf32>) -> tensor<5x7xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<1x1xf32>
  %ss = mir.binary mul %s, %c : (tensor<5x7xf32>, tensor<1x1xf32>) -> tensor<5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x8xf32>) -> tensor<5x8xf32>
  %ktb = mir.transpose %kb permutation = [0, 2, 1] : tensor<3x7x8xf32> -> tensor<3x8x7xf32>
  %sb = mir.matmul %qb, %ktb : (tensor<3x5x8xf32>, tensor<3x8x7xf32>) -> tensor<3x5x7xf32>
  %cb = mir.constant dense<1.250000e-01> : tensor<f32>
  %ssb = mir.binary mul %sb, %cb : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<3x5x7xf32>
  %pb = mir.softmax %ssb axis = 2 : tensor<3x5x7xf32>
  %ob = mir.matmul %pb, %vb : (tensor<3x5x7xf32>, tensor<3x7x8xf32>) -> tensor<3x5x8xf32>
  return %o, %ob : tensor<5x8xf32>, tensor<3x5x8xf32>
}
// CHECK-LABEL: func.func @one_head(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<5x8xf32>, %[[K:[^:]+]]: tensor<7x8xf32>, %[[V:[^:]+]]: tensor<7x8xf32>, %[[QB:[^:]+]]: tensor<3x5x8xf32>, %[[KB:[^:]+]]: tensor<3x7x8xf32>, %[[VB:[^:]+]]: tensor<3x7x8xf32>)
// CHECK-DAG: %[[Q4:.+]] = mir.reshape %[[Q]] : tensor<5x8xf32> to tensor<1x5x1x8xf32>
// CHECK-DAG: %[[K4:.+]] = mir.reshape %[[K]] : tensor<7x8xf32> to tensor<1x7x1x8xf32>
// CHECK-DAG: %[[V4:.+]] = mir.reshape %[[V]] : tensor<7x8xf32> to tensor<1x7x1x8xf32>
// CHECK-DAG: %[[A:.+]] = mir.attention %[[Q4]], %[[K4]], %[[V4]] scale = 1.250000e-01 : tensor<1x5x1x8xf32>, tensor<1x7x1x8xf32>, tensor<1x7x1x8xf32>
// CHECK-DAG: %[[O:.+]] = mir.reshape %[[A]] : tensor<1x5x1x8xf32> to tensor<5x8xf32>
// CHECK-DAG: %[[QB4:.+]] = mir.reshape %[[QB]] : tensor<3x5x8xf32> to tensor<3x5x1x8xf32>
// CHECK-DAG: %[[KB4:.+]] = mir.reshape %[[KB]] : tensor<3x7x8xf32> to tensor<3x7x1x8xf32>
// CHECK-DAG: %[[VB4:.+]] = mir.reshape %[[VB]] : tensor<3x7x8xf32> to tensor<3x7x1x8xf32>
// CHECK-DAG: %[[AB:.+]] = mir.attention %[[QB4]], %[[KB4]], %[[VB4]] scale = 1.250000e-01 : tensor<3x5x1x8xf32>, tensor<3x7x1x8xf32>, tensor<3x7x1x8xf32>
// CHECK-DAG: %[[OB:.+]] = mir.reshape %[[AB]] : tensor<3x5x1x8xf32> to tensor<3x5x8xf32>
// CHECK: return %[[O]], %[[OB]]
// REPORT-LABEL: === rlx fusion report: @one_head, target 'cpu' ===
// REPORT:      fused (2):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax and p v of one head into mir.attention
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax and p v of one head into mir.attention

// -----

// The scale on q before the product: q / 8 after the per-head transpose is
// scale 1 / 8.
func.func @scale_on_q(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %c = mir.constant dense<8.000000e+00> : tensor<f32>
  %qs = mir.binary div %qh, %c : (tensor<1x2x8x4xf32>, tensor<f32>) -> tensor<1x2x8x4xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x8x2x4xf32> -> tensor<1x2x4x8xf32>
  %s = mir.matmul %qs, %kt : (tensor<1x2x8x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x8x8xf32>
  %p = mir.softmax %s axis = -1 : tensor<1x2x8x8xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x8x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x8x4xf32> -> tensor<1x8x2x4xf32>
  return %y : tensor<1x8x2x4xf32>
}
// CHECK-LABEL: func.func @scale_on_q(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x2x4xf32>, %[[K:[^:]+]]: tensor<1x8x2x4xf32>, %[[V:[^:]+]]: tensor<1x8x2x4xf32>)
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.constant
// CHECK-NEXT: %[[Y:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 1.250000e-01 : tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<1x8x2x4xf32>
// NOCLAIM-LABEL: func.func @scale_on_q(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.binary div
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @scale_on_q, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.transpose: 4 -> 0
// REPORT-NEXT:   mir.constant: 1 -> 0
// REPORT-NEXT:   mir.binary: 1 -> 0
// REPORT-NEXT:   mir.matmul: 2 -> 0
// REPORT-NEXT:   mir.softmax: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.attention: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the head transposes into mir.attention
// REPORT-NEXT: missed (0):

// -----

// The scale on k's side: c * kT with c a [1, 1, 1, 1] constant (on the
// left), after the transpose; the softmax axis written as 3.
func.func @scale_on_k(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> tensor<1x8x2x4xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x8x2x4xf32> -> tensor<1x2x4x8xf32>
  %c = mir.constant dense<5.000000e-01> : tensor<1x1x1x1xf32>
  %ks = mir.binary mul %c, %kt : (tensor<1x1x1x1xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %s = mir.matmul %qh, %ks : (tensor<1x2x8x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x8x8xf32>
  %p = mir.softmax %s axis = 3 : tensor<1x2x8x8xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x8x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x8x4xf32> -> tensor<1x8x2x4xf32>
  return %y : tensor<1x8x2x4xf32>
}
// CHECK-LABEL: func.func @scale_on_k(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x2x4xf32>, %[[K:[^:]+]]: tensor<1x8x2x4xf32>, %[[V:[^:]+]]: tensor<1x8x2x4xf32>)
// CHECK-NOT: mir.binary
// CHECK-NEXT: %[[Y:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 5.000000e-01 : tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>, tensor<1x8x2x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<1x8x2x4xf32>
// NOCLAIM-LABEL: func.func @scale_on_k(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.binary mul
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @scale_on_k, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the head transposes into mir.attention
// REPORT-NEXT: missed (0):

// -----

// No scale anywhere: scale 1. Batch 2, S = 8 queries on T = 6 keys.
func.func @no_scale(%q: tensor<2x8x2x4xf32>, %k: tensor<2x6x2x4xf32>, %v: tensor<2x6x2x4xf32>) -> tensor<2x8x2x4xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<2x8x2x4xf32> -> tensor<2x2x8x4xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<2x6x2x4xf32> -> tensor<2x2x4x6xf32>
  %s = mir.matmul %qh, %kt : (tensor<2x2x8x4xf32>, tensor<2x2x4x6xf32>) -> tensor<2x2x8x6xf32>
  %p = mir.softmax %s axis = -1 : tensor<2x2x8x6xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<2x6x2x4xf32> -> tensor<2x2x6x4xf32>
  %o = mir.matmul %p, %vh : (tensor<2x2x8x6xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x8x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<2x2x8x4xf32> -> tensor<2x8x2x4xf32>
  return %y : tensor<2x8x2x4xf32>
}
// CHECK-LABEL: func.func @no_scale(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<2x8x2x4xf32>, %[[K:[^:]+]]: tensor<2x6x2x4xf32>, %[[V:[^:]+]]: tensor<2x6x2x4xf32>)
// CHECK-NEXT: %[[Y:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 1.000000e+00 : tensor<2x8x2x4xf32>, tensor<2x6x2x4xf32>, tensor<2x6x2x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<2x8x2x4xf32>
// NOCLAIM-LABEL: func.func @no_scale(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @no_scale, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the head transposes into mir.attention
// REPORT-NEXT: missed (0):

// -----

// torch.onnx's sequence-first heads: q and v [S, X, D] transposed by
// [1, 0, 2], k [T, X, D] by [1, 2, 0], the context transposed back by
// [1, 0, 2]: the op on [1, S, X, D] views, the back transpose a reshape.
func.func @seq_first(%q: tensor<16x4x8xf32>, %k: tensor<16x4x8xf32>, %v: tensor<16x4x8xf32>) -> tensor<16x4x8xf32> {
  %qh = mir.transpose %q permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
  %kt = mir.transpose %k permutation = [1, 2, 0] : tensor<16x4x8xf32> -> tensor<4x8x16xf32>
  %s = mir.matmul %qh, %kt : (tensor<4x16x8xf32>, tensor<4x8x16xf32>) -> tensor<4x16x16xf32>
  %p = mir.softmax %s axis = -1 : tensor<4x16x16xf32>
  %vh = mir.transpose %v permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
  %o = mir.matmul %p, %vh : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %y = mir.transpose %o permutation = [1, 0, 2] : tensor<4x16x8xf32> -> tensor<16x4x8xf32>
  return %y : tensor<16x4x8xf32>
}
// CHECK-LABEL: func.func @seq_first(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<16x4x8xf32>, %[[K:[^:]+]]: tensor<16x4x8xf32>, %[[V:[^:]+]]: tensor<16x4x8xf32>)
// CHECK-NEXT: %[[Q4:.+]] = mir.reshape %[[Q]] : tensor<16x4x8xf32> to tensor<1x16x4x8xf32>
// CHECK-NEXT: %[[K4:.+]] = mir.reshape %[[K]] : tensor<16x4x8xf32> to tensor<1x16x4x8xf32>
// CHECK-NEXT: %[[V4:.+]] = mir.reshape %[[V]] : tensor<16x4x8xf32> to tensor<1x16x4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.attention %[[Q4]], %[[K4]], %[[V4]] scale = 1.000000e+00 : tensor<1x16x4x8xf32>, tensor<1x16x4x8xf32>, tensor<1x16x4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.reshape %[[A]] : tensor<1x16x4x8xf32> to tensor<16x4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<16x4x8xf32>
// NOCLAIM-LABEL: func.func @seq_first(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @seq_first, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.transpose: 4 -> 0
// REPORT-NEXT:   mir.matmul: 2 -> 0
// REPORT-NEXT:   mir.softmax: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.reshape: 0 -> 4
// REPORT-NEXT:   mir.attention: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the sequence-first head transposes into mir.attention
// REPORT-NEXT: missed (0):
// VKREPORT-LABEL: === rlx fusion report: @seq_first, target 'vulkan' ===
// VKREPORT:      missed (1):
// VKREPORT-NEXT:   [attention] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.attention

// -----

// Sequence-first heads without the back transpose (the context is returned
// head-major), T = 12 keys, and the scale split between q (0.5) and kT
// (0.25) as torch.onnx writes it: a transpose of the fused result is
// created; scale 0.125.
func.func @seq_first_no_back(%q: tensor<16x4x8xf32>, %k: tensor<12x4x8xf32>, %v: tensor<12x4x8xf32>) -> tensor<4x16x8xf32> {
  %qh = mir.transpose %q permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
  %cq = mir.constant dense<5.000000e-01> : tensor<f32>
  %qs = mir.binary mul %qh, %cq : (tensor<4x16x8xf32>, tensor<f32>) -> tensor<4x16x8xf32>
  %kt = mir.transpose %k permutation = [1, 2, 0] : tensor<12x4x8xf32> -> tensor<4x8x12xf32>
  %ck = mir.constant dense<2.500000e-01> : tensor<f32>
  %ks = mir.binary mul %kt, %ck : (tensor<4x8x12xf32>, tensor<f32>) -> tensor<4x8x12xf32>
  %s = mir.matmul %qs, %ks : (tensor<4x16x8xf32>, tensor<4x8x12xf32>) -> tensor<4x16x12xf32>
  %p = mir.softmax %s axis = 2 : tensor<4x16x12xf32>
  %vh = mir.transpose %v permutation = [1, 0, 2] : tensor<12x4x8xf32> -> tensor<4x12x8xf32>
  %o = mir.matmul %p, %vh : (tensor<4x16x12xf32>, tensor<4x12x8xf32>) -> tensor<4x16x8xf32>
  return %o : tensor<4x16x8xf32>
}
// CHECK-LABEL: func.func @seq_first_no_back(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<16x4x8xf32>, %[[K:[^:]+]]: tensor<12x4x8xf32>, %[[V:[^:]+]]: tensor<12x4x8xf32>)
// CHECK-NOT: mir.binary
// CHECK-NEXT: %[[Q4:.+]] = mir.reshape %[[Q]] : tensor<16x4x8xf32> to tensor<1x16x4x8xf32>
// CHECK-NEXT: %[[K4:.+]] = mir.reshape %[[K]] : tensor<12x4x8xf32> to tensor<1x12x4x8xf32>
// CHECK-NEXT: %[[V4:.+]] = mir.reshape %[[V]] : tensor<12x4x8xf32> to tensor<1x12x4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.attention %[[Q4]], %[[K4]], %[[V4]] scale = 1.250000e-01 : tensor<1x16x4x8xf32>, tensor<1x12x4x8xf32>, tensor<1x12x4x8xf32>
// CHECK-NEXT: %[[T:.+]] = mir.reshape %[[A]] : tensor<1x16x4x8xf32> to tensor<16x4x8xf32>
// CHECK-NEXT: %[[O:.+]] = mir.transpose %[[T]] permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
// CHECK-NEXT: return %[[O]] : tensor<4x16x8xf32>
// NOCLAIM-LABEL: func.func @seq_first_no_back(
// NOCLAIM-NOT: mir.attention
// NOCLAIM: mir.softmax
// REPORT-LABEL: === rlx fusion report: @seq_first_no_back, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax, p v and the sequence-first head transposes into mir.attention
// REPORT-NEXT: missed (0):

// -----

// Negative: the scores are also returned.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the scaled scores have more than one use}}
func.func @scores_reused(%q: tensor<5x8xf32>, %k: tensor<7x8xf32>, %v: tensor<7x8xf32>) -> (tensor<5x8xf32>, tensor<5x7xf32>) {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<7x8xf32> -> tensor<8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<5x8xf32>, tensor<8x7xf32>) -> tensor<5x7xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x8xf32>) -> tensor<5x8xf32>
  return %o, %ss : tensor<5x8xf32>, tensor<5x7xf32>
}
// CHECK-LABEL: func.func @scores_reused(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax
// REPORT-LABEL: === rlx fusion report: @scores_reused, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: the scaled scores have more than one use

// -----

// Negative: the scale is not a constant.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the scores are neither a matmul nor one scaled by a constant scalar}}
func.func @scale_not_constant(%q: tensor<5x8xf32>, %k: tensor<7x8xf32>, %v: tensor<7x8xf32>, %c: tensor<f32>) -> tensor<5x8xf32> {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<7x8xf32> -> tensor<8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<5x8xf32>, tensor<8x7xf32>) -> tensor<5x7xf32>
  %ss = mir.binary mul %s, %c : (tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x8xf32>) -> tensor<5x8xf32>
  return %o : tensor<5x8xf32>
}
// CHECK-LABEL: func.func @scale_not_constant(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: a negative scale (the op's C4).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the scale is not finite and positive}}
func.func @negative_scale(%q: tensor<5x8xf32>, %k: tensor<7x8xf32>, %v: tensor<7x8xf32>) -> tensor<5x8xf32> {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<7x8xf32> -> tensor<8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<5x8xf32>, tensor<8x7xf32>) -> tensor<5x7xf32>
  %c = mir.constant dense<-1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x8xf32>) -> tensor<5x8xf32>
  return %o : tensor<5x8xf32>
}
// CHECK-LABEL: func.func @negative_scale(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: a sliding-window mask (window 2) is not the causal one.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the scores have a mask other than the causal one}}
func.func @window_mask(%q: tensor<3x8xf32>, %k: tensor<3x8xf32>, %v: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<3x8xf32> -> tensor<8x3xf32>
  %s = mir.matmul %q, %kt : (tensor<3x8xf32>, tensor<8x3xf32>) -> tensor<3x3xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<3x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  %mask = mir.constant dense<[[0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000], [0xFF800000, 0.0, 0.0]]> : tensor<3x3xf32>
  %m = mir.binary add %ss, %mask : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  %p = mir.softmax %m axis = -1 : tensor<3x3xf32>
  %o = mir.matmul %p, %v : (tensor<3x3xf32>, tensor<3x8xf32>) -> tensor<3x8xf32>
  return %o : tensor<3x8xf32>
}
// CHECK-LABEL: func.func @window_mask(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: causal with more queries than keys (S = 3 > T = 2): rows
// without a key have no mir.attention meaning (op C5).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{a causal mask needs static lengths with S <= T}}
func.func @causal_more_queries(%q: tensor<3x8xf32>, %k: tensor<2x8xf32>, %v: tensor<2x8xf32>) -> tensor<3x8xf32> {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<2x8xf32> -> tensor<8x2xf32>
  %s = mir.matmul %q, %kt : (tensor<3x8xf32>, tensor<8x2xf32>) -> tensor<3x2xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %mask = mir.constant dense<[[0xFF800000, 0xFF800000], [0.0, 0xFF800000], [0.0, 0.0]]> : tensor<3x2xf32>
  %m = mir.binary add %ss, %mask : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %p = mir.softmax %m axis = -1 : tensor<3x2xf32>
  %o = mir.matmul %p, %v : (tensor<3x2xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
  return %o : tensor<3x8xf32>
}
// CHECK-LABEL: func.func @causal_more_queries(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: causal with heads and more queries (6) than keys (4).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{a causal mask needs static lengths with S <= T}}
func.func @causal_heads_more_queries(%q: tensor<1x6x2x8xf32>, %k: tensor<1x4x2x8xf32>, %v: tensor<1x4x2x8xf32>) -> tensor<1x6x2x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x6x2x8xf32> -> tensor<1x2x6x8xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x4x2x8xf32> -> tensor<1x2x8x4xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x6x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x6x4xf32>
  %c = mir.constant dense<2.500000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<1x2x6x4xf32>, tensor<f32>) -> tensor<1x2x6x4xf32>
  %mask = mir.constant dense<[[0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0xFF800000, 0xFF800000, 0xFF800000], [0.0, 0.0, 0xFF800000, 0xFF800000], [0.0, 0.0, 0.0, 0xFF800000], [0.0, 0.0, 0.0, 0.0]]> : tensor<6x4xf32>
  %m = mir.binary add %ss, %mask : (tensor<1x2x6x4xf32>, tensor<6x4xf32>) -> tensor<1x2x6x4xf32>
  %p = mir.softmax %m axis = -1 : tensor<1x2x6x4xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x6x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x6x8xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x6x8xf32> -> tensor<1x6x2x8xf32>
  return %y : tensor<1x6x2x8xf32>
}
// CHECK-LABEL: func.func @causal_heads_more_queries(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: v's head_dim (4) is not k's (8).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{k and v differ in type, or q is of another element type}}
func.func @value_dim(%q: tensor<5x8xf32>, %k: tensor<7x8xf32>, %v: tensor<7x4xf32>) -> tensor<5x4xf32> {
  %kt = mir.transpose %k permutation = [1, 0] : tensor<7x8xf32> -> tensor<8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<5x8xf32>, tensor<8x7xf32>) -> tensor<5x7xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x4xf32>) -> tensor<5x4xf32>
  return %o : tensor<5x4xf32>
}
// CHECK-LABEL: func.func @value_dim(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: q arrives head-major (no token-major tensor to read in place).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{q, k or v is not a per-head transpose of a [batch, seq, heads, head_dim] tensor (k of one head: not transposed)}}
func.func @head_major_query(%qh: tensor<1x2x8x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> tensor<1x2x8x4xf32> {
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x8x2x4xf32> -> tensor<1x2x4x8xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x8x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x8x8xf32>
  %c = mir.constant dense<5.000000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8x8xf32>
  %p = mir.softmax %ss axis = -1 : tensor<1x2x8x8xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x8x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %o : tensor<1x2x8x4xf32>
}
// CHECK-LABEL: func.func @head_major_query(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: the products broadcast q's batch of 1 over k's 3 (the op takes
// one batch size, its C3).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{q and k differ in a batch, head or head_dim size (the products broadcast)}}
func.func @broadcast_batch(%q: tensor<1x5x8xf32>, %k: tensor<3x7x8xf32>, %v: tensor<3x7x8xf32>) -> tensor<3x5x8xf32> {
  %kt = mir.transpose %k permutation = [0, 2, 1] : tensor<3x7x8xf32> -> tensor<3x8x7xf32>
  %s = mir.matmul %q, %kt : (tensor<1x5x8xf32>, tensor<3x8x7xf32>) -> tensor<3x5x7xf32>
  %c = mir.constant dense<1.250000e-01> : tensor<f32>
  %ss = mir.binary mul %s, %c : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<3x5x7xf32>
  %p = mir.softmax %ss axis = -1 : tensor<3x5x7xf32>
  %o = mir.matmul %p, %v : (tensor<3x5x7xf32>, tensor<3x7x8xf32>) -> tensor<3x5x8xf32>
  return %o : tensor<3x5x8xf32>
}
// CHECK-LABEL: func.func @broadcast_batch(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Negative: sequence-first heads with k transposed by [1, 0, 2] (k is
// [D, X, T], not [T, X, D]): neither the sequence-first nor the one-head
// key permutation.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{q, k or v is not a per-head transpose of a [batch, seq, heads, head_dim] tensor (k of one head: not transposed)}}
func.func @seq_first_wrong_key(%q: tensor<16x4x8xf32>, %k: tensor<8x4x16xf32>, %v: tensor<16x4x8xf32>) -> tensor<16x4x8xf32> {
  %qh = mir.transpose %q permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
  %kt = mir.transpose %k permutation = [1, 0, 2] : tensor<8x4x16xf32> -> tensor<4x8x16xf32>
  %s = mir.matmul %qh, %kt : (tensor<4x16x8xf32>, tensor<4x8x16xf32>) -> tensor<4x16x16xf32>
  %p = mir.softmax %s axis = -1 : tensor<4x16x16xf32>
  %vh = mir.transpose %v permutation = [1, 0, 2] : tensor<16x4x8xf32> -> tensor<4x16x8xf32>
  %o = mir.matmul %p, %vh : (tensor<4x16x16xf32>, tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %y = mir.transpose %o permutation = [1, 0, 2] : tensor<4x16x8xf32> -> tensor<16x4x8xf32>
  return %y : tensor<16x4x8xf32>
}
// CHECK-LABEL: func.func @seq_first_wrong_key(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<16x4x8xf32>, %[[K:[^:]+]]: tensor<8x4x16xf32>, %[[V:[^:]+]]: tensor<16x4x8xf32>)
// CHECK-NOT: mir.attention
// CHECK-NEXT: %[[QH:.+]] = mir.transpose %[[Q]] permutation = [1, 0, 2] :
// CHECK-NEXT: %[[KT:.+]] = mir.transpose %[[K]] permutation = [1, 0, 2] :
// CHECK-NEXT: %[[S:.+]] = mir.matmul %[[QH]], %[[KT]] :
// CHECK-NEXT: %[[P:.+]] = mir.softmax %[[S]] axis = -1 : tensor<4x16x16xf32>
// CHECK-NEXT: %[[VH:.+]] = mir.transpose %[[V]] permutation = [1, 0, 2] :
// CHECK-NEXT: %[[O:.+]] = mir.matmul %[[P]], %[[VH]] :
// CHECK-NEXT: %[[Y:.+]] = mir.transpose %[[O]] permutation = [1, 0, 2] :
// CHECK-NEXT: return %[[Y]] : tensor<16x4x8xf32>
// REPORT-LABEL: === rlx fusion report: @seq_first_wrong_key, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q, k or v is not a per-head transpose of a [batch, seq, heads, head_dim] tensor (k of one head: not transposed)

// -----

// Negative: the scaled q is also returned, so the scale cannot move into the
// op (and the scaled q is no per-head transpose).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{q, k or v is not a per-head transpose of a [batch, seq, heads, head_dim] tensor (k of one head: not transposed)}}
func.func @scaled_q_reused(%q: tensor<1x8x2x4xf32>, %k: tensor<1x8x2x4xf32>, %v: tensor<1x8x2x4xf32>) -> (tensor<1x8x2x4xf32>, tensor<1x2x8x4xf32>) {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %c = mir.constant dense<8.000000e+00> : tensor<f32>
  %qs = mir.binary div %qh, %c : (tensor<1x2x8x4xf32>, tensor<f32>) -> tensor<1x2x8x4xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x8x2x4xf32> -> tensor<1x2x4x8xf32>
  %s = mir.matmul %qs, %kt : (tensor<1x2x8x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x8x8xf32>
  %p = mir.softmax %s axis = -1 : tensor<1x2x8x8xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x8x2x4xf32> -> tensor<1x2x8x4xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x8x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  %y = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x8x4xf32> -> tensor<1x8x2x4xf32>
  return %y, %qs : tensor<1x8x2x4xf32>, tensor<1x2x8x4xf32>
}
// CHECK-LABEL: func.func @scaled_q_reused(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x8x2x4xf32>, %[[K:[^:]+]]: tensor<1x8x2x4xf32>, %[[V:[^:]+]]: tensor<1x8x2x4xf32>)
// CHECK-NOT: mir.attention
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<8.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[QH:.+]] = mir.transpose %[[Q]] permutation = [0, 2, 1, 3] :
// CHECK-NEXT: %[[QS:.+]] = mir.binary div %[[QH]], %[[C]] :
// CHECK-NEXT: %[[KT:.+]] = mir.transpose %[[K]] permutation = [0, 2, 3, 1] :
// CHECK-NEXT: %[[S:.+]] = mir.matmul %[[QS]], %[[KT]] :
// CHECK-NEXT: %[[P:.+]] = mir.softmax %[[S]] axis = -1 :
// CHECK-NEXT: %[[VH:.+]] = mir.transpose %[[V]] permutation = [0, 2, 1, 3] :
// CHECK-NEXT: %[[O:.+]] = mir.matmul %[[P]], %[[VH]] :
// CHECK-NEXT: %[[Y:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] :
// CHECK-NEXT: return %[[Y]], %[[QS]] :
// REPORT-LABEL: === rlx fusion report: @scaled_q_reused, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q, k or v is not a per-head transpose of a [batch, seq, heads, head_dim] tensor (k of one head: not transposed)

// -----

// Not the pattern's shape (a softmax of an input, not of products): no
// fusion, no miss.
func.func @softmax_of_input(%x: tensor<5x7xf32>, %v: tensor<7x8xf32>) -> tensor<5x8xf32> {
  %p = mir.softmax %x axis = -1 : tensor<5x7xf32>
  %o = mir.matmul %p, %v : (tensor<5x7xf32>, tensor<7x8xf32>) -> tensor<5x8xf32>
  return %o : tensor<5x8xf32>
}
// CHECK-LABEL: func.func @softmax_of_input(
// CHECK-NEXT: mir.softmax
// CHECK-NEXT: mir.matmul
// REPORT-LABEL: === rlx fusion report: @softmax_of_input, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: q of rank 2 against k and v of rank 3 (the products broadcast q
// over the batch): no attention (its q and k must agree in rank).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{q and k differ in rank (the products broadcast)}}
func.func @rank_mismatch(%q: tensor<4x4xf32>, %k: tensor<2x4x4xf32>, %v: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %kt = mir.transpose %k permutation = [0, 2, 1] : tensor<2x4x4xf32> -> tensor<2x4x4xf32>
  %s = mir.matmul %q, %kt : (tensor<4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %p = mir.softmax %s axis = -1 : tensor<2x4x4xf32>
  %o = mir.matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %o : tensor<2x4x4xf32>
}
// CHECK-LABEL: func.func @rank_mismatch(
// CHECK-NOT: mir.attention
// CHECK: mir.softmax

// -----

// Causal as torch's masked_fill writes it: select(upper, -inf, scores) with
// the constant i1 table of the positions past s + T - S (S = 3 < T = 5),
// the scale as a division (q kT / sqrt(d)).
func.func @causal_select(%q: tensor<1x3x2x8xf32>, %k: tensor<1x5x2x8xf32>, %v: tensor<1x5x2x8xf32>) -> tensor<1x3x2x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x3x2x8xf32> -> tensor<1x2x3x8xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x5x2x8xf32> -> tensor<1x2x8x5xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x3x8xf32>, tensor<1x2x8x5xf32>) -> tensor<1x2x3x5xf32>
  %c = mir.constant dense<4.0> : tensor<f32>
  %ss = mir.binary div %s, %c : (tensor<1x2x3x5xf32>, tensor<f32>) -> tensor<1x2x3x5xf32>
  %upper = mir.constant dense<[[false, false, false, true, true], [false, false, false, false, true], [false, false, false, false, false]]> : tensor<3x5xi1>
  %ninf = mir.constant dense<0xFF800000> : tensor<f32>
  %m = mir.select %upper, %ninf, %ss : (tensor<3x5xi1>, tensor<f32>, tensor<1x2x3x5xf32>) -> tensor<1x2x3x5xf32>
  %p = mir.softmax %m axis = 3 : tensor<1x2x3x5xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x5x2x8xf32> -> tensor<1x2x5x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x3x5xf32>, tensor<1x2x5x8xf32>) -> tensor<1x2x3x8xf32>
  %r = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x3x8xf32> -> tensor<1x3x2x8xf32>
  return %r : tensor<1x3x2x8xf32>
}
// CHECK-LABEL: func.func @causal_select(
// CHECK-SAME: %[[Q:[^:]+]]: tensor<1x3x2x8xf32>, %[[K:[^:]+]]: tensor<1x5x2x8xf32>, %[[V:[^:]+]]: tensor<1x5x2x8xf32>)
// CHECK-NOT: mir.select
// CHECK: %[[A:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 causal : tensor<1x3x2x8xf32>, tensor<1x5x2x8xf32>, tensor<1x5x2x8xf32>
// CHECK-NEXT: return %[[A]]
// REPORT-LABEL: === rlx fusion report: @causal_select, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, causal mask, softmax, p v and the head transposes into mir.attention

// -----

// The complement: select(lower, scores, lowest float) (jnp.where, HF's
// finfo.min), S = T = 4.
func.func @causal_select_lower(%q: tensor<1x4x2x8xf32>, %k: tensor<1x4x2x8xf32>, %v: tensor<1x4x2x8xf32>) -> tensor<1x4x2x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x4x2x8xf32> -> tensor<1x2x8x4xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  %lower = mir.constant dense<[[[[true, false, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]]]]> : tensor<1x1x4x4xi1>
  %lowest = mir.constant dense<0xFF7FFFFF> : tensor<f32>
  %m = mir.select %lower, %s, %lowest : (tensor<1x1x4x4xi1>, tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xf32>
  %p = mir.softmax %m axis = 3 : tensor<1x2x4x4xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %r = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x4x8xf32> -> tensor<1x4x2x8xf32>
  return %r : tensor<1x4x2x8xf32>
}
// CHECK-LABEL: func.func @causal_select_lower(
// CHECK-NOT: mir.select
// CHECK: %[[A:.+]] = mir.attention %{{.+}}, %{{.+}}, %{{.+}} scale = 1.000000e+00 causal :
// CHECK-NEXT: return %[[A]]

// -----

// Negative: query 0 also masks key 1 of 4: not the causal table. The chain
// stays and the miss names the mask.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the scores are selected by a mask other than the causal one}}
func.func @select_not_causal(%q: tensor<1x4x2x8xf32>, %k: tensor<1x4x2x8xf32>, %v: tensor<1x4x2x8xf32>) -> tensor<1x4x2x8xf32> {
  %qh = mir.transpose %q permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %kt = mir.transpose %k permutation = [0, 2, 3, 1] : tensor<1x4x2x8xf32> -> tensor<1x2x8x4xf32>
  %s = mir.matmul %qh, %kt : (tensor<1x2x4x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x4x4xf32>
  %lower = mir.constant dense<[[true, true, false, false], [true, true, false, false], [true, true, true, false], [true, true, true, true]]> : tensor<4x4xi1>
  %ninf = mir.constant dense<0xFF800000> : tensor<f32>
  %m = mir.select %lower, %s, %ninf : (tensor<4x4xi1>, tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xf32>
  %p = mir.softmax %m axis = 3 : tensor<1x2x4x4xf32>
  %vh = mir.transpose %v permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
  %o = mir.matmul %p, %vh : (tensor<1x2x4x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %r = mir.transpose %o permutation = [0, 2, 1, 3] : tensor<1x2x4x8xf32> -> tensor<1x4x2x8xf32>
  return %r : tensor<1x4x2x8xf32>
}
// CHECK-LABEL: func.func @select_not_causal(
// CHECK-NOT: mir.attention
// CHECK: mir.select
// CHECK: mir.softmax
