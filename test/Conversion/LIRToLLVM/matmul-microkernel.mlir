// RUN: rlx-opt %s -split-input-file -rlx-cpu-matmul-microkernel="lanes=16 tile-rows=4 tile-vectors=2 k-block=8 m-block=8 n-block=64" -canonicalize | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-cpu-matmul-microkernel="lanes=16 tile-rows=4 tile-vectors=2 k-block=8 m-block=8 n-block=64 bf16-dot=false" -canonicalize | FileCheck %s --check-prefix=NODOT

// fill + matmul + bias/relu epilogue: one loop nest, no linalg left. K = 20
// runs in three K blocks of 7 (about equal, none above k-block). B is
// packed into [n-block / 32][7][32], A into [m-block / 4][4][7];
// the K loop carries 4 x 2 accumulators; the epilogue (bias add, max) runs
// on them under `scf.if` (last K block) before the one store.
// CHECK-LABEL: func.func @fused
// CHECK-DAG:     memref.alloca() {alignment = 64 : i64} : memref<2x7x32xf32>
// CHECK-DAG:     memref.alloca() {alignment = 64 : i64} : memref<2x4x7xf32>
// CHECK-NOT:     linalg.
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-8:   vector.fma
// CHECK:         scf.if
// CHECK:           vector.load %{{.*}} : memref<40xf32>, vector<16xf32>
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK:           arith.maximumf {{.*}} : vector<16xf32>
// The N edge (40 = 32 + 8): a strip of one vector, masked.
// CHECK:         vector.maskedload
// CHECK:         vector.maskedstore
// CHECK-NOT:     linalg.
// CHECK:         return
#col = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fused(%a: memref<10x20xf32>, %b: memref<20x40xf32>, %bias: memref<40xf32>, %c: memref<10x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x40xf32>)
  linalg.matmul ins(%a, %b : memref<10x20xf32>, memref<20x40xf32>) outs(%c : memref<10x40xf32>)
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<40xf32>) outs(%c : memref<10x40xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The body of a shared_matmul with biases (MIR-to-LIR): per weight a fill,
// a matmul of the one A and that weight's bias epilogue. Each triple is one
// microkernel with its own bias added on the registers.
// CHECK-LABEL: func.func @shared_bias(
// CHECK-SAME:      %{{[^:]+}}: memref<8x16xf32>, %{{[^:]+}}: memref<16x32xf32>, %{{[^:]+}}: memref<16x64xf32>, %[[BQ:[^:]+]]: memref<32xf32>, %[[BK:[^:]+]]: memref<64xf32>,
// CHECK-NOT:     linalg.
// CHECK:         vector.fma
// CHECK:         scf.if
// CHECK:           vector.load %[[BQ]][%{{.+}}] : memref<32xf32>, vector<16xf32>
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.
// CHECK:         vector.fma
// CHECK:         scf.if
// CHECK:           vector.load %[[BK]][%{{.+}}] : memref<64xf32>, vector<16xf32>
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.
// CHECK:         return
#bcol = affine_map<(d0, d1) -> (d1)>
#bid = affine_map<(d0, d1) -> (d0, d1)>
func.func @shared_bias(%x: memref<8x16xf32>, %wq: memref<16x32xf32>, %wk: memref<16x64xf32>, %bq: memref<32xf32>, %bk: memref<64xf32>, %q: memref<8x32xf32>, %k: memref<8x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%q : memref<8x32xf32>)
  linalg.matmul ins(%x, %wq : memref<8x16xf32>, memref<16x32xf32>) outs(%q : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#bcol, #bid], iterator_types = ["parallel", "parallel"]}
      ins(%bq : memref<32xf32>) outs(%q : memref<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%k : memref<8x64xf32>)
  linalg.matmul ins(%x, %wk : memref<8x16xf32>, memref<16x64xf32>) outs(%k : memref<8x64xf32>)
  linalg.generic {indexing_maps = [#bcol, #bid], iterator_types = ["parallel", "parallel"]}
      ins(%bk : memref<64xf32>) outs(%k : memref<8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Without a fill the accumulators start from C (no select with zero); an
// epilogue indexed by (j, i) (a transpose) is not fused and stays. N is one
// strip: B is packed, A is read in place (no A panel).
// CHECK-LABEL: func.func @accumulate
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<1x8x32xf32>
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     arith.select
// CHECK:         memref.load %arg0
// CHECK:         vector.fma
// CHECK:         linalg.generic
#t = affine_map<(d0, d1) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @accumulate(%a: memref<8x8xf32>, %b: memref<8x32xf32>, %d: memref<32x8xf32>, %c: memref<8x32xf32>) {
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x32xf32>) outs(%c : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#t, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<32x8xf32>) outs(%c : memref<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// batch_matmul: one 2-D microkernel per batch in an scf.for over rank-reduced
// subviews.
// CHECK-LABEL: func.func @batched
// CHECK:         scf.for
// CHECK:           memref.subview {{.*}} : memref<3x8x8xf32> to memref<8x8xf32, strided<[8, 1], offset: ?>>
// CHECK:           vector.fma
// CHECK-NOT:     linalg.batch_matmul
func.func @batched(%a: memref<3x8x8xf32>, %b: memref<3x8x32xf32>, %c: memref<3x8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<3x8x32xf32>)
  linalg.batch_matmul ins(%a, %b : memref<3x8x8xf32>, memref<3x8x32xf32>) outs(%c : memref<3x8x32xf32>)
  return
}

// -----

// A half-float tile (ContractionKernels.cpp): bf16 A and B into an f32 stack
// tile, the epilogue reading the tile and writing bf16 C, on a target
// without AVX512-BF16. A and B are extended to f32 as they are packed;
// after the last K block the epilogue (bias extended, added, truncated) is
// stored into C, before it the partial sums into the tile.
// CHECK-LABEL: func.func @half_tile
// CHECK-NOT:     linalg.
// CHECK:         vector.load %{{.+}} : memref<20x40xbf16>, vector<16xbf16>
// CHECK-NEXT:    arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// CHECK:         vector.maskedload %{{.+}} : memref<10x20xbf16>, vector<16xi1>, vector<16xbf16> into vector<16xbf16>
// CHECK-NEXT:    arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// CHECK:         vector.fma
// CHECK:         scf.if
// CHECK:           vector.load %{{.+}} : memref<40xbf16>, vector<16xbf16>
// CHECK:           arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK:           arith.truncf %{{.+}} : vector<16xf32> to vector<16xbf16>
// CHECK:           vector.store %{{.+}}, %{{.+}} : memref<10x40xbf16>, vector<16xbf16>
// CHECK:         } else {
// CHECK:           vector.store %{{.+}}, %{{.+}} : memref<10x40xf32>, vector<16xf32>
// CHECK-NOT:     linalg.
// CHECK:         return
#hcol = affine_map<(d0, d1) -> (d1)>
#hid = affine_map<(d0, d1) -> (d0, d1)>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "+avx512f", vector_bits = 512>} {
func.func @half_tile(%a: memref<10x20xbf16>, %b: memref<20x40xbf16>, %bias: memref<40xbf16>, %c: memref<10x40xbf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloca() : memref<10x40xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<10x40xf32>)
  linalg.matmul ins(%a, %b : memref<10x20xbf16>, memref<20x40xbf16>) outs(%t : memref<10x40xf32>)
  linalg.generic {indexing_maps = [#hid, #hcol, #hid], iterator_types = ["parallel", "parallel"]}
      ins(%t, %bias : memref<10x40xf32>, memref<40xbf16>) outs(%c : memref<10x40xbf16>) {
  ^bb0(%acc: f32, %in: bf16, %out: bf16):
    %e = arith.extf %in : bf16 to f32
    %s = arith.addf %acc, %e : f32
    %r = arith.truncf %s : f32 to bf16
    linalg.yield %r : bf16
  }
  return
}
}

// -----

// The same on a target with AVX512-BF16: A and B stay bf16. B's strips
// pair rows k and k + 1 ([k-block / 2][2 x 32] bf16: two rows interleaved
// per vector of 16 columns, the second masked to nothing past an odd K);
// A's panel rows are whole vectors (zero past K). The K loop runs over
// pairs: per row, A's pair broadcast as one 32-bit lane, and one
// vdpbf16ps per accumulator.
// With bf16-dot=false the same target extends to f32 and uses FMAs.
// NODOT-LABEL: func.func @half_tile_dot
// NODOT-NOT:     llvm.call_intrinsic
// NODOT:         arith.extf %{{.+}} : vector<16xbf16> to vector<16xf32>
// NODOT:         vector.fma
// NODOT-NOT:     llvm.call_intrinsic
// NODOT:         return
// CHECK-LABEL: func.func @half_tile_dot
// CHECK-DAG:     memref.alloca() {alignment = 64 : i64} : memref<2x4x16xbf16>
// CHECK-DAG:     memref.alloca() {alignment = 64 : i64} : memref<2x4x64xbf16>
// CHECK-NOT:     vector.fma
// CHECK:         vector.interleave %{{.+}}, %{{.+}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         vector.store %{{.+}}, %{{.+}} : memref<2x4x64xbf16>, vector<32xbf16>
// CHECK:         vector.maskedload %{{.+}} : memref<10x20xbf16>, vector<16xi1>, vector<16xbf16> into vector<16xbf16>
// CHECK-NEXT:    vector.store %{{.+}}, %{{.+}} : memref<2x4x16xbf16>, vector<16xbf16>
// CHECK:         scf.for {{.+}} iter_args
// CHECK:           vector.load %{{.+}} : memref<2x4x64xbf16>, vector<32xbf16>
// CHECK:           vector.load %{{.+}} : memref<2x4x16xbf16>, vector<2xbf16>
// CHECK:           vector.bitcast %{{.+}} : vector<2xbf16> to vector<1xi32>
// CHECK:           vector.bitcast %{{.+}} : vector<16xi32> to vector<32xbf16>
// CHECK:           llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"(%{{.+}}, %{{.+}}, %{{.+}}) : (vector<16xf32>, vector<32xbf16>, vector<32xbf16>) -> vector<16xf32>
// CHECK-NOT:     vector.fma
// CHECK:         arith.truncf %{{.+}} : vector<16xf32> to vector<16xbf16>
// CHECK:         return
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "+avx512f,+avx512bf16", vector_bits = 512>} {
func.func @half_tile_dot(%a: memref<10x20xbf16>, %b: memref<20x40xbf16>, %c: memref<10x40xbf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloca() : memref<10x40xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<10x40xf32>)
  linalg.matmul ins(%a, %b : memref<10x20xbf16>, memref<20x40xbf16>) outs(%t : memref<10x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<10x40xf32>) outs(%c : memref<10x40xbf16>) {
  ^bb0(%acc: f32, %out: bf16):
    %r = arith.truncf %acc : f32 to bf16
    linalg.yield %r : bf16
  }
  return
}
}

// -----

// A swiglu tile (ContractionKernels.cpp): the gate product into one stack
// tile, the up product into another, and an epilogue that reads the up
// product (C) and the gate tile (indexed (i, j)) and writes
// silu(gate) * up into the output. Both products become microkernels; the
// epilogue runs on the up product's accumulators, loading the gate tile by
// vectors, before the one store into the output.
// CHECK-LABEL: func.func @swiglu_tile
// CHECK-NOT:     linalg.
// CHECK:         vector.fma
// CHECK:         vector.fma
// CHECK:         scf.if
// CHECK:           vector.load %{{.+}} : memref<10x40xf32>, vector<16xf32>
// CHECK:           math.exp %{{.+}} : vector<16xf32>
// CHECK:           arith.divf %{{.+}} : vector<16xf32>
// CHECK:           arith.mulf %{{.+}} : vector<16xf32>
// CHECK:           vector.store %{{.+}}, %{{.+}} : memref<10x40xf32>, vector<16xf32>
// CHECK-NOT:     linalg.
// CHECK:         return
#sid = affine_map<(d0, d1) -> (d0, d1)>
func.func @swiglu_tile(%x: memref<10x20xf32>, %wg: memref<20x40xf32>, %wu: memref<20x40xf32>, %out: memref<10x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %g = memref.alloca() : memref<10x40xf32>
  %u = memref.alloca() : memref<10x40xf32>
  linalg.fill ins(%zero : f32) outs(%g : memref<10x40xf32>)
  linalg.matmul ins(%x, %wg : memref<10x20xf32>, memref<20x40xf32>) outs(%g : memref<10x40xf32>)
  linalg.fill ins(%zero : f32) outs(%u : memref<10x40xf32>)
  linalg.matmul ins(%x, %wu : memref<10x20xf32>, memref<20x40xf32>) outs(%u : memref<10x40xf32>)
  linalg.generic {indexing_maps = [#sid, #sid, #sid], iterator_types = ["parallel", "parallel"]}
      ins(%u, %g : memref<10x40xf32>, memref<10x40xf32>) outs(%out : memref<10x40xf32>) {
  ^bb0(%up: f32, %gate: f32, %o: f32):
    %n = arith.negf %gate : f32
    %e = math.exp %n : f32
    %d = arith.addf %one, %e : f32
    %s = arith.divf %gate, %d : f32
    %y = arith.mulf %s, %up : f32
    linalg.yield %y : f32
  }
  return
}

// -----

// Epilogues that write elsewhere are fused only when they read the product
// (here it does not) and write C's shape; the product is still taken.
// CHECK-LABEL: func.func @elsewhere_unfused
// CHECK:         vector.fma
// CHECK:         linalg.generic
#eid = affine_map<(d0, d1) -> (d0, d1)>
func.func @elsewhere_unfused(%a: memref<8x8xf16>, %b: memref<8x32xf16>, %other: memref<8x32xf32>, %c: memref<8x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloca() : memref<8x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<8x32xf32>)
  linalg.matmul ins(%a, %b : memref<8x8xf16>, memref<8x32xf16>) outs(%t : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#eid, #eid], iterator_types = ["parallel", "parallel"]}
      ins(%other : memref<8x32xf32>) outs(%c : memref<8x32xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %r = arith.truncf %in : f32 to bf16
    linalg.yield %r : bf16
  }
  return
}

// -----

// Left alone: f64, a dynamic shape, a column-strided operand, a native call,
// and a half-float C (its sums would round to f16 between K blocks).
// CHECK-LABEL: func.func @untouched
// CHECK-COUNT-5: linalg.matmul
// CHECK-NOT:     vector.fma
func.func @untouched(%a: memref<4x4xf64>, %b: memref<4x4xf64>, %c: memref<4x4xf64>,
                     %d: memref<?x4xf32>, %e: memref<4x4xf32>, %f: memref<?x4xf32>,
                     %g: memref<4x4xf32, strided<[1, 4]>>, %h: memref<4x4xf32>,
                     %i: memref<4x4xf16>) {
  linalg.matmul ins(%a, %b : memref<4x4xf64>, memref<4x4xf64>) outs(%c : memref<4x4xf64>)
  linalg.matmul ins(%d, %e : memref<?x4xf32>, memref<4x4xf32>) outs(%f : memref<?x4xf32>)
  linalg.matmul ins(%g, %e : memref<4x4xf32, strided<[1, 4]>>, memref<4x4xf32>) outs(%h : memref<4x4xf32>)
  linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%e, %e : memref<4x4xf32>, memref<4x4xf32>) outs(%h : memref<4x4xf32>)
  linalg.matmul ins(%i, %i : memref<4x4xf16>, memref<4x4xf16>) outs(%i : memref<4x4xf16>)
  return
}

// -----

// One row of A with B row-major (emitGemv): no panels on the stack; C's row
// in blocks (here one of 1100 columns: 68 vectors and a masked tail of
// 12), zeroed; then passes of 4 rows of B (K = 22: 5 passes and a rest of
// 2 rows), each loading C's vector once, adding a[k] * B[k, :] for its 4
// rows with the row 4 ahead prefetched, storing it once; the bias after
// the K loop, on C's vectors.
// CHECK-LABEL: func.func @gemv
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for
// CHECK:           vector.store %{{.*}}, %[[C:.+]][%{{.*}}, %{{.*}}] : memref<1x1100xf32>, vector<16xf32>
// CHECK:         vector.maskedstore %[[C]]
// CHECK:         scf.for %[[K:.+]] = %c0 to %c20 step %c4 {
// CHECK:           memref.load %{{.*}}[%c0, %[[K]]] : memref<1x22xf32>
// CHECK:           %[[AHEAD:.+]] = arith.addi %[[K]], %c4
// CHECK:           %[[ROW:.+]] = arith.minsi %[[AHEAD]], %c21
// CHECK:           scf.for
// CHECK:             %[[OLD:.+]] = vector.load %[[C]]
// CHECK:             memref.prefetch %{{.*}}[%[[ROW]], %{{.*}}], read, locality<0>, data : memref<22x1100xf32>
// CHECK:             %[[B:.+]] = vector.load %{{.*}}[%[[K]], %{{.*}}] : memref<22x1100xf32>, vector<16xf32>
// CHECK:             %[[S0:.+]] = vector.fma %{{.*}}, %[[B]], %[[OLD]] : vector<16xf32>
// CHECK:             %[[S1:.+]] = vector.fma %{{.*}}, %{{.*}}, %[[S0]] : vector<16xf32>
// CHECK:             %[[S2:.+]] = vector.fma %{{.*}}, %{{.*}}, %[[S1]] : vector<16xf32>
// CHECK:             %[[S3:.+]] = vector.fma %{{.*}}, %{{.*}}, %[[S2]] : vector<16xf32>
// CHECK:             vector.store %[[S3]], %[[C]]
// CHECK:           vector.maskedload %{{.*}}[%[[K]], %c1088]
// The rest: rows 20 and 21, their prefetches clamped to row 21.
// CHECK:         memref.load %{{.*}}[%c0, %c20] : memref<1x22xf32>
// CHECK:         memref.load %{{.*}}[%c0, %c21] : memref<1x22xf32>
// CHECK:         scf.for
// CHECK:           memref.prefetch %{{.*}}[%c21, %{{.*}}]
// CHECK:           vector.load %{{.*}}[%c20, %{{.*}}] : memref<22x1100xf32>
// CHECK:           vector.load %{{.*}}[%c21, %{{.*}}] : memref<22x1100xf32>
// CHECK:         scf.for
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK:         vector.maskedstore %[[C]][%c0, %c1088]
// CHECK-NOT:     linalg.
#col = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gemv(%a: memref<1x22xf32>, %b: memref<22x1100xf32>, %bias: memref<1100xf32>, %c: memref<1x1100xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<1x1100xf32>)
  linalg.matmul ins(%a, %b : memref<1x22xf32>, memref<22x1100xf32>) outs(%c : memref<1x1100xf32>)
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]} ins(%bias : memref<1100xf32>) outs(%c : memref<1x1100xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Two rows of A: the packed path (B's block on the stack), not emitGemv.
// CHECK-LABEL: func.func @two_rows
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<2x7x32xf32>
// CHECK-NOT:     memref.prefetch
// CHECK:         return
func.func @two_rows(%a: memref<2x20xf32>, %b: memref<20x64xf32>, %c: memref<2x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x64xf32>)
  linalg.matmul ins(%a, %b : memref<2x20xf32>, memref<20x64xf32>) outs(%c : memref<2x64xf32>)
  return
}
