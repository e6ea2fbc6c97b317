// RUN: rlx-opt %s -canonicalize="test-convergence max-iterations=10" | FileCheck %s
// RUN: rlx-opt %s -cse | FileCheck %s --check-prefix=CSE

// HIR ops are Pure and have no folders or canonicalization patterns of their
// own: the greedy driver erases them when dead and leaves live ones alone;
// -cse merges identical ones.

// A dead chain of HIR ops (params, linear, activation) is erased.
// CHECK-LABEL: func.func @dead_chain(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>)
// CHECK-NOT: hir.
// CHECK-NEXT: return %[[X]] : tensor<8x16xf32>
// CHECK-NEXT: }
func.func @dead_chain(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %w = hir.param "w" : tensor<16x4xf32>
  %b = hir.param "b" : tensor<4xf32>
  %y = hir.linear %x, %w, %b act = relu : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %z = hir.activation gelu %y : tensor<8x4xf32>
  return %x : tensor<8x16xf32>
}

// A live chain of the same ops is kept unchanged (negative case).
// CHECK-LABEL: func.func @live_chain(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x16xf32>)
// CHECK-NEXT: %[[W:.+]] = hir.param "w" : tensor<16x4xf32>
// CHECK-NEXT: %[[B:.+]] = hir.param "b" : tensor<4xf32>
// CHECK-NEXT: %[[Y:.+]] = hir.linear %[[X]], %[[W]], %[[B]] act = relu : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %[[Z:.+]] = hir.activation gelu %[[Y]] : tensor<8x4xf32>
// CHECK-NEXT: return %[[Z]] : tensor<8x4xf32>
func.func @live_chain(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %w = hir.param "w" : tensor<16x4xf32>
  %b = hir.param "b" : tensor<4xf32>
  %y = hir.linear %x, %w, %b act = relu : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %z = hir.activation gelu %y : tensor<8x4xf32>
  return %z : tensor<8x4xf32>
}

// Only the dead branch of a partly used graph is erased, down to its param.
// CHECK-LABEL: func.func @dead_branch(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[G:.+]] = hir.param "norm.gamma" : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = hir.rms_norm %[[X]], %[[G]] eps = 1.250000e-01 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
func.func @dead_branch(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %g = hir.param "norm.gamma" : tensor<8xf32>
  %unused = hir.param "unused.weight" : tensor<8x8xf32>
  %n = hir.rms_norm %x, %g eps = 0.125 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %m = hir.matmul %n, %unused : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = hir.softmax %m axis = -1 : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// A two-result op with only its second result used is kept (negative case).
// CHECK-LABEL: func.func @residual_norm_one_result_used(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %{{.+}}, %[[S:.+]] = hir.residual_norm rms %[[X]], %[[R]], %[[G]] eps = 2.500000e-01 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: return %[[S]] : tensor<4x8xf32>
func.func @residual_norm_one_result_used(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n, %s = hir.residual_norm rms %x, %r, %g eps = 0.25 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %s : tensor<4x8xf32>
}

// A two-result op with neither result used is erased, with its attention input.
// CHECK-LABEL: func.func @residual_norm_dead(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: hir.
// CHECK-NEXT: return %[[X]] : tensor<1x4x8xf32>
// CHECK-NEXT: }
func.func @residual_norm_dead(%x: tensor<1x4x8xf32>, %g: tensor<8xf32>) -> tensor<1x4x8xf32> {
  %a = hir.attention causal %x, %x, %x heads = 2 head_dim = 4 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %n, %s = hir.residual_norm layer %a, %x, %g eps = 0.25 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<8xf32>) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>)
  return %x : tensor<1x4x8xf32>
}

// Two identical hir.param ops: canonicalize keeps both (params are not
// constants, so it does not unique them); -cse merges them into one.
// CHECK-LABEL: func.func @duplicate_params(
// CHECK-NEXT: %[[A:.+]] = hir.param "w" : tensor<4xf32>
// CHECK-NEXT: %[[B:.+]] = hir.param "w" : tensor<4xf32>
// CHECK-NEXT: %[[S:.+]] = hir.binary add %[[A]], %[[B]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[S]] : tensor<4xf32>
// CSE-LABEL: func.func @duplicate_params(
// CSE-NEXT: %[[A:.+]] = hir.param "w" : tensor<4xf32>
// CSE-NEXT: %[[S:.+]] = hir.binary add %[[A]], %[[A]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CSE-NEXT: return %[[S]] : tensor<4xf32>
func.func @duplicate_params() -> tensor<4xf32> {
  %a = hir.param "w" : tensor<4xf32>
  %b = hir.param "w" : tensor<4xf32>
  %s = hir.binary add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Params with different names are not merged by -cse (negative case).
// CSE-LABEL: func.func @distinct_params(
// CSE-NEXT: %[[A:.+]] = hir.param "w1" : tensor<4xf32>
// CSE-NEXT: %[[B:.+]] = hir.param "w2" : tensor<4xf32>
// CSE-NEXT: %[[S:.+]] = hir.binary add %[[A]], %[[B]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CSE-NEXT: return %[[S]] : tensor<4xf32>
func.func @distinct_params() -> tensor<4xf32> {
  %a = hir.param "w1" : tensor<4xf32>
  %b = hir.param "w2" : tensor<4xf32>
  %s = hir.binary add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Identical compute ops on the same operands are merged by -cse; ones that
// differ only in an attribute are not.
// CSE-LABEL: func.func @duplicate_compute(
// CSE-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CSE-NEXT: %[[A:.+]] = hir.activation silu %[[X]] : tensor<4x8xf32>
// CSE-NEXT: %[[C:.+]] = hir.activation relu %[[X]] : tensor<4x8xf32>
// CSE-NEXT: %[[S:.+]] = hir.binary mul %[[A]], %[[A]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CSE-NEXT: %[[T:.+]] = hir.binary mul %[[S]], %[[C]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CSE-NEXT: return %[[T]] : tensor<4x8xf32>
func.func @duplicate_compute(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = hir.activation silu %x : tensor<4x8xf32>
  %b = hir.activation silu %x : tensor<4x8xf32>
  %c = hir.activation relu %x : tensor<4x8xf32>
  %s = hir.binary mul %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = hir.binary mul %s, %c : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
