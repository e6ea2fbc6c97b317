// RUN: rlx-opt %s -split-input-file -rlx-cpu-tile-transposes | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-cpu-tile-transposes="vectorize=false" | FileCheck %s --check-prefix=SCALAR
// RUN: rlx-opt %s -split-input-file -rlx-cpu-tile-transposes="tile=8" | FileCheck %s --check-prefix=EIGHT
// RUN: not rlx-opt %s -split-input-file -rlx-cpu-tile-transposes="tile=0" 2>&1 | FileCheck %s --check-prefix=BAD

// Attention's K to [batch, head, d, seq]: the output's innermost (seq)
// reads the input's dim 1, and the output's dim 2 (d) the input's
// innermost. Both are tiled by 16, batch and head by 1: each tile is one
// 16 x 16 plane. Vectorized: the plane is read as 16 rows, transposed in
// registers by shuffles (upstream's shuffle_16x16), written as 16 rows.
// CHECK-LABEL: func.func @moves_the_innermost
// CHECK:         scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %[[H:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:               scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:                 %[[IN:.*]] = memref.subview %{{.*}}[%[[B]], %[[T]], %[[H]], %[[D]]] [1, 16, 1, 16] [1, 1, 1, 1]
// CHECK:                 %[[OUT:.*]] = memref.subview %{{.*}}[%[[B]], %[[H]], %[[D]], %[[T]]] [1, 1, 16, 16] [1, 1, 1, 1]
// CHECK:                 %[[INP:.*]] = memref.subview %[[IN]][0, 0, 0, 0] [1, 16, 1, 16] [1, 1, 1, 1] : memref<1x16x1x16xf32, strided<[16384, 128, 64, 1], offset: ?>> to memref<16x16xf32, strided<[128, 1], offset: ?>>
// CHECK:                 %[[R:.*]] = vector.transfer_read %[[INP]][%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<16x16xf32, strided<[128, 1], offset: ?>>, vector<16x16xf32>
// CHECK-COUNT-16:        vector.extract %[[R]][{{[0-9]+}}] : vector<16xf32> from vector<16x16xf32>
// CHECK:                 vector.shuffle
// CHECK-NOT:             vector.transpose
// CHECK:                 %[[OUTP:.*]] = memref.subview %[[OUT]][0, 0, 0, 0] [1, 1, 16, 16] [1, 1, 1, 1] : memref<1x1x16x16xf32, strided<[16384, 8192, 128, 1], offset: ?>> to memref<16x16xf32, strided<[128, 1], offset: ?>>
// CHECK:                 vector.transfer_write %{{.*}}, %[[OUTP]][%{{.*}}, %{{.*}}] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32, strided<[128, 1], offset: ?>>
// CHECK-NOT:     linalg.transpose
// SCALAR-LABEL: func.func @moves_the_innermost
// SCALAR:         %[[IN:.*]] = memref.subview %{{.*}} [1, 16, 1, 16] [1, 1, 1, 1]
// SCALAR:         %[[OUT:.*]] = memref.subview %{{.*}} [1, 1, 16, 16] [1, 1, 1, 1]
// SCALAR:         linalg.transpose ins(%[[IN]] : {{.*}}) outs(%[[OUT]] : {{.*}}) permutation = [0, 2, 3, 1]
// SCALAR-NOT:     vector.
// EIGHT-LABEL: func.func @moves_the_innermost
// EIGHT:         memref.subview %{{.*}} [1, 8, 1, 8] [1, 1, 1, 1]
// EIGHT:         linalg.transpose
// EIGHT-NOT:     vector.
// BAD: rlx-cpu-tile-transposes: tile must be >= 1
func.func @moves_the_innermost(%k: memref<1x128x2x64xf32>, %kt: memref<1x2x64x128xf32>) {
  linalg.transpose ins(%k : memref<1x128x2x64xf32>) outs(%kt : memref<1x2x64x128xf32>) permutation = [0, 2, 3, 1]
  return
}

// -----

// Dims that are not multiples of 16 give partial tiles (dynamic sizes):
// every tile stays a scalar linalg.transpose.
// CHECK-LABEL: func.func @partial_tiles
// CHECK:         linalg.transpose ins(%{{.*}} : memref<?x?xf32, strided<[24, 1], offset: ?>>)
// CHECK-NOT:     vector.transfer_read
func.func @partial_tiles(%a: memref<20x24xf32>, %b: memref<24x20xf32>) {
  linalg.transpose ins(%a : memref<20x24xf32>) outs(%b : memref<24x20xf32>) permutation = [1, 0]
  return
}

// -----

// f16 tiles stay scalar (the shuffle lowering is for 16 lanes of 32 bits).
// CHECK-LABEL: func.func @half_tiles
// CHECK:         linalg.transpose ins(%{{.*}} : memref<16x16xf16, strided<[32, 1], offset: ?>>)
// CHECK-NOT:     vector.transfer_read
func.func @half_tiles(%a: memref<32x32xf16>, %b: memref<32x32xf16>) {
  linalg.transpose ins(%a : memref<32x32xf16>) outs(%b : memref<32x32xf16>) permutation = [1, 0]
  return
}

// -----

// The heads' transpose keeps the innermost dimension: row copies, left
// whole.
// CHECK-LABEL: func.func @keeps_the_innermost
// CHECK-NOT:     scf.for
// CHECK:         linalg.transpose ins(%{{.*}} : memref<1x128x2x64xf32>) outs(%{{.*}} : memref<1x2x128x64xf32>) permutation = [0, 2, 1, 3]
func.func @keeps_the_innermost(%q: memref<1x128x2x64xf32>, %qt: memref<1x2x128x64xf32>) {
  linalg.transpose ins(%q : memref<1x128x2x64xf32>) outs(%qt : memref<1x2x128x64xf32>) permutation = [0, 2, 1, 3]
  return
}
