// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -convert-mir-to-lir=workgroup-elements=8 | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=SPLIT

// Reductions, normalizations, scans, top-k and pooling: row-wise scf loop
// nests with accumulators as iter_args (f32 for f16 / bf16), no scratch.

// reduce: a loop nest over the result; the reduced dims are inner loops
// carrying the accumulator; with keep_dim the result index keeps the
// reduced dim at 0. Split: rows of dim 0 (before the first reduced axis).
// CHECK-LABEL: lir.program @reduce_sum_keep
// CHECK:         ^bb0(%[[IN:.+]]: memref<4x8x16xf32>, %[[OUT:.+]]: memref<4x1x16xf32>):
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[UNIT:.+]] = arith.constant 0 : index
// CHECK-NEXT:          %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:               %[[SUM:.+]] = scf.for %[[J:.+]] = {{.*}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:            %[[X:.+]] = memref.load %[[IN]][%[[I]], %[[J]], %[[K]]] : memref<4x8x16xf32>
// CHECK-NEXT:            %[[NEXT:.+]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT:            scf.yield %[[NEXT]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          memref.store %[[SUM]], %[[OUT]][%[[I]], %[[UNIT]], %[[K]]] : memref<4x1x16xf32>
// SPLIT-LABEL: lir.program @reduce_sum_keep
// SPLIT:         lir.kernel @reduce_sum_0 grid = [4] {
// SPLIT:           %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      memref.subview %{{.+}}[%[[WG]], 0, 0] [1, 8, 16] [1, 1, 1]
// SPLIT-NEXT:      memref.subview %{{.+}}[%[[WG]], 0, 0] [1, 1, 16] [1, 1, 1]
func.func @reduce_sum_keep(%x: tensor<4x8x16xf32>) -> tensor<4x1x16xf32> {
  %s = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8x16xf32> -> tensor<4x1x16xf32>
  return %s : tensor<4x1x16xf32>
}

// mean of f16: accumulate in f32, divide by the count, truncate once.
// CHECK-LABEL: lir.program @reduce_mean_f16
// CHECK:           %[[SUM:.+]] = scf.for {{.*}} -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = memref.load %{{.+}} : memref<4x8xf16>
// CHECK-NEXT:        %[[W:.+]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:        %[[NEXT:.+]] = arith.addf %{{.+}}, %[[W]] : f32
// CHECK-NEXT:        scf.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[N:.+]] = arith.constant 8.000000e+00 : f32
// CHECK-NEXT:      %[[MEAN:.+]] = arith.divf %[[SUM]], %[[N]] : f32
// CHECK-NEXT:      %[[H:.+]] = arith.truncf %[[MEAN]] : f32 to f16
// CHECK-NEXT:      memref.store %[[H]]
func.func @reduce_mean_f16(%x: tensor<4x8xf16>) -> tensor<4xf16> {
  %s = mir.reduce mean %x axes = [-1] : tensor<4x8xf16> -> tensor<4xf16>
  return %s : tensor<4xf16>
}

// max starts at -inf and propagates NaN (maximumf). Reducing axis 0 leaves
// no independent leading dim: one workgroup even when split.
// CHECK-LABEL: lir.program @reduce_max_axis0
// CHECK:           %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK:           scf.for %{{.+}} = {{.*}} iter_args(%[[ACC:.+]] = %[[NEGINF]]) -> (f32) {
// CHECK:             arith.maximumf %[[ACC]], %{{.+}} : f32
// SPLIT-LABEL: lir.program @reduce_max_axis0
// SPLIT:         lir.kernel @reduce_max_0 grid = [1] {
// SPLIT-NOT:       lir.workgroup_id
func.func @reduce_max_axis0(%x: tensor<4x8xf32>) -> tensor<8xf32> {
  %s = mir.reduce max %x axes = [0] : tensor<4x8xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// Integer min over every axis into a rank-0 result: starts at INT8_MAX.
// CHECK-LABEL: lir.program @reduce_min_i8
// CHECK:         ^bb0(%[[IN:.+]]: memref<2x3xi8>, %[[OUT:.+]]: memref<i8>):
// CHECK-NEXT:      %[[MAX:.+]] = arith.constant 127 : i8
// CHECK:           %[[R:.+]] = scf.for {{.*}} iter_args(%{{.+}} = %[[MAX]]) -> (i8) {
// CHECK:               arith.minsi
// CHECK:           memref.store %[[R]], %[[OUT]][] : memref<i8>
func.func @reduce_min_i8(%x: tensor<2x3xi8>) -> tensor<i8> {
  %s = mir.reduce min %x axes = [0, 1] : tensor<2x3xi8> -> tensor<i8>
  return %s : tensor<i8>
}

// softmax: per row, max, then exp(x - max) stored and summed, then the
// stored values scaled by 1 / sum in place. Split: one row per workgroup.
// CHECK-LABEL: lir.program @softmax
// CHECK:         ^bb0(%[[IN:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK:             %[[MAX:.+]] = scf.for %[[J:.+]] = {{.*}} iter_args(%[[M:.+]] = %[[NEGINF]]) -> (f32) {
// CHECK-NEXT:          %[[X:.+]] = memref.load %[[IN]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[M2:.+]] = arith.maximumf %[[M]], %[[X]] : f32
// CHECK-NEXT:          scf.yield %[[M2]] : f32
// CHECK-NEXT:        }
// CHECK:             %[[SUM:.+]] = scf.for %[[J2:.+]] = {{.*}} iter_args(%[[S:.+]] = %{{.+}}) -> (f32) {
// CHECK-NEXT:          %[[X2:.+]] = memref.load %[[IN]][%[[R]], %[[J2]]]
// CHECK-NEXT:          %[[D:.+]] = arith.subf %[[X2]], %[[MAX]] : f32
// CHECK-NEXT:          %[[E:.+]] = math.exp %[[D]] : f32
// CHECK-NEXT:          memref.store %[[E]], %[[OUT]][%[[R]], %[[J2]]]
// CHECK-NEXT:          %[[S2:.+]] = arith.addf %[[S]], %[[E]] : f32
// CHECK-NEXT:          scf.yield %[[S2]] : f32
// CHECK-NEXT:        }
// CHECK:             %[[INV:.+]] = arith.divf %{{.+}}, %[[SUM]] : f32
// CHECK:             scf.for %[[J3:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[E3:.+]] = memref.load %[[OUT]][%[[R]], %[[J3]]]
// CHECK-NEXT:          %[[Y:.+]] = arith.mulf %[[E3]], %[[INV]] : f32
// CHECK-NEXT:          memref.store %[[Y]], %[[OUT]][%[[R]], %[[J3]]]
// SPLIT-LABEL: lir.program @softmax
// SPLIT:         lir.kernel @softmax_0 grid = [4] {
// SPLIT:           %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      memref.subview %{{.+}}[%[[WG]], 0] [1, 8] [1, 1]
// SPLIT-NEXT:      memref.subview %{{.+}}[%[[WG]], 0] [1, 8] [1, 1]
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = mir.softmax %x axis = -1 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// softmax over axis 0: the loops run over dim 1 outside, dim 0 inside, and
// the kernel does not split.
// CHECK-LABEL: lir.program @softmax_axis0
// CHECK:           scf.for %[[C:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[R:.+]] = {{.*}} iter_args
// CHECK-NEXT:          memref.load %{{.+}}[%[[R]], %[[C]]]
// SPLIT-LABEL: lir.program @softmax_axis0
// SPLIT:         lir.kernel @softmax_0 grid = [1] {
func.func @softmax_axis0(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = mir.softmax %x axis = 0 : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// layer_norm: mean, then variance as mean((x - mean)^2), then
// (x - mean) * (1 / sqrt(var + eps)) * gamma + beta.
// CHECK-LABEL: lir.program @layer_norm
// CHECK:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[G:.+]]: memref<8xf32>, %[[B:.+]]: memref<8xf32>, %[[Y:.+]]: memref<4x8xf32>):
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        %[[N:.+]] = arith.constant 8.000000e+00 : f32
// CHECK:             %[[TOTAL:.+]] = scf.for
// CHECK:             %[[MEAN:.+]] = arith.divf %[[TOTAL]], %[[N]] : f32
// CHECK:             %[[SQ:.+]] = scf.for %[[J:.+]] = {{.*}} iter_args(%[[S:.+]] = %{{.+}}) -> (f32) {
// CHECK-NEXT:          %[[XV:.+]] = memref.load %[[X]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[D:.+]] = arith.subf %[[XV]], %[[MEAN]] : f32
// CHECK-NEXT:          %[[D2:.+]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK-NEXT:          %[[S2:.+]] = arith.addf %[[S]], %[[D2]] : f32
// CHECK-NEXT:          scf.yield %[[S2]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[VAR:.+]] = arith.divf %[[SQ]], %[[N]] : f32
// CHECK-NEXT:        %[[EPS:.+]] = arith.constant 9.99999974E-6 : f32
// CHECK-NEXT:        %[[VE:.+]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK-NEXT:        %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:        %[[SD:.+]] = math.sqrt %[[VE]] : f32
// CHECK-NEXT:        %[[INV:.+]] = arith.divf %[[ONE]], %[[SD]] : f32
// CHECK:             scf.for %[[J3:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[XV3:.+]] = memref.load %[[X]][%[[R]], %[[J3]]]
// CHECK-NEXT:          %[[C:.+]] = arith.subf %[[XV3]], %[[MEAN]] : f32
// CHECK-NEXT:          %[[NRM:.+]] = arith.mulf %[[C]], %[[INV]] : f32
// CHECK-NEXT:          %[[GV:.+]] = memref.load %[[G]][%[[J3]]]
// CHECK-NEXT:          %[[SC:.+]] = arith.mulf %[[NRM]], %[[GV]] : f32
// CHECK-NEXT:          %[[BV:.+]] = memref.load %[[B]][%[[J3]]]
// CHECK-NEXT:          %[[OUT:.+]] = arith.addf %[[SC]], %[[BV]] : f32
// CHECK-NEXT:          memref.store %[[OUT]], %[[Y]][%[[R]], %[[J3]]]
// CHECK-NOT:     math.rsqrt
func.func @layer_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = mir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// rms_norm on bf16: statistics in f32; x * (1 / sqrt(mean(x^2) + eps)) *
// gamma, truncated once.
// CHECK-LABEL: lir.program @rms_norm_bf16
// CHECK:             %[[SQ:.+]] = scf.for {{.*}} -> (f32) {
// CHECK-NEXT:          %[[XV:.+]] = memref.load
// CHECK-NEXT:          %[[XW:.+]] = arith.extf %[[XV]] : bf16 to f32
// CHECK-NEXT:          %[[X2:.+]] = arith.mulf %[[XW]], %[[XW]] : f32
// CHECK:             %[[MS:.+]] = arith.divf %[[SQ]], %{{.+}} : f32
// CHECK:             arith.truncf %{{.+}} : f32 to bf16
func.func @rms_norm_bf16(%x: tensor<4x8xbf16>, %g: tensor<8xbf16>) -> tensor<4x8xbf16> {
  %y = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xbf16>, tensor<8xbf16>) -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// residual_norm: sum = input + residual + bias is written first, in the
// element type; the statistics and the normalized output read it back.
// CHECK-LABEL: lir.program @residual_norm
// CHECK:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[RES:.+]]: memref<4x8xf32>, %[[BIAS:.+]]: memref<8xf32>, %[[G:.+]]: memref<8xf32>, %[[NORMED:.+]]: memref<4x8xf32>, %[[SUM:.+]]: memref<4x8xf32>):
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[A:.+]] = memref.load %[[X]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[B:.+]] = memref.load %[[RES]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[AB:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:          %[[BV:.+]] = memref.load %[[BIAS]][%[[J]]]
// CHECK-NEXT:          %[[S:.+]] = arith.addf %[[AB]], %[[BV]] : f32
// CHECK-NEXT:          memref.store %[[S]], %[[SUM]][%[[R]], %[[J]]]
// CHECK:             scf.for {{.*}} iter_args
// CHECK-NEXT:          memref.load %[[SUM]][%[[R]],
// CHECK:             scf.for %[[J2:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[SV:.+]] = memref.load %[[SUM]][%[[R]], %[[J2]]]
// CHECK:               memref.store %{{.+}}, %[[NORMED]][%[[R]], %[[J2]]]
func.func @residual_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %bias: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = mir.residual_norm rms %x, %r bias(%bias) gamma(%g) eps = 1.0e-06 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}

// residual_norm whose sum nothing reads: each row's sum goes into a stack
// row (allocated once, outside the row loop) and the sum result is never
// written.
// CHECK-LABEL: lir.program @residual_norm_sum_unused
// CHECK:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[RES:.+]]: memref<4x8xf32>, %[[G:.+]]: memref<8xf32>, %[[NORMED:.+]]: memref<4x8xf32>, %[[SUM:.+]]: memref<4x8xf32>):
// CHECK-NOT:       %[[SUM]]
// CHECK:           %[[ROW:.+]] = memref.alloca() : memref<8xf32>
// CHECK-NOT:       %[[SUM]]
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[A:.+]] = memref.load %[[X]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[B:.+]] = memref.load %[[RES]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[S:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:          memref.store %[[S]], %[[ROW]][%[[J]]]
// CHECK:             scf.for {{.*}} iter_args
// CHECK-NEXT:          memref.load %[[ROW]][
// CHECK-NOT:       %[[SUM]]
// CHECK:               memref.store %{{.+}}, %[[NORMED]][%[[R]], %{{.+}}]
// CHECK-NOT:       %[[SUM]]
// CHECK:           lir.return
func.func @residual_norm_sum_unused(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n, %s = mir.residual_norm layer %x, %r gamma(%g) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n : tensor<4x8xf32>
}

// cumsum: the running sum is stored at every step (inclusive).
// CHECK-LABEL: lir.program @cumsum
// CHECK:         ^bb0(%[[IN:.+]]: memref<4x8xi32>, %[[OUT:.+]]: memref<4x8xi32>):
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[J:.+]] = {{.*}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32) {
// CHECK-NEXT:          %[[X:.+]] = memref.load %[[IN]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[S:.+]] = arith.addi %[[ACC]], %[[X]] : i32
// CHECK-NEXT:          memref.store %[[S]], %[[OUT]][%[[R]], %[[J]]]
// CHECK-NEXT:          scf.yield %[[S]] : i32
func.func @cumsum(%x: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %y = mir.cumsum %x axis = 1 : tensor<4x8xi32>
  return %y : tensor<4x8xi32>
}

// topk: pick j is the largest element strictly after pick j-1 in the order
// (value descending, NaN first, ties by lower index); the scan keeps the
// first best, so ties go to the lower index.
// CHECK-LABEL: lir.program @topk
// CHECK:         ^bb0(%[[IN:.+]]: memref<4x8xf32>, %[[VALS:.+]]: memref<4x2xf32>, %[[IDX:.+]]: memref<4x2xi32>):
// CHECK:           scf.for %[[R:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[J:.+]] = {{.*}} iter_args(%[[PV:.+]] = %{{.+}}, %[[PI:.+]] = %{{.+}}) -> (f32, index) {
// CHECK:               %[[BEST:.+]]:3 = scf.for %[[I:.+]] = {{.*}} iter_args(%{{.+}} = %false, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (i1, f32, index) {
// CHECK-NEXT:            memref.load %[[IN]][%[[R]], %[[I]]]
// CHECK:                 arith.cmpi sgt, %[[I]], %[[PI]] : index
// CHECK:               }
// CHECK-NEXT:          memref.store %[[BEST]]#1, %[[VALS]][%[[R]], %[[J]]]
// CHECK-NEXT:          %[[I32:.+]] = arith.index_cast %[[BEST]]#2 : index to i32
// CHECK-NEXT:          memref.store %[[I32]], %[[IDX]][%[[R]], %[[J]]]
// CHECK-NEXT:          scf.yield %[[BEST]]#1, %[[BEST]]#2 : f32, index
func.func @topk(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %v, %i = mir.topk %x k = 2 axis = 1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi32>
  return %v, %i : tensor<4x2xf32>, tensor<4x2xi32>
}

// avg pool with padding: padded positions are skipped and counted out, so
// the sum divides by the in-bounds count (the count step is 1 exactly where
// the load happens).
// CHECK-LABEL: lir.program @pool_avg
// CHECK:           %[[R:.+]]:2 = scf.for {{.*}} -> (f32, f32) {
// CHECK:               %[[STEP:.+]] = arith.select %[[INSIDE:[^,]+]], %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:          %{{.+}}:2 = scf.if %[[INSIDE]] -> (f32, f32) {
// CHECK-NEXT:            %[[X:.+]] = memref.load
// CHECK-NEXT:            %[[S:.+]] = arith.addf %{{.+}}, %[[X]] : f32
// CHECK-NEXT:            %[[N:.+]] = arith.addf %{{.+}}, %[[STEP]] : f32
// CHECK-NEXT:            scf.yield %[[S]], %[[N]] : f32, f32
// CHECK-NEXT:          } else {
// CHECK:             %[[AVG:.+]] = arith.divf %[[R]]#0, %[[R]]#1 : f32
// CHECK-NEXT:        memref.store %[[AVG]]
func.func @pool_avg(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %y = mir.pool avg %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 0, 0] : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// avg pool with count_include_pad: the count step is 1 inside the padded
// input ([-1, 4) here), loaded or not; dilation 2 scales the window index.
// CHECK-LABEL: lir.program @pool_avg_count_pad
// CHECK:               arith.cmpi sge, %{{.+}}, %c-1{{.*}} : index
// CHECK:               %[[STEP:.+]] = arith.select %[[COUNTED:[^,]+]], %{{.+}}, %{{.+}} : f32
// CHECK-NOT:           scf.if %[[COUNTED]]
// CHECK:               } else {
// CHECK-NEXT:            %[[N:.+]] = arith.addf %{{.+}}, %[[STEP]] : f32
func.func @pool_avg_count_pad(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %y = mir.pool avg %x kernel = [2, 2] strides = [2, 2] padding = [1, 1, 0, 0] dilations = [1, 2] count_include_pad : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// max pool (3x3/2, padding 1) by whole rows: per output row a stack row v
// (padding + W + overhang) starts at -inf and takes the maximum of each
// window row whose input row is inside; h = max over kw of v shifted by
// kw (contiguous rows); the output row is h every stride-th element.
// CHECK-LABEL: lir.program @pool_max
// CHECK:         ^bb0(%[[X:.+]]: memref<1x2x5x5xf32>, %[[Y:.+]]: memref<1x2x3x3xf32>):
// CHECK-NEXT:      %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT:      %[[V:.+]] = memref.alloca() : memref<7xf32>
// CHECK-NEXT:      %[[H:.+]] = memref.alloca() : memref<5xf32>
// CHECK:           linalg.fill ins(%[[NEGINF]] : f32) outs(%[[V]] : memref<7xf32>)
// CHECK-NEXT:      %[[VIN:.+]] = memref.subview %[[V]][1] [5] [1]
// CHECK-COUNT-3:   scf.if
// CHECK:           %[[V0:.+]] = memref.subview %[[V]][0] [5] [1]
// CHECK-NEXT:      linalg.copy ins(%[[V0]] : {{.+}}) outs(%[[H]] : memref<5xf32>)
// CHECK:           arith.maximumf
// CHECK:           arith.maximumf
// CHECK:           %[[EVERY2:.+]] = memref.subview %[[H]][0] [3] [2] : memref<5xf32> to memref<3xf32, strided<[2]>>
// CHECK-NEXT:      %[[OUT:.+]] = memref.subview %[[Y]][{{.+}}, {{.+}}, {{.+}}, 0] [1, 1, 1, 3] [1, 1, 1, 1]
// CHECK-NEXT:      linalg.copy ins(%[[EVERY2]] : {{.+}}) outs(%[[OUT]] :
func.func @pool_max(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %y = mir.pool max %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}
