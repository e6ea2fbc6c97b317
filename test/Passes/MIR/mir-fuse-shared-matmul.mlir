// mir-fuse-shared-matmul: matmuls of one input with rank-2 float weights
// become one mir.shared_matmul; operand-free weight definitions after the
// first matmul move up, a weight computed later stays out.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-shared-matmul))" | FileCheck %s
// vulkan and test do not claim mir.shared_matmul: nothing fuses.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-shared-matmul))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-shared-matmul))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-shared-matmul{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-shared-matmul))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-shared-matmul{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TESTREPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-shared-matmul{assert-clean=true}))" -o /dev/null

// Q, K and V projections of one input, with different widths.
func.func @qkv(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %v = mir.matmul %x, %wv : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %q, %k, %v : tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @qkv(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[WV:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT: %[[QKV:.+]]:3 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]], %[[WV]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT: return %[[QKV]]#0, %[[QKV]]#1, %[[QKV]]#2 :
// NOCLAIM-LABEL: func.func @qkv(
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: return
// REPORT-LABEL: === rlx fusion report: @qkv, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 3 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.shared_matmul: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 3 matmuls of one input into mir.shared_matmul
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @qkv, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: target 'test' does not claim mir.shared_matmul

// -----

// Parameters declared after the first matmul move up before it; the users
// of each projection read the matching result.
func.func @params_hoisted(%x: tensor<2x16x64xf32>) -> tensor<2x16x32xf32> {
  %wq = mir.param "q.weight" : tensor<64x32xf32>
  %q = mir.matmul %x, %wq : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
  %wk = mir.param "k.weight" : tensor<64x32xf32>
  %k = mir.matmul %x, %wk : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
  %s = mir.binary sub %q, %k : (tensor<2x16x32xf32>, tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  return %s : tensor<2x16x32xf32>
}
// CHECK-LABEL: func.func @params_hoisted(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x16x64xf32>)
// CHECK-NEXT: %[[WQ:.+]] = mir.param "q.weight" : tensor<64x32xf32>
// CHECK-NEXT: %[[WK:.+]] = mir.param "k.weight" : tensor<64x32xf32>
// CHECK-NEXT: %[[QK:.+]]:2 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]] : (tensor<2x16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<2x16x32xf32>, tensor<2x16x32xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary sub %[[QK]]#0, %[[QK]]#1 :
// CHECK-NEXT: return %[[S]] :
// REPORT-LABEL: === rlx fusion report: @params_hoisted, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 2 matmuls of one input into mir.shared_matmul
// REPORT-NEXT: missed (0):

// -----

// Negative: the second weight is computed (a transpose) after the first
// matmul and cannot move up.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the other weights are computed after the first matmul}}
func.func @weight_computed_late(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %p: tensor<32x64xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %wk = mir.transpose %p permutation = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %q, %k : tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @weight_computed_late(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x32xf32>, %[[P:[^:]+]]: tensor<32x64xf32>)
// CHECK-NEXT: %[[Q:.+]] = mir.matmul %[[X]], %[[WQ]] :
// CHECK-NEXT: %[[WK:.+]] = mir.transpose %[[P]] permutation = [1, 0] :
// CHECK-NEXT: %[[K:.+]] = mir.matmul %[[X]], %[[WK]] :
// CHECK-NEXT: return %[[Q]], %[[K]] :
// REPORT-LABEL: === rlx fusion report: @weight_computed_late, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: the other weights are computed after the first matmul

// -----

// Three projections, one weight computed late: the other two fuse and the
// late one is reported.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{its weight is computed after the shared matmul of the same input}}
func.func @one_late_of_three(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wv: tensor<64x32xf32>, %p: tensor<32x64xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %wk = mir.transpose %p permutation = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %v = mir.matmul %x, %wv : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %q, %k, %v : tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @one_late_of_three(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x32xf32>, %[[WV:[^:]+]]: tensor<64x32xf32>, %[[P:[^:]+]]: tensor<32x64xf32>)
// CHECK-NEXT: %[[QV:.+]]:2 = mir.shared_matmul %[[X]], %[[WQ]], %[[WV]] :
// CHECK-NEXT: %[[WK:.+]] = mir.transpose %[[P]] permutation = [1, 0] :
// CHECK-NEXT: %[[K:.+]] = mir.matmul %[[X]], %[[WK]] :
// CHECK-NEXT: return %[[QV]]#0, %[[K]], %[[QV]]#1 :
// REPORT-LABEL: === rlx fusion report: @one_late_of_three, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 2 matmuls of one input into mir.shared_matmul
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: its weight is computed after the shared matmul of the same input

// -----

// Negative: matmuls of different inputs (nothing to share, not reported).
func.func @different_inputs(%x: tensor<16x64xf32>, %y: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wk: tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %k = mir.matmul %y, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %q, %k : tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @different_inputs(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[Y:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x32xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT: %[[Q:.+]] = mir.matmul %[[X]], %[[WQ]] :
// CHECK-NEXT: %[[K:.+]] = mir.matmul %[[Y]], %[[WK]] :
// CHECK-NEXT: return %[[Q]], %[[K]] :
// REPORT-LABEL: === rlx fusion report: @different_inputs, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: an input shared as the right operand is no projection input.
func.func @shared_rhs(%x: tensor<64x16xf32>, %a: tensor<32x64xf32>, %b: tensor<8x64xf32>) -> (tensor<32x16xf32>, tensor<8x16xf32>) {
  %p = mir.matmul %a, %x : (tensor<32x64xf32>, tensor<64x16xf32>) -> tensor<32x16xf32>
  %q = mir.matmul %b, %x : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %p, %q : tensor<32x16xf32>, tensor<8x16xf32>
}
// CHECK-LABEL: func.func @shared_rhs(
// CHECK-NOT: mir.shared_matmul
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @shared_rhs, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: rank-3 (batched) weights are not projections.
func.func @batched_weights(%x: tensor<2x16x64xf32>, %wq: tensor<2x64x32xf32>, %wk: tensor<2x64x32xf32>) -> (tensor<2x16x32xf32>, tensor<2x16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<2x16x64xf32>, tensor<2x64x32xf32>) -> tensor<2x16x32xf32>
  %k = mir.matmul %x, %wk : (tensor<2x16x64xf32>, tensor<2x64x32xf32>) -> tensor<2x16x32xf32>
  return %q, %k : tensor<2x16x32xf32>, tensor<2x16x32xf32>
}
// CHECK-LABEL: func.func @batched_weights(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x16x64xf32>, %[[WQ:[^:]+]]: tensor<2x64x32xf32>, %[[WK:[^:]+]]: tensor<2x64x32xf32>)
// CHECK-NEXT: %[[Q:.+]] = mir.matmul %[[X]], %[[WQ]] :
// CHECK-NEXT: %[[K:.+]] = mir.matmul %[[X]], %[[WK]] :
// CHECK-NEXT: return %[[Q]], %[[K]] :
// REPORT-LABEL: === rlx fusion report: @batched_weights, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: integer matmuls are not projections (mir.shared_matmul is float).
func.func @int_matmuls(%x: tensor<16x64xi32>, %wq: tensor<64x32xi32>, %wk: tensor<64x32xi32>) -> (tensor<16x32xi32>, tensor<16x32xi32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xi32>, tensor<64x32xi32>) -> tensor<16x32xi32>
  %k = mir.matmul %x, %wk : (tensor<16x64xi32>, tensor<64x32xi32>) -> tensor<16x32xi32>
  return %q, %k : tensor<16x32xi32>, tensor<16x32xi32>
}
// CHECK-LABEL: func.func @int_matmuls(
// CHECK-NOT: mir.shared_matmul
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @int_matmuls, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):
