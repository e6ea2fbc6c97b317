// RUN: rlx-opt %s -split-input-file -convert-mir-to-lir | rlx-opt -split-input-file | FileCheck %s

// rlx.flops: the kernel of a contraction carries its floating-point
// operations, 2 per multiply-add (mir::ContractionOpInterface); other
// kernels carry none. Each figure is worked out from the shapes.

// matmul [4, 8] x [8, 16]: 2 * (4 * 16) * 8. The elementwise add after it
// has no rlx.flops.
// CHECK-LABEL: lir.program @matmul_then_add
// CHECK:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 1024 : i64} {
// CHECK:         lir.kernel @binary_add_1 grid = [1] {
// CHECK-NOT:     rlx.flops
// CHECK:         lir.schedule
func.func @matmul_then_add(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = mir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %s = mir.binary add %m, %c : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

// -----

// Broadcast batch dims count once per result element: 2 * (2 * 3 * 4 * 5) * 8.
// CHECK-LABEL: lir.program @broadcast_batch
// CHECK:         lir.kernel @matmul_0 grid = [{{.+}}] attributes {rlx.flops = 1920 : i64} {
func.func @broadcast_batch(%a: tensor<2x3x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}

// -----

// Integer products count alike: 2 * (2 * 2) * 3.
// CHECK-LABEL: lir.program @matmul_i32
// CHECK:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 24 : i64} {
func.func @matmul_i32(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %c = mir.matmul %a, %b : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  return %c : tensor<2x2xi32>
}

// -----

// fused_matmul: the product only, not the bias and gelu epilogue:
// 2 * (2 * 33 * 40) * 17.
// CHECK-LABEL: lir.program @fused
// CHECK:         lir.kernel @fused_matmul_0 grid = [{{.+}}] attributes {rlx.flops = 89760 : i64} {
func.func @fused(%a: tensor<2x33x17xf32>, %b: tensor<17x40xf32>, %bias: tensor<40xf32>) -> tensor<2x33x40xf32> {
  %y = mir.fused_matmul %a, %b, %bias act = gelu : (tensor<2x33x17xf32>, tensor<17x40xf32>, tensor<40xf32>) -> tensor<2x33x40xf32>
  return %y : tensor<2x33x40xf32>
}

// -----

// shared_matmul: every result, 2 * (4 * 16 + 4 * 4) * 8.
// CHECK-LABEL: lir.program @shared
// CHECK:         lir.kernel @shared_matmul_0 grid = [{{.+}}] attributes {rlx.flops = 1280 : i64} {
func.func @shared(%x: tensor<4x8xf32>, %w0: tensor<8x16xf32>, %w1: tensor<8x4xf32>) -> (tensor<4x16xf32>, tensor<4x4xf32>) {
  %y0, %y1 = mir.shared_matmul %x, %w0, %w1 : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<8x4xf32>) -> (tensor<4x16xf32>, tensor<4x4xf32>)
  return %y0, %y1 : tensor<4x16xf32>, tensor<4x4xf32>
}

// -----

// swiglu: two products (gate and up) per result element,
// 2 * 2 * (4 * 16) * 8.
// CHECK-LABEL: lir.program @swiglu
// CHECK:         lir.kernel @swiglu_0 grid = [{{.+}}] attributes {rlx.flops = 2048 : i64} {
func.func @swiglu(%x: tensor<4x8xf32>, %wg: tensor<8x16xf32>, %wu: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %h : tensor<4x16xf32>
}

// -----

// conv2d, 2 groups: each output element is a product over its group's
// channels and the window, the filter's dims after O (2 * 3 * 3):
// 2 * (1 * 6 * 5 * 3) * 18.
// CHECK-LABEL: lir.program @conv_grouped
// CHECK:         lir.kernel @conv2d_0 grid = [{{.+}}] attributes {rlx.flops = 3240 : i64} {
func.func @conv_grouped(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x5x3xf32> {
  %y = mir.conv2d %x, %w strides = [1, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 2 : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x5x3xf32>
  return %y : tensor<1x6x5x3xf32>
}

// -----

// A count past int64 saturates: 2 * 2^40 * 2^23 = 2^64.
// CHECK-LABEL: lir.program @saturated
// CHECK:         lir.kernel @matmul_0 grid = [{{.+}}] attributes {rlx.flops = 9223372036854775807 : i64} {
func.func @saturated(%a: tensor<1048576x8388608xf32>, %b: tensor<8388608x1048576xf32>) -> tensor<1048576x1048576xf32> {
  %c = mir.matmul %a, %b : (tensor<1048576x8388608xf32>, tensor<8388608x1048576xf32>) -> tensor<1048576x1048576xf32>
  return %c : tensor<1048576x1048576xf32>
}

// -----

// No contraction, no rlx.flops: a reduction, a softmax and an output copy.
// CHECK-LABEL: lir.program @others
// CHECK-NOT:     rlx.flops
// CHECK:         lir.schedule
func.func @others(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %r = mir.reduce sum %x axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %s = mir.softmax %x axis = -1 : tensor<4x8xf32>
  return %r, %s, %x : tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
