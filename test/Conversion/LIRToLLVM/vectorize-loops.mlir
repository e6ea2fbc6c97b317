// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-vectorize-loops="lanes=8 reduction-unroll=2 remarks" | FileCheck %s

// Elementwise: a loop over vector<8xf32> up to the last whole vector, then
// the rest (100 = 12 x 8 + 4) as one masked vector, under an if (a loop of
// no element runs nothing); the original loop is gone. The invariant scalar
// is broadcast.
// CHECK-LABEL: func.func @elementwise
// CHECK:         %[[C100:.+]] = arith.constant 100 : index
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %[[END:.+]] step %{{.+}} {
// CHECK:           vector.load %{{.+}}[%[[I]]] : memref<100xf32>, vector<8xf32>
// CHECK:           vector.broadcast %{{.+}} : f32 to vector<8xf32>
// CHECK:           arith.mulf {{.*}} : vector<8xf32>
// CHECK:           vector.store {{.*}} : memref<100xf32>, vector<8xf32>
// CHECK:         %[[REST:.+]] = arith.subi %[[C100]], %[[END]] : index
// CHECK:         %[[ANY:.+]] = arith.cmpi sgt, %[[REST]], %{{.+}} : index
// CHECK:         scf.if %[[ANY]] {
// CHECK:           %[[MASK:.+]] = vector.create_mask %[[REST]] : vector<8xi1>
// CHECK:           %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK:           %[[V:.+]] = vector.maskedload %{{.+}}[%[[END]]], %[[MASK]], %[[ZERO]]
// CHECK:           %[[W:.+]] = arith.mulf %[[V]], %{{.+}} : vector<8xf32>
// CHECK:           vector.maskedstore %{{.+}}[%[[END]]], %[[MASK]], %[[W]]
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @elementwise(%x: memref<100xf32>, %y: memref<100xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %v = memref.load %x[%i] : memref<100xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %y[%i] : memref<100xf32>
  }
  return
}

// -----

// A max reduction along a row: two accumulators of vector<8xf32> starting
// at -inf, combined and reduced into the initial value; then single
// vectors; then the scalar rest.
// CHECK-LABEL: func.func @row_max
// CHECK:         %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : vector<8xf32>
// CHECK:         %[[V:.+]]:2 = scf.for {{.*}} iter_args(%{{.+}} = %[[NEGINF]], %{{.+}} = %[[NEGINF]]) -> (vector<8xf32>, vector<8xf32>)
// CHECK:           arith.maximumf {{.*}} : vector<8xf32>
// CHECK:           arith.maximumf {{.*}} : vector<8xf32>
// CHECK:         %[[BOTH:.+]] = arith.maximumf %[[V]]#0, %[[V]]#1 : vector<8xf32>
// CHECK:         %[[R:.+]] = vector.reduction <maximumf>, %[[BOTH]], %{{.+}} : vector<8xf32> into f32
// CHECK:         scf.for {{.*}} iter_args(%{{.+}} = %{{.+}}) -> (vector<8xf32>)
// CHECK:         vector.reduction <maximumf>
// CHECK:         scf.for {{.*}} -> (f32)
// CHECK:           arith.maximumf {{.*}} : f32
func.func @row_max(%x: memref<4x37xf32>, %row: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %m = scf.for %j = %c0 to %c37 step %c1 iter_args(%acc = %init) -> (f32) {
    %v = memref.load %x[%row, %j] : memref<4x37xf32>
    %n = arith.maximumf %acc, %v : f32
    scf.yield %n : f32
  }
  return %m : f32
}

// -----

// A sum starts its vector accumulators at -0.0 (the identity of addf).
// CHECK-LABEL: func.func @sum
// CHECK:         arith.constant dense<-0.000000e+00> : vector<8xf32>
// CHECK:         vector.reduction <add>
func.func @sum(%x: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %j = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %x[%j] : memref<64xf32>
    %e = math.exp %v : f32
    %n = arith.addf %acc, %e : f32
    scf.yield %n : f32
  }
  return %s : f32
}

// -----

// Loops left scalar, each with the reason.
// CHECK-LABEL: func.func @scalar
// CHECK-NOT:     vector
func.func @scalar(%x: memref<64xf32>, %y: memref<64xf32>, %t: memref<8x8xf32>,
                  %b: memref<64xi1>, %i32: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{not vectorized: step is not 1}}
  scf.for %i = %c0 to %c64 step %c2 {
    %v = memref.load %x[%i] : memref<64xf32>
    memref.store %v, %y[%i] : memref<64xf32>
  }
  // A column of a row-major matrix: the loop walks the first index.
  // expected-remark@+1 {{not vectorized: load index depends on the loop otherwise than as the last}}
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %t[%i, %c0] : memref<8x8xf32>
    memref.store %v, %y[%i] : memref<64xf32>
  }
  // i1 memrefs hold a byte per element.
  // expected-remark@+1 {{not vectorized: store is not contiguous along the loop}}
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %p = arith.cmpf ogt, %v, %v : f32
    memref.store %p, %b[%i] : memref<64xi1>
  }
  // i32 arithmetic is not widened.
  // expected-remark@+1 {{not vectorized: contiguous load of a non-widenable type or strided rows}}
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %i32[%i] : memref<64xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %i32[%i] : memref<64xi32>
  }
  // The element stored is read back one element later (iv + 1).
  // expected-remark@+1 {{not vectorized: induction variable used outside of an index}}
  scf.for %i = %c0 to %c8 step %c1 {
    %n = arith.addi %i, %c1 : index
    %v = memref.load %x[%n] : memref<64xf32>
    memref.store %v, %x[%i] : memref<64xf32>
  }
  // The induction variable as a value.
  // expected-remark@+1 {{not vectorized: induction variable used outside of an index}}
  scf.for %i = %c0 to %c64 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %i32[%i] : memref<64xi32>
  }
  return
}

// -----

// Half floats: a cast loads f32 and stores bf16 vectors (truncf widened);
// an f16 sum is computed in f32 between an extf and a truncf, all widened.
// CHECK-LABEL: func.func @half_casts
// CHECK:         vector.load %{{.+}} : memref<64xf32>, vector<8xf32>
// CHECK:         arith.truncf %{{.+}} : vector<8xf32> to vector<8xbf16>
// CHECK:         vector.store %{{.+}} : memref<64xbf16>, vector<8xbf16>
// CHECK:         vector.load %{{.+}} : memref<64xf16>, vector<8xf16>
// CHECK:         arith.extf %{{.+}} : vector<8xf16> to vector<8xf32>
// CHECK:         arith.addf %{{.+}} : vector<8xf32>
// CHECK:         arith.truncf %{{.+}} : vector<8xf32> to vector<8xf16>
// CHECK:         vector.store %{{.+}} : memref<64xf16>, vector<8xf16>
func.func @half_casts(%x: memref<64xf32>, %y: memref<64xbf16>, %h: memref<64xf16>, %g: memref<64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %x[%i] : memref<64xf32>
    %w = arith.truncf %v : f32 to bf16
    memref.store %w, %y[%i] : memref<64xbf16>
  }
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %h[%i] : memref<64xf16>
    %e = arith.extf %v : f16 to f32
    %s = arith.addf %e, %e : f32
    %t = arith.truncf %s : f32 to f16
    memref.store %t, %g[%i] : memref<64xf16>
  }
  return
}

// -----

// Half-float arithmetic itself is not widened (the emulation computes bf16
// in f32 later; f16 vectors have no native arithmetic on most CPUs).
// CHECK-LABEL: func.func @half_arithmetic
// CHECK-NOT:     vector
func.func @half_arithmetic(%h: memref<64xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{not vectorized: op cannot be widened: arith.addf}}
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %h[%i] : memref<64xbf16>
    %s = arith.addf %v, %v : bf16
    memref.store %s, %h[%i] : memref<64xbf16>
  }
  return
}

// -----

// A loop-carried value that is not a reduction (a running sum stored per
// element).
// CHECK-LABEL: func.func @prefix
// CHECK-NOT:     vector
func.func @prefix(%x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{not vectorized: loop-carried value is not a reduction}}
  %s = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %x[%i] : memref<64xf32>
    %n = arith.addf %acc, %v : f32
    memref.store %n, %y[%i] : memref<64xf32>
    scf.yield %n : f32
  }
  return
}
