// mir-fuse-swiglu: mul(silu(x Wg), x Wu) with single-use intermediates and
// rank-2 weights of one type becomes one mir.swiglu.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-swiglu))" | FileCheck %s
// vulkan and test do not claim mir.swiglu: nothing fuses.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-swiglu))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-swiglu))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-swiglu{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-swiglu))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-swiglu{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VKREPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-swiglu{assert-clean=true}))" -o /dev/null

// The gate and up projections of one input.
func.func @swiglu(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<16x256xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}
// CHECK-LABEL: func.func @swiglu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[H:.+]] = mir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: return %[[H]] : tensor<16x256xf32>
// NOCLAIM-LABEL: func.func @swiglu(
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.unary silu
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.binary mul
// NOCLAIM-NEXT: return
// REPORT-LABEL: === rlx fusion report: @swiglu, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 2 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   mir.binary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.swiglu: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: silu(x Wg) * (x Wu) into mir.swiglu
// REPORT-NEXT: missed (0):
// VKREPORT-LABEL: === rlx fusion report: @swiglu, target 'vulkan' ===
// VKREPORT:      fused (0):
// VKREPORT-NEXT: missed (1):
// VKREPORT-NEXT:   [swiglu] mir.binary at {{.+}}: target 'vulkan' does not claim mir.swiglu

// -----

// Commuted mul: (x Wu) * silu(x Wg); batched input.
func.func @commuted_batched(%x: tensor<2x16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<2x16x256xf32> {
  %u = mir.matmul %x, %wu : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
  %g = mir.matmul %x, %wg : (tensor<2x16x64xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
  %s = mir.unary silu %g : tensor<2x16x256xf32>
  %h = mir.binary mul %u, %s : (tensor<2x16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
  return %h : tensor<2x16x256xf32>
}
// CHECK-LABEL: func.func @commuted_batched(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[H:.+]] = mir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<2x16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<2x16x256xf32>
// CHECK-NEXT: return %[[H]] : tensor<2x16x256xf32>
// REPORT-LABEL: === rlx fusion report: @commuted_batched, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: silu(x Wg) * (x Wu) into mir.swiglu
// REPORT-NEXT: missed (0):

// -----

// Negative: the two matmuls read different inputs.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the two matmuls have different inputs}}
func.func @different_inputs(%x: tensor<16x64xf32>, %y: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<16x256xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %y, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}
// CHECK-LABEL: func.func @different_inputs(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[Y:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[G:.+]] = mir.matmul %[[X]], %[[WG]] :
// CHECK-NEXT: %[[S:.+]] = mir.unary silu %[[G]] :
// CHECK-NEXT: %[[U:.+]] = mir.matmul %[[Y]], %[[WU]] :
// CHECK-NEXT: %[[H:.+]] = mir.binary mul %[[S]], %[[U]] :
// CHECK-NEXT: return %[[H]] :
// REPORT-LABEL: === rlx fusion report: @different_inputs, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: the two matmuls have different inputs

// -----

// Negative: the silu result has a second use.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{an intermediate (gate matmul, silu or up matmul) has more than one use}}
func.func @silu_multi_use(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> (tensor<16x256xf32>, tensor<16x256xf32>) {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  return %h, %s : tensor<16x256xf32>, tensor<16x256xf32>
}
// CHECK-LABEL: func.func @silu_multi_use(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[G:.+]] = mir.matmul %[[X]], %[[WG]] :
// CHECK-NEXT: %[[S:.+]] = mir.unary silu %[[G]] :
// CHECK-NEXT: %[[U:.+]] = mir.matmul %[[X]], %[[WU]] :
// CHECK-NEXT: %[[H:.+]] = mir.binary mul %[[S]], %[[U]] :
// CHECK-NEXT: return %[[H]], %[[S]] :
// REPORT-LABEL: === rlx fusion report: @silu_multi_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: an intermediate (gate matmul, silu or up matmul) has more than one use

// -----

// Negative: the up matmul result has a second use.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{an intermediate (gate matmul, silu or up matmul) has more than one use}}
func.func @up_multi_use(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> (tensor<16x256xf32>, tensor<16x256xf32>) {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  return %h, %u : tensor<16x256xf32>, tensor<16x256xf32>
}
// CHECK-LABEL: func.func @up_multi_use(
// CHECK-NOT: mir.swiglu
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @up_multi_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):

// -----

// Negative: gelu instead of silu is not a swiglu (and not reported).
func.func @wrong_act(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<16x256xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary gelu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}
// CHECK-LABEL: func.func @wrong_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[G:.+]] = mir.matmul %[[X]], %[[WG]] :
// CHECK-NEXT: %[[S:.+]] = mir.unary gelu %[[G]] :
// CHECK-NEXT: %[[U:.+]] = mir.matmul %[[X]], %[[WU]] :
// CHECK-NEXT: %[[H:.+]] = mir.binary mul %[[S]], %[[U]] :
// CHECK-NEXT: return %[[H]] :
// REPORT-LABEL: === rlx fusion report: @wrong_act, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: the weights have different types.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the weights are not rank-2 tensors of one type}}
func.func @weight_types_differ(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x1xf32>) -> tensor<16x256xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x1xf32>) -> tensor<16x1xf32>
  %h = mir.binary mul %s, %u : (tensor<16x256xf32>, tensor<16x1xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}
// CHECK-LABEL: func.func @weight_types_differ(
// CHECK-NOT: mir.swiglu
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @weight_types_differ, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: the weights are not rank-2 tensors of one type

// -----

// Negative: the up operand is a broadcasting mul of x Wu, not x Wu itself.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{operands are not silu(x Wg) and x Wu}}
func.func @up_not_matmul(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>, %b: tensor<2x1x1xf32>) -> tensor<2x16x256xf32> {
  %g = mir.matmul %x, %wg : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %s = mir.unary silu %g : tensor<16x256xf32>
  %u = mir.matmul %x, %wu : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %ub = mir.binary mul %u, %b : (tensor<16x256xf32>, tensor<2x1x1xf32>) -> tensor<2x16x256xf32>
  %h = mir.binary mul %s, %ub : (tensor<16x256xf32>, tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
  return %h : tensor<2x16x256xf32>
}
// CHECK-LABEL: func.func @up_not_matmul(
// CHECK-NOT: mir.swiglu
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @up_not_matmul, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [swiglu] mir.binary at {{.+}}: operands are not silu(x Wg) and x Wu
