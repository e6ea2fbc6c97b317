// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -convert-mir-to-lir=workgroup-elements=8 | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=SPLIT

// Elementwise ops (mir.unary, binary, compare, select, cast, broadcast,
// elementwise): one all-parallel linalg.generic over the result whose body
// is the scalar semantics of the op (ScalarOps.cpp).

// gelu = 0.5 x (1 + erf(x / sqrt 2)) as one all-parallel generic.
// CHECK-LABEL: lir.program @gelu
// CHECK:         lir.kernel @unary_gelu_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<4x8xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[IN]] : memref<4x8xf32>) outs(%[[OUT]] : memref<4x8xf32>) {
// CHECK-NEXT:      ^bb0(%[[X:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        %[[RSQRT2:.+]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:        %[[S:.+]] = arith.mulf %[[X]], %[[RSQRT2]] : f32
// CHECK-NEXT:        %[[ERF:.+]] = math.erf %[[S]] : f32
// CHECK-NEXT:        %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:        %[[HX:.+]] = arith.mulf %[[HALF]], %[[X]] : f32
// CHECK-NEXT:        %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:        %[[T:.+]] = arith.addf %[[ONE]], %[[ERF]] : f32
// CHECK-NEXT:        %[[Y:.+]] = arith.mulf %[[HX]], %[[T]] : f32
// CHECK-NEXT:        linalg.yield %[[Y]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      lir.return
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = mir.unary gelu %x : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// f16 transcendentals run in f32: extend, x / (1 + exp(-x)), truncate once.
// CHECK-LABEL: lir.program @silu_f16
// CHECK:         ^bb0(%[[X:.+]]: f16, %{{.+}}: f16):
// CHECK-NEXT:      %[[W:.+]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      %[[N:.+]] = arith.negf %[[W]] : f32
// CHECK-NEXT:      %[[E:.+]] = math.exp %[[N]] : f32
// CHECK-NEXT:      %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      %[[D:.+]] = arith.addf %[[ONE]], %[[E]] : f32
// CHECK-NEXT:      %[[Q:.+]] = arith.divf %[[W]], %[[D]] : f32
// CHECK-NEXT:      %[[R:.+]] = arith.truncf %[[Q]] : f32 to f16
// CHECK-NEXT:      linalg.yield %[[R]] : f16
func.func @silu_f16(%x: tensor<8xf16>) -> tensor<8xf16> {
  %y = mir.unary silu %x : tensor<8xf16>
  return %y : tensor<8xf16>
}

// Integer relu is a signed max with 0.
// CHECK-LABEL: lir.program @relu_i32
// CHECK:         ^bb0(%[[X:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:      %[[Z:.+]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[R:.+]] = arith.maxsi %[[X]], %[[Z]] : i32
// CHECK-NEXT:      linalg.yield %[[R]] : i32
func.func @relu_i32(%x: tensor<8xi32>) -> tensor<8xi32> {
  %y = mir.unary relu %x : tensor<8xi32>
  return %y : tensor<8xi32>
}

// Numpy broadcasting in the indexing maps: a missing leading dim is absent
// from the map, a size-1 dim reads index 0. max propagates NaN (maximumf).
// CHECK-LABEL: lir.program @broadcast_binary
// CHECK:         lir.kernel @binary_max_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[B:.+]]: memref<8xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : memref<4x8xf32>, memref<8xf32>) outs(%[[OUT]] : memref<4x8xf32>)
// CHECK-NEXT:      ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        %[[M:.+]] = arith.maximumf %[[E]], %[[F]] : f32
// CHECK-NEXT:        linalg.yield %[[M]] : f32
// CHECK:         lir.kernel @binary_sub_1 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[C:.+]]: memref<4x1xf32>, %[[B2:.+]]: memref<8xf32>, %[[OUT2:.+]]: memref<4x8xf32>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK:             arith.subf
func.func @broadcast_binary(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = mir.binary max %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %z = mir.binary sub %c, %b : (tensor<4x1xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y, %z : tensor<4x8xf32>, tensor<4x8xf32>
}

// Integer division never traps: x / 0 gives 0, INT_MIN / -1 wraps.
// CHECK-LABEL: lir.program @int_div
// CHECK:         ^bb0(%[[X:.+]]: i32, %[[Y:.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT:      %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:      %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[CM1:.+]] = arith.constant -1 : i32
// CHECK-NEXT:      %[[ISZERO:.+]] = arith.cmpi eq, %[[Y]], %[[C0]] : i32
// CHECK-NEXT:      %[[ISM1:.+]] = arith.cmpi eq, %[[Y]], %[[CM1]] : i32
// CHECK-NEXT:      %[[UNSAFE:.+]] = arith.ori %[[ISZERO]], %[[ISM1]] : i1
// CHECK-NEXT:      %[[D:.+]] = arith.select %[[UNSAFE]], %[[C1]], %[[Y]] : i32
// CHECK-NEXT:      %[[Q:.+]] = arith.divsi %[[X]], %[[D]] : i32
// CHECK-NEXT:      %[[NEG:.+]] = arith.subi %[[C0]], %[[X]] : i32
// CHECK-NEXT:      %[[R1:.+]] = arith.select %[[ISM1]], %[[NEG]], %[[Q]] : i32
// CHECK-NEXT:      %[[R:.+]] = arith.select %[[ISZERO]], %[[C0]], %[[R1]] : i32
// CHECK-NEXT:      linalg.yield %[[R]] : i32
func.func @int_div(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {
  %q = mir.binary div %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %q : tensor<4xi32>
}

// ne is unordered (true on NaN); a rank-0 operand's map has no results;
// select is arith.select on the i1 element.
// CHECK-LABEL: lir.program @compare_select
// CHECK:         lir.kernel @compare_ne_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<4xf32>, %{{.+}}: memref<f32>, %{{.+}}: memref<4xi1>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>]
// CHECK-NEXT:      ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: i1):
// CHECK-NEXT:        %[[NE:.+]] = arith.cmpf une, %[[A]], %[[B]] : f32
// CHECK-NEXT:        linalg.yield %[[NE]] : i1
// CHECK:         lir.kernel @select_1 grid = [1] {
// CHECK:           ^bb0(%[[C:.+]]: i1, %[[T:.+]]: i8, %[[F:.+]]: i8, %{{.+}}: i8):
// CHECK-NEXT:        %[[S:.+]] = arith.select %[[C]], %[[T]], %[[F]] : i8
// CHECK-NEXT:        linalg.yield %[[S]] : i8
func.func @compare_select(%x: tensor<4xf32>, %y: tensor<f32>, %a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %m = mir.compare ne %x, %y : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %s = mir.select %m, %a, %b : (tensor<4xi1>, tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %s : tensor<4xi8>
}

// mir.cast: f16 -> bf16 through f32; to i1 is != 0 (une: NaN is true);
// float -> int truncates (fptosi); i1 -> float is 0 or 1 (uitofp); int
// narrowing wraps (trunci).
// CHECK-LABEL: lir.program @casts
// CHECK:         lir.kernel @cast_0
// CHECK:           ^bb0(%[[H:.+]]: f16, %{{.+}}: bf16):
// CHECK-NEXT:        %[[W:.+]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT:        %[[B:.+]] = arith.truncf %[[W]] : f32 to bf16
// CHECK-NEXT:        linalg.yield %[[B]] : bf16
// CHECK:         lir.kernel @cast_1
// CHECK:           ^bb0(%[[F:.+]]: f32, %{{.+}}: i1):
// CHECK-NEXT:        %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[NZ:.+]] = arith.cmpf une, %[[F]], %[[Z]] : f32
// CHECK-NEXT:        linalg.yield %[[NZ]] : i1
// CHECK:         lir.kernel @cast_2
// CHECK:             arith.fptosi %{{.+}} : f32 to i32
// CHECK:         lir.kernel @cast_3
// CHECK:             arith.uitofp %{{.+}} : i1 to f32
// CHECK:         lir.kernel @cast_4
// CHECK:             arith.trunci %{{.+}} : i64 to i8
func.func @casts(%x: tensor<4xf16>, %f: tensor<4xf32>, %i: tensor<4xi64>, %m: tensor<4xi1>) -> (tensor<4xbf16>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>) {
  %a = mir.cast %x : tensor<4xf16> to tensor<4xbf16>
  %b = mir.cast %f : tensor<4xf32> to tensor<4xi1>
  %c = mir.cast %f : tensor<4xf32> to tensor<4xi32>
  %d = mir.cast %m : tensor<4xi1> to tensor<4xf32>
  %e = mir.cast %i : tensor<4xi64> to tensor<4xi8>
  return %a, %b, %c, %d, %e : tensor<4xbf16>, tensor<4xi1>, tensor<4xi32>, tensor<4xf32>, tensor<4xi8>
}

// A mir.elementwise region becomes the generic's body, step for step; its
// splat constant input is an arith.constant outside the generic (no
// buffer), its scalar mir.constant an arith.constant inside.
// CHECK-LABEL: lir.program @region
// CHECK:         lir.kernel @elementwise_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[B:.+]]: memref<8xf32>, %[[OUT:.+]]: memref<4x8xf32>):
// CHECK-NEXT:      %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : memref<4x8xf32>, memref<8xf32>) outs(%[[OUT]] : memref<4x8xf32>)
// CHECK-NEXT:      ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        %[[M:.+]] = arith.mulf %[[E]], %[[TWO]] : f32
// CHECK-NEXT:        %[[H:.+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:        %[[S:.+]] = arith.addf %[[M]], %[[F]] : f32
// CHECK-NEXT:        %[[T:.+]] = arith.mulf %[[S]], %[[H]] : f32
// CHECK-NEXT:        %[[R:.+]] = math.roundeven %[[T]] : f32
// CHECK-NEXT:        linalg.yield %[[R]] : f32
// CHECK:         lir.schedule {
// CHECK-NOT:       lir.io constant
// CHECK:           lir.dispatch @elementwise_0(%{{.+}}, %{{.+}}, %{{.+}}) : memref<4x8xf32>, memref<8xf32>, memref<4x8xf32>
func.func @region(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %two = mir.constant dense<2.0> : tensor<f32>
  %y = mir.elementwise %x, %b, %two : (tensor<4x8xf32>, tensor<8xf32>, tensor<f32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32, %g: f32):
    %m = mir.binary mul %e, %g : (f32, f32) -> f32
    %h = mir.constant 5.000000e-01 : f32
    %s = mir.binary add %m, %f : (f32, f32) -> f32
    %t = mir.binary mul %s, %h : (f32, f32) -> f32
    %r = mir.unary round %t : f32
    mir.yield %r : f32
  }
  return %y : tensor<4x8xf32>
}

// mir.broadcast is an elementwise copy through the broadcast map.
// CHECK-LABEL: lir.program @broadcast
// CHECK:         lir.kernel @broadcast_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<1x8xf32>, %[[OUT:.+]]: memref<3x4x8xf32>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[IN]] : memref<1x8xf32>) outs(%[[OUT]] : memref<3x4x8xf32>)
// CHECK-NEXT:      ^bb0(%[[E:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:        linalg.yield %[[E]] : f32
func.func @broadcast(%b: tensor<1x8xf32>) -> tensor<3x4x8xf32> {
  %y = mir.broadcast %b : tensor<1x8xf32> to tensor<3x4x8xf32>
  return %y : tensor<3x4x8xf32>
}

// Rows split over workgroups (with workgroup-elements=8, chunks of
// 2 of the 8 rows): each workgroup takes a subview of its rows of every
// operand that walks along dim 0 and of the result; the broadcast [4]
// operand is read whole, the [8, 1] one split like the rows.
// CHECK-LABEL: lir.program @split
// CHECK:         lir.kernel @binary_add_0 grid = [1] {
// CHECK-NOT:       lir.workgroup_id
// CHECK:         lir.kernel @binary_mul_1 grid = [1] {
// SPLIT-LABEL: lir.program @split
// SPLIT:         lir.kernel @binary_add_0 grid = [4] {
// SPLIT-NEXT:    ^bb0(%[[X:.+]]: memref<8x4xf32>, %[[B:.+]]: memref<4xf32>, %[[OUT:.+]]: memref<8x4xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[C2:.+]] = arith.constant 2 : index
// SPLIT-NEXT:      %[[ROW:.+]] = arith.muli %[[WG]], %[[C2]] : index
// SPLIT-NEXT:      %[[XS:.+]] = memref.subview %[[X]][%[[ROW]], 0] [2, 4] [1, 1] : memref<8x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
// SPLIT-NEXT:      %[[OS:.+]] = memref.subview %[[OUT]][%[[ROW]], 0] [2, 4] [1, 1] : memref<8x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
// SPLIT-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[XS]], %[[B]] : memref<2x4xf32, strided<[4, 1], offset: ?>>, memref<4xf32>) outs(%[[OS]] : memref<2x4xf32, strided<[4, 1], offset: ?>>)
// SPLIT:         lir.kernel @binary_mul_1 grid = [4] {
// SPLIT-NEXT:    ^bb0(%[[S:.+]]: memref<8x4xf32>, %[[C:.+]]: memref<8x1xf32>, %[[OUT2:.+]]: memref<8x4xf32>):
// SPLIT-NEXT:      %[[WG2:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[C22:.+]] = arith.constant 2 : index
// SPLIT-NEXT:      %[[ROW2:.+]] = arith.muli %[[WG2]], %[[C22]] : index
// SPLIT-NEXT:      memref.subview %[[S]][%[[ROW2]], 0] [2, 4] [1, 1]
// SPLIT-NEXT:      memref.subview %[[C]][%[[ROW2]], 0] [2, 1] [1, 1] : memref<8x1xf32> to memref<2x1xf32, strided<[1, 1], offset: ?>>
// SPLIT-NEXT:      memref.subview %[[OUT2]][%[[ROW2]], 0] [2, 4] [1, 1]
func.func @split(%x: tensor<8x4xf32>, %b: tensor<4xf32>, %c: tensor<8x1xf32>) -> tensor<8x4xf32> {
  %s = mir.binary add %x, %b : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %y = mir.binary mul %s, %c : (tensor<8x4xf32>, tensor<8x1xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
