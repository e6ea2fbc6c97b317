// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -convert-mir-to-lir=workgroup-elements=8 | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=SPLIT

// Contractions: matmul, fused_matmul, shared_matmul, swiglu, conv2d. The
// second run splits kernels into small workgroups to show the row views.
// Each kernel carries its FLOPs, rlx.flops (flops.mlir); the split does not
// change them.

// f32 matmul: zero-fill the result, then linalg.matmul into it. Split: a
// matmul keeps at least half its rows (up to 512) per workgroup, as each
// workgroup packs all of B: 2 workgroups of 4 rows; the weight is read whole.
// CHECK-LABEL: lir.program @matmul
// CHECK:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 1024 : i64} {
// CHECK-NEXT:    ^bb0(%[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<8x4xf32>):
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:      lir.return
// SPLIT-LABEL: lir.program @matmul
// SPLIT:         lir.kernel @matmul_0 grid = [2] attributes {rlx.flops = 1024 : i64} {
// SPLIT-NEXT:    ^bb0(%[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<8x4xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[FOUR:.+]] = arith.constant 4 : index
// SPLIT-NEXT:      %[[ROW:.+]] = arith.muli %[[WG]], %[[FOUR]] : index
// SPLIT-NEXT:      %[[AS:.+]] = memref.subview %[[A]][%[[ROW]], 0] [4, 16] [1, 1]
// SPLIT-NEXT:      %[[CS:.+]] = memref.subview %[[C]][%[[ROW]], 0] [4, 4] [1, 1]
// SPLIT-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// SPLIT-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[CS]] :
// SPLIT-NEXT:      linalg.matmul ins(%[[AS]], %[[B]] : memref<4x16xf32, strided<[16, 1], offset: ?>>, memref<16x4xf32>) outs(%[[CS]] : memref<4x4xf32, strided<[4, 1], offset: ?>>)
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %c = mir.matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// Integer matmul: the same ops on i32 (wrapping).
// CHECK-LABEL: lir.program @matmul_i32
// CHECK:         %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : i32)
// CHECK-NEXT:    linalg.matmul ins(%{{.+}}, %{{.+}} : memref<2x3xi32>, memref<3x2xi32>) outs(%{{.+}} : memref<2x2xi32>)
func.func @matmul_i32(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x2xi32> {
  %c = mir.matmul %a, %b : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  return %c : tensor<2x2xi32>
}

// [B, M, K] x [K, N]: the batch rows collapse into M first, and the fill,
// one linalg.matmul and the epilogue (a bias [N]) all write the collapsed
// result, so that the CPU microkernel folds the fill and the epilogue.
// CHECK-LABEL: lir.program @rows_times_weight
// CHECK:         ^bb0(%[[A:.+]]: memref<2x3x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<2x3x4xf32>):
// CHECK-NEXT:      %[[A2:.+]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1], [2]] : memref<2x3x16xf32> into memref<6x16xf32>
// CHECK-NEXT:      %[[C2:.+]] = memref.collapse_shape %[[C]] {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[A2]], %[[B]] : memref<6x16xf32>, memref<16x4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-LABEL: lir.program @rows_times_weight_bias
// CHECK:         ^bb0(%[[A:.+]]: memref<2x3x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[BIAS:.+]]: memref<4xf32>, %[[C:.+]]: memref<2x3x4xf32>):
// CHECK-NEXT:      %[[A2:.+]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1], [2]] : memref<2x3x16xf32> into memref<6x16xf32>
// CHECK-NEXT:      %[[C2:.+]] = memref.collapse_shape %[[C]] {{\[\[}}0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[A2]], %[[B]] : memref<6x16xf32>, memref<16x4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : memref<4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// A bias [M, N] does not broadcast along the collapsed rows: the product is
// on the collapsed rows, the fill and the epilogue on the result as it is.
// CHECK-LABEL: lir.program @rows_times_weight_bias_per_row
// CHECK:         ^bb0(%[[A:.+]]: memref<2x3x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[BIAS:.+]]: memref<3x4xf32>, %[[C:.+]]: memref<2x3x4xf32>):
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[C]] : memref<2x3x4xf32>)
// CHECK-NEXT:      %[[A2:.+]] = memref.collapse_shape %[[A]]
// CHECK-NEXT:      %[[C2:.+]] = memref.collapse_shape %[[C]]
// CHECK-NEXT:      linalg.matmul ins(%[[A2]], %[[B]] : memref<6x16xf32>, memref<16x4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-NEXT:      linalg.generic {{.+}} ins(%[[BIAS]] : memref<3x4xf32>) outs(%[[C]] : memref<2x3x4xf32>)
func.func @rows_times_weight(%a: tensor<2x3x16xf32>, %b: tensor<16x4xf32>) -> tensor<2x3x4xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x16xf32>, tensor<16x4xf32>) -> tensor<2x3x4xf32>
  return %c : tensor<2x3x4xf32>
}
func.func @rows_times_weight_bias(%a: tensor<2x3x16xf32>, %b: tensor<16x4xf32>, %bias: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %c = mir.fused_matmul %a, %b, %bias : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %c : tensor<2x3x4xf32>
}
func.func @rows_times_weight_bias_per_row(%a: tensor<2x3x16xf32>, %b: tensor<16x4xf32>, %bias: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %c = mir.fused_matmul %a, %b, %bias : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %c : tensor<2x3x4xf32>
}

// Equal batch dims collapse into one for linalg.batch_matmul.
// CHECK-LABEL: lir.program @batched
// CHECK:         memref.collapse_shape %{{.+}} {{\[\[}}0, 1], [2], [3]] : memref<2x3x4x8xf32> into memref<6x4x8xf32>
// CHECK-NEXT:    memref.collapse_shape %{{.+}} {{\[\[}}0, 1], [2], [3]] : memref<2x3x8x5xf32> into memref<6x8x5xf32>
// CHECK-NEXT:    memref.collapse_shape %{{.+}} {{\[\[}}0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
// CHECK-NEXT:    linalg.batch_matmul ins({{.*}} : memref<6x4x8xf32>, memref<6x8x5xf32>) outs({{.*}} : memref<6x4x5xf32>)
func.func @batched(%a: tensor<2x3x4x8xf32>, %b: tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}

// Broadcast batch dims: a generic over (d0, d1, M, N, K); the rank-3 rhs
// aligns right, so its batch dim is d1.
// CHECK-LABEL: lir.program @broadcast_batch
// CHECK:         linalg.fill
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-NEXT:    ^bb0(%[[L:.+]]: f32, %[[R:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
func.func @broadcast_batch(%a: tensor<2x3x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}

// fused_matmul: the epilogue act(out + bias) runs in place on the result
// in the same kernel, after the matmul.
// CHECK-LABEL: lir.program @fused
// CHECK:         lir.kernel @fused_matmul_0 grid = [1] attributes {rlx.flops = 1024 : i64} {
// CHECK-NEXT:    ^bb0(%[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[BIAS:.+]]: memref<4xf32>, %[[C:.+]]: memref<8x4xf32>):
// CHECK:           linalg.matmul ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[BIAS]] : memref<4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-NEXT:      ^bb0(%[[BV:.+]]: f32, %[[CV:.+]]: f32):
// CHECK-NEXT:        %[[S:.+]] = arith.addf %[[CV]], %[[BV]] : f32
// CHECK-NEXT:        %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[R:.+]] = arith.maximumf %[[S]], %[[Z]] : f32
// CHECK-NEXT:        linalg.yield %[[R]] : f32
func.func @fused(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %bias: tensor<4xf32>) -> tensor<8x4xf32> {
  %c = mir.fused_matmul %a, %b, %bias act = relu : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// f16: the product accumulates in f32 in a stack tile (a linalg.matmul of
// f16 inputs into f32), then the epilogue adds the bias and applies the
// activation in f32 and truncates once into the result.
// CHECK-LABEL: lir.program @fused_f16
// CHECK:         ^bb0(%[[A:.+]]: memref<2x8xf16>, %[[B:.+]]: memref<8x4xf16>, %[[BIAS:.+]]: memref<4xf16>, %[[C:.+]]: memref<2x4xf16>):
// CHECK-NEXT:      %[[T:.+]] = memref.alloca() : memref<2x4xf32>
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[T]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[A]], %[[B]] : memref<2x8xf16>, memref<8x4xf16>) outs(%[[T]] : memref<2x4xf32>)
// CHECK-NEXT:      linalg.generic {{.+}} ins(%[[T]], %[[BIAS]] : memref<2x4xf32>, memref<4xf16>) outs(%[[C]] : memref<2x4xf16>)
// CHECK-NEXT:      ^bb0(%[[TV:.+]]: f32, %[[BV:.+]]: f16, %{{.+}}: f16):
// CHECK-NEXT:        %[[BW:.+]] = arith.extf %[[BV]] : f16 to f32
// CHECK-NEXT:        %[[PRE:.+]] = arith.addf %[[TV]], %[[BW]] : f32
// CHECK:             %[[ACT:.+]] = arith.divf %[[PRE]], %{{.+}} : f32
// CHECK-NEXT:        %[[H:.+]] = arith.truncf %[[ACT]] : f32 to f16
// CHECK-NEXT:        linalg.yield %[[H]] : f16
func.func @fused_f16(%a: tensor<2x8xf16>, %b: tensor<8x4xf16>, %bias: tensor<4xf16>) -> tensor<2x4xf16> {
  %c = mir.fused_matmul %a, %b, %bias act = silu : (tensor<2x8xf16>, tensor<8x4xf16>, tensor<4xf16>) -> tensor<2x4xf16>
  return %c : tensor<2x4xf16>
}

// bf16 [2, 140, 8] x [8, 300] (a workgroup per batch): each workgroup's
// [140, 300] in tiles of 64 x 256 of one f32 stack tile, every tile static:
// the full ones (a loop over two row tiles), the column edge (64 x 44), the
// row edge (12 x 256) and the corner (12 x 44), each product on a window of
// the stack tile, its epilogue into the window of C.
// CHECK-LABEL: lir.program @bf16_tiles
// CHECK:         ^bb0(%{{.+}}: memref<2x140x8xbf16>, %{{.+}}: memref<8x300xbf16>, %{{.+}}: memref<300xbf16>, %{{.+}}: memref<2x140x300xbf16>):
// CHECK:           %[[T:.+]] = memref.alloca() : memref<64x256xf32>
// CHECK:           scf.for
// CHECK:             linalg.matmul ins(%{{.+}}, %{{.+}} : memref<64x8xbf16, {{.+}}>, memref<8x256xbf16, {{.+}}>) outs(%[[T]] : memref<64x256xf32>)
// CHECK-NEXT:        linalg.generic {{.+}} ins(%[[T]], %{{.+}} : memref<64x256xf32>, memref<256xbf16, {{.+}}>) outs(%{{.+}} : memref<64x256xbf16, {{.+}}>)
// CHECK:             linalg.matmul ins({{.+}}) outs(%{{.+}} : memref<64x44xf32, strided<[256, 1]{{.*}}>>)
// CHECK-NEXT:        linalg.generic {{.+}} outs(%{{.+}} : memref<64x44xbf16, {{.+}}>)
// CHECK:           linalg.matmul ins({{.+}}) outs(%{{.+}} : memref<12x256xf32, strided<[256, 1]{{.*}}>>)
// CHECK:           linalg.matmul ins({{.+}}) outs(%{{.+}} : memref<12x44xf32, strided<[256, 1]{{.*}}>>)
// CHECK-NOT:       linalg.matmul
// CHECK:           lir.return
func.func @bf16_tiles(%a: tensor<2x140x8xbf16>, %b: tensor<8x300xbf16>, %bias: tensor<300xbf16>) -> tensor<2x140x300xbf16> {
  %c = mir.fused_matmul %a, %b, %bias : (tensor<2x140x8xbf16>, tensor<8x300xbf16>, tensor<300xbf16>) -> tensor<2x140x300xbf16>
  return %c : tensor<2x140x300xbf16>
}

// A batched f16 product keeps the loops: each element accumulates in f32
// over K and is truncated once.
// CHECK-LABEL: lir.program @batched_f16
// CHECK-NOT:       linalg.matmul
// CHECK:           scf.for
// CHECK:             %[[SUM:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (f32) {
// CHECK:               arith.extf %{{.+}} : f16 to f32
// CHECK:             arith.truncf %[[SUM]] : f32 to f16
func.func @batched_f16(%a: tensor<2x3x8xf16>, %b: tensor<2x8x4xf16>) -> tensor<2x3x4xf16> {
  %c = mir.matmul %a, %b : (tensor<2x3x8xf16>, tensor<2x8x4xf16>) -> tensor<2x3x4xf16>
  return %c : tensor<2x3x4xf16>
}

// shared_matmul: one matmul per weight, all reading the input in place.
// CHECK-LABEL: lir.program @shared
// CHECK:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[WQ:.+]]: memref<8x8xf32>, %[[WK:.+]]: memref<8x2xf32>, %[[Q:.+]]: memref<4x8xf32>, %[[K:.+]]: memref<4x2xf32>):
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[Q]] : memref<4x8xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WQ]] : memref<4x8xf32>, memref<8x8xf32>) outs(%[[Q]] : memref<4x8xf32>)
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[K]] : memref<4x2xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WK]] : memref<4x8xf32>, memref<8x2xf32>) outs(%[[K]] : memref<4x2xf32>)
func.func @shared(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>) {
  %q, %k = mir.shared_matmul %x, %wq, %wk : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>)
  return %q, %k : tensor<4x8xf32>, tensor<4x2xf32>
}

// shared_matmul with biases: each product is followed by its epilogue, the
// bias added in place on that result, as fused_matmul's.
// CHECK-LABEL: lir.program @shared_bias
// CHECK:         ^bb0(%[[X:[^:]+]]: memref<4x8xf32>, %[[WQ:[^:]+]]: memref<8x8xf32>, %[[WK:[^:]+]]: memref<8x2xf32>, %[[BQ:[^:]+]]: memref<8xf32>, %[[BK:[^:]+]]: memref<2xf32>, %[[Q:[^:]+]]: memref<4x8xf32>, %[[K:[^:]+]]: memref<4x2xf32>):
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[Q]] : memref<4x8xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WQ]] : memref<4x8xf32>, memref<8x8xf32>) outs(%[[Q]] : memref<4x8xf32>)
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[BQ]] : memref<8xf32>) outs(%[[Q]] : memref<4x8xf32>)
// CHECK-NEXT:      ^bb0(%[[BQV:.+]]: f32, %[[QV:.+]]: f32):
// CHECK-NEXT:        %[[QS:.+]] = arith.addf %[[QV]], %[[BQV]] : f32
// CHECK-NEXT:        linalg.yield %[[QS]] : f32
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[K]] : memref<4x2xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WK]] : memref<4x8xf32>, memref<8x2xf32>) outs(%[[K]] : memref<4x2xf32>)
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[BK]] : memref<2xf32>) outs(%[[K]] : memref<4x2xf32>)
// CHECK-NEXT:      ^bb0(%[[BKV:.+]]: f32, %[[KV:.+]]: f32):
// CHECK-NEXT:        %[[KS:.+]] = arith.addf %[[KV]], %[[BKV]] : f32
// CHECK-NEXT:        linalg.yield %[[KS]] : f32
// CHECK:           lir.return
func.func @shared_bias(%x: tensor<4x8xf32>, %wq: tensor<8x8xf32>, %wk: tensor<8x2xf32>, %bq: tensor<8xf32>, %bk: tensor<2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>) {
  %q, %k = mir.shared_matmul %x, %wq, %wk bias(%bq, %bk) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>, tensor<8xf32>, tensor<2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>)
  return %q, %k : tensor<4x8xf32>, tensor<4x2xf32>
}

// f32 swiglu: tile by tile of the output (at most 512 x 128), the gate
// product into one stack tile and the up product into another, each a
// zero fill + linalg.matmul (the microkernel's form), then an epilogue on
// the up product writes silu(gate) * up into the output tile. A swiglu of
// few rows splits its columns, as a matmul does: each workgroup reads its
// columns of both weights (4 workgroups of 75; one tile each).
// CHECK-LABEL: lir.program @swiglu
// CHECK:         lir.kernel @swiglu_0 grid = [4]
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[WG:.+]]: memref<8x300xf32>, %[[WU:.+]]: memref<8x300xf32>, %[[OUT:.+]]: memref<4x300xf32>):
// CHECK-NEXT:      %[[ID:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[C75:.+]] = arith.constant 75 : index
// CHECK-NEXT:      %[[COL:.+]] = arith.muli %[[ID]], %[[C75]] : index
// CHECK-NEXT:      %[[WGS:.+]] = memref.subview %[[WG]][0, %[[COL]]] [8, 75] [1, 1]
// CHECK-NEXT:      %[[WUS:.+]] = memref.subview %[[WU]][0, %[[COL]]] [8, 75] [1, 1]
// CHECK-NEXT:      %[[OUTS:.+]] = memref.subview %[[OUT]][0, %[[COL]]] [4, 75] [1, 1]
// CHECK-NEXT:      %[[GATE:.+]] = memref.alloca() : memref<4x75xf32>
// CHECK-NEXT:      %[[UP:.+]] = memref.alloca() : memref<4x75xf32>
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[GATE]] : memref<4x75xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WGS]] : {{.+}}) outs(%[[GATE]] : memref<4x75xf32>)
// CHECK-NEXT:      linalg.fill ins(%{{.+}} : f32) outs(%[[UP]] : memref<4x75xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[X]], %[[WUS]] : {{.+}}) outs(%[[UP]] : memref<4x75xf32>)
// CHECK-NEXT:      linalg.generic {{.+}} ins(%[[UP]], %[[GATE]] : memref<4x75xf32>, memref<4x75xf32>) outs(%[[OUTS]] : {{.+}}) {
// CHECK-NEXT:      ^bb0(%[[U:.+]]: f32, %[[G:.+]]: f32, %{{.+}}: f32):
// CHECK:             %[[SILU:.+]] = arith.divf %[[G]], %{{.+}} : f32
// CHECK-NEXT:        %[[Y:.+]] = arith.mulf %[[SILU]], %[[U]] : f32
// CHECK-NEXT:        linalg.yield %[[Y]] : f32
func.func @swiglu(%x: tensor<4x8xf32>, %wg: tensor<8x300xf32>, %wu: tensor<8x300xf32>) -> tensor<4x300xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<4x8xf32>, tensor<8x300xf32>, tensor<8x300xf32>) -> tensor<4x300xf32>
  return %h : tensor<4x300xf32>
}

// A row split (2 workgroups of 300 rows) with several column tiles: the
// full tiles in a loop whose column offset is t * 128 (a provable multiple
// of the panel width, for params kept in panels), then the edge tile of 44
// columns at a constant offset, on windows of the same stack tiles.
// CHECK-LABEL: lir.program @swiglu_tiles
// CHECK:         lir.kernel @swiglu_0 grid = [2]
// CHECK:           %[[GATE:.+]] = memref.alloca() : memref<300x128xf32>
// CHECK-NEXT:      %[[UP:.+]] = memref.alloca() : memref<300x128xf32>
// CHECK:           scf.for %[[T:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT:        %[[J:.+]] = arith.muli %[[T]], %[[C128]] : index
// CHECK-NEXT:        memref.subview %{{.+}}[%{{.+}}, %[[J]]] [8, 128] [1, 1]
// CHECK-NEXT:        linalg.fill ins(%{{.+}} : f32) outs(%[[GATE]] : memref<300x128xf32>)
// CHECK-NEXT:        linalg.matmul
// CHECK:             linalg.fill ins(%{{.+}} : f32) outs(%[[UP]] : memref<300x128xf32>)
// CHECK-NEXT:        linalg.matmul
// CHECK-NEXT:        linalg.generic
// CHECK:           %[[C256:.+]] = arith.constant 256 : index
// CHECK-NEXT:      %[[GE:.+]] = memref.subview %[[GATE]][%{{.+}}, %{{.+}}] [300, 44] [1, 1]
// CHECK-NEXT:      memref.subview %{{.+}}[%{{.+}}, %[[C256]]] [8, 44] [1, 1]
// CHECK-NEXT:      linalg.fill ins(%{{.+}} : f32) outs(%[[GE]] :
// CHECK-NEXT:      linalg.matmul
// CHECK:           linalg.generic
func.func @swiglu_tiles(%x: tensor<600x8xf32>, %wg: tensor<8x300xf32>, %wu: tensor<8x300xf32>) -> tensor<600x300xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<600x8xf32>, tensor<8x300xf32>, tensor<8x300xf32>) -> tensor<600x300xf32>
  return %h : tensor<600x300xf32>
}

// Other element types (f64; f16 / bf16 accumulate in f32): per output
// element, both dot products in one K loop, then silu(gate) * up.
// CHECK-LABEL: lir.program @swiglu_f64
// CHECK:         ^bb0(%[[X:.+]]: memref<4x8xf64>, %[[WG:.+]]: memref<8x16xf64>, %[[WU:.+]]: memref<8x16xf64>, %[[OUT:.+]]: memref<4x16xf64>):
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK:               %[[SUMS:.+]]:2 = scf.for %[[K:.+]] = {{.*}} iter_args(%[[G:.+]] = %{{.+}}, %[[U:.+]] = %{{.+}}) -> (f64, f64) {
// CHECK-NEXT:            %[[XV:.+]] = memref.load %[[X]][%[[I]], %[[K]]]
// CHECK-NEXT:            %[[GV:.+]] = memref.load %[[WG]][%[[K]], %[[J]]]
// CHECK-NEXT:            %[[UV:.+]] = memref.load %[[WU]][%[[K]], %[[J]]]
// CHECK-NEXT:            %[[GP:.+]] = arith.mulf %[[XV]], %[[GV]]
// CHECK-NEXT:            %[[GN:.+]] = arith.addf %[[G]], %[[GP]]
// CHECK-NEXT:            %[[UP:.+]] = arith.mulf %[[XV]], %[[UV]]
// CHECK-NEXT:            %[[UN:.+]] = arith.addf %[[U]], %[[UP]]
// CHECK-NEXT:            scf.yield %[[GN]], %[[UN]] : f64, f64
// CHECK:               %[[SILU:.+]] = arith.divf %[[SUMS]]#0, %{{.+}} : f64
// CHECK-NEXT:          %[[Y:.+]] = arith.mulf %[[SILU]], %[[SUMS]]#1 : f64
// CHECK-NEXT:          memref.store %[[Y]], %[[OUT]][%[[I]], %[[J]]]
func.func @swiglu_f64(%x: tensor<4x8xf64>, %wg: tensor<8x16xf64>, %wu: tensor<8x16xf64>) -> tensor<4x16xf64> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<4x8xf64>, tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<4x16xf64>
  return %h : tensor<4x16xf64>
}

// Unpadded, ungrouped conv2d of other types than f32 (f64 here; f32 takes
// the CPU's tiled kernel below): the result starts as the bias per output
// channel, then linalg.conv_2d_nchw_fchw accumulates into it. Split: over
// output channels (N is 1): filter and bias rows go with them.
// CHECK-LABEL: lir.program @conv_named
// CHECK:         ^bb0(%[[X:.+]]: memref<1x3x8x8xf64>, %[[W:.+]]: memref<4x3x3x3xf64>, %[[B:.+]]: memref<4xf64>, %[[Y:.+]]: memref<1x4x3x3xf64>):
// CHECK-NEXT:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : memref<4xf64>) outs(%[[Y]] : memref<1x4x3x3xf64>)
// CHECK-NEXT:      ^bb0(%[[BV:.+]]: f64, %{{.+}}: f64):
// CHECK-NEXT:        linalg.yield %[[BV]] : f64
// CHECK-NEXT:      }
// CHECK-NEXT:      linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[X]], %[[W]] : memref<1x3x8x8xf64>, memref<4x3x3x3xf64>) outs(%[[Y]] : memref<1x4x3x3xf64>)
// SPLIT-LABEL: lir.program @conv_named
// SPLIT:         lir.kernel @conv2d_0 grid = [4] attributes {rlx.flops = 1944 : i64} {
// SPLIT-NEXT:    ^bb0(%[[X:.+]]: memref<1x3x8x8xf64>, %[[W:.+]]: memref<4x3x3x3xf64>, %[[B:.+]]: memref<4xf64>, %[[Y:.+]]: memref<1x4x3x3xf64>):
// SPLIT-NEXT:      %[[O:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[WS:.+]] = memref.subview %[[W]][%[[O]], 0, 0, 0] [1, 3, 3, 3] [1, 1, 1, 1]
// SPLIT-NEXT:      %[[BS:.+]] = memref.subview %[[B]][%[[O]]] [1] [1]
// SPLIT-NEXT:      %[[YS:.+]] = memref.subview %[[Y]][0, %[[O]], 0, 0] [1, 1, 3, 3] [1, 1, 1, 1]
// SPLIT:           linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X]], %[[WS]] : {{.*}}) outs(%[[YS]] :
func.func @conv_named(%x: tensor<1x3x8x8xf64>, %w: tensor<4x3x3x3xf64>, %b: tensor<4xf64>) -> tensor<1x4x3x3xf64> {
  %y = mir.conv2d %x, %w, %b strides = [2, 2] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf64>, tensor<4x3x3x3xf64>, tensor<4xf64>) -> tensor<1x4x3x3xf64>
  return %y : tensor<1x4x3x3xf64>
}

// f32 conv2d on the CPU (ConvKernel.cpp): the filter as [O, C*KH*KW] and
// the output as [N*O, Ho*Wo]; a workgroup's output window starts as the
// bias; per chunk of input channels the patches go into a stack buffer
// [Cc*KH*KW, rows*Wo] (kh and kw unrolled: a row whose input row is inside
// copies the run of input pixels inside, with zeros at the padded ends;
// else zeros), then one linalg.matmul of the filter's columns by them
// accumulates into the window.
// CHECK-LABEL: lir.program @conv_tiles
// CHECK:         lir.kernel @conv2d_0 grid = [1]
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<1x2x9x9xf32>, %[[W:.+]]: memref<4x2x3x3xf32>, %[[B:.+]]: memref<4xf32>, %[[Y:.+]]: memref<1x4x9x9xf32>):
// CHECK:           %[[W2:.+]] = memref.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : memref<4x2x3x3xf32> into memref<4x18xf32>
// CHECK-NEXT:      %[[Y2:.+]] = memref.collapse_shape %[[Y]] {{\[}}[0, 1], [2, 3]] : memref<1x4x9x9xf32> into memref<4x81xf32>
// CHECK-NEXT:      %[[P:.+]] = memref.alloca() : memref<18x81xf32>
// CHECK:           %[[C:.+]] = memref.subview %[[Y2]][%{{.+}}, %{{.+}}] [4, 81] [1, 1]
// CHECK:           linalg.generic {{.+}} ins(%{{.+}} : memref<4xf32, {{.+}}>) outs(%[[C]] :
// CHECK:           scf.for
// CHECK:             scf.if
// CHECK:               linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : memref<1xf32, {{.+}}>)
// CHECK:               %[[SRC:.+]] = memref.subview %[[X]][%{{.+}}, %{{.+}}, %{{.+}}, 0] [1, 1, 1, 8] [1, 1, 1, 1]
// CHECK:               linalg.copy ins(%[[SRC]] : {{.+}}) outs(%{{.+}} : memref<8xf32, {{.+}}>)
// CHECK:             } else {
// CHECK:               linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : memref<9xf32, {{.+}}>)
// CHECK:           %[[A:.+]] = memref.subview %[[W2]][%{{.+}}, %{{.+}}] [4, 18] [1, 1]
// CHECK-NEXT:      linalg.matmul ins(%[[A]], %[[P]] : memref<4x18xf32, strided<[18, 1], offset: ?>>, memref<18x81xf32>) outs(%[[C]] :
func.func @conv_tiles(%x: tensor<1x2x9x9xf32>, %w: tensor<4x2x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x9x9xf32> {
  %y = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x2x9x9xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x9x9xf32>
  return %y : tensor<1x4x9x9xf32>
}

// f32 depthwise conv2d on the CPU (ConvKernel.cpp): the padding of a stack
// plane is zeroed once; per (image, channel) plane the input is copied into
// its interior, then (column stride 2) into two column phases; the window's
// 9 weights are loaded once per plane; each output row is one loop over its
// columns that reads a row view of a phase per window position (row stride
// 2: output row r reads rows 2r + kh), sums bias + weight * input in
// registers and stores the column once.
// CHECK-LABEL: lir.program @conv_depthwise
// CHECK:         ^bb0(%[[X:.+]]: memref<1x2x6x6xf32>, %[[W:.+]]: memref<2x1x3x3xf32>, %[[B:.+]]: memref<2xf32>, %[[Y:.+]]: memref<1x2x3x3xf32>):
// CHECK:           %[[PAD:.+]] = memref.alloca() : memref<7x7xf32>
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[PAD]] : memref<7x7xf32>)
// CHECK-NEXT:      %[[EVEN:.+]] = memref.alloca() : memref<7x4xf32>
// CHECK-NEXT:      %[[ODD:.+]] = memref.alloca() : memref<7x4xf32>
// CHECK:           scf.for
// CHECK:             %[[IN:.+]] = memref.subview %[[X]][{{.+}}, {{.+}}, 0, 0] [1, 1, 6, 6]
// CHECK-NEXT:        %[[INTERIOR:.+]] = memref.subview %[[PAD]][1, 1] [6, 6] [1, 1]
// CHECK-NEXT:        linalg.copy ins(%[[IN]] : {{.+}}) outs(%[[INTERIOR]] :
// CHECK-NEXT:        memref.subview %[[PAD]][0, 0] [7, 4] [1, 2]
// CHECK:             memref.subview %[[PAD]][0, 1] [7, 3] [1, 2]
// CHECK:             %[[BIAS:.+]] = memref.load %[[B]]
// CHECK-COUNT-9:     memref.load %[[W]]
// CHECK:             scf.for %[[OH:.+]] = %{{.+}} to %{{.+}} step
// CHECK:               %[[TOP:.+]] = arith.muli %[[OH]], %{{.+}} : index
// CHECK:               memref.subview %[[EVEN]][%{{.+}}, 0] [1, 3] [1, 1]
// CHECK-NEXT:          memref.subview %[[ODD]][%{{.+}}, 0] [1, 3] [1, 1]
// CHECK-NEXT:          memref.subview %[[EVEN]][%{{.+}}, 1] [1, 3] [1, 1]
// CHECK:               scf.for %[[OW:.+]] = %{{.+}} to %{{.+}} step
// CHECK-COUNT-9:         arith.addf
// CHECK-NEXT:            memref.store %{{.+}}, %[[Y]][%{{.+}}, %{{.+}}, %[[OH]], %[[OW]]]
// CHECK-NOT:             linalg.generic
func.func @conv_depthwise(%x: tensor<1x2x6x6xf32>, %w: tensor<2x1x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %y = mir.conv2d %x, %w, %b strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 2 : (tensor<1x2x6x6xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// Convs whose stack buffers would pass 1 MiB keep the neutral kernels: one
// channel's patches of a 7x7 over 8192 output columns (1.6 MiB), a
// depthwise plane of 602 x 602 (1.4 MiB).
// CHECK-LABEL: lir.program @conv_too_wide_for_the_stack
// CHECK-NOT:     memref.alloca
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-LABEL: lir.program @depthwise_too_large_for_the_stack
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
func.func @conv_too_wide_for_the_stack(%x: tensor<1x1x7x8198xf32>, %w: tensor<1x1x7x7xf32>) -> tensor<1x1x1x8192xf32> {
  %y = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x1x7x8198xf32>, tensor<1x1x7x7xf32>) -> tensor<1x1x1x8192xf32>
  return %y : tensor<1x1x1x8192xf32>
}
func.func @depthwise_too_large_for_the_stack(%x: tensor<1x2x600x600xf32>, %w: tensor<2x1x3x3xf32>) -> tensor<1x2x600x600xf32> {
  %y = mir.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 2 : (tensor<1x2x600x600xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x600x600xf32>
  return %y : tensor<1x2x600x600xf32>
}

// Padding or groups: a loop nest per output element; ih = oh * stride -
// pad_top + kh (likewise iw with stride 2), reads outside the input are
// skipped (zero padding); input channel = group * (C / G) + c with group =
// o / (O / G).
// CHECK-LABEL: lir.program @conv_padded_grouped
// CHECK:         ^bb0(%[[X:.+]]: memref<1x4x5x5xf32>, %[[W:.+]]: memref<6x2x3x3xf32>, %[[Y:.+]]: memref<1x6x5x3xf32>):
// CHECK:           scf.for %[[O:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        scf.for %[[OH:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          scf.for %[[OW:.+]] = %{{.+}} to %{{.+}} step
// CHECK:                 %[[OPG:.+]] = arith.constant 3 : index
// CHECK-NEXT:            %[[G:.+]] = arith.divui %[[O]], %[[OPG]] : index
// CHECK-NEXT:            %[[CPG:.+]] = arith.constant 2 : index
// CHECK-NEXT:            %[[C0:.+]] = arith.muli %[[G]], %[[CPG]] : index
// CHECK-NEXT:            %[[PT:.+]] = arith.constant -1 : index
// CHECK-NEXT:            %[[HB:.+]] = arith.addi %[[OH]], %[[PT]] : index
// CHECK-NEXT:            %[[SW:.+]] = arith.constant 2 : index
// CHECK-NEXT:            %[[WS:.+]] = arith.muli %[[OW]], %[[SW]] : index
// CHECK-NEXT:            %[[PL:.+]] = arith.constant -1 : index
// CHECK-NEXT:            %[[WB:.+]] = arith.addi %[[WS]], %[[PL]] : index
// CHECK:                 %[[SUM:.+]] = scf.for %[[C:.+]] = {{.*}} iter_args
// CHECK-NEXT:              scf.for %[[KH:.+]] = {{.*}} iter_args
// CHECK-NEXT:                scf.for %[[KW:.+]] = {{.*}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (f32) {
// CHECK-NEXT:                  %[[IH:.+]] = arith.addi %[[HB]], %[[KH]] : index
// CHECK-NEXT:                  %[[IW:.+]] = arith.addi %[[WB]], %[[KW]] : index
// CHECK:                       arith.cmpi slt, %[[IH]]
// CHECK-NEXT:                  arith.cmpi sge, %[[IH]]
// CHECK:                       arith.cmpi slt, %[[IW]]
// CHECK-NEXT:                  arith.cmpi sge, %[[IW]]
// CHECK:                       %[[CH:.+]] = arith.addi %[[C0]], %[[C]] : index
// CHECK-NEXT:                  %[[R:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT:                    %[[XV:.+]] = memref.load %[[X]][%{{.+}}, %[[CH]], %[[IH]], %[[IW]]]
// CHECK-NEXT:                    %[[WV:.+]] = memref.load %[[W]][%[[O]], %[[C]], %[[KH]], %[[KW]]]
// CHECK-NEXT:                    %[[P:.+]] = arith.mulf %[[XV]], %[[WV]] : f32
// CHECK-NEXT:                    %[[NEXT:.+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:                    scf.yield %[[NEXT]] : f32
// CHECK-NEXT:                  } else {
// CHECK-NEXT:                    scf.yield %[[ACC]] : f32
// CHECK-NEXT:                  }
// CHECK:                 memref.store %[[SUM]], %[[Y]][%{{.+}}, %[[O]], %[[OH]], %[[OW]]]
func.func @conv_padded_grouped(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x5x3xf32> {
  %y = mir.conv2d %x, %w strides = [1, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 2 : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x5x3xf32>
  return %y : tensor<1x6x5x3xf32>
}

// A leading unit dim: the split runs along M (dim 1), and the rows are
// dropped to rank 2 by a rank-reducing subview before the fill and
// linalg.matmul (collapse_shape would reject the unit dim's stride of the
// row view).
// SPLIT-LABEL: lir.program @split_batch1
// SPLIT:         lir.kernel @matmul_0 grid = [2] attributes {rlx.flops = 256 : i64} {
// SPLIT-NEXT:    ^bb0(%[[A:.+]]: memref<1x8x4xf32>, %[[B:.+]]: memref<4x4xf32>, %[[C:.+]]: memref<1x8x4xf32>):
// SPLIT-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// SPLIT-NEXT:      %[[FOUR:.+]] = arith.constant 4 : index
// SPLIT-NEXT:      %[[ROW:.+]] = arith.muli %[[WG]], %[[FOUR]] : index
// SPLIT-NEXT:      %[[AS:.+]] = memref.subview %[[A]][0, %[[ROW]], 0] [1, 4, 4] [1, 1, 1] : memref<1x8x4xf32> to memref<1x4x4xf32, strided<[32, 4, 1], offset: ?>>
// SPLIT-NEXT:      %[[CS:.+]] = memref.subview %[[C]][0, %[[ROW]], 0] [1, 4, 4] [1, 1, 1] : memref<1x8x4xf32> to memref<1x4x4xf32, strided<[32, 4, 1], offset: ?>>
// SPLIT-NEXT:      %[[A2:.+]] = memref.subview %[[AS]][0, 0, 0] [1, 4, 4] [1, 1, 1] : memref<1x4x4xf32, strided<[32, 4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
// SPLIT-NEXT:      %[[C2:.+]] = memref.subview %[[CS]][0, 0, 0] [1, 4, 4] [1, 1, 1] : memref<1x4x4xf32, strided<[32, 4, 1], offset: ?>> to memref<4x4xf32, strided<[4, 1], offset: ?>>
// SPLIT-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// SPLIT-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C2]] : memref<4x4xf32, strided<[4, 1], offset: ?>>)
// SPLIT-NEXT:      linalg.matmul ins(%[[A2]], %[[B]] : memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32>) outs(%[[C2]] : memref<4x4xf32, strided<[4, 1], offset: ?>>)
func.func @split_batch1(%a: tensor<1x8x4xf32>, %b: tensor<4x4xf32>) -> tensor<1x8x4xf32> {
  %c = mir.matmul %a, %b : (tensor<1x8x4xf32>, tensor<4x4xf32>) -> tensor<1x8x4xf32>
  return %c : tensor<1x8x4xf32>
}

// Few rows (M = 4 < 256) and N = 512: the work splits along N, eight
// workgroups of 64 columns (one microkernel strip); A is read whole, B, the
// bias and the result by columns, so each workgroup reads only its strip
// of B.
// CHECK-LABEL: lir.program @column_split
// CHECK:         lir.kernel @fused_matmul_0 grid = [8] attributes {rlx.flops = 32768 : i64} {
// CHECK-NEXT:    ^bb0(%[[A:.+]]: memref<4x8xf32>, %[[B:.+]]: memref<8x512xf32>, %[[BIAS:.+]]: memref<512xf32>, %[[C:.+]]: memref<4x512xf32>):
// CHECK-NEXT:      %[[WG:.+]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[N64:.+]] = arith.constant 64 : index
// CHECK-NEXT:      %[[COL:.+]] = arith.muli %[[WG]], %[[N64]] : index
// CHECK-NEXT:      %[[BS:.+]] = memref.subview %[[B]][0, %[[COL]]] [8, 64] [1, 1]
// CHECK-NEXT:      %[[BIASS:.+]] = memref.subview %[[BIAS]][%[[COL]]] [64] [1]
// CHECK-NEXT:      %[[CS:.+]] = memref.subview %[[C]][0, %[[COL]]] [4, 64] [1, 1]
// CHECK:           linalg.matmul ins(%[[A]], %[[BS]] : memref<4x8xf32>, memref<8x64xf32, strided<[512, 1], offset: ?>>) outs(%[[CS]]
// shared_matmul with one N: every weight and result splits by columns.
// CHECK-LABEL: lir.program @shared_column_split
// CHECK:         lir.kernel @shared_matmul_0 grid = [4] attributes {rlx.flops = 32768 : i64} {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[W0:.+]]: memref<8x256xf32>, %[[W1:.+]]: memref<8x256xf32>, %[[Y0:.+]]: memref<4x256xf32>, %[[Y1:.+]]: memref<4x256xf32>):
// CHECK:           memref.subview %[[W0]][0, %[[COL:.+]]] [8, 64] [1, 1]
// CHECK-NEXT:      memref.subview %[[W1]][0, %[[COL]]] [8, 64] [1, 1]
// CHECK-NEXT:      memref.subview %[[Y0]][0, %[[COL]]] [4, 64] [1, 1]
// CHECK-NEXT:      memref.subview %[[Y1]][0, %[[COL]]] [4, 64] [1, 1]
// With biases, each bias splits by columns with its weight. Weights,
// biases and results of one type share one product in a loop over the
// weights, which picks each one's buffers (one matmul's code, not two).
// CHECK-LABEL: lir.program @shared_bias_column_split
// CHECK:         lir.kernel @shared_matmul_0 grid = [4] attributes {rlx.flops = 32768 : i64} {
// CHECK-NEXT:    ^bb0(%[[X:[^:]+]]: memref<4x8xf32>, %[[W0:[^:]+]]: memref<8x256xf32>, %[[W1:[^:]+]]: memref<8x256xf32>, %[[B0:[^:]+]]: memref<256xf32>, %[[B1:[^:]+]]: memref<256xf32>, %[[Y0:[^:]+]]: memref<4x256xf32>, %[[Y1:[^:]+]]: memref<4x256xf32>):
// CHECK:           memref.subview %[[W0]][0, %[[COL:.+]]] [8, 64] [1, 1]
// CHECK-NEXT:      memref.subview %[[W1]][0, %[[COL]]] [8, 64] [1, 1]
// CHECK-NEXT:      %[[B0S:.+]] = memref.subview %[[B0]][%[[COL]]] [64] [1]
// CHECK-NEXT:      %[[B1S:.+]] = memref.subview %[[B1]][%[[COL]]] [64] [1]
// CHECK-NEXT:      %[[Y0S:.+]] = memref.subview %[[Y0]][0, %[[COL]]] [4, 64] [1, 1]
// CHECK-NEXT:      %[[Y1S:.+]] = memref.subview %[[Y1]][0, %[[COL]]] [4, 64] [1, 1]
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             %[[IS1:.+]] = arith.cmpi eq, %[[I]], %{{.+}} : index
// CHECK-NEXT:        %[[W:.+]] = arith.select %[[IS1]], %{{.+}}, %{{.+}} : memref<8x64xf32
// CHECK:             %[[BI:.+]] = arith.select %{{.+}}, %[[B1S]], %[[B0S]] : memref<64xf32
// CHECK:             %[[Y:.+]] = arith.select %{{.+}}, %[[Y1S]], %[[Y0S]] : memref<4x64xf32
// CHECK:             linalg.fill ins(%{{.+}} : f32) outs(%[[Y]] :
// CHECK-NEXT:        linalg.matmul ins(%{{.+}}, %[[W]] : {{.+}}) outs(%[[Y]] :
// CHECK-NEXT:        linalg.generic {{.+}} ins(%[[BI]] : {{.+}}) outs(%[[Y]] :
// CHECK-NOT:         linalg.matmul
// A narrow N (< 128) keeps the row split.
// CHECK-LABEL: lir.program @narrow
// CHECK:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 6400 : i64} {
func.func @column_split(%a: tensor<4x8xf32>, %b: tensor<8x512xf32>, %bias: tensor<512xf32>) -> tensor<4x512xf32> {
  %c = mir.fused_matmul %a, %b, %bias : (tensor<4x8xf32>, tensor<8x512xf32>, tensor<512xf32>) -> tensor<4x512xf32>
  return %c : tensor<4x512xf32>
}
func.func @shared_column_split(%x: tensor<4x8xf32>, %w0: tensor<8x256xf32>, %w1: tensor<8x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>) {
  %y0, %y1 = mir.shared_matmul %x, %w0, %w1 : (tensor<4x8xf32>, tensor<8x256xf32>, tensor<8x256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>)
  return %y0, %y1 : tensor<4x256xf32>, tensor<4x256xf32>
}
func.func @shared_bias_column_split(%x: tensor<4x8xf32>, %w0: tensor<8x256xf32>, %w1: tensor<8x256xf32>, %b0: tensor<256xf32>, %b1: tensor<256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>) {
  %y0, %y1 = mir.shared_matmul %x, %w0, %w1 bias(%b0, %b1) : (tensor<4x8xf32>, tensor<8x256xf32>, tensor<8x256xf32>, tensor<256xf32>, tensor<256xf32>) -> (tensor<4x256xf32>, tensor<4x256xf32>)
  return %y0, %y1 : tensor<4x256xf32>, tensor<4x256xf32>
}
func.func @narrow(%a: tensor<4x8xf32>, %b: tensor<8x100xf32>) -> tensor<4x100xf32> {
  %c = mir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x100xf32>) -> tensor<4x100xf32>
  return %c : tensor<4x100xf32>
}

// One row (M = 1) whose B is read row-major: a run-time B, or a param whose
// N no panel width divides. Its workgroups take at least 512 columns (2 KiB
// of each row of B), not 64: 4096 -> 8 workgroups, 1100 -> 2 of 550. A
// param whose N 64 divides is stored in panels and keeps 64 columns.
// CHECK-LABEL: lir.program @one_row_runtime_b
// CHECK:         lir.kernel @matmul_0 grid = [8]
// CHECK:           memref.subview %{{.+}}[0, %{{.+}}] [8, 512] [1, 1]
func.func @one_row_runtime_b(%a: tensor<1x8xf32>, %b: tensor<8x4096xf32>) -> tensor<1x4096xf32> {
  %c = mir.matmul %a, %b : (tensor<1x8xf32>, tensor<8x4096xf32>) -> tensor<1x4096xf32>
  return %c : tensor<1x4096xf32>
}
// CHECK-LABEL: lir.program @one_row_param_tail
// CHECK:         lir.kernel @matmul_0 grid = [2]
// CHECK:           memref.subview %{{.+}}[0, %{{.+}}] [8, 550] [1, 1]
func.func @one_row_param_tail(%a: tensor<1x8xf32>) -> tensor<1x1100xf32> {
  %b = mir.param "b" : tensor<8x1100xf32>
  %c = mir.matmul %a, %b : (tensor<1x8xf32>, tensor<8x1100xf32>) -> tensor<1x1100xf32>
  return %c : tensor<1x1100xf32>
}
// CHECK-LABEL: lir.program @one_row_param_panels
// CHECK:         lir.kernel @matmul_0 grid = [64]
// CHECK:           memref.subview %{{.+}}[0, %{{.+}}] [8, 64] [1, 1]
func.func @one_row_param_panels(%a: tensor<1x8xf32>) -> tensor<1x4096xf32> {
  %b = mir.param "b" : tensor<8x4096xf32>
  %c = mir.matmul %a, %b : (tensor<1x8xf32>, tensor<8x4096xf32>) -> tensor<1x4096xf32>
  return %c : tensor<1x4096xf32>
}
