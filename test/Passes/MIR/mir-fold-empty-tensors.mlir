// mir-fold-empty-tensors: every op with empty results becomes an empty
// constant; ops reading an empty tensor but producing elements become their
// value (reductions' identities, concats without the empty operand,
// contractions over nothing as zeros); non-empty and dynamic tensors stay.
// RUN: rlx-opt %s -split-input-file -mir-fold-empty-tensors | FileCheck %s

// CHECK-LABEL: func.func @empty_results
// CHECK-NEXT:    %[[E:.+]] = mir.constant dense<> : tensor<4x0xf32>
// CHECK-NEXT:    %[[U:.+]] = mir.constant dense<> : tensor<0x3xf32>
// CHECK-NEXT:    return %[[E]], %[[U]]
func.func @empty_results(%x: tensor<4x12xf32>, %e: tensor<0x3xf32>) -> (tensor<4x0xf32>, tensor<0x3xf32>) {
  %s = mir.slice %x offsets = [0, 12] sizes = [4, 0] strides = [1, 1] : tensor<4x12xf32> -> tensor<4x0xf32>
  %r = mir.unary exp %e : tensor<0x3xf32>
  return %s, %r : tensor<4x0xf32>, tensor<0x3xf32>
}

// -----

// CHECK-LABEL: func.func @reductions
// CHECK-DAG:     mir.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG:     mir.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG:     mir.constant dense<0xFF800000> : tensor<4xf32>
// CHECK-DAG:     mir.constant dense<0x7F800000> : tensor<4xf32>
// CHECK-DAG:     mir.constant dense<0x7FC00000> : tensor<4xf32>
// CHECK-DAG:     mir.constant dense<0> : tensor<4xi32>
// CHECK-DAG:     mir.constant dense<1> : tensor<4xi32>
// CHECK-NOT:     mir.reduce
func.func @reductions(%x: tensor<4x0xf32>, %i: tensor<4x0xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = mir.reduce sum %x axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  %1 = mir.reduce prod %x axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  %2 = mir.reduce max %x axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  %3 = mir.reduce min %x axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  %4 = mir.reduce mean %x axes = [1] : tensor<4x0xf32> -> tensor<4xf32>
  %5 = mir.reduce sum %i axes = [1] : tensor<4x0xi32> -> tensor<4xi32>
  %6 = mir.reduce prod %i axes = [1] : tensor<4x0xi32> -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// An empty operand of a concat is dropped; with one operand left the concat
// is that operand.
// CHECK-LABEL: func.func @concats
// CHECK-SAME:    (%[[E:.+]]: tensor<4x0xf32>, %[[A:.+]]: tensor<4x3xf32>, %[[B:.+]]: tensor<4x2xf32>)
// CHECK-NEXT:    %[[C:.+]] = mir.concat %[[A]], %[[B]] axis = 1 : (tensor<4x3xf32>, tensor<4x2xf32>) -> tensor<4x5xf32>
// CHECK-NEXT:    return %[[A]], %[[C]]
func.func @concats(%e: tensor<4x0xf32>, %a: tensor<4x3xf32>, %b: tensor<4x2xf32>) -> (tensor<4x3xf32>, tensor<4x5xf32>) {
  %0 = mir.concat %e, %a axis = 1 : (tensor<4x0xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = mir.concat %a, %e, %b axis = 1 : (tensor<4x3xf32>, tensor<4x0xf32>, tensor<4x2xf32>) -> tensor<4x5xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x5xf32>
}

// -----

// Contractions over nothing are zeros.
// CHECK-LABEL: func.func @contractions
// CHECK-DAG:     mir.constant dense<0.000000e+00> : tensor<4x5xf32>
// CHECK-DAG:     mir.constant dense<0.000000e+00> : tensor<1x6x2x8xf32>
// CHECK-DAG:     mir.constant dense<0.000000e+00> : tensor<1x4x8x8xf32>
// CHECK-DAG:     mir.constant dense<0.000000e+00> : tensor<3x5xf32>
// CHECK-NOT:     mir.matmul
// CHECK-NOT:     mir.attention
// CHECK-NOT:     mir.conv2d
// CHECK-NOT:     mir.fused_matmul
func.func @contractions(%a: tensor<4x0xf32>, %b: tensor<0x5xf32>, %q: tensor<1x6x2x8xf32>, %k: tensor<1x0x2x8xf32>, %x: tensor<1x0x8x8xf32>, %w: tensor<4x0x3x3xf32>, %l: tensor<3x0xf32>) -> (tensor<4x5xf32>, tensor<1x6x2x8xf32>, tensor<1x4x8x8xf32>, tensor<3x5xf32>) {
  %0 = mir.matmul %a, %b : (tensor<4x0xf32>, tensor<0x5xf32>) -> tensor<4x5xf32>
  %1 = mir.attention %q, %k, %k scale = 5.0e-01 : tensor<1x6x2x8xf32>, tensor<1x0x2x8xf32>, tensor<1x0x2x8xf32>
  %2 = mir.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x0x8x8xf32>, tensor<4x0x3x3xf32>) -> tensor<1x4x8x8xf32>
  %3 = mir.fused_matmul %l, %b : (tensor<3x0xf32>, tensor<0x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2, %3 : tensor<4x5xf32>, tensor<1x6x2x8xf32>, tensor<1x4x8x8xf32>, tensor<3x5xf32>
}

// -----

// Negative: nothing is empty, or the shape is not known yet.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT:    mir.reduce sum
// CHECK-NEXT:    mir.reduce sum
// CHECK-NEXT:    mir.slice
// CHECK-NEXT:    return
func.func @untouched(%x: tensor<4x3xf32>, %d: tensor<4x?xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4x?xf32>) {
  %0 = mir.reduce sum %x axes = [1] : tensor<4x3xf32> -> tensor<4xf32>
  %1 = mir.reduce sum %d axes = [1] : tensor<4x?xf32> -> tensor<4xf32>
  %2 = mir.slice %x offsets = [0, 3] sizes = [4, 0] strides = [1, 1] : tensor<4x3xf32> -> tensor<4x?xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4x?xf32>
}
