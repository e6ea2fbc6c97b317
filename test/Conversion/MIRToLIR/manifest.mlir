// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt | FileCheck %s

// The manifest: slot names and roles, constants, and the outputs that need
// a copy kernel.

// Inputs take mir.name or input<i>, outputs mir.name or output<i>; two
// mir.param ops with one name are one slot; an unused param keeps its slot
// (it is still bound by name); params trail the other slots. The func is
// replaced by the program.
// CHECK-LABEL: lir.program @names arena_size = 328 alignment = 64 {
// CHECK-NEXT:    lir.io input "tokens" at 0 : memref<4xf32>
// CHECK-NEXT:    lir.io input "input1" at 64 : memref<4xf32>
// CHECK-NEXT:    lir.io param "w" at 256 : memref<4xf32>
// CHECK-NEXT:    lir.io param "unused" at 320 : memref<2xf32>
// CHECK-NEXT:    lir.io output "sum" at 128 : memref<4xf32>
// CHECK-NEXT:    lir.io output "output1" at 192 : memref<4xf32>
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<4xf32>
// CHECK-NEXT:      %[[W:.+]] = lir.view at 256 : memref<4xf32>
// CHECK-NEXT:      %[[SUM:.+]] = lir.view at 128 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @binary_add_0(%[[X]], %[[W]], %[[SUM]])
// CHECK-NEXT:      %[[Y:.+]] = lir.view at 64 : memref<4xf32>
// CHECK-NEXT:      %[[OUT1:.+]] = lir.view at 192 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @binary_mul_1(%[[Y]], %[[W]], %[[OUT1]])
// CHECK-NEXT:    }
// CHECK-NOT:   func.func
func.func @names(%x: tensor<4xf32> {mir.name = "tokens"}, %y: tensor<4xf32>) -> (tensor<4xf32> {mir.name = "sum"}, tensor<4xf32>) {
  %w = mir.param "w" : tensor<4xf32>
  %w2 = mir.param "w" : tensor<4xf32>
  %unused = mir.param "unused" : tensor<2xf32>
  %a = mir.binary add %x, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = mir.binary mul %y, %w2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// Constants a kernel reads as a buffer get a constant slot with their value
// (after the outputs); a splat operand of an elementwise op becomes an
// arith.constant in the kernel and needs no slot (%half), though the same
// splat read by a matmul does (%ones). A returned constant is copied.
// CHECK-LABEL: lir.program @constants arena_size = 528 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<2x2xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<2x2xf32>
// CHECK-NEXT:    lir.io output "output1" at 128 : memref<2x2xf32>
// CHECK-NEXT:    lir.io output "output2" at 192 : memref<2xi32>
// CHECK-NEXT:    lir.io constant "constant0" at 256 : memref<2x2xf32> = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    lir.io constant "constant1" at 320 : memref<2x2xf32> = dense<1.000000e+00> : tensor<2x2xf32>
// CHECK-NEXT:    lir.io constant "constant2" at 384 : memref<2xi32> = dense<[7, 8]> : tensor<2xi32>
// CHECK-NEXT:    lir.kernel @binary_mul_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<2x2xf32>, %[[OUT:.+]]: memref<2x2xf32>):
// CHECK-NEXT:      %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:      linalg.generic {{.*}} ins(%[[IN]] : memref<2x2xf32>) outs(%[[OUT]] : memref<2x2xf32>)
// CHECK-NEXT:      ^bb0(%[[E:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        %[[P:.+]] = arith.mulf %[[E]], %[[HALF]] : f32
// CHECK-NEXT:        linalg.yield %[[P]] : f32
// CHECK:         lir.kernel @binary_sub_3 grid = [1] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<2x2xf32>, %{{.+}}: memref<2x2xf32>):
// CHECK-NEXT:      arith.constant 1.000000e+00 : f32
// CHECK:         lir.kernel @copy_4 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[FROM:.+]]: memref<2xi32>, %[[TO:.+]]: memref<2xi32>):
// CHECK-NEXT:      linalg.copy ins(%[[FROM]] : memref<2xi32>) outs(%[[TO]] : memref<2xi32>)
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<2x2xf32>
// CHECK-NEXT:      %[[A:.+]] = lir.view at 448 : memref<2x2xf32>
// CHECK-NEXT:      lir.dispatch @binary_mul_0(%[[X]], %[[A]])
// CHECK-NEXT:      %[[M:.+]] = lir.view at 256 : memref<2x2xf32>
// CHECK-NEXT:      %[[B:.+]] = lir.view at 512 : memref<2x2xf32>
// CHECK-NEXT:      lir.dispatch @matmul_1(%[[A]], %[[M]], %[[B]])
// CHECK-NEXT:      %[[ONES:.+]] = lir.view at 320 : memref<2x2xf32>
// CHECK-NEXT:      %[[C:.+]] = lir.view at 64 : memref<2x2xf32>
// CHECK-NEXT:      lir.dispatch @matmul_2(%[[B]], %[[ONES]], %[[C]])
// CHECK-NEXT:      %[[D:.+]] = lir.view at 128 : memref<2x2xf32>
// CHECK-NEXT:      lir.dispatch @binary_sub_3(%[[C]], %[[D]])
// CHECK-NEXT:      %[[K:.+]] = lir.view at 384 : memref<2xi32>
// CHECK-NEXT:      %[[KOUT:.+]] = lir.view at 192 : memref<2xi32>
// CHECK-NEXT:      lir.dispatch @copy_4(%[[K]], %[[KOUT]])
// CHECK-NEXT:    }
func.func @constants(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>) {
  %half = mir.constant dense<5.000000e-01> : tensor<f32>
  %m = mir.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %ones = mir.constant dense<1.0> : tensor<2x2xf32>
  %k = mir.constant dense<[7, 8]> : tensor<2xi32>
  %a = mir.binary mul %x, %half : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  %b = mir.matmul %a, %m : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = mir.matmul %b, %ones : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %d = mir.binary sub %c, %ones : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %c, %d, %k : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>
}

// Outputs that are not a fresh result get a slot of their own and a copy
// kernel at the end: an input, a param, and a value returned twice (the
// first return claims %e's buffer as slot "e"; the reshape of it and the
// second return copy from that slot).
// CHECK-LABEL: lir.program @copies arena_size = 400 alignment = 64 {
// CHECK-NEXT:    lir.io input "x" at 0 : memref<4xf32>
// CHECK-NEXT:    lir.io param "w" at 384 : memref<4xf32>
// CHECK-NEXT:    lir.io output "same" at 64 : memref<4xf32>
// CHECK-NEXT:    lir.io output "weights" at 128 : memref<4xf32>
// CHECK-NEXT:    lir.io output "e" at 192 : memref<4xf32>
// CHECK-NEXT:    lir.io output "e2" at 256 : memref<2x2xf32>
// CHECK-NEXT:    lir.io output "again" at 320 : memref<4xf32>
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<4xf32>
// CHECK-NEXT:      %[[E:.+]] = lir.view at 192 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0(%[[X]], %[[E]])
// CHECK-NEXT:      %[[SAME:.+]] = lir.view at 64 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @copy_1(%[[X]], %[[SAME]])
// CHECK-NEXT:      %[[W:.+]] = lir.view at 384 : memref<4xf32>
// CHECK-NEXT:      %[[WOUT:.+]] = lir.view at 128 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @copy_2(%[[W]], %[[WOUT]])
// CHECK-NEXT:      %[[E2IN:.+]] = lir.view at 192 : memref<2x2xf32>
// CHECK-NEXT:      %[[E2:.+]] = lir.view at 256 : memref<2x2xf32>
// CHECK-NEXT:      lir.dispatch @copy_3(%[[E2IN]], %[[E2]])
// CHECK-NEXT:      %[[AGAIN:.+]] = lir.view at 320 : memref<4xf32>
// CHECK-NEXT:      lir.dispatch @copy_4(%[[E]], %[[AGAIN]])
// CHECK-NEXT:    }
func.func @copies(%x: tensor<4xf32> {mir.name = "x"}) -> (tensor<4xf32> {mir.name = "same"}, tensor<4xf32> {mir.name = "weights"}, tensor<4xf32> {mir.name = "e"}, tensor<2x2xf32> {mir.name = "e2"}, tensor<4xf32> {mir.name = "again"}) {
  %w = mir.param "w" : tensor<4xf32>
  %e = mir.unary exp %x : tensor<4xf32>
  %r = mir.reshape %e : tensor<4xf32> to tensor<2x2xf32>
  return %x, %w, %e, %r, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>
}

// An empty function: a program with no slots and an empty schedule.
// CHECK-LABEL: lir.program @empty arena_size = 0 alignment = 64 {
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @empty() {
  return
}

// A param stored permuted keeps `permuted` on its slot (two mir.param ops of
// the name are one slot), with `given` too; the kernels read the stored
// (transposed) bytes as the param's type.
// CHECK-LABEL: lir.program @permuted arena_size = 552 alignment = 64 {
// CHECK-NEXT:    lir.io input "x" at 0 : memref<3x4xf32>
// CHECK-NEXT:    lir.io input "h" at 64 : memref<3x4xbf16>
// CHECK-NEXT:    lir.io param "w" at 384 permuted [1, 0] : memref<4x5xf32>
// CHECK-NEXT:    lir.io param "v" at 512 given f32 permuted [1, 0] : memref<4x5xbf16>
// CHECK-NEXT:    lir.io output "y" at 128 : memref<3x5xf32>
// CHECK-NEXT:    lir.io output "z" at 192 : memref<3x5xbf16>
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<3x4xf32>
// CHECK-NEXT:      %[[W:.+]] = lir.view at 384 : memref<4x5xf32>
// CHECK-NEXT:      %[[A:.+]] = lir.view at 256 : memref<3x5xf32>
// CHECK-NEXT:      lir.dispatch @matmul_0(%[[X]], %[[W]], %[[A]])
// CHECK-NEXT:      %[[B:.+]] = lir.view at 320 : memref<3x5xf32>
// CHECK-NEXT:      lir.dispatch @matmul_1(%[[X]], %[[W]], %[[B]])
// CHECK:           %[[V:.+]] = lir.view at 512 : memref<4x5xbf16>
// CHECK:           lir.dispatch @matmul_3(%{{.+}}, %[[V]], %{{.+}})
func.func @permuted(%x: tensor<3x4xf32> {mir.name = "x"}, %h: tensor<3x4xbf16> {mir.name = "h"}) -> (tensor<3x5xf32> {mir.name = "y"}, tensor<3x5xbf16> {mir.name = "z"}) {
  %w = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
  %w2 = mir.param "w" permuted [1, 0] : tensor<4x5xf32>
  %v = mir.param "v" given f32 permuted [1, 0] : tensor<4x5xbf16>
  %a = mir.matmul %x, %w : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %b = mir.matmul %x, %w2 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %y = mir.binary add %a, %b : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  %z = mir.matmul %h, %v : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
  return %y, %z : tensor<3x5xf32>, tensor<3x5xbf16>
}
