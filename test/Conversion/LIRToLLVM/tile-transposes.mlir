// RUN: rlx-opt %s -split-input-file -rlx-cpu-tile-transposes | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-cpu-tile-transposes="tile=8" | FileCheck %s --check-prefix=EIGHT
// RUN: not rlx-opt %s -split-input-file -rlx-cpu-tile-transposes="tile=0" 2>&1 | FileCheck %s --check-prefix=BAD

// Attention's K to [batch, head, d, seq]: the output's innermost (seq)
// reads the input's dim 1, and the output's dim 2 (d) the input's
// innermost. Both are tiled by 16, each tile a 16 x 16 transpose of
// subviews; batch and head stay whole.
// CHECK-LABEL: func.func @moves_the_innermost
// CHECK:         scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %[[S1:.*]] {
// CHECK:           scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[IN:.*]] = memref.subview %{{.*}}[0, %[[T]], 0, %[[D]]] [1, 16, 2, 16] [1, 1, 1, 1]
// CHECK:             %[[OUT:.*]] = memref.subview %{{.*}}[0, 0, %[[D]], %[[T]]] [1, 2, 16, 16] [1, 1, 1, 1]
// CHECK:             linalg.transpose ins(%[[IN]] : {{.*}}) outs(%[[OUT]] : {{.*}}) permutation = [0, 2, 3, 1]
// CHECK-NOT:     linalg.transpose
// EIGHT-LABEL: func.func @moves_the_innermost
// EIGHT:         memref.subview %{{.*}} [1, 8, 2, 8] [1, 1, 1, 1]
// BAD: rlx-cpu-tile-transposes: tile must be >= 1
func.func @moves_the_innermost(%k: memref<1x128x2x64xf32>, %kt: memref<1x2x64x128xf32>) {
  linalg.transpose ins(%k : memref<1x128x2x64xf32>) outs(%kt : memref<1x2x64x128xf32>) permutation = [0, 2, 3, 1]
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
