// RUN: rlx-opt %s | rlx-opt | FileCheck %s
// RUN: rlx-opt %s --mlir-print-op-generic | rlx-opt | FileCheck %s

// y = relu(x * w + b): three kernels (a 2-D tiled matmul with workgroup ids,
// scf.for, subviews and linalg; a bias add; a relu), a param slot, two
// outputs, and two views of the same bytes (4x16 and its flat 64 alias).
// CHECK-LABEL: lir.program @mlp arena_size = 1216 alignment = 64 {
// CHECK-NEXT:    lir.io input "x" at 0 : memref<4x8xf32>
// CHECK-NEXT:    lir.io param "w" at 128 : memref<8x16xf32>
// CHECK-NEXT:    lir.io param "b" at 640 : memref<16xf32>
// CHECK-NEXT:    lir.io output "y" at 704 : memref<4x16xf32>
// CHECK-NEXT:    lir.io output "pre" at 960 : memref<4x16xf32>
// CHECK-NEXT:    lir.kernel @matmul grid = [2, 2] {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[W:.+]]: memref<8x16xf32>, %[[OUT:.+]]: memref<4x16xf32>):
// CHECK-DAG:       %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:       %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:       %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:       %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:       %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[I:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[J:.+]] = lir.workgroup_id 1
// CHECK-NEXT:      %[[ROW:.+]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[COL:.+]] = arith.muli %[[J]], %[[C8]] : index
// CHECK-NEXT:      %[[ACC:.+]] = memref.subview %[[OUT]][%[[ROW]], %[[COL]]] [2, 8] [1, 1] : memref<4x16xf32> to memref<2x8xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[ACC]] : memref<2x8xf32, strided<[16, 1], offset: ?>>)
// CHECK-NEXT:      scf.for %[[K:.+]] = %[[C0]] to %[[C8]] step %[[C4]] {
// CHECK-NEXT:        %[[A:.+]] = memref.subview %[[X]][%[[ROW]], %[[K]]] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:        %[[B:.+]] = memref.subview %[[W]][%[[K]], %[[COL]]] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:        linalg.matmul ins(%[[A]], %[[B]] : memref<2x4xf32, strided<[8, 1], offset: ?>>, memref<4x8xf32, strided<[16, 1], offset: ?>>) outs(%[[ACC]] : memref<2x8xf32, strided<[16, 1], offset: ?>>)
// CHECK-NEXT:      }
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.kernel @bias_add grid = [4] {
// CHECK-NEXT:    ^bb0(%[[T:.+]]: memref<4x16xf32>, %[[BIAS:.+]]: memref<16xf32>, %[[SUM:.+]]: memref<4x16xf32>):
// CHECK:           %[[R:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      scf.for %[[C:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT:        %[[TV:.+]] = memref.load %[[T]][%[[R]], %[[C]]] : memref<4x16xf32>
// CHECK-NEXT:        %[[BV:.+]] = memref.load %[[BIAS]][%[[C]]] : memref<16xf32>
// CHECK-NEXT:        %[[S:.+]] = arith.addf %[[TV]], %[[BV]] : f32
// CHECK-NEXT:        memref.store %[[S]], %[[SUM]][%[[R]], %[[C]]] : memref<4x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.kernel @relu grid = [1] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<64xf32>, %[[Y:.+]]: memref<64xf32>):
// CHECK-NEXT:      %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      linalg.map ins(%[[IN]] : memref<64xf32>) outs(%[[Y]] : memref<64xf32>)
// CHECK-NEXT:        (%[[V:.+]]: f32) {
// CHECK-NEXT:          %[[M:.+]] = arith.maximumf %[[V]], %[[Z]] : f32
// CHECK-NEXT:          linalg.yield %[[M]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[VX:.+]] = lir.view at 0 : memref<4x8xf32>
// CHECK-NEXT:      %[[VW:.+]] = lir.view at 128 : memref<8x16xf32>
// CHECK-NEXT:      %[[VB:.+]] = lir.view at 640 : memref<16xf32>
// CHECK-NEXT:      %[[VPRE:.+]] = lir.view at 960 : memref<4x16xf32>
// CHECK-NEXT:      lir.dispatch @matmul(%[[VX]], %[[VW]], %[[VPRE]]) : memref<4x8xf32>, memref<8x16xf32>, memref<4x16xf32>
// CHECK-NEXT:      lir.dispatch @bias_add(%[[VPRE]], %[[VB]], %[[VPRE]]) : memref<4x16xf32>, memref<16xf32>, memref<4x16xf32>
// CHECK-NEXT:      %[[FLAT:.+]] = lir.view at 960 : memref<64xf32>
// CHECK-NEXT:      %[[VY:.+]] = lir.view at 704 : memref<64xf32>
// CHECK-NEXT:      lir.dispatch @relu(%[[FLAT]], %[[VY]]) : memref<64xf32>, memref<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @mlp arena_size = 1216 alignment = 64 {
  lir.io input "x" at 0 : memref<4x8xf32>
  lir.io param "w" at 128 : memref<8x16xf32>
  lir.io param "b" at 640 : memref<16xf32>
  lir.io output "y" at 704 : memref<4x16xf32>
  lir.io output "pre" at 960 : memref<4x16xf32>
  lir.kernel @matmul grid = [2, 2] {
  ^bb0(%x: memref<4x8xf32>, %w: memref<8x16xf32>, %out: memref<4x16xf32>):
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %i = lir.workgroup_id 0
    %j = lir.workgroup_id 1
    %row = arith.muli %i, %c2 : index
    %col = arith.muli %j, %c8 : index
    %acc = memref.subview %out[%row, %col] [2, 8] [1, 1]
        : memref<4x16xf32> to memref<2x8xf32, strided<[16, 1], offset: ?>>
    linalg.fill ins(%zero : f32)
        outs(%acc : memref<2x8xf32, strided<[16, 1], offset: ?>>)
    scf.for %k = %c0 to %c8 step %c4 {
      %a = memref.subview %x[%row, %k] [2, 4] [1, 1]
          : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
      %b = memref.subview %w[%k, %col] [4, 8] [1, 1]
          : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1], offset: ?>>
      linalg.matmul
          ins(%a, %b : memref<2x4xf32, strided<[8, 1], offset: ?>>,
                       memref<4x8xf32, strided<[16, 1], offset: ?>>)
          outs(%acc : memref<2x8xf32, strided<[16, 1], offset: ?>>)
    }
    lir.return
  }
  lir.kernel @bias_add grid = [4] {
  ^bb0(%t: memref<4x16xf32>, %b: memref<16xf32>, %out: memref<4x16xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %r = lir.workgroup_id 0
    scf.for %c = %c0 to %c16 step %c1 {
      %tv = memref.load %t[%r, %c] : memref<4x16xf32>
      %bv = memref.load %b[%c] : memref<16xf32>
      %s = arith.addf %tv, %bv : f32
      memref.store %s, %out[%r, %c] : memref<4x16xf32>
    }
    lir.return
  }
  lir.kernel @relu grid = [1] {
  ^bb0(%in: memref<64xf32>, %y: memref<64xf32>):
    %zero = arith.constant 0.0 : f32
    linalg.map ins(%in : memref<64xf32>) outs(%y : memref<64xf32>)
      (%v: f32) {
        %m = arith.maximumf %v, %zero : f32
        linalg.yield %m : f32
      }
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4x8xf32>
    %w = lir.view at 128 : memref<8x16xf32>
    %b = lir.view at 640 : memref<16xf32>
    %pre = lir.view at 960 : memref<4x16xf32>
    lir.dispatch @matmul(%x, %w, %pre)
        : memref<4x8xf32>, memref<8x16xf32>, memref<4x16xf32>
    lir.dispatch @bias_add(%pre, %b, %pre)
        : memref<4x16xf32>, memref<16xf32>, memref<4x16xf32>
    %flat = lir.view at 960 : memref<64xf32>
    %y = lir.view at 704 : memref<64xf32>
    lir.dispatch @relu(%flat, %y) : memref<64xf32>, memref<64xf32>
  }
}

// A program with no manifest, no kernels and an empty schedule.
// CHECK-LABEL: lir.program @empty arena_size = 0 alignment = 64 {
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @empty arena_size = 0 alignment = 64 {
  lir.schedule {
  }
}

// Slots of every kind and dtype (0-d included) at a 16-byte alignment, one
// name used by both an input and an output, the last slot and view ending
// exactly at the arena's end; views at element (not slot) alignment; a
// kernel with no arguments and a 3-D grid; a private kernel.
// CHECK-LABEL: lir.program @manifest arena_size = 208 alignment = 16 {
// CHECK-NEXT:    lir.io input "f32" at 0 : memref<2x3xf32>
// CHECK-NEXT:    lir.io input "f16" at 32 : memref<8xf16>
// CHECK-NEXT:    lir.io input "bf16" at 48 : memref<4x4xbf16>
// CHECK-NEXT:    lir.io param "i8" at 80 : memref<16xi8>
// CHECK-NEXT:    lir.io param "i32" at 96 : memref<3xi32>
// CHECK-NEXT:    lir.io param "scale" at 112 : memref<f32>
// CHECK-NEXT:    lir.io output "i64" at 128 : memref<2xi64>
// CHECK-NEXT:    lir.io output "mask" at 144 : memref<5xi1>
// CHECK-NEXT:    lir.io output "f64" at 160 : memref<2xf64>
// CHECK-NEXT:    lir.io input "x" at 176 : memref<4xf32>
// CHECK-NEXT:    lir.io output "x" at 192 : memref<4xf32>
// CHECK-NEXT:    lir.kernel @noop grid = [1, 2, 3] {
// CHECK-NEXT:      %{{.+}} = lir.workgroup_id 2
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.kernel @narrow grid = [1] attributes {sym_visibility = "private"} {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<7xf16>, %{{.+}}: memref<4xi1>, %{{.+}}: memref<2xf32>):
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[H:.+]] = lir.view at 34 : memref<7xf16>
// CHECK-NEXT:      %[[M:.+]] = lir.view at 145 : memref<4xi1>
// CHECK-NEXT:      %[[T:.+]] = lir.view at 200 : memref<2xf32>
// CHECK-NEXT:      lir.dispatch @noop(){{$}}
// CHECK-NEXT:      lir.dispatch @narrow(%[[H]], %[[M]], %[[T]]) : memref<7xf16>, memref<4xi1>, memref<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @manifest arena_size = 208 alignment = 16 {
  lir.io input "f32" at 0 : memref<2x3xf32>
  lir.io input "f16" at 32 : memref<8xf16>
  lir.io input "bf16" at 48 : memref<4x4xbf16>
  lir.io param "i8" at 80 : memref<16xi8>
  lir.io param "i32" at 96 : memref<3xi32>
  lir.io param "scale" at 112 : memref<f32>
  lir.io output "i64" at 128 : memref<2xi64>
  lir.io output "mask" at 144 : memref<5xi1>
  lir.io output "f64" at 160 : memref<2xf64>
  lir.io input "x" at 176 : memref<4xf32>
  lir.io output "x" at 192 : memref<4xf32>
  lir.kernel @noop grid = [1, 2, 3] {
    %k = lir.workgroup_id 2
    lir.return
  }
  lir.kernel @narrow grid = [1] attributes {sym_visibility = "private"} {
  ^bb0(%h: memref<7xf16>, %m: memref<4xi1>, %t: memref<2xf32>):
    lir.return
  }
  lir.schedule {
    %h = lir.view at 34 : memref<7xf16>
    %m = lir.view at 145 : memref<4xi1>
    %t = lir.view at 200 : memref<2xf32>
    lir.dispatch @noop()
    lir.dispatch @narrow(%h, %m, %t)
        : memref<7xf16>, memref<4xi1>, memref<2xf32>
  }
}

// Kernel names are scoped per program: a second program reuses @matmul.
// CHECK-LABEL: lir.program @second arena_size = 64 alignment = 64 {
// CHECK-NEXT:    lir.kernel @matmul grid = [1] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<4xi32>):
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[V:.+]] = lir.view at 48 : memref<4xi32>
// CHECK-NEXT:      lir.dispatch @matmul(%[[V]]) : memref<4xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
lir.program @second arena_size = 64 alignment = 64 {
  lir.kernel @matmul grid = [1] {
  ^bb0(%a: memref<4xi32>):
    lir.return
  }
  lir.schedule {
    %v = lir.view at 48 : memref<4xi32>
    lir.dispatch @matmul(%v) : memref<4xi32>
  }
}

// Generic form without `alignment` gets the default 64; a discardable
// attribute prints after `attributes`.
// CHECK-LABEL: lir.program @generic arena_size = 0 alignment = 64 attributes {foo.note = "x"} {
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
"lir.program"() <{arena_size = 0 : i64, sym_name = "generic"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) {foo.note = "x"} : () -> ()

// A constant slot carries its value.
// CHECK-LABEL: lir.program @constants
// CHECK: lir.io constant "c0" at 0 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: lir.io constant "c1" at 64 : memref<i32> = dense<7> : tensor<i32>
lir.program @constants arena_size = 128 alignment = 64 {
  lir.io constant "c0" at 0 : memref<2xf32> = dense<[1.0, 2.0]> : tensor<2xf32>
  lir.io constant "c1" at 64 : memref<i32> = dense<7> : tensor<i32>
  lir.schedule {
  }
}

// A GPU kernel: a workgroup size, invocations by gpu.thread_id, workgroup
// memory and a barrier.
// CHECK-LABEL: lir.program @gpu_kernel
// CHECK: lir.kernel @sum grid = [2] workgroup_size = [64, 1, 1] {
// CHECK:   gpu.thread_id x
// CHECK:   memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK:   gpu.barrier
lir.program @gpu_kernel arena_size = 576 alignment = 64 {
  lir.io input "x" at 0 : memref<128xf32>
  lir.io output "y" at 512 : memref<2xf32>
  lir.kernel @sum grid = [2] workgroup_size = [64, 1, 1] {
  ^bb0(%x: memref<128xf32>, %y: memref<2xf32>):
    %t = gpu.thread_id x
    %shared = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %v = memref.load %x[%t] : memref<128xf32>
    memref.store %v, %shared[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    lir.return
  }
  lir.schedule {
  }
}

// A param given in f32 and stored in f16 (the runtime converts it when set).
// CHECK-LABEL: lir.program @given
// CHECK-NEXT:    lir.io param "w" at 0 given f32 : memref<8x16xf16>
lir.program @given arena_size = 256 alignment = 64 {
  lir.io param "w" at 0 given f32 : memref<8x16xf16>
  lir.schedule {
  }
}

// A bf16 param given in f32 and stored in pair panels (converted, then
// packed, when set).
// CHECK-LABEL: lir.program @pairs
// CHECK-NEXT:    lir.io param "w" at 0 panels 16 given f32 : memref<8x32xbf16>
lir.program @pairs arena_size = 512 alignment = 64 {
  lir.io param "w" at 0 panels 16 given f32 : memref<8x32xbf16>
  lir.schedule {
  }
}

// Params given in another dim order and stored transposed (the runtime
// permutes them when set): alone, with `given`, and with `panels` and
// `given` (permuted, converted, then packed).
// CHECK-LABEL: lir.program @permuted
// CHECK-NEXT:    lir.io param "fc.weight" at 0 permuted [1, 0] : memref<8x16xf32>
// CHECK-NEXT:    lir.io param "w3" at 512 permuted [2, 0, 1] : memref<4x2x3xf32>
// CHECK-NEXT:    lir.io param "h" at 640 given f32 permuted [1, 0] : memref<8x16xf16>
// CHECK-NEXT:    lir.io param "p" at 1024 panels 16 given f32 permuted [1, 0] : memref<8x32xbf16>
lir.program @permuted arena_size = 1536 alignment = 64 {
  lir.io param "fc.weight" at 0 permuted [1, 0] : memref<8x16xf32>
  lir.io param "w3" at 512 permuted [2, 0, 1] : memref<4x2x3xf32>
  lir.io param "h" at 640 given f32 permuted [1, 0] : memref<8x16xf16>
  lir.io param "p" at 1024 panels 16 given f32 permuted [1, 0] : memref<8x32xbf16>
  lir.schedule {
  }
}

// A state param: memory the program keeps between runs and writes in place.
// CHECK-LABEL: lir.program @state
// CHECK-NEXT:    lir.io param "k" at 0 state : memref<1x8x16xf32>
// CHECK-NEXT:    lir.io param "w" at 512 : memref<16xf32>
lir.program @state arena_size = 576 alignment = 64 {
  lir.io param "k" at 0 state : memref<1x8x16xf32>
  lir.io param "w" at 512 : memref<16xf32>
  lir.schedule {
  }
}
