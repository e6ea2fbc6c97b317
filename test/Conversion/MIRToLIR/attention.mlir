// mir.attention as one kernel (conversion/MIRToLIR/AttentionKernel.h): a
// workgroup per (batch, head, query block) on the CPU, the keys in blocks
// with the online softmax; the first key block is peeled (it starts m, l and
// acc); q, k, v and the output are strided [rows, D] views of the
// token-major buffers.
// RUN: rlx-opt %s -split-input-file -convert-mir-to-lir | FileCheck %s
// Through the CPU's passes: the microkernel takes both products of every
// key block, key blocks of multiples of 16 are transposed by vector
// shuffles, and the row loops become vector loops.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(convert-mir-to-lir,rlx-outline-dispatches,func.func(rlx-cpu-matmul-microkernel,rlx-cpu-tile-transposes))" | FileCheck %s --check-prefix=CPU
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(convert-mir-to-lir,rlx-outline-dispatches,func.func(rlx-cpu-matmul-microkernel,rlx-cpu-tile-transposes,convert-linalg-to-loops,canonicalize,rlx-cpu-vectorize-loops))" | FileCheck %s --check-prefix=VEC

// S = 200, T = 300: query blocks of 100 (the largest divisor of S up to 128)
// and key blocks of 100 (of T in [16, 128]): 2 x 3 x 2 = 12 workgroups, the
// peeled block and a loop over blocks 1 and 2.
// CHECK-LABEL: lir.program @blocks
// CHECK:         lir.kernel @attention_0 grid = [12] attributes {rlx.flops = 46080000 : i64} {
// CHECK:           %[[UNIT:.+]] = lir.workgroup_id 0
// CHECK:           %[[KT:.+]] = memref.alloca() {alignment = 64 : i64} : memref<32x100xf32>
// CHECK-NEXT:      %[[S:.+]] = memref.alloca() {alignment = 64 : i64} : memref<100x100xf32>
// CHECK-NEXT:      %[[M:.+]] = memref.alloca() {alignment = 64 : i64} : memref<100xf32>
// CHECK-NEXT:      %[[L:.+]] = memref.alloca() {alignment = 64 : i64} : memref<100xf32>
// CHECK-NEXT:      %[[ACC:.+]] = memref.alloca() {alignment = 64 : i64} : memref<100x32xf32>
// CHECK:           %[[Q:.+]] = memref.subview %arg0[%{{.+}}, %{{.+}}, %{{.+}}, 0] [1, 100, 1, 32] [1, 1, 1, 1] : memref<2x200x3x32xf32> to memref<100x32xf32, strided<[96, 1], offset: ?>>
// CHECK:           %[[O:.+]] = memref.subview %arg3[%{{.+}}, %{{.+}}, %{{.+}}, 0] [1, 100, 1, 32] [1, 1, 1, 1]
// The peeled first block: no correction of a previous block.
// CHECK:           %[[K0:.+]] = memref.subview %arg1[{{.+}}] [1, 100, 1, 32] [1, 1, 1, 1]
// CHECK:           linalg.transpose ins(%[[K0]] : {{.+}}) outs(%[[KT]] : memref<32x100xf32>) permutation = [1, 0]
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[S]] : memref<100x100xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[Q]], %[[KT]] : {{.+}}) outs(%[[S]] : memref<100x100xf32>)
// CHECK:           math.exp
// CHECK-NOT:       math.exp
// CHECK:           linalg.fill ins(%{{.+}} : f32) outs(%[[ACC]] : memref<100x32xf32>)
// CHECK-NEXT:      linalg.matmul ins(%[[S]], %{{.+}} : memref<100x100xf32>, memref<100x32xf32, strided<[96, 1], offset: ?>>) outs(%[[ACC]] : memref<100x32xf32>)
// Blocks 1 and 2: m' = max(m, block max), the correction exp(m - m') of l
// and acc, then P V accumulates.
// CHECK:           scf.for %{{.+}} = %c1{{.*}} to %c3{{.*}} step
// CHECK:             linalg.transpose
// CHECK:             linalg.matmul ins(%[[Q]], %[[KT]]
// CHECK:             arith.maximumf
// CHECK:             math.exp
// CHECK:             math.exp
// CHECK:             arith.mulf
// CHECK-NOT:         linalg.fill
// CHECK:             linalg.matmul ins(%[[S]], %{{.+}}) outs(%[[ACC]]
// The end: out = acc / l.
// CHECK:           arith.divf
// CHECK:           memref.store %{{.+}}, %[[O]]
// Blocks of 100 keys are not multiples of 16: the key transposes stay
// scalar tiles.
// CPU-LABEL: func.func @rlx_dispatch_0
// CPU-NOT:     linalg.matmul
// CPU:         vector.fma
// CPU-NOT:     linalg.matmul
// VEC-LABEL: func.func @rlx_dispatch_0
// VEC:         math.exp %{{.+}} : vector<16xf32>
func.func @blocks(%q: tensor<2x200x3x32xf32> {mir.name = "q"}, %k: tensor<2x300x3x32xf32> {mir.name = "k"}, %v: tensor<2x300x3x32xf32> {mir.name = "v"}) -> (tensor<2x200x3x32xf32> {mir.name = "o"}) {
  %o = mir.attention %q, %k, %v scale = 0.2 : tensor<2x200x3x32xf32>, tensor<2x300x3x32xf32>, tensor<2x300x3x32xf32>
  return %o : tensor<2x200x3x32xf32>
}

// -----

// Causal, S = T = 256: 2 heads x 2 query blocks of 128. The unit's key
// blocks are min(2, (s0 + 128 + 127) / 128): the first query block skips
// the second key block; each row sees clamp(s0 + i + 1 - t0, 0, 128) keys
// and zeroes the rest of its scores.
// CHECK-LABEL: lir.program @causal
// CHECK:         lir.kernel @attention_0 grid = [4]
// CHECK:           %[[S0:.+]] = arith.muli %{{.+}}, %c128{{.*}} : index
// CHECK:           %[[SEEN:.+]] = arith.addi %[[S0]], %c255{{.*}} : index
// CHECK:           %[[BLOCKS:.+]] = arith.divui %[[SEEN]], %c128{{.*}} : index
// CHECK:           %[[N:.+]] = arith.minui %c2{{.*}}, %[[BLOCKS]] : index
// CHECK:           arith.maxsi
// CHECK:           %[[VIS:.+]] = arith.minsi
// CHECK:           scf.for %{{.+}} = %c0{{.*}} to %[[VIS]] step
// CHECK:           scf.for %{{.+}} = %[[VIS]] to %c128{{.*}} step
// CHECK:           scf.for %{{.+}} = %c1{{.*}} to %[[N]] step
// CPU-LABEL: func.func @rlx_dispatch_0
// CPU:         vector.shuffle
// CPU-NOT:     linalg.matmul
// CPU-NOT:     linalg.transpose
func.func @causal(%q: tensor<1x256x2x64xf32> {mir.name = "q"}) -> (tensor<1x256x2x64xf32> {mir.name = "o"}) {
  %o = mir.attention %q, %q, %q scale = 0.125 causal : tensor<1x256x2x64xf32>, tensor<1x256x2x64xf32>, tensor<1x256x2x64xf32>
  return %o : tensor<1x256x2x64xf32>
}
