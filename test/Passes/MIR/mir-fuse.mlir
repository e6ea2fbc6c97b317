// mir-fuse: attention, swiglu, shared-matmul, matmul-epilogue and
// residual-norm fusion in that order, with one report. The order shows in the
// result: attention takes its matmuls before the epilogue could; swiglu
// keeps its two matmuls of x from becoming a shared matmul, and the Q/K/V
// matmuls become one shared matmul, which takes their bias adds, before the
// epilogue could make each a fused matmul.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// vulkan claims fused_matmul but not attention, shared_matmul, swiglu or
// residual_norm:
// the epilogue takes what the other stages could not.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse))" | FileCheck %s --check-prefix=VULKAN
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VKREPORT
// assert-clean: one error per function, one note per miss.
// RUN: not rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse{assert-clean=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLEAN

// One encoder block: Q/K/V projections of x with biases, attention core,
// output projection + bias, residual + layer_norm, FF (bias + relu, then
// bias), residual + layer_norm.
func.func @encoder_block(%x: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %wq = mir.param "q.weight" : tensor<64x64xf32>
  %bq = mir.param "q.bias" : tensor<64xf32>
  %wk = mir.param "k.weight" : tensor<64x64xf32>
  %bk = mir.param "k.bias" : tensor<64xf32>
  %wv = mir.param "v.weight" : tensor<64x64xf32>
  %bv = mir.param "v.bias" : tensor<64xf32>
  %q0 = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %q = mir.binary add %q0, %bq : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %k0 = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %k = mir.binary add %k0, %bk : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %v0 = mir.matmul %x, %wv : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %v = mir.binary add %v0, %bv : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %kt = mir.transpose %k permutation = [1, 0] : tensor<16x64xf32> -> tensor<64x16xf32>
  %s0 = mir.matmul %q, %kt : (tensor<16x64xf32>, tensor<64x16xf32>) -> tensor<16x16xf32>
  %scale = mir.constant dense<1.250000e-01> : tensor<f32>
  %s = mir.binary mul %s0, %scale : (tensor<16x16xf32>, tensor<f32>) -> tensor<16x16xf32>
  %p = mir.softmax %s axis = -1 : tensor<16x16xf32>
  %a = mir.matmul %p, %v : (tensor<16x16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %wo = mir.param "o.weight" : tensor<64x64xf32>
  %bo = mir.param "o.bias" : tensor<64xf32>
  %o0 = mir.matmul %a, %wo : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %o = mir.binary add %o0, %bo : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %r1 = mir.binary add %o, %x : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %g1 = mir.param "ln1.gamma" : tensor<64xf32>
  %be1 = mir.param "ln1.beta" : tensor<64xf32>
  %n1 = mir.layer_norm %r1, %g1, %be1 eps = 1.0e-05 : (tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %w1 = mir.param "ff1.weight" : tensor<64x256xf32>
  %b1 = mir.param "ff1.bias" : tensor<256xf32>
  %h0 = mir.matmul %n1, %w1 : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h1 = mir.binary add %h0, %b1 : (tensor<16x256xf32>, tensor<256xf32>) -> tensor<16x256xf32>
  %h = mir.unary relu %h1 : tensor<16x256xf32>
  %w2 = mir.param "ff2.weight" : tensor<256x64xf32>
  %b2 = mir.param "ff2.bias" : tensor<64xf32>
  %f0 = mir.matmul %h, %w2 : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  %f = mir.binary add %f0, %b2 : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  %r2 = mir.binary add %f, %r1 : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %g2 = mir.param "ln2.gamma" : tensor<64xf32>
  %be2 = mir.param "ln2.beta" : tensor<64xf32>
  %n2 = mir.layer_norm %r2, %g2, %be2 eps = 1.0e-05 : (tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %n2 : tensor<16x64xf32>
}
// CHECK-LABEL: func.func @encoder_block(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>)
// CHECK-NEXT: %[[WQ:.+]] = mir.param "q.weight"
// CHECK-NEXT: %[[BQ:.+]] = mir.param "q.bias"
// CHECK-NEXT: %[[WK:.+]] = mir.param "k.weight"
// CHECK-NEXT: %[[BK:.+]] = mir.param "k.bias"
// CHECK-NEXT: %[[WV:.+]] = mir.param "v.weight"
// CHECK-NEXT: %[[BV:.+]] = mir.param "v.bias"
// CHECK-NEXT: %[[QKV:.+]]:3 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]], %[[WV]] bias(%[[BQ]], %[[BK]], %[[BV]]) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>, tensor<16x64xf32>)
// One head: mir.attention on [1, 16, 1, 64] views of q, k (untransposed) and v.
// CHECK-NEXT: %[[Q4:.+]] = mir.reshape %[[QKV]]#0 : tensor<16x64xf32> to tensor<1x16x1x64xf32>
// CHECK-NEXT: %[[K4:.+]] = mir.reshape %[[QKV]]#1 : tensor<16x64xf32> to tensor<1x16x1x64xf32>
// CHECK-NEXT: %[[V4:.+]] = mir.reshape %[[QKV]]#2 : tensor<16x64xf32> to tensor<1x16x1x64xf32>
// CHECK-NEXT: %[[A4:.+]] = mir.attention %[[Q4]], %[[K4]], %[[V4]] scale = 1.250000e-01 : tensor<1x16x1x64xf32>, tensor<1x16x1x64xf32>, tensor<1x16x1x64xf32>
// CHECK-NEXT: %[[A:.+]] = mir.reshape %[[A4]] : tensor<1x16x1x64xf32> to tensor<16x64xf32>
// CHECK-NEXT: %[[WO:.+]] = mir.param "o.weight"
// CHECK-NEXT: %[[BO:.+]] = mir.param "o.bias"
// CHECK-NEXT: %[[O:.+]] = mir.fused_matmul %[[A]], %[[WO]], %[[BO]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[G1:.+]] = mir.param "ln1.gamma"
// CHECK-NEXT: %[[BE1:.+]] = mir.param "ln1.beta"
// CHECK-NEXT: %[[N1:.+]], %[[R1:.+]] = mir.residual_norm layer %[[O]], %[[X]] gamma(%[[G1]]) beta(%[[BE1]]) eps = 9.99999974E-6 :
// CHECK-NEXT: %[[W1:.+]] = mir.param "ff1.weight"
// CHECK-NEXT: %[[B1:.+]] = mir.param "ff1.bias"
// CHECK-NEXT: %[[H:.+]] = mir.fused_matmul %[[N1]], %[[W1]], %[[B1]] act = relu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: %[[W2:.+]] = mir.param "ff2.weight"
// CHECK-NEXT: %[[B2:.+]] = mir.param "ff2.bias"
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[H]], %[[W2]], %[[B2]] : (tensor<16x256xf32>, tensor<256x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[G2:.+]] = mir.param "ln2.gamma"
// CHECK-NEXT: %[[BE2:.+]] = mir.param "ln2.beta"
// CHECK-NEXT: %[[N2:.+]], %{{.+}} = mir.residual_norm layer %[[F]], %[[R1]] gamma(%[[G2]]) beta(%[[BE2]]) eps = 9.99999974E-6 :
// CHECK-NEXT: return %[[N2]] : tensor<16x64xf32>
// REPORT-LABEL: === rlx fusion report: @encoder_block, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.param: 16 -> 16
// REPORT-NEXT:   mir.matmul: 8 -> 0
// REPORT-NEXT:   mir.binary: 9 -> 0
// REPORT-NEXT:   mir.transpose: 1 -> 0
// REPORT-NEXT:   mir.constant: 1 -> 0
// REPORT-NEXT:   mir.softmax: 1 -> 0
// REPORT-NEXT:   mir.layer_norm: 2 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.shared_matmul: 0 -> 1
// REPORT-NEXT:   mir.reshape: 0 -> 4
// REPORT-NEXT:   mir.attention: 0 -> 1
// REPORT-NEXT:   mir.fused_matmul: 0 -> 3
// REPORT-NEXT:   mir.residual_norm: 0 -> 2
// REPORT-NEXT: fused (9):
// REPORT-NEXT:   [attention] mir.matmul at {{.+}}: q kT, softmax and p v of one head into mir.attention
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 3 matmuls of one input into mir.shared_matmul
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: 3 bias adds into mir.shared_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'relu' into mir.fused_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT: missed (0):
// REPORT-NOT: === rlx fusion report: @encoder_block
// VULKAN-LABEL: func.func @encoder_block(
// VULKAN-SAME: %[[X:[^:]+]]: tensor<16x64xf32>)
// VULKAN-NOT: mir.shared_matmul
// VULKAN: %[[Q:.+]] = mir.fused_matmul %[[X]], %[[WQ:.+]], %[[BQ:.+]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// VULKAN-NEXT: %[[K:.+]] = mir.fused_matmul %[[X]], %[[WK:.+]], %[[BK:.+]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// VULKAN-NEXT: %[[V:.+]] = mir.fused_matmul %[[X]], %[[WV:.+]], %[[BV:.+]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// VULKAN-NOT: mir.residual_norm
// VULKAN: %[[R1:.+]] = mir.binary add %[[O:.+]], %[[X]] : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
// VULKAN: mir.layer_norm %[[R1]]
// VULKAN-NOT: mir.residual_norm
// VULKAN: %[[R2:.+]] = mir.binary add %[[F:.+]], %[[R1]] : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
// VULKAN: %[[N2:.+]] = mir.layer_norm %[[R2]]
// VULKAN-NEXT: return %[[N2]]
// VKREPORT-LABEL: === rlx fusion report: @encoder_block, target 'vulkan' ===
// VKREPORT:      fused (7):
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// VKREPORT-DAG:    [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'relu' into mir.fused_matmul
// VKREPORT:      missed (4):
// VKREPORT-NEXT:   [attention] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.attention
// VKREPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.shared_matmul
// VKREPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm
// VKREPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm
// CLEAN:      error: 4 fusion(s) missed (assert-clean)
// CLEAN-NEXT: func.func @encoder_block(
// CLEAN:      note: [attention] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.attention
// CLEAN:      note: [shared-matmul] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.shared_matmul
// CLEAN:      note: [residual-norm] mir.layer_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm
// CLEAN:      note: [residual-norm] mir.layer_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm

// -----

// The FFN of a gated (SwiGLU) block: swiglu runs before shared-matmul, so
// the gate and up matmuls of x become mir.swiglu, not a shared matmul; the
// down projection + residual + rms_norm becomes a residual_norm.
func.func @swiglu_block(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>, %wd: tensor<256x64xf32>, %gamma: tensor<64xf32>) -> tensor<16x64xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  %d = mir.matmul %h, %wd : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  %r = mir.binary add %d, %x : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %n = mir.rms_norm %r, %gamma eps = 1.0e-06 : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %n : tensor<16x64xf32>
}
// CHECK-LABEL: func.func @swiglu_block(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>, %[[WD:[^:]+]]: tensor<256x64xf32>, %[[G:[^:]+]]: tensor<64xf32>)
// CHECK-NEXT: %[[H:.+]] = mir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: %[[D:.+]] = mir.matmul %[[H]], %[[WD]] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[N:.+]], %{{.+}} = mir.residual_norm rms %[[D]], %[[X]] gamma(%[[G]]) eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]] : tensor<16x64xf32>
// REPORT-LABEL: === rlx fusion report: @swiglu_block, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 3 -> 1
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   mir.binary: 2 -> 0
// REPORT-NEXT:   mir.rms_norm: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.swiglu: 0 -> 1
// REPORT-NEXT:   mir.residual_norm: 0 -> 1
// REPORT-NEXT: fused (2):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: silu(x Wg) * (x Wu) into mir.swiglu
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT: missed (0):
// VULKAN-LABEL: func.func @swiglu_block(
// VULKAN-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>, %[[WD:[^:]+]]: tensor<256x64xf32>, %[[G:[^:]+]]: tensor<64xf32>)
// VULKAN-NEXT: %[[GATE:.+]] = mir.fused_matmul %[[X]], %[[WG]] act = silu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// VULKAN-NEXT: %[[UP:.+]] = mir.matmul %[[X]], %[[WU]] :
// VULKAN-NEXT: %[[H:.+]] = mir.binary mul %[[GATE]], %[[UP]] :
// VULKAN-NEXT: %[[D:.+]] = mir.matmul %[[H]], %[[WD]] :
// VULKAN-NEXT: %[[R:.+]] = mir.binary add %[[D]], %[[X]] :
// VULKAN-NEXT: %[[N:.+]] = mir.rms_norm %[[R]], %[[G]] eps = 9.99999997E-7 :
// VULKAN-NEXT: return %[[N]] : tensor<16x64xf32>
// VKREPORT-LABEL: === rlx fusion report: @swiglu_block, target 'vulkan' ===
// VKREPORT:      fused (1):
// VKREPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: activation 'silu' into mir.fused_matmul
// VKREPORT-NEXT: missed (3):
// VKREPORT-NEXT:   [swiglu] mir.binary at {{.+}}: target 'vulkan' does not claim mir.swiglu
// VKREPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.shared_matmul
// VKREPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm
// CLEAN:      error: 3 fusion(s) missed (assert-clean)
// CLEAN-NEXT: func.func @swiglu_block(
// CLEAN:      note: [swiglu] mir.binary at {{.+}}: target 'vulkan' does not claim mir.swiglu
// CLEAN:      note: [shared-matmul] mir.matmul at {{.+}}: target 'vulkan' does not claim mir.shared_matmul
// CLEAN:      note: [residual-norm] mir.rms_norm at {{.+}}: target 'vulkan' does not claim mir.residual_norm
// CLEAN-NOT:  note:
