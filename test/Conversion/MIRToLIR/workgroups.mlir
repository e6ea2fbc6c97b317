// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt | FileCheck %s

// The workgroup grid at the default workgroup-elements=16384: chunks of the
// outermost independent result dim larger than 1, the smallest chunk that
// divides the dim and gives each workgroup >= 16384 elements of its largest
// operand or result rows.

// 64 rows of 512: 32 rows per workgroup.
// CHECK-LABEL: lir.program @rows
// CHECK:         lir.kernel @unary_exp_0 grid = [2] {
// CHECK:           %[[WG:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[C32:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[ROW:.+]] = arith.muli %[[WG]], %[[C32]] : index
// CHECK-NEXT:      memref.subview %{{.+}}[%[[ROW]], 0] [32, 512] [1, 1]
func.func @rows(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {
  %y = mir.unary exp %x : tensor<64x512xf32>
  return %y : tensor<64x512xf32>
}

// 100 rows of 300 need 55 rows per workgroup; no divisor of 100 lies in
// [55, 100), so the kernel stays whole (chunks always divide evenly).
// CHECK-LABEL: lir.program @no_even_split
// CHECK:         lir.kernel @unary_exp_0 grid = [1] {
// CHECK-NOT:       lir.workgroup_id
func.func @no_even_split(%x: tensor<100x300xf32>) -> tensor<100x300xf32> {
  %y = mir.unary exp %x : tensor<100x300xf32>
  return %y : tensor<100x300xf32>
}

// A unit batch dim: the split moves to the next dim (rows of 128).
// CHECK-LABEL: lir.program @unit_batch
// CHECK:         lir.kernel @layer_norm_0 grid = [2] {
// CHECK:           memref.subview %{{.+}}[0, %{{.+}}, 0] [1, 128, 128] [1, 1, 1]
func.func @unit_batch(%x: tensor<1x256x128xf32>, %g: tensor<128xf32>) -> tensor<1x256x128xf32> {
  %y = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<1x256x128xf32>, tensor<128xf32>) -> tensor<1x256x128xf32>
  return %y : tensor<1x256x128xf32>
}

// A reduction to few outputs counts its input rows: 8 rows of 65536 inputs
// give one row per workgroup.
// CHECK-LABEL: lir.program @wide_reduce
// CHECK:         lir.kernel @reduce_sum_0 grid = [8] {
func.func @wide_reduce(%x: tensor<8x65536xf32>) -> tensor<8xf32> {
  %y = mir.reduce sum %x axes = [1] : tensor<8x65536xf32> -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// Small and rank-0 kernels run as one workgroup.
// CHECK-LABEL: lir.program @small
// CHECK:         lir.kernel @unary_exp_0 grid = [1] {
// CHECK:         lir.kernel @binary_add_1 grid = [1] {
func.func @small(%x: tensor<4x4xf32>, %s: tensor<f32>) -> (tensor<4x4xf32>, tensor<f32>) {
  %y = mir.unary exp %x : tensor<4x4xf32>
  %t = mir.binary add %s, %s : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %y, %t : tensor<4x4xf32>, tensor<f32>
}
