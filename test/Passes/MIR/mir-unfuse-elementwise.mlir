// mir-unfuse-elementwise: each scalar step of a mir.elementwise region
// becomes the same op on tensors, broadcasting as the region did.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-unfuse-elementwise))" | FileCheck %s
// No region and no scalar step is left anywhere in the output.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-unfuse-elementwise))" | FileCheck %s --check-prefix=NONE
// NONE-NOT: mir.elementwise
// NONE-NOT: mir.yield
// NONE-NOT: : f32
// Round trip: fusing and un-fusing the primitive chains gives them back
// unchanged (same CHECK lines); FUSED proves the regions were formed.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise,mir-unfuse-elementwise))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-elementwise))" | FileCheck %s --check-prefix=FUSED

// Broadcast inputs ([8] and [4x1] against [4x8]), a scalar constant, and
// compare / select / cast steps.
func.func @region_steps(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %y: tensor<4x1xf32>) -> tensor<4x8xf16> {
  %r = mir.elementwise %x, %b, %y : (tensor<4x8xf32>, tensor<8xf32>, tensor<4x1xf32>) -> tensor<4x8xf16> {
  ^bb0(%e: f32, %f: f32, %g: f32):
    %c = mir.constant 5.000000e-01 : f32
    %a = mir.binary add %e, %f : (f32, f32) -> f32
    %m = mir.binary mul %a, %c : (f32, f32) -> f32
    %cmp = mir.compare gt %m, %g : (f32, f32) -> i1
    %s = mir.select %cmp, %m, %g : (i1, f32, f32) -> f32
    %h = mir.cast %s : f32 to f16
    mir.yield %h : f16
  }
  return %r : tensor<4x8xf16>
}
// CHECK-LABEL: func.func @region_steps(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[Y:[^:]+]]: tensor<4x1xf32>)
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[A]], %[[C]] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[CMP:.+]] = mir.compare gt %[[M]], %[[Y]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xi1>
// CHECK-NEXT: %[[S:.+]] = mir.select %[[CMP]], %[[M]], %[[Y]] : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[H:.+]] = mir.cast %[[S]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-NEXT: return %[[H]] : tensor<4x8xf16>

// -----

// Steps on broadcast inputs only keep the smaller shape until a full-shape
// operand joins.
func.func @small_then_full(%b: tensor<8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mir.elementwise %b, %x : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32):
    %n = mir.unary exp %e : f32
    %a = mir.binary sub %f, %n : (f32, f32) -> f32
    mir.yield %a : f32
  }
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @small_then_full(
// CHECK-SAME: %[[B:[^:]+]]: tensor<8xf32>, %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[N:.+]] = mir.unary exp %[[B]] : tensor<8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary sub %[[X]], %[[N]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[A]] : tensor<4x8xf32>

// -----

// Yielding a block argument of a smaller input needs an explicit broadcast.
func.func @yield_small_arg(%b: tensor<8xf32>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mir.elementwise %b, %x : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32):
    mir.yield %e : f32
  }
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @yield_small_arg(
// CHECK-SAME: %[[B:[^:]+]]: tensor<8xf32>, %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT: return %[[BB]] : tensor<4x8xf32>

// -----

// Yielding a full-shape block argument is the input itself.
func.func @yield_full_arg(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mir.elementwise %x : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32):
    mir.yield %e : f32
  }
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @yield_full_arg(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]] : tensor<4x8xf32>

// -----

// Yielding a scalar constant broadcasts the rank-0 constant.
func.func @yield_constant(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mir.elementwise %x : (tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32):
    %c = mir.constant 2.000000e+00 : f32
    mir.yield %c : f32
  }
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @yield_constant(
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[BC:.+]] = mir.broadcast %[[C]] : tensor<f32> to tensor<4x8xf32>
// CHECK-NEXT: return %[[BC]] : tensor<4x8xf32>

// -----

// Two regions in one function, the second reading the first.
func.func @two_regions(%x: tensor<8xi32>) -> tensor<8xf32> {
  %r1 = mir.elementwise %x : (tensor<8xi32>) -> tensor<8xi32> {
  ^bb0(%e: i32):
    %a = mir.unary abs %e : i32
    mir.yield %a : i32
  }
  %r2 = mir.elementwise %r1 : (tensor<8xi32>) -> tensor<8xf32> {
  ^bb0(%e: i32):
    %f = mir.cast %e : i32 to f32
    %s = mir.unary sqrt %f : f32
    mir.yield %s : f32
  }
  return %r2 : tensor<8xf32>
}
// CHECK-LABEL: func.func @two_regions(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xi32>)
// CHECK-NEXT: %[[A:.+]] = mir.unary abs %[[X]] : tensor<8xi32>
// CHECK-NEXT: %[[F:.+]] = mir.cast %[[A]] : tensor<8xi32> to tensor<8xf32>
// CHECK-NEXT: %[[S:.+]] = mir.unary sqrt %[[F]] : tensor<8xf32>
// CHECK-NEXT: return %[[S]] : tensor<8xf32>

// -----

// Round trip of a chain with an implicit [8] broadcast and a rank-0
// constant.
func.func @chain_broadcast(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %c = mir.constant dense<5.000000e-01> : tensor<f32>
  %a = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %m = mir.binary mul %a, %c : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %m : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @chain_broadcast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[A]], %[[C]] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[T:.+]] = mir.unary tanh %[[M]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[T]] : tensor<4x8xf32>
// FUSED-LABEL: func.func @chain_broadcast(
// FUSED-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// FUSED-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// FUSED-NOT: mir.binary {{.+}} tensor
// FUSED: return %[[R]] : tensor<4x8xf32>

// -----

// Round trip of compare -> select -> cast.
func.func @chain_select(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf16> {
  %c = mir.compare ge %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  %s = mir.select %c, %x, %y : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %h = mir.cast %s : tensor<4x8xf32> to tensor<4x8xf16>
  return %h : tensor<4x8xf16>
}
// CHECK-LABEL: func.func @chain_select(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[C:.+]] = mir.compare ge %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
// CHECK-NEXT: %[[S:.+]] = mir.select %[[C]], %[[X]], %[[Y]] : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[H:.+]] = mir.cast %[[S]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-NEXT: return %[[H]] : tensor<4x8xf16>
// FUSED-LABEL: func.func @chain_select(
// FUSED-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// FUSED-NEXT: %[[R:.+]] = mir.elementwise %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf16> {
// FUSED-NOT: tensor<4x8xi1>
// FUSED: return %[[R]] : tensor<4x8xf16>
