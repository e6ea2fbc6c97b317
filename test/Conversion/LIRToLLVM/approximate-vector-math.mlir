// RUN: rlx-opt %s -split-input-file -rlx-approximate-vector-math | FileCheck %s

// f32 vector tanh (conversion/AccurateTanh.h): on |x|, the polynomial below
// 0.625 and 1 - 2 / (e^2|x| + 1) above, its exp in turn as upstream's
// polynomial (no math op left), then x's sign. Scalar tanh stays (libm's
// tanhf), as does f64 vector tanh.
// CHECK-LABEL: func.func @tanh
// CHECK-SAME:    (%[[X:.+]]: vector<16xf32>, %[[S:.+]]: f32, %[[D:.+]]: vector<4xf64>)
// CHECK:         %[[A:.+]] = math.absf %[[X]] : vector<16xf32>
// CHECK-NOT:     math.exp
// CHECK:         %[[SMALL:.+]] = arith.cmpf olt, %[[A]], %{{.+}} : vector<16xf32>
// CHECK-NEXT:    %[[Y:.+]] = arith.select %[[SMALL]], %{{.+}}, %{{.+}} : vector<16xi1>, vector<16xf32>
// CHECK-NEXT:    %[[T:.+]] = math.copysign %[[Y]], %[[X]] : vector<16xf32>
// CHECK-NEXT:    %[[ST:.+]] = math.tanh %[[S]] : f32
// CHECK-NEXT:    %[[DT:.+]] = math.tanh %[[D]] : vector<4xf64>
// CHECK-NEXT:    return %[[T]], %[[ST]], %[[DT]]
func.func @tanh(%x: vector<16xf32>, %s: f32, %d: vector<4xf64>) -> (vector<16xf32>, f32, vector<4xf64>) {
  %t = math.tanh %x : vector<16xf32>
  %st = math.tanh %s : f32
  %dt = math.tanh %d : vector<4xf64>
  return %t, %st, %dt : vector<16xf32>, f32, vector<4xf64>
}
