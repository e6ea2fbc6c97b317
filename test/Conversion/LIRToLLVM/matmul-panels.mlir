// RUN: rlx-opt %s -split-input-file -rlx-cpu-matmul-microkernel="lanes=16 tile-rows=4 k-block=8 m-block=8 n-block=64" -canonicalize | FileCheck %s

// The panel matmul (rlx-cpu-pack-params): B arrives in panels [N/W][K][W]
// and is read in place, so only A gets a stack panel; the strips are the
// panels (W = 32: 2 vectors of 16, whatever tile-vectors says); each K
// block reads the panel rows from its start on; the fill and the bias
// epilogue fold in as for linalg.matmul.
// CHECK-LABEL: func.func @panels(
// CHECK-SAME:    %[[A:.*]]: memref<10x20xf32>, %[[P:.*]]: memref<2x20x32xf32>
// CHECK-NOT:     memref.alloca() {{.*}} : memref<{{.*}}x7x32xf32>
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<2x4x7xf32>
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     linalg.
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:           vector.load %[[P]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x20x32xf32>, vector<16xf32>
// CHECK:           vector.load %[[P]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x20x32xf32>, vector<16xf32>
// CHECK-COUNT-8:   vector.fma
// CHECK:         scf.if
// CHECK:           arith.addf {{.*}} : vector<16xf32>
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref.expand_shape
// CHECK:         return
#a = affine_map<(m, s, j, k) -> (m, k)>
#b = affine_map<(m, s, j, k) -> (s, k, j)>
#c = affine_map<(m, s, j, k) -> (m, s, j)>
#col = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @panels(%a: memref<10x20xf32>, %p: memref<2x20x32xf32>, %bias: memref<64xf32>, %c: memref<10x64xf32>) {
  %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [10, 2, 32] : memref<10x64xf32> into memref<10x2x32xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x64xf32>)
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %p : memref<10x20xf32>, memref<2x20x32xf32>) outs(%c3 : memref<10x2x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<64xf32>) outs(%c : memref<10x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Panels 24 wide are not whole vectors of 16 lanes: left to the loops.
// CHECK-LABEL: func.func @odd_width
// CHECK:         linalg.generic
#a = affine_map<(m, s, j, k) -> (m, k)>
#b = affine_map<(m, s, j, k) -> (s, k, j)>
#c = affine_map<(m, s, j, k) -> (m, s, j)>
func.func @odd_width(%a: memref<4x8xf32>, %p: memref<2x8x24xf32>, %c: memref<4x48xf32>) {
  %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [4, 2, 24] : memref<4x48xf32> into memref<4x2x24xf32>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %p : memref<4x8xf32>, memref<2x8x24xf32>) outs(%c3 : memref<4x2x24xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A generic with the panel maps but another body (a max) is no matmul.
// CHECK-LABEL: func.func @not_a_product
// CHECK:         linalg.generic
// CHECK:           arith.maximumf
#a = affine_map<(m, s, j, k) -> (m, k)>
#b = affine_map<(m, s, j, k) -> (s, k, j)>
#c = affine_map<(m, s, j, k) -> (m, s, j)>
func.func @not_a_product(%a: memref<4x8xf32>, %p: memref<2x8x16xf32>, %c: memref<4x32xf32>) {
  %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [4, 2, 16] : memref<4x32xf32> into memref<4x2x16xf32>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %p : memref<4x8xf32>, memref<2x8x16xf32>) outs(%c3 : memref<4x2x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.maximumf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// bf16 pair panels [N/W][K/2][2W] with bf16 A on an AVX512-BF16 target:
// no B panel on the stack (A's bf16 panel only), each step of the K loop
// loads one 32-lane pair row of the panel per vector of the strip, from
// the K block's start / 2 on, and multiplies with vdpbf16ps.
// CHECK-LABEL: func.func @pair_panels(
// CHECK-SAME:    %[[A:.*]]: memref<10x20xbf16>, %[[P:.*]]: memref<2x10x64xbf16>
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<2x4x16xbf16>
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     linalg.
// CHECK:         arith.divui %{{.*}}, %c2
// CHECK:           vector.load %[[P]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x10x64xbf16>, vector<32xbf16>
// CHECK:           vector.load %[[P]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x10x64xbf16>, vector<32xbf16>
// CHECK-COUNT-2:   llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
// CHECK-NOT:     vector.fma
// CHECK-NOT:     linalg.
// CHECK:         return
#pa = affine_map<(m, s, j, k) -> (m, k)>
#pb = affine_map<(m, s, j, k) -> (s, k floordiv 2, j * 2 + k mod 2)>
#pc = affine_map<(m, s, j, k) -> (m, s, j)>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "+avx512f,+avx512bf16", vector_bits = 512>} {
func.func @pair_panels(%a: memref<10x20xbf16>, %p: memref<2x10x64xbf16>, %c: memref<10x64xf32>) {
  %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [10, 2, 32] : memref<10x64xf32> into memref<10x2x32xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x64xf32>)
  linalg.generic {indexing_maps = [#pa, #pb, #pc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %p : memref<10x20xbf16>, memref<2x10x64xbf16>) outs(%c3 : memref<10x2x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %m = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
}

// -----

// Pair panels without the pairs (no AVX512-BF16): left to the loops, which
// compute them correctly.
// CHECK-LABEL: func.func @pair_panels_no_dot
// CHECK:         linalg.generic
// CHECK-NOT:     llvm.call_intrinsic
#pa = affine_map<(m, s, j, k) -> (m, k)>
#pb = affine_map<(m, s, j, k) -> (s, k floordiv 2, j * 2 + k mod 2)>
#pc = affine_map<(m, s, j, k) -> (m, s, j)>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "+avx512f", vector_bits = 512>} {
func.func @pair_panels_no_dot(%a: memref<10x20xbf16>, %p: memref<2x10x64xbf16>, %c: memref<10x64xf32>) {
  %c3 = memref.expand_shape %c [[0], [1, 2]] output_shape [10, 2, 32] : memref<10x64xf32> into memref<10x2x32xf32>
  linalg.generic {indexing_maps = [#pa, #pb, #pc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %p : memref<10x20xbf16>, memref<2x10x64xbf16>) outs(%c3 : memref<10x2x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %m = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
}
