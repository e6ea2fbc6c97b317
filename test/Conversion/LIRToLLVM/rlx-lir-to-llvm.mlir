// The CPU lowering without its code generators (they have their own tests),
// and its first step, rlx-outline-dispatches, alone.
// RUN: rlx-opt %s -split-input-file -rlx-lir-to-llvm="tile-matmul=false vectorize=false" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-outline-dispatches -rlx-lower-library-calls | FileCheck %s --check-prefix=OUTLINE
// The outlined functions parse again (the input table's llvm ops included).
// RUN: rlx-opt %s -split-input-file -rlx-outline-dispatches | rlx-opt -split-input-file | FileCheck %s --check-prefix=OUTLINE
// Only the LLVM dialect is left: no op of another dialect, no cast, also
// with the code generators on (the pipeline's defaults, as in the API).
// RUN: rlx-opt %s -split-input-file -rlx-lir-to-llvm="tile-matmul=false vectorize=false" | FileCheck %s --check-prefix=ONLYLLVM
// RUN: rlx-opt %s -split-input-file -rlx-lir-to-llvm | FileCheck %s --check-prefix=ONLYLLVM
// ONLYLLVM-NOT: {{^ *(%[^ ]+ = )?"?(lir|memref|linalg|scf|arith|math|func|vector|affine|cf|index|ub)\.}}
// ONLYLLVM-NOT: unrealized_conversion_cast

// Two workgroups, each scaling its half (a subview at workgroup_id * 8):
// one exported function (ptr arena, ptr inputs, i64, i64, i64); the
// coordinate is %x. The input is read where the input table says (its
// address loaded from entry 0); the output is the arena pointer plus its
// constant offset.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK-SAME:      %[[ARENA:[^:]+]]: !llvm.ptr, %[[INPUTS:[^:]+]]: !llvm.ptr, %[[X:[^:]+]]: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
// CHECK-SAME:      attributes {lir.grid = array<i64: 2>, lir.kernel = "scale_half"}
// CHECK-DAG:     %[[C8:.+]] = llvm.mlir.constant(8 : index) : i64
// CHECK-DAG:     %[[ADDR:.+]] = llvm.load %[[INPUTS]] : !llvm.ptr -> i64
// CHECK-DAG:     %[[IN:.+]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK-DAG:     %[[OUT:.+]] = llvm.getelementptr %[[ARENA]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG:     %[[OFF:.+]] = llvm.mul %[[X]], %[[C8]] : i64
// CHECK:         llvm.getelementptr %[[IN]][%[[OFF]]]
// CHECK:         llvm.fmul
// CHECK:         llvm.return
// Its footprint: grid [2, 1, 1], two views: bytes [0, 64) of input 0, and
// [64, 128) of the arena, both row-major (panel width 0; runtime/KernelAbi.h).
// CHECK:       llvm.mlir.global external constant @rlx_dispatch_0_footprint(dense<[2, 1, 1, 2, 0, 0, 64, 0, -1, 64, 64, 0]> : tensor<12xi64>) {{.*}}: !llvm.array<12 x i64>
// CHECK-NOT:   llvm.func @rlx_dispatch_1

// OUTLINE-LABEL: func.func @rlx_dispatch_0(
// OUTLINE-SAME:      %[[ARENA:[^:]+]]: memref<128xi8>, %[[INPUTS:[^:]+]]: memref<1xi64>, %[[X:[^:]+]]: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
// OUTLINE-SAME:      attributes {lir.grid = array<i64: 2>, lir.kernel = "scale_half"}
// OUTLINE:         %[[WG:.+]] = arith.index_cast %[[X]] : i64 to index
// OUTLINE:         %[[ADDR:.+]] = memref.load %[[INPUTS]][%{{.+}}] : memref<1xi64>
// OUTLINE:         %[[BYTES:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<64xi8>
// OUTLINE:         %[[C0:.+]] = arith.constant 0 : index
// OUTLINE-NEXT:    %[[IN:.+]] = memref.view %[[BYTES]][%[[C0]]][] : memref<64xi8> to memref<16xf32>
// OUTLINE-NEXT:    %[[C64:.+]] = arith.constant 64 : index
// OUTLINE-NEXT:    %[[OUT:.+]] = memref.view %[[ARENA]][%[[C64]]][] : memref<128xi8> to memref<16xf32>
// OUTLINE:         %[[OFF:.+]] = arith.muli %[[WG]], %{{.+}} : index
// OUTLINE-NEXT:    memref.subview %[[IN]][%[[OFF]]] [8] [1]
// OUTLINE-NEXT:    memref.subview %[[OUT]][%[[OFF]]] [8] [1]
// OUTLINE:         linalg.map
// OUTLINE:         return
// OUTLINE:       llvm.mlir.global external constant @rlx_dispatch_0_footprint(dense<[2, 1, 1, 2, 0, 0, 64, 0, -1, 64, 64, 0]>
// OUTLINE-NOT:     lir.
lir.program @halves arena_size = 128 alignment = 64 {
  lir.io input "x" at 0 : memref<16xf32>
  lir.io output "y" at 64 : memref<16xf32>
  lir.kernel @scale_half grid = [2] {
  ^bb0(%in: memref<16xf32>, %out: memref<16xf32>):
    %c8 = arith.constant 8 : index
    %two = arith.constant 2.0 : f32
    %wg = lir.workgroup_id 0
    %off = arith.muli %wg, %c8 : index
    %a = memref.subview %in[%off] [8] [1]
        : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    %b = memref.subview %out[%off] [8] [1]
        : memref<16xf32> to memref<8xf32, strided<[1], offset: ?>>
    linalg.map ins(%a : memref<8xf32, strided<[1], offset: ?>>)
               outs(%b : memref<8xf32, strided<[1], offset: ?>>)
      (%v: f32) {
        %m = arith.mulf %v, %two : f32
        linalg.yield %m : f32
      }
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<16xf32>
    %y = lir.view at 64 : memref<16xf32>
    lir.dispatch @scale_half(%x, %y) : memref<16xf32>, memref<16xf32>
  }
}

// -----

// A matmul kernel dispatched twice on different views: one function per
// dispatch, in schedule order, each with its own offsets; the matmul is
// loops of fmul + fadd.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK-SAME:      %[[ARENA:[^:]+]]: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
// CHECK-SAME:      lir.kernel = "matmul"
// CHECK-DAG:     llvm.getelementptr %[[ARENA]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-DAG:     llvm.getelementptr %[[ARENA]][128] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[P:.+]] = llvm.fmul
// CHECK-NEXT:    llvm.fadd %{{.+}}, %[[P]]
// CHECK:       llvm.mlir.global external constant @rlx_dispatch_0_footprint(dense<[1, 1, 1, 3, -1, 0, 64, 0, -1, 64, 64, 0, -1, 128, 64, 0]>
// CHECK-LABEL: llvm.func @rlx_dispatch_1(
// CHECK-SAME:      %[[ARENA:[^:]+]]: !llvm.ptr
// CHECK-DAG:     llvm.getelementptr %[[ARENA]][192] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         llvm.fmul
// CHECK:       llvm.mlir.global external constant @rlx_dispatch_1_footprint(dense<[1, 1, 1, 3, -1, 128, 64, 0, -1, 64, 64, 0, -1, 192, 64, 0]>

// OUTLINE-LABEL: func.func @rlx_dispatch_0(
// OUTLINE-DAG:     memref.view %{{.+}}[%{{.+}}][] : memref<256xi8> to memref<4x4xf32>
// OUTLINE:         linalg.matmul
// OUTLINE-LABEL: func.func @rlx_dispatch_1(
// OUTLINE:         %[[C192:.+]] = arith.constant 192 : index
// OUTLINE-NEXT:    memref.view %{{.+}}[%[[C192]]][] : memref<256xi8> to memref<4x4xf32>
// OUTLINE:         linalg.matmul
lir.program @mm arena_size = 256 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>):
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<4x4xf32>)
    linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>)
                  outs(%c : memref<4x4xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4x4xf32>
    %b = lir.view at 64 : memref<4x4xf32>
    %c = lir.view at 128 : memref<4x4xf32>
    %d = lir.view at 192 : memref<4x4xf32>
    lir.dispatch @matmul(%a, %b, %c)
        : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
    lir.dispatch @matmul(%c, %b, %d)
        : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
  }
}

// -----

// Two programs in one module: every symbol is prefixed with its program's
// name, dispatches are counted per program. A function outside the LIR is
// lowered along.
// CHECK-LABEL: llvm.func @helper()
// CHECK-LABEL: llvm.func @first_rlx_dispatch_0(
// CHECK-SAME:      !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64)
// CHECK-SAME:      lir.kernel = "fill"
// CHECK-LABEL: llvm.func @first_rlx_dispatch_1(
// CHECK-LABEL: llvm.func @second_rlx_dispatch_0(
// CHECK-NOT:   llvm.func @rlx_dispatch

// OUTLINE-LABEL: func.func @first_rlx_dispatch_0(
// OUTLINE-SAME:      memref<64xi8>
// OUTLINE-LABEL: func.func @first_rlx_dispatch_1(
// OUTLINE-LABEL: func.func @second_rlx_dispatch_0(
// OUTLINE-SAME:      memref<32xi8>
func.func @helper() {
  return
}
lir.program @first arena_size = 64 alignment = 64 {
  lir.kernel @fill grid = [1] {
  ^bb0(%out: memref<4xf32>):
    %v = arith.constant 1.5 : f32
    linalg.fill ins(%v : f32) outs(%out : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4xf32>
    %b = lir.view at 16 : memref<4xf32>
    lir.dispatch @fill(%a) : memref<4xf32>
    lir.dispatch @fill(%b) : memref<4xf32>
  }
}
lir.program @second arena_size = 32 alignment = 16 {
  lir.kernel @fill grid = [1] {
  ^bb0(%out: memref<4xf32>):
    %v = arith.constant -2.5 : f32
    linalg.fill ins(%v : f32) outs(%out : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 16 : memref<4xf32>
    lir.dispatch @fill(%a) : memref<4xf32>
  }
}

// -----

// A 3-D grid: workgroup_id 1 and 2 read the y and z arguments.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK-SAME:      %[[ARENA:[^:]+]]: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[X:[^:]+]]: i64, %[[Y:[^:]+]]: i64, %[[Z:[^:]+]]: i64)
// CHECK-SAME:      lir.grid = array<i64: 2, 3, 4>
// CHECK-DAG:     llvm.mul %[[Y]], %{{.+}} : i64
// CHECK-DAG:     llvm.add %{{.+}}, %[[Z]] : i64
// CHECK:         llvm.store

// OUTLINE-LABEL: func.func @rlx_dispatch_0(
// OUTLINE-SAME:      %{{[^:]+}}: memref<128xi8>, %{{[^:]+}}: memref<1xi64>, %{{[^:]+}}: i64, %[[Y:[^:]+]]: i64, %[[Z:[^:]+]]: i64)
// OUTLINE-DAG:     arith.index_cast %[[Y]] : i64 to index
// OUTLINE-DAG:     arith.index_cast %[[Z]] : i64 to index
lir.program @grid3d arena_size = 128 alignment = 64 {
  lir.kernel @store grid = [2, 3, 4] {
  ^bb0(%out: memref<3x4xf32>):
    %y = lir.workgroup_id 1
    %z = lir.workgroup_id 2
    %v = arith.constant 1.0 : f32
    memref.store %v, %out[%y, %z] : memref<3x4xf32>
    lir.return
  }
  lir.schedule {
    %out = lir.view at 0 : memref<3x4xf32>
    lir.dispatch @store(%out) : memref<3x4xf32>
  }
}

// -----

// Math: exp is an LLVM intrinsic; tanh and erf become libm calls, declared
// once; f16 erf computes in f32.
// CHECK-DAG:   llvm.func @tanhf(f32) -> f32
// CHECK-DAG:   llvm.func @erff(f32) -> f32
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK:         llvm.intr.exp(%{{.+}}) : (f32) -> f32
// CHECK:         llvm.call @tanhf(%{{.+}}) : (f32) -> f32
// CHECK:         llvm.fpext %{{.+}} : f16 to f32
// CHECK-NEXT:    llvm.call @erff(%{{.+}}) : (f32) -> f32
// CHECK-NEXT:    llvm.fptrunc %{{.+}} : f32 to f16
lir.program @math arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>, %h: memref<4xf16>):
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<4xf32>
    %e = math.exp %v : f32
    %t = math.tanh %e : f32
    memref.store %t, %x[%c0] : memref<4xf32>
    %hv = memref.load %h[%c0] : memref<4xf16>
    %he = math.erf %hv : f16
    memref.store %he, %h[%c0] : memref<4xf16>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    %h = lir.view at 16 : memref<4xf16>
    lir.dispatch @k(%x, %h) : memref<4xf32>, memref<4xf16>
  }
}

// -----

// bf16 arithmetic computes in f32; extension and rounding are integer ops,
// so LLVM only loads and stores bf16 bits.
// CHECK-LABEL: llvm.func @rlx_dispatch_0(
// CHECK:         %[[B:.+]] = llvm.load %{{.+}} : !llvm.ptr -> bf16
// CHECK-NEXT:    llvm.bitcast %[[B]] : bf16 to i16
// CHECK:         llvm.fmul %{{.+}}, %{{.+}} : f32
// CHECK:         %[[R:.+]] = llvm.bitcast %{{.+}} : i16 to bf16
// CHECK-NEXT:    llvm.store %[[R]]
lir.program @bf16 arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xbf16>):
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<4xbf16>
    %m = arith.mulf %v, %v : bf16
    memref.store %m, %x[%c0] : memref<4xbf16>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xbf16>
    lir.dispatch @k(%x) : memref<4xbf16>
  }
}

// -----

// arith.maximumf / minimumf (MIR max, min, relu) become llvm.intr.maximum /
// minimum, which order -0 below +0 and propagate NaN, also on bf16 (in
// f32). Regression: arith-expand rewrote them to fcmp ugt / ult + select,
// so max(+0, -0) gave -0 and min(-0, +0) gave +0.
// (The bf16 rounding's own `fcmp une` NaN test may follow.)
// CHECK-LABEL: llvm.func @rlx_dispatch_0({{.+}}lir.kernel = "max_min"
// CHECK-NOT:     llvm.fcmp "{{ugt|ult}}"
// CHECK:         llvm.intr.maximum(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
// CHECK-NOT:     llvm.fcmp "{{ugt|ult}}"
// CHECK:         llvm.intr.minimum(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
// CHECK-NOT:     llvm.fcmp "{{ugt|ult}}"
// CHECK:         llvm.intr.maximum(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
// CHECK-NOT:     llvm.fcmp "{{ugt|ult}}"
// CHECK:         llvm.return
lir.program @max_min arena_size = 128 alignment = 64 {
  lir.kernel @max_min grid = [1] {
  ^bb0(%x: memref<4xf32>, %h: memref<4xbf16>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.load %x[%c0] : memref<4xf32>
    %b = memref.load %x[%c1] : memref<4xf32>
    %max = arith.maximumf %a, %b : f32
    %min = arith.minimumf %max, %b : f32
    memref.store %min, %x[%c0] : memref<4xf32>
    %p = memref.load %h[%c0] : memref<4xbf16>
    %q = memref.load %h[%c1] : memref<4xbf16>
    %hmax = arith.maximumf %p, %q : bf16
    memref.store %hmax, %h[%c0] : memref<4xbf16>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    %h = lir.view at 64 : memref<4xbf16>
    lir.dispatch @max_min(%x, %h) : memref<4xf32>, memref<4xbf16>
  }
}

// -----

// A strided memref.copy would call MLIR's runtime (memrefCopy): it becomes
// linalg.copy, hence loops. A contiguous copy stays a memcpy.
// CHECK-LABEL: llvm.func @rlx_dispatch_0({{.+}}lir.kernel = "copies"
// CHECK-NOT:     memrefCopy
// CHECK:         "llvm.intr.memcpy"
// CHECK-NOT:     memrefCopy
// CHECK:         llvm.return

// OUTLINE-LABEL: func.func @rlx_dispatch_0({{.+}}lir.kernel = "copies"
// OUTLINE:         linalg.copy ins(%{{.+}} : memref<4xf32, strided<[2]>>) outs(%{{.+}} : memref<4xf32>)
// OUTLINE:         memref.copy %{{.+}}, %{{.+}} : memref<8xf32> to memref<8xf32>
lir.program @copies arena_size = 128 alignment = 64 {
  lir.kernel @copies grid = [1] {
  ^bb0(%x: memref<8xf32>, %y: memref<4xf32>, %z: memref<8xf32>):
    %even = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
    memref.copy %even, %y : memref<4xf32, strided<[2]>> to memref<4xf32>
    memref.copy %x, %z : memref<8xf32> to memref<8xf32>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<8xf32>
    %y = lir.view at 32 : memref<4xf32>
    %z = lir.view at 64 : memref<8xf32>
    lir.dispatch @copies(%x, %y, %z) : memref<8xf32>, memref<4xf32>, memref<8xf32>
  }
}

// -----

// A program without dispatches leaves nothing; the LIR is gone.
// CHECK-LABEL: module {
// CHECK-NEXT:  }
// OUTLINE-LABEL: module {
// OUTLINE-NEXT:  }
lir.program @empty arena_size = 0 alignment = 64 {
  lir.kernel @unused grid = [1] {
    lir.return
  }
  lir.schedule {
  }
}
