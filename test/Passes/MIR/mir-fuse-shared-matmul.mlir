// mir-fuse-shared-matmul: matmuls of one input with rank-2 float weights
// become one mir.shared_matmul; operand-free weight definitions after the
// first matmul move up, a weight computed later stays out. When every result
// gets a bias [N] added, the adds become the shared matmul's biases.
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

// -----

// Q, K and V projections each with a bias (K's add has the bias first): the
// adds become the shared matmul's biases.
func.func @qkv_bias(%x: tensor<2x16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>, %bq: tensor<64xf32>, %bk: tensor<32xf32>, %bv: tensor<32xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<2x16x64xf32>, tensor<64x64xf32>) -> tensor<2x16x64xf32>
  %qb = mir.binary add %q, %bq : (tensor<2x16x64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  %k = mir.matmul %x, %wk : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
  %kb = mir.binary add %bk, %k : (tensor<32xf32>, tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
  %v = mir.matmul %x, %wv : (tensor<2x16x64xf32>, tensor<64x32xf32>) -> tensor<2x16x32xf32>
  %vb = mir.binary add %v, %bv : (tensor<2x16x32xf32>, tensor<32xf32>) -> tensor<2x16x32xf32>
  return %qb, %kb, %vb : tensor<2x16x64xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>
}
// CHECK-LABEL: func.func @qkv_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[WV:[^:]+]]: tensor<64x32xf32>, %[[BQ:[^:]+]]: tensor<64xf32>, %[[BK:[^:]+]]: tensor<32xf32>, %[[BV:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT: %[[QKV:.+]]:3 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]], %[[WV]] bias(%[[BQ]], %[[BK]], %[[BV]]) : (tensor<2x16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<2x16x64xf32>, tensor<2x16x32xf32>, tensor<2x16x32xf32>)
// CHECK-NEXT: return %[[QKV]]#0, %[[QKV]]#1, %[[QKV]]#2 :
// NOCLAIM-LABEL: func.func @qkv_bias(
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.binary add
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.binary add
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.binary add
// NOCLAIM-NEXT: return
// REPORT-LABEL: === rlx fusion report: @qkv_bias, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 3 -> 0
// REPORT-NEXT:   mir.binary: 3 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.shared_matmul: 0 -> 1
// REPORT-NEXT: fused (2):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 3 matmuls of one input into mir.shared_matmul
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: 3 bias adds into mir.shared_matmul
// REPORT-NEXT: missed (0):

// -----

// Bias params declared after the matmuls move up before the shared matmul,
// as the weights do.
func.func @bias_params_hoisted(%x: tensor<16x64xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %wq = mir.param "q.weight" : tensor<64x32xf32>
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %bq = mir.param "q.bias" : tensor<32xf32>
  %qb = mir.binary add %q, %bq : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %wk = mir.param "k.weight" : tensor<64x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %bk = mir.param "k.bias" : tensor<32xf32>
  %kb = mir.binary add %k, %bk : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  return %qb, %kb : tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @bias_params_hoisted(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>)
// CHECK-NEXT: %[[WQ:.+]] = mir.param "q.weight" : tensor<64x32xf32>
// CHECK-NEXT: %[[WK:.+]] = mir.param "k.weight" : tensor<64x32xf32>
// CHECK-NEXT: %[[BQ:.+]] = mir.param "q.bias" : tensor<32xf32>
// CHECK-NEXT: %[[BK:.+]] = mir.param "k.bias" : tensor<32xf32>
// CHECK-NEXT: %[[QK:.+]]:2 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]] bias(%[[BQ]], %[[BK]]) :
// CHECK-NEXT: return %[[QK]]#0, %[[QK]]#1 :
// REPORT-LABEL: === rlx fusion report: @bias_params_hoisted, target 'cpu' ===
// REPORT:      fused (2):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 2 matmuls of one input into mir.shared_matmul
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: 2 bias adds into mir.shared_matmul
// REPORT-NEXT: missed (0):

// -----

// Negative: V has no bias. The shared matmul keeps no biases and the other
// adds stay (all or none).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias adds: result 2: its user is not an add}}
func.func @bias_not_on_every_result(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>, %bq: tensor<32xf32>, %bk: tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %qb = mir.binary add %q, %bq : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %kb = mir.binary add %k, %bk : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %v = mir.matmul %x, %wv : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  return %qb, %kb, %v : tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @bias_not_on_every_result(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x32xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[WV:[^:]+]]: tensor<64x32xf32>, %[[BQ:[^:]+]]: tensor<32xf32>, %[[BK:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT: %[[QKV:.+]]:3 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]], %[[WV]] : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT: %[[QB:.+]] = mir.binary add %[[QKV]]#0, %[[BQ]] :
// CHECK-NEXT: %[[KB:.+]] = mir.binary add %[[QKV]]#1, %[[BK]] :
// CHECK-NEXT: return %[[QB]], %[[KB]], %[[QKV]]#2 :
// REPORT-LABEL: === rlx fusion report: @bias_not_on_every_result, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [shared-matmul] mir.matmul at {{.+}}: 3 matmuls of one input into mir.shared_matmul
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: bias adds: result 2: its user is not an add

// -----

// Negative: Q is read before its bias is added, so its add cannot go.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias adds: result 0: result has 2 uses}}
func.func @result_used_twice(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wk: tensor<64x32xf32>, %bq: tensor<32xf32>, %bk: tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %qb = mir.binary add %q, %bq : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %kb = mir.binary add %k, %bk : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  return %qb, %kb, %q : tensor<16x32xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @result_used_twice(
// CHECK-NEXT: %[[QK:.+]]:2 = mir.shared_matmul %{{[^ ]+}}, %{{[^ ]+}}, %{{[^ ]+}} : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT: %[[QB:.+]] = mir.binary add %[[QK]]#0,
// CHECK-NEXT: %[[KB:.+]] = mir.binary add %[[QK]]#1,
// CHECK-NEXT: return %[[QB]], %[[KB]], %[[QK]]#0 :
// REPORT-LABEL: === rlx fusion report: @result_used_twice, target 'cpu' ===
// REPORT:      missed (1):
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: bias adds: result 0: result has 2 uses

// -----

// Negative: K's addend has the full result shape (a residual, not a bias).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias adds: result 1: the other operand is not a bias of the shape [N]}}
func.func @residual_not_bias(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wk: tensor<64x32xf32>, %bq: tensor<32xf32>, %r: tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %qb = mir.binary add %q, %bq : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %kr = mir.binary add %k, %r : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x32xf32>
  return %qb, %kr : tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @residual_not_bias(
// CHECK-NEXT: %[[QK:.+]]:2 = mir.shared_matmul %{{[^ ]+}}, %{{[^ ]+}}, %{{[^ ]+}} : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT: mir.binary add %[[QK]]#0,
// CHECK-NEXT: mir.binary add %[[QK]]#1,
// CHECK-NEXT: return
// REPORT-LABEL: === rlx fusion report: @residual_not_bias, target 'cpu' ===
// REPORT:      missed (1):
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: bias adds: result 1: the other operand is not a bias of the shape [N]

// -----

// Negative: K's bias is computed (a negation) after the matmuls and cannot
// move up to the shared matmul.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias adds: result 1: the bias is computed after the shared matmul}}
func.func @bias_computed_late(%x: tensor<16x64xf32>, %wq: tensor<64x32xf32>, %wk: tensor<64x32xf32>, %bq: tensor<32xf32>, %p: tensor<32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %q = mir.matmul %x, %wq : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %qb = mir.binary add %q, %bq : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  %k = mir.matmul %x, %wk : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %bk = mir.unary neg %p : tensor<32xf32>
  %kb = mir.binary add %k, %bk : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
  return %qb, %kb : tensor<16x32xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @bias_computed_late(
// CHECK-NEXT: %[[QK:.+]]:2 = mir.shared_matmul %{{[^ ]+}}, %{{[^ ]+}}, %{{[^ ]+}} : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT: mir.binary add %[[QK]]#0,
// CHECK-NEXT: mir.unary neg
// CHECK-NEXT: mir.binary add %[[QK]]#1,
// CHECK-NEXT: return
// REPORT-LABEL: === rlx fusion report: @bias_computed_late, target 'cpu' ===
// REPORT:      missed (1):
// REPORT-NEXT:   [shared-matmul] mir.shared_matmul at {{.+}}: bias adds: result 1: the bias is computed after the shared matmul
