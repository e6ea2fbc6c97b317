// mir-fuse-attention: matmul(softmax(mul(matmul(qh, khT), c) [+ causal
// mask]), vh) on per-head transposes of token-major q, k, v becomes one
// mir.attention on q, k and v; single heads of rank 2 and 3 become the op on
// one-head views.
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
// expected-note @+1 {{the scores are not scaled by a constant scalar}}
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
