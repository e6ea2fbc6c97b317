// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -convert-mir-to-lir=workgroup-elements=8 | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=SPLIT

// Data movement: transpose, slice, concat, gather, and the views (reshape,
// same-type cast) that need no kernel.

// transpose: linalg.transpose with the op's permutation. Split along result
// dim 0, which walks input dim permutation[0] = 2.
// CHECK-LABEL: lir.program @transpose
// CHECK:         ^bb0(%[[IN:.+]]: memref<2x4x8xf32>, %[[OUT:.+]]: memref<8x2x4xf32>):
// CHECK-NEXT:      linalg.transpose ins(%[[IN]] : memref<2x4x8xf32>) outs(%[[OUT]] : memref<8x2x4xf32>) permutation = [2, 0, 1]
// SPLIT-LABEL: lir.program @transpose
// SPLIT:         lir.kernel @transpose_0 grid = [8] {
// SPLIT-NEXT:    ^bb0(%[[IN:.+]]: memref<2x4x8xf32>, %[[OUT:.+]]: memref<8x2x4xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[INS:.+]] = memref.subview %[[IN]][0, 0, %[[WG]]] [2, 4, 1] [1, 1, 1]
// SPLIT-NEXT:      %[[OUTS:.+]] = memref.subview %[[OUT]][%[[WG]], 0, 0] [1, 2, 4] [1, 1, 1]
// SPLIT-NEXT:      linalg.transpose ins(%[[INS]] : {{.*}}) outs(%[[OUTS]] : {{.*}}) permutation = [2, 0, 1]
func.func @transpose(%x: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  %t = mir.transpose %x permutation = [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  return %t : tensor<8x2x4xf32>
}

// slice: a strided subview of the input copied with linalg.copy (not
// memref.copy, which needs a runtime library call for strided views); it
// does not split.
// CHECK-LABEL: lir.program @slice
// CHECK:         ^bb0(%[[IN:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<2x3xf32>):
// CHECK-NEXT:      %[[WIN:.+]] = memref.subview %[[IN]][1, 2] [2, 3] [2, 1] : memref<4x8xf32> to memref<2x3xf32, strided<[16, 1], offset: 10>>
// CHECK-NEXT:      linalg.copy ins(%[[WIN]] : memref<2x3xf32, strided<[16, 1], offset: 10>>) outs(%[[OUT]] : memref<2x3xf32>)
// CHECK-NOT:       memref.copy
// SPLIT-LABEL: lir.program @slice
// SPLIT:         lir.kernel @slice_0 grid = [1] {
func.func @slice(%x: tensor<4x8xf32>) -> tensor<2x3xf32> {
  %s = mir.slice %x offsets = [1, 2] sizes = [2, 3] strides = [2, 1] : tensor<4x8xf32> -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// concat: each input copied into its window of the result along the axis.
// Split: rows of dim 0 of every input and of the result.
// CHECK-LABEL: lir.program @concat
// CHECK:         ^bb0(%[[A:.+]]: memref<4x2xf32>, %[[B:.+]]: memref<4x6xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// CHECK-NEXT:      %[[WA:.+]] = memref.subview %[[OUT]][0, 0] [4, 2] [1, 1]
// CHECK-NEXT:      linalg.copy ins(%[[A]] : memref<4x2xf32>) outs(%[[WA]] :
// CHECK-NEXT:      %[[WB:.+]] = memref.subview %[[OUT]][0, 2] [4, 6] [1, 1]
// CHECK-NEXT:      linalg.copy ins(%[[B]] : memref<4x6xf32>) outs(%[[WB]] :
// SPLIT-LABEL: lir.program @concat
// SPLIT:         lir.kernel @concat_0 grid = [4] {
// SPLIT-NEXT:    ^bb0(%[[A:.+]]: memref<4x2xf32>, %[[B:.+]]: memref<4x6xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[AS:.+]] = memref.subview %[[A]][%[[WG]], 0] [1, 2] [1, 1]
// SPLIT-NEXT:      %[[BS:.+]] = memref.subview %[[B]][%[[WG]], 0] [1, 6] [1, 1]
// SPLIT-NEXT:      %[[OS:.+]] = memref.subview %[[OUT]][%[[WG]], 0] [1, 8] [1, 1]
// SPLIT-NEXT:      %[[WA:.+]] = memref.subview %[[OS]][0, 0] [1, 2] [1, 1]
// SPLIT-NEXT:      linalg.copy ins(%[[AS]] : {{.*}}) outs(%[[WA]] :
// SPLIT-NEXT:      %[[WB:.+]] = memref.subview %[[OS]][0, 2] [1, 6] [1, 1]
// SPLIT-NEXT:      linalg.copy ins(%[[BS]] : {{.*}}) outs(%[[WB]] :
func.func @concat(%a: tensor<4x2xf32>, %b: tensor<4x6xf32>) -> tensor<4x8xf32> {
  %c = mir.concat %a, %b axis = 1 : (tensor<4x2xf32>, tensor<4x6xf32>) -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// gather: result[i, j, k] = table[ids[i, j], k] when 0 <= id < 100, else 0
// (scf.if: no out-of-range load). Split along the indices' rows; the table
// is read whole.
// CHECK-LABEL: lir.program @gather_rows
// CHECK:         ^bb0(%[[T:.+]]: memref<100x16xf32>, %[[IDS:.+]]: memref<4x7xi32>, %[[OUT:.+]]: memref<4x7x16xf32>):
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:            %[[ID:.+]] = memref.load %[[IDS]][%[[I]], %[[J]]] : memref<4x7xi32>
// CHECK-NEXT:            %[[Z:.+]] = arith.constant 0 : i32
// CHECK-NEXT:            %[[GE:.+]] = arith.cmpi sge, %[[ID]], %[[Z]] : i32
// CHECK-NEXT:            %[[N:.+]] = arith.constant 100 : i32
// CHECK-NEXT:            %[[LT:.+]] = arith.cmpi slt, %[[ID]], %[[N]] : i32
// CHECK-NEXT:            %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:            %[[V:.+]] = scf.if %[[IN]] -> (f32) {
// CHECK-NEXT:              %[[ROW:.+]] = arith.index_cast %[[ID]] : i32 to index
// CHECK-NEXT:              %[[TV:.+]] = memref.load %[[T]][%[[ROW]], %[[K]]] : memref<100x16xf32>
// CHECK-NEXT:              scf.yield %[[TV]] : f32
// CHECK-NEXT:            } else {
// CHECK-NEXT:              %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:              scf.yield %[[ZERO]] : f32
// CHECK-NEXT:            }
// CHECK-NEXT:            memref.store %[[V]], %[[OUT]][%[[I]], %[[J]], %[[K]]] : memref<4x7x16xf32>
// SPLIT-LABEL: lir.program @gather_rows
// SPLIT:         lir.kernel @gather_0 grid = [4] {
// SPLIT-NEXT:    ^bb0(%[[T:.+]]: memref<100x16xf32>, %[[IDS:.+]]: memref<4x7xi32>, %[[OUT:.+]]: memref<4x7x16xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      memref.subview %[[IDS]][%[[WG]], 0] [1, 7] [1, 1]
// SPLIT-NEXT:      memref.subview %[[OUT]][%[[WG]], 0, 0] [1, 7, 16] [1, 1, 1]
// SPLIT-NOT:       memref.subview %[[T]]
func.func @gather_rows(%table: tensor<100x16xf32>, %ids: tensor<4x7xi32>) -> tensor<4x7x16xf32> {
  %e = mir.gather %table[%ids] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x7x16xf32>
  return %e : tensor<4x7x16xf32>
}

// gather along axis 1: the index picks the column; split along the table's
// rows (result dim 0 comes from the table).
// CHECK-LABEL: lir.program @gather_cols
// CHECK:         ^bb0(%[[T:.+]]: memref<4x10xf16>, %[[IDS:.+]]: memref<3xi64>, %[[OUT:.+]]: memref<4x3xf16>):
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[ID:.+]] = memref.load %[[IDS]][%[[J]]] : memref<3xi64>
// CHECK:               arith.constant 10 : i64
// CHECK:               %[[COL:.+]] = arith.index_cast %[[ID]] : i64 to index
// CHECK-NEXT:          memref.load %[[T]][%[[I]], %[[COL]]] : memref<4x10xf16>
// SPLIT-LABEL: lir.program @gather_cols
// SPLIT:         lir.kernel @gather_0 grid = [4] {
// SPLIT-NEXT:    ^bb0(%[[T:.+]]: memref<4x10xf16>, %[[IDS:.+]]: memref<3xi64>, %[[OUT:.+]]: memref<4x3xf16>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      memref.subview %[[T]][%[[WG]], 0] [1, 10] [1, 1]
// SPLIT-NEXT:      memref.subview %[[OUT]][%[[WG]], 0] [1, 3] [1, 1]
func.func @gather_cols(%table: tensor<4x10xf16>, %ids: tensor<3xi64>) -> tensor<4x3xf16> {
  %e = mir.gather %table[%ids] axis = 1 : (tensor<4x10xf16>, tensor<3xi64>) -> tensor<4x3xf16>
  return %e : tensor<4x3xf16>
}

// reshape and a same-type cast are views: no kernel; the exp reads the
// input's bytes as memref<16xf32> and writes the output slot, which the
// returned reshape claims.
// CHECK-LABEL: lir.program @views arena_size = 128 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<2x8xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<4x4xf32>
// CHECK-NEXT:    lir.kernel @unary_exp_0 grid = [1] {
// CHECK-NOT:     lir.kernel
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[IN:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[OUT:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0(%[[IN]], %[[OUT]]) : memref<16xf32>, memref<16xf32>
// CHECK-NEXT:    }
func.func @views(%x: tensor<2x8xf32>) -> tensor<4x4xf32> {
  %r = mir.reshape %x : tensor<2x8xf32> to tensor<16xf32>
  %c = mir.cast %r : tensor<16xf32> to tensor<16xf32>
  %e = mir.unary exp %c : tensor<16xf32>
  %r2 = mir.reshape %e : tensor<16xf32> to tensor<4x4xf32>
  return %r2 : tensor<4x4xf32>
}
