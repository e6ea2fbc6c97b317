// mir-make-broadcasts-explicit: every tensor operand of binary, compare and
// select gets the result's shape. The second RUN applies the pass twice and
// must print the same IR (idempotence).
// RUN: rlx-opt %s -split-input-file -mir-make-broadcasts-explicit | FileCheck %s
// RUN: rlx-opt %s -split-input-file -mir-make-broadcasts-explicit -mir-make-broadcasts-explicit | FileCheck %s

// A rank-1 bias is broadcast to the result; the full-shape operand is not.
func.func @binary_bias(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @binary_bias(
// CHECK-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary add %[[X]], %[[BB]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]]

// -----

// Both operands expand: [4x1] against [8] gives [4x8].
func.func @compare_both(%a: tensor<4x1xi32>, %b: tensor<8xi32>) -> tensor<4x8xi1> {
  %m = mir.compare lt %a, %b : (tensor<4x1xi32>, tensor<8xi32>) -> tensor<4x8xi1>
  return %m : tensor<4x8xi1>
}
// CHECK-LABEL: func.func @compare_both(
// CHECK-SAME: %[[A:.+]]: tensor<4x1xi32>, %[[B:.+]]: tensor<8xi32>)
// CHECK-NEXT: %[[AB:.+]] = mir.broadcast %[[A]] : tensor<4x1xi32> to tensor<4x8xi32>
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xi32> to tensor<4x8xi32>
// CHECK-NEXT: %[[M:.+]] = mir.compare lt %[[AB]], %[[BB]] : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
// CHECK-NEXT: return %[[M]]

// -----

// Select: the i1 condition keeps i1, a rank-0 choice is expanded too.
func.func @select(%c: tensor<4x1xi1>, %a: tensor<4x8xf16>, %s: tensor<f16>) -> tensor<4x8xf16> {
  %r = mir.select %c, %a, %s : (tensor<4x1xi1>, tensor<4x8xf16>, tensor<f16>) -> tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}
// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[C:.+]]: tensor<4x1xi1>, %[[A:.+]]: tensor<4x8xf16>, %[[S:.+]]: tensor<f16>)
// CHECK-NEXT: %[[CB:.+]] = mir.broadcast %[[C]] : tensor<4x1xi1> to tensor<4x8xi1>
// CHECK-NEXT: %[[SB:.+]] = mir.broadcast %[[S]] : tensor<f16> to tensor<4x8xf16>
// CHECK-NEXT: %[[R:.+]] = mir.select %[[CB]], %[[A]], %[[SB]] : (tensor<4x8xi1>, tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
// CHECK-NEXT: return %[[R]]

// -----

// A dynamic result dim: the bias is broadcast to [?x8].
func.func @dynamic(%x: tensor<?x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %y = mir.binary mul %x, %b : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[X:.+]]: tensor<?x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xf32> to tensor<?x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[X]], %[[BB]] : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: return %[[Y]]

// -----

// One value expanded to one shape for two ops is broadcast once.
func.func @shared(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %z = mir.binary mul %y, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @shared(
// CHECK-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-NEXT: %[[BB:.+]] = mir.broadcast %[[B]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary add %[[X]], %[[BB]]
// CHECK-NEXT: %[[Z:.+]] = mir.binary mul %[[Y]], %[[BB]]
// CHECK-NEXT: return %[[Z]]

// -----

// Operands that already have the result shape are left alone, dynamic ones too.
func.func @same_shapes(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %d: tensor<?x8xf32>, %e: tensor<?x8xf32>) -> (tensor<4x8xf32>, tensor<?x8xi1>) {
  %s = mir.binary sub %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = mir.compare eq %d, %e : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xi1>
  return %s, %m : tensor<4x8xf32>, tensor<?x8xi1>
}
// CHECK-LABEL: func.func @same_shapes(
// CHECK-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<4x8xf32>, %[[D:.+]]: tensor<?x8xf32>, %[[E:.+]]: tensor<?x8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary sub %[[X]], %[[Y]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.compare eq %[[D]], %[[E]] : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xi1>
// CHECK-NEXT: return %[[S]], %[[M]]

// -----

// Scalar steps in a region body are untouched (the region broadcasts its inputs).
func.func @scalars(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = mir.elementwise %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32):
    %s = mir.binary add %e, %f : (f32, f32) -> f32
    mir.yield %s : f32
  }
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @scalars(
// CHECK-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-NOT: mir.broadcast
// CHECK: mir.elementwise %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK: mir.binary add {{.*}} : (f32, f32) -> f32
// CHECK-NOT: mir.broadcast
// CHECK: return
