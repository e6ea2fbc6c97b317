// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(rlx-expand-gpu-math))' | FileCheck %s

// erf and atan become polynomials (no math op left for them), tan sin/cos;
// the exp, log and tanh GLSL has are left alone.
// CHECK-LABEL: gpu.func @expanded
// CHECK-NOT:     math.erf
// CHECK-NOT:     math.atan
// CHECK-NOT:     math.tan
// CHECK:         math.sin
// CHECK:         math.cos
// CHECK:         arith.divf
// CHECK:         math.exp
// CHECK:         math.log
// CHECK:         math.tanh
gpu.module @m {
  gpu.func @expanded(%x: f32, %out: memref<6xf32>) kernel {
    %a = math.erf %x : f32
    %b = math.atan %x : f32
    %c = math.tan %x : f32
    %d = math.exp %x : f32
    %e = math.log %x : f32
    %f = math.tanh %x : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    memref.store %a, %out[%c0] : memref<6xf32>
    memref.store %b, %out[%c1] : memref<6xf32>
    memref.store %c, %out[%c2] : memref<6xf32>
    memref.store %d, %out[%c3] : memref<6xf32>
    memref.store %e, %out[%c4] : memref<6xf32>
    memref.store %f, %out[%c5] : memref<6xf32>
    gpu.return
  }
}

// -----

// pow gets C's semantics around a Pow of |x|: the sign for odd integer
// exponents, NaN for other exponents of a negative base, +inf for 0 to a
// negative power, 1 for any x to the 0.
// CHECK-LABEL: gpu.func @pow
// CHECK:         %[[ABS:.+]] = math.absf %[[X:.+]] : f32
// CHECK:         %[[MAG:.+]] = math.powf %[[ABS]], %[[Y:.+]] : f32
// CHECK:         math.floor %[[Y]]
// CHECK-DAG:     arith.cmpf olt, %[[X]]
// CHECK-DAG:     arith.negf %[[MAG]]
// CHECK-COUNT-5: arith.select
gpu.module @m {
  gpu.func @pow(%x: f32, %y: f32, %out: memref<1xf32>) kernel {
    %p = math.powf %x, %y : f32
    %c0 = arith.constant 0 : index
    memref.store %p, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
