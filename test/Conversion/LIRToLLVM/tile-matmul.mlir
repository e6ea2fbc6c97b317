// RUN: rlx-opt %s -split-input-file -convert-lir-to-llvm=tile-matmul | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-lir-to-llvm=tile-matmul | FileCheck %s
// Without the option the matmul stays scalar loops.
// RUN: rlx-opt %s -split-input-file -convert-lir-to-llvm | FileCheck %s --check-prefix=SCALAR

// 64^3: only full 8x32x4 register tiles. The 8x32 accumulator is carried
// across the k loop in registers (a block argument), updated by FMAs on
// vector<32xf32> with a broadcast A element; no scalar fmul is left.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK:         ^bb{{[0-9]+}}(%{{[^:]+}}: i64, %{{[^:]+}}: !llvm.array<8 x vector<32xf32>>)
// CHECK-COUNT-32: llvm.intr.fmuladd(%{{.+}}, %{{.+}}, %{{.+}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
// CHECK-NOT:     llvm.fmul
// CHECK:         llvm.return

// SCALAR-LABEL: llvm.func @rlx_dispatch_0(
// SCALAR-NOT:     vector
// SCALAR:         llvm.fmul %{{.+}}, %{{.+}} : f32
lir.program @mm64 arena_size = 49152 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>):
    linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>)
                  outs(%c : memref<64x64xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<64x64xf32>
    %b = lir.view at 16384 : memref<64x64xf32>
    %c = lir.view at 32768 : memref<64x64xf32>
    lir.dispatch @matmul(%a, %b, %c)
        : memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>
  }
}

// -----

// 33x17x9: one cache block per dim, so every register tile, edges
// included, has a static size after peeling and is vectorized (17-wide rows,
// 1-row and 1-deep edges): no scalar multiply is left.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK:         llvm.intr.fmuladd(%{{.+}}, %{{.+}}, %{{.+}}) : (vector<17xf32>, vector<17xf32>, vector<17xf32>) -> vector<17xf32>
// CHECK-NOT:     llvm.fmul
// CHECK:         llvm.return
lir.program @mm_odd arena_size = 4160 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<33x9xf32>, %b: memref<9x17xf32>, %c: memref<33x17xf32>):
    linalg.matmul ins(%a, %b : memref<33x9xf32>, memref<9x17xf32>)
                  outs(%c : memref<33x17xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<33x9xf32>
    %b = lir.view at 1216 : memref<9x17xf32>
    %c = lir.view at 1856 : memref<33x17xf32>
    lir.dispatch @matmul(%a, %b, %c)
        : memref<33x9xf32>, memref<9x17xf32>, memref<33x17xf32>
  }
}

// -----

// M = 100: the second 64-row cache block has 36 rows, a size known only at
// run time, so its last register tile (36 = 4 * 8 + 4) is a dynamic edge:
// full tiles are FMAs on vectors, the edge stays scalar loops.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK-DAG:     llvm.intr.fmuladd(%{{.+}}, %{{.+}}, %{{.+}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK-DAG:     llvm.fmul %{{.+}}, %{{.+}} : f32
// CHECK:         llvm.return
lir.program @mm_dynamic_edge arena_size = 10240 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<100x8xf32>, %b: memref<8x16xf32>, %c: memref<100x16xf32>):
    linalg.matmul ins(%a, %b : memref<100x8xf32>, memref<8x16xf32>)
                  outs(%c : memref<100x16xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<100x8xf32>
    %b = lir.view at 3200 : memref<8x16xf32>
    %c = lir.view at 3712 : memref<100x16xf32>
    lir.dispatch @matmul(%a, %b, %c)
        : memref<100x8xf32>, memref<8x16xf32>, memref<100x16xf32>
  }
}

// -----

// Not f32: the schedule leaves the matmul alone.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK-NOT:     vector
// CHECK:         llvm.mul %{{.+}}, %{{.+}} : i32
lir.program @mm_i32 arena_size = 256 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<4x4xi32>, %b: memref<4x4xi32>, %c: memref<4x4xi32>):
    linalg.matmul ins(%a, %b : memref<4x4xi32>, memref<4x4xi32>)
                  outs(%c : memref<4x4xi32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4x4xi32>
    %b = lir.view at 64 : memref<4x4xi32>
    %c = lir.view at 128 : memref<4x4xi32>
    lir.dispatch @matmul(%a, %b, %c)
        : memref<4x4xi32>, memref<4x4xi32>, memref<4x4xi32>
  }
}
