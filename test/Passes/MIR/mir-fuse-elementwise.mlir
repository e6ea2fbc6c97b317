// mir-fuse-elementwise: maximal single-use trees of elementwise steps with
// the root's shape become one mir.elementwise region; broadcasts and splat
// constants are absorbed; trees are clipped to the step and input limits.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{max-steps=2}))" | FileCheck %s --check-prefix=STEPS2
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{max-inputs=3}))" | FileCheck %s --check-prefix=INPUTS3
// vulkan claims regions with at most 8 inputs; test claims no regions.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-elementwise))" | FileCheck %s --check-prefix=VULKAN
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-elementwise))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{max-steps=2 report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEPS2REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{max-inputs=3 report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUTS3REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-elementwise{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TESTREPORT
// assert-clean under max-steps=2: every clipped producer is an error note.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise{max-steps=2 assert-clean=true}))" -o /dev/null

// A three-step chain; the region body holds the scalar steps in order.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not absorbed into the consumer region: region limits are 2 steps, 16 inputs}}
func.func @chain(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = mir.binary mul %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = mir.unary exp %a : tensor<4x8xf32>
  %c = mir.unary relu %b : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[E0]], %[[E1]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[EX:.+]] = mir.unary exp %[[M]] : f32
// CHECK-NEXT:   %[[RE:.+]] = mir.unary relu %[[EX]] : f32
// CHECK-NEXT:   mir.yield %[[RE]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>
// STEPS2-LABEL: func.func @chain(
// STEPS2-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// STEPS2-NEXT: %[[M:.+]] = mir.binary mul %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// STEPS2-NEXT: %[[R:.+]] = mir.elementwise %[[M]] : (tensor<4x8xf32>) -> tensor<4x8xf32> {
// STEPS2-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// STEPS2-NEXT:   %[[EX:.+]] = mir.unary exp %[[E0]] : f32
// STEPS2-NEXT:   %[[RE:.+]] = mir.unary relu %[[EX]] : f32
// STEPS2-NEXT:   mir.yield %[[RE]] : f32
// STEPS2-NEXT: }
// STEPS2-NEXT: return %[[R]] : tensor<4x8xf32>
// NOCLAIM-LABEL: func.func @chain(
// NOCLAIM-NEXT: mir.binary mul
// NOCLAIM-NEXT: mir.unary exp
// NOCLAIM-NEXT: mir.unary relu
// NOCLAIM-NEXT: return
// REPORT-LABEL: === rlx fusion report: @chain, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 1 -> 0
// REPORT-NEXT:   mir.unary: 2 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.elementwise: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: 3 steps, 2 inputs into mir.elementwise
// REPORT-NEXT: missed (0):
// STEPS2REPORT-LABEL: === rlx fusion report: @chain, target 'cpu' ===
// STEPS2REPORT:      fused (1):
// STEPS2REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: 2 steps, 1 inputs into mir.elementwise
// STEPS2REPORT-NEXT: missed (1):
// STEPS2REPORT-NEXT:   [elementwise] mir.binary at {{.+}}: not absorbed into the consumer region: region limits are 2 steps, 16 inputs
// TESTREPORT-LABEL: === rlx fusion report: @chain, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (2):
// TESTREPORT-NEXT:   [elementwise] mir.binary at {{.+}}: target 'test' does not claim mir.elementwise
// TESTREPORT-NEXT:   [elementwise] mir.unary at {{.+}}: target 'test' does not claim mir.elementwise

// -----

// An explicit single-use broadcast is absorbed (the region reads the rank-1
// input and broadcasts it); a splat constant becomes a scalar constant.
func.func @broadcast_and_splat(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %bb = mir.broadcast %b : tensor<8xf32> to tensor<4x8xf32>
  %c = mir.constant dense<5.000000e-01> : tensor<4x8xf32>
  %a = mir.binary add %x, %bb : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = mir.binary mul %a, %c : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @broadcast_and_splat(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[C:.+]] = mir.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[A:.+]] = mir.binary add %[[E0]], %[[E1]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[A]], %[[C]] : (f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @broadcast_and_splat, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.broadcast: 1 -> 0
// REPORT-NEXT:   mir.constant: 1 -> 0
// REPORT-NEXT:   mir.binary: 2 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.elementwise: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [elementwise] mir.binary at {{.+}}: 2 steps, 2 inputs into mir.elementwise
// REPORT-NEXT: missed (0):

// -----

// A rank-0 constant operand (implicit broadcast) becomes a scalar constant.
func.func @rank0_constant(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = mir.constant dense<2.000000e+00> : tensor<f32>
  %a = mir.binary mul %x, %c : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %a : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @rank0_constant(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]] : (tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// CHECK-NEXT:   %[[C:.+]] = mir.constant 2.000000e+00 : f32
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[E0]], %[[C]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[T:.+]] = mir.unary tanh %[[M]] : f32
// CHECK-NEXT:   mir.yield %[[T]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// A splat constant larger than the other operand: the region has the
// constant's (result) shape and reads the rank-1 input broadcast.
func.func @splat_sets_shape(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  %c = mir.constant dense<2.000000e+00> : tensor<4x8xf32>
  %a = mir.binary add %x, %c : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = mir.unary exp %a : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @splat_sets_shape(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]] : (tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// CHECK-NEXT:   %[[C:.+]] = mir.constant 2.000000e+00 : f32
// CHECK-NEXT:   %[[A:.+]] = mir.binary add %[[E0]], %[[C]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[E:.+]] = mir.unary exp %[[A]] : f32
// CHECK-NEXT:   mir.yield %[[E]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// A producer read twice by one step is absorbed once and its scalar used
// twice.
func.func @read_twice(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = mir.unary exp %x : tensor<4x8xf32>
  %m = mir.binary mul %e, %e : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @read_twice(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]] : (tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// CHECK-NEXT:   %[[E:.+]] = mir.unary exp %[[E0]] : f32
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[E]], %[[E]] : (f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @read_twice, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [elementwise] mir.binary at {{.+}}: 2 steps, 1 inputs into mir.elementwise

// -----

// A producer with a use outside the tree stays a tensor op and becomes a
// region input (not reported: it could not have been absorbed).
func.func @used_outside(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = mir.unary exp %x : tensor<8xf32>
  %a = mir.binary add %e, %y : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %r = mir.unary relu %a : tensor<8xf32>
  return %r, %e : tensor<8xf32>, tensor<8xf32>
}
// CHECK-LABEL: func.func @used_outside(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xf32>, %[[Y:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<8xf32>
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[E]], %[[Y]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[A:.+]] = mir.binary add %[[E0]], %[[E1]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[RE:.+]] = mir.unary relu %[[A]] : f32
// CHECK-NEXT:   mir.yield %[[RE]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]], %[[E]] :
// REPORT-LABEL: === rlx fusion report: @used_outside, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: 2 steps, 2 inputs into mir.elementwise
// REPORT-NEXT: missed (0):

// -----

// A broadcast read by two steps is not absorbed: it stays and is an input.
func.func @broadcast_two_uses(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %bb = mir.broadcast %b : tensor<8xf32> to tensor<4x8xf32>
  %a = mir.binary add %x, %bb : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = mir.binary mul %a, %bb : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @broadcast_two_uses(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[BB]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[A:.+]] = mir.binary add %[[E1]], %[[E0]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[A]], %[[E0]] : (f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// A producer of a smaller (broadcast) shape stays outside as an input.
func.func @smaller_producer(%x: tensor<8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = mir.unary exp %x : tensor<8xf32>
  %a = mir.binary add %e, %y : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = mir.unary relu %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @smaller_producer(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<8xf32>
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[E]], %[[Y]] : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[A:.+]] = mir.binary add %[[E0]], %[[E1]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[RE:.+]] = mir.unary relu %[[A]] : f32
// CHECK-NEXT:   mir.yield %[[RE]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// compare -> select -> cast: an i1 step and a type-changing step.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not absorbed into the consumer region: region limits are 2 steps, 16 inputs}}
func.func @compare_select_cast(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf16> {
  %c = mir.compare gt %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  %s = mir.select %c, %x, %y : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %h = mir.cast %s : tensor<4x8xf32> to tensor<4x8xf16>
  return %h : tensor<4x8xf16>
}
// CHECK-LABEL: func.func @compare_select_cast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf16> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[C:.+]] = mir.compare gt %[[E0]], %[[E1]] : (f32, f32) -> i1
// CHECK-NEXT:   %[[S:.+]] = mir.select %[[C]], %[[E0]], %[[E1]] : (i1, f32, f32) -> f32
// CHECK-NEXT:   %[[H:.+]] = mir.cast %[[S]] : f32 to f16
// CHECK-NEXT:   mir.yield %[[H]] : f16
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf16>

// -----

// An integer input cast to float; the region inputs keep their element types.
func.func @int_cast(%x: tensor<4x8xi32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = mir.cast %x : tensor<4x8xi32> to tensor<4x8xf32>
  %a = mir.binary max %c, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @int_cast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xi32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[Y]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: i32):
// CHECK-NEXT:   %[[C:.+]] = mir.cast %[[E1]] : i32 to f32
// CHECK-NEXT:   %[[A:.+]] = mir.binary max %[[C]], %[[E0]] : (f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[A]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// A compare with a broadcast operand feeding a select with a rank-0 choice.
func.func @compare_broadcast(%x: tensor<4x8xf32>, %t: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %c = mir.compare lt %x, %t : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xi1>
  %z = mir.constant dense<0.000000e+00> : tensor<f32>
  %s = mir.select %c, %x, %z : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @compare_broadcast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[T:[^:]+]]: tensor<4x1xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[T]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32):
// CHECK-NEXT:   %[[Z:.+]] = mir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[C:.+]] = mir.compare lt %[[E0]], %[[E1]] : (f32, f32) -> i1
// CHECK-NEXT:   %[[S:.+]] = mir.select %[[C]], %[[E0]], %[[Z]] : (i1, f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[S]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<4x8xf32>

// -----

// Negative: a single step is left alone (and not reported).
func.func @single_step(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %a = mir.binary add %x, %y : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %a : tensor<8xf32>
}
// CHECK-LABEL: func.func @single_step(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xf32>, %[[Y:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[X]], %[[Y]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %[[A]] : tensor<8xf32>
// REPORT-LABEL: === rlx fusion report: @single_step, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @single_step, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (0):

// -----

// Negative: a chain of constants only has no region input (left to
// constant folding).
func.func @all_constants() -> tensor<8xf32> {
  %c1 = mir.constant dense<2.000000e+00> : tensor<8xf32>
  %c2 = mir.constant dense<3.000000e+00> : tensor<8xf32>
  %a = mir.binary add %c1, %c2 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %e = mir.unary exp %a : tensor<8xf32>
  return %e : tensor<8xf32>
}
// CHECK-LABEL: func.func @all_constants(
// CHECK-NEXT: %[[C1:.+]] = mir.constant dense<2.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[C2:.+]] = mir.constant dense<3.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[C1]], %[[C2]] :
// CHECK-NEXT: %[[E:.+]] = mir.unary exp %[[A]] : tensor<8xf32>
// CHECK-NEXT: return %[[E]] : tensor<8xf32>

// -----

// Limits: five steps fuse whole by default; with max-steps=2 the chain is
// cut from the root into regions of two and the first step stays out.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not absorbed into the consumer region: region limits are 2 steps, 16 inputs}}
func.func @long_chain(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = mir.unary exp %x : tensor<8xf32>
  %b = mir.unary tanh %a : tensor<8xf32>
  %c = mir.unary neg %b : tensor<8xf32>
  %d = mir.unary relu %c : tensor<8xf32>
  %e = mir.unary abs %d : tensor<8xf32>
  return %e : tensor<8xf32>
}
// CHECK-LABEL: func.func @long_chain(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[X]] : (tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// CHECK-NEXT:   %[[A:.+]] = mir.unary exp %[[E0]] : f32
// CHECK-NEXT:   %[[B:.+]] = mir.unary tanh %[[A]] : f32
// CHECK-NEXT:   %[[C:.+]] = mir.unary neg %[[B]] : f32
// CHECK-NEXT:   %[[D:.+]] = mir.unary relu %[[C]] : f32
// CHECK-NEXT:   %[[E:.+]] = mir.unary abs %[[D]] : f32
// CHECK-NEXT:   mir.yield %[[E]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<8xf32>
// STEPS2-LABEL: func.func @long_chain(
// STEPS2-SAME: %[[X:[^:]+]]: tensor<8xf32>)
// STEPS2-NEXT: %[[A:.+]] = mir.unary exp %[[X]] : tensor<8xf32>
// STEPS2-NEXT: %[[R1:.+]] = mir.elementwise %[[A]] : (tensor<8xf32>) -> tensor<8xf32> {
// STEPS2-NEXT: ^bb0(%[[E0:[^:]+]]: f32):
// STEPS2-NEXT:   %[[B:.+]] = mir.unary tanh %[[E0]] : f32
// STEPS2-NEXT:   %[[C:.+]] = mir.unary neg %[[B]] : f32
// STEPS2-NEXT:   mir.yield %[[C]] : f32
// STEPS2-NEXT: }
// STEPS2-NEXT: %[[R2:.+]] = mir.elementwise %[[R1]] : (tensor<8xf32>) -> tensor<8xf32> {
// STEPS2-NEXT: ^bb0(%[[E1:[^:]+]]: f32):
// STEPS2-NEXT:   %[[D:.+]] = mir.unary relu %[[E1]] : f32
// STEPS2-NEXT:   %[[E:.+]] = mir.unary abs %[[D]] : f32
// STEPS2-NEXT:   mir.yield %[[E]] : f32
// STEPS2-NEXT: }
// STEPS2-NEXT: return %[[R2]] : tensor<8xf32>
// STEPS2REPORT-LABEL: === rlx fusion report: @long_chain, target 'cpu' ===
// STEPS2REPORT-NEXT: op counts (before -> after):
// STEPS2REPORT-NEXT:   mir.unary: 5 -> 1
// STEPS2REPORT-NEXT:   func.return: 1 -> 1
// STEPS2REPORT-NEXT:   mir.elementwise: 0 -> 2
// STEPS2REPORT-NEXT: fused (2):
// STEPS2REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: 2 steps, 1 inputs into mir.elementwise
// STEPS2REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: 2 steps, 1 inputs into mir.elementwise
// STEPS2REPORT-NEXT: missed (1):
// STEPS2REPORT-NEXT:   [elementwise] mir.unary at {{.+}}: not absorbed into the consumer region: region limits are 2 steps, 16 inputs

// -----

// Limits: with max-inputs=3 the root absorbs the add (3 inputs) but not
// also the sub (4 inputs), which stays out; with max-steps=2 the same.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not absorbed into the consumer region: region limits are 2 steps, 16 inputs}}
func.func @wide_tree(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>) -> tensor<8xf32> {
  %s = mir.binary add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %t = mir.binary sub %c, %d : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %m = mir.binary mul %s, %t : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}
// CHECK-LABEL: func.func @wide_tree(
// CHECK-SAME: %[[A:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[C:[^:]+]]: tensor<8xf32>, %[[D:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[R:.+]] = mir.elementwise %[[A]], %[[B]], %[[C]], %[[D]] : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32, %[[E2:[^:]+]]: f32, %[[E3:[^:]+]]: f32):
// CHECK-NEXT:   %[[S:.+]] = mir.binary add %[[E0]], %[[E1]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[T:.+]] = mir.binary sub %[[E2]], %[[E3]] : (f32, f32) -> f32
// CHECK-NEXT:   %[[M:.+]] = mir.binary mul %[[S]], %[[T]] : (f32, f32) -> f32
// CHECK-NEXT:   mir.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<8xf32>
// INPUTS3-LABEL: func.func @wide_tree(
// INPUTS3-SAME: %[[A:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[C:[^:]+]]: tensor<8xf32>, %[[D:[^:]+]]: tensor<8xf32>)
// INPUTS3-NEXT: %[[T:.+]] = mir.binary sub %[[C]], %[[D]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// INPUTS3-NEXT: %[[R:.+]] = mir.elementwise %[[T]], %[[A]], %[[B]] : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// INPUTS3-NEXT: ^bb0(%[[E0:[^:]+]]: f32, %[[E1:[^:]+]]: f32, %[[E2:[^:]+]]: f32):
// INPUTS3-NEXT:   %[[S:.+]] = mir.binary add %[[E1]], %[[E2]] : (f32, f32) -> f32
// INPUTS3-NEXT:   %[[M:.+]] = mir.binary mul %[[S]], %[[E0]] : (f32, f32) -> f32
// INPUTS3-NEXT:   mir.yield %[[M]] : f32
// INPUTS3-NEXT: }
// INPUTS3-NEXT: return %[[R]] : tensor<8xf32>
// INPUTS3REPORT-LABEL: === rlx fusion report: @wide_tree, target 'cpu' ===
// INPUTS3REPORT:      fused (1):
// INPUTS3REPORT-NEXT:   [elementwise] mir.binary at {{.+}}: 2 steps, 3 inputs into mir.elementwise
// INPUTS3REPORT-NEXT: missed (1):
// INPUTS3REPORT-NEXT:   [elementwise] mir.binary at {{.+}}: not absorbed into the consumer region: region limits are 64 steps, 3 inputs

// -----

// The target's own limit: nine inputs fuse whole on cpu (16 inputs); on
// vulkan (8 inputs) the first add stays out.
func.func @nine_inputs(%a: tensor<8xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>, %d: tensor<8xf32>, %e: tensor<8xf32>, %f: tensor<8xf32>, %g: tensor<8xf32>, %h: tensor<8xf32>, %i: tensor<8xf32>) -> tensor<8xf32> {
  %s1 = mir.binary add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s2 = mir.binary add %s1, %c : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s3 = mir.binary add %s2, %d : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s4 = mir.binary add %s3, %e : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s5 = mir.binary add %s4, %f : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s6 = mir.binary add %s5, %g : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s7 = mir.binary add %s6, %h : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s8 = mir.binary add %s7, %i : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %s8 : tensor<8xf32>
}
// CHECK-LABEL: func.func @nine_inputs(
// CHECK-NEXT: %[[R:.+]] = mir.elementwise {{.+}} : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// CHECK-COUNT-8: mir.binary add
// CHECK-NEXT:   mir.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<8xf32>
// VULKAN-LABEL: func.func @nine_inputs(
// VULKAN-SAME: %[[A:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[C:[^:]+]]: tensor<8xf32>, %[[D:[^:]+]]: tensor<8xf32>, %[[E:[^:]+]]: tensor<8xf32>, %[[F:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[H:[^:]+]]: tensor<8xf32>, %[[I:[^:]+]]: tensor<8xf32>)
// VULKAN-NEXT: %[[S1:.+]] = mir.binary add %[[A]], %[[B]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// VULKAN-NEXT: %[[R:.+]] = mir.elementwise %[[I]], %[[H]], %[[G]], %[[F]], %[[E]], %[[D]], %[[S1]], %[[C]] : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// VULKAN-NEXT: ^bb0(%[[EI:[^:]+]]: f32, %[[EH:[^:]+]]: f32, %[[EG:[^:]+]]: f32, %[[EF:[^:]+]]: f32, %[[EE:[^:]+]]: f32, %[[ED:[^:]+]]: f32, %[[ES1:[^:]+]]: f32, %[[EC:[^:]+]]: f32):
// VULKAN-NEXT:   %[[T2:.+]] = mir.binary add %[[ES1]], %[[EC]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T3:.+]] = mir.binary add %[[T2]], %[[ED]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T4:.+]] = mir.binary add %[[T3]], %[[EE]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T5:.+]] = mir.binary add %[[T4]], %[[EF]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T6:.+]] = mir.binary add %[[T5]], %[[EG]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T7:.+]] = mir.binary add %[[T6]], %[[EH]] : (f32, f32) -> f32
// VULKAN-NEXT:   %[[T8:.+]] = mir.binary add %[[T7]], %[[EI]] : (f32, f32) -> f32
// VULKAN-NEXT:   mir.yield %[[T8]] : f32
// VULKAN-NEXT: }
// VULKAN-NEXT: return %[[R]] : tensor<8xf32>
