// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(rlx-expand-gpu-math))' | FileCheck %s

// f32 erf, atan, tan, exp, log and tanh leave no math op of their own:
// rlx's polynomials (exp, atan, tanh), upstream's (erf, log), sin / cos
// (tan). sin and cos stay GLSL's.
// CHECK-LABEL: gpu.func @expanded
// CHECK-NOT:     math.erf
// CHECK-NOT:     math.atan
// CHECK-NOT:     math.tan
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.log
// CHECK:         math.sin
// CHECK:         math.cos
// CHECK-NOT:     math.erf
// CHECK-NOT:     math.atan
// CHECK-NOT:     math.tan
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.log
// CHECK:         gpu.return
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

// exp without fused multiply-adds: Cody-Waite reduction by 0.693359375 (k
// times it is exact) and -2.12194440e-4, 2^k as two exponent-field
// scalings, then overflow, underflow and NaN selected.
// CHECK-LABEL: gpu.func @exp
// CHECK-NOT:     math.fma
// CHECK-DAG:     arith.constant 0.693359375 : f32
// CHECK-DAG:     arith.constant -2.12194442E-4 : f32
// CHECK-DAG:     math.floor
// CHECK:         arith.fptosi
// CHECK-COUNT-2: arith.shli
// CHECK:         arith.cmpf ogt, %[[X:.+]], %{{.+}} : f32
// CHECK:         arith.cmpf olt, %[[X]], %{{.+}} : f32
// CHECK:         arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-NOT:     math.fma
gpu.module @m {
  gpu.func @exp(%x: f32, %out: memref<1xf32>) kernel {
    %e = math.exp %x : f32
    %c0 = arith.constant 0 : index
    memref.store %e, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// tanh (conversion/AccurateTanh.h): on |x|, a polynomial below 0.625 and
// 1 - 2 / (e^2|x| + 1) above, no fused multiply-adds; the choice, then x's
// sign (so -0 stays -0).
// CHECK-LABEL: gpu.func @tanh
// CHECK-NOT:     math.fma
// CHECK:         %[[A:.+]] = math.absf %[[X:.+]] : f32
// CHECK:         %[[SMALL:.+]] = arith.cmpf olt, %[[A]], %{{.+}} : f32
// CHECK-NEXT:    %[[Y:.+]] = arith.select %[[SMALL]], %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    math.copysign %[[Y]], %[[X]] : f32
gpu.module @m {
  gpu.func @tanh(%x: f32, %out: memref<1xf32>) kernel {
    %t = math.tanh %x : f32
    %c0 = arith.constant 0 : index
    memref.store %t, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// f16 math stays GLSL's (the polynomials are f32's).
// CHECK-LABEL: gpu.func @half
// CHECK:         math.exp %{{.+}} : f16
// CHECK:         math.tanh %{{.+}} : f16
gpu.module @m {
  gpu.func @half(%x: f16, %out: memref<2xf16>) kernel {
    %e = math.exp %x : f16
    %t = math.tanh %x : f16
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %e, %out[%c0] : memref<2xf16>
    memref.store %t, %out[%c1] : memref<2xf16>
    gpu.return
  }
}

// -----

// maximumf / minimumf: NaN wins, and equal operands merge their bits (and
// for max: max(-0, +0) = +0; or for min: min(-0, +0) = -0).
// CHECK-LABEL: gpu.func @max_min
// CHECK-NOT:     arith.maximumf
// CHECK:         arith.andi
// CHECK:         arith.cmpf ogt
// CHECK:         arith.cmpf olt
// CHECK:         arith.cmpf uno
// CHECK-NOT:     arith.minimumf
// CHECK:         arith.ori
// CHECK:         arith.cmpf olt
// CHECK:         arith.cmpf ogt
// CHECK:         arith.cmpf uno
gpu.module @m {
  gpu.func @max_min(%x: f32, %y: f32, %out: memref<2xf32>) kernel {
    %a = arith.maximumf %x, %y : f32
    %b = arith.minimumf %x, %y : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    memref.store %a, %out[%c0] : memref<2xf32>
    memref.store %b, %out[%c1] : memref<2xf32>
    gpu.return
  }
}

// -----

// pow gets C's semantics around exp(y log|x|): the sign for odd integer
// exponents, NaN for other exponents of a negative base, +inf for 0 to a
// negative power, 1 for any x to the 0. The odd test halves y with an
// exact multiply (Vulkan's division may be 2.5 ulp off).
// CHECK-LABEL: gpu.func @pow
// CHECK-NOT:     math.powf
// CHECK:         %[[ABS:.+]] = math.absf %[[X:.+]] : f32
// CHECK:         math.floor %arg1 : f32
// CHECK:         %[[C:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[HALF:.+]] = arith.mulf %arg1, %[[C]] : f32
// CHECK-NEXT:    math.floor %[[HALF]] : f32
// CHECK-DAG:     arith.cmpf olt, %[[X]]
// CHECK-COUNT-5: arith.select
// CHECK-NOT:     math.powf
gpu.module @m {
  gpu.func @pow(%x: f32, %y: f32, %out: memref<1xf32>) kernel {
    %p = math.powf %x, %y : f32
    %c0 = arith.constant 0 : index
    memref.store %p, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
