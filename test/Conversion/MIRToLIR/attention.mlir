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

// S = 200, T = 300: query blocks of 128 (the last a tail of 72) and key
// blocks of 128 (128, 128, then a tail of 44): 2 x 3 x 2 = 12 workgroups.
// The unit of the query tail runs the same blocks on 72-row views of the
// scratch; every product has static shapes.
// CHECK-LABEL: lir.program @blocks
// CHECK:         lir.kernel @attention_0 grid = [12] attributes {rlx.flops = 46080000 : i64} {
// CHECK:           %[[UNIT:.+]] = lir.workgroup_id 0
// CHECK:           %[[KT:.+]] = memref.alloca() {alignment = 64 : i64} : memref<32x128xf32>
// CHECK-NEXT:      %[[S:.+]] = memref.alloca() {alignment = 64 : i64} : memref<128x128xf32>
// CHECK-NEXT:      %[[M:.+]] = memref.alloca() {alignment = 64 : i64} : memref<128xf32>
// CHECK-NEXT:      %[[L:.+]] = memref.alloca() {alignment = 64 : i64} : memref<128xf32>
// CHECK-NEXT:      %[[ACC:.+]] = memref.alloca() {alignment = 64 : i64} : memref<128x32xf32>
// CHECK:           %[[TAIL:.+]] = arith.cmpi eq, %{{.+}}, %c1{{.*}} : index
// CHECK-NEXT:      scf.if %[[TAIL]] {
// CHECK:             %[[Q:.+]] = memref.subview %arg0[%{{.+}}, %{{.+}}, %{{.+}}, 0] [1, 72, 1, 32] [1, 1, 1, 1] : memref<2x200x3x32xf32> to memref<72x32xf32, strided<[96, 1], offset: ?>>
// CHECK:             %[[ACC72:.+]] = memref.subview %[[ACC]][0, 0] [72, 32] [1, 1]
// The peeled first key block: no correction of a previous block.
// CHECK:             %[[K0:.+]] = memref.subview %arg1[{{.+}}] [1, 128, 1, 32] [1, 1, 1, 1]
// CHECK:             %[[S72:.+]] = memref.subview %[[S]][0, 0] [72, 128] [1, 1]
// CHECK:             linalg.transpose ins(%[[K0]] : {{.+}}) outs(%[[KT]] : memref<32x128xf32>) permutation = [1, 0]
// CHECK:             linalg.fill ins(%{{.+}} : f32) outs(%[[S72]] : memref<72x128xf32, strided<[128, 1]>>)
// CHECK-NEXT:        linalg.matmul ins(%[[Q]], %[[KT]] : {{.+}}) outs(%[[S72]] : memref<72x128xf32, strided<[128, 1]>>)
// CHECK:             math.exp
// CHECK-NOT:         math.exp
// CHECK:             linalg.fill ins(%{{.+}} : f32) outs(%[[ACC72]] :
// CHECK-NEXT:        linalg.matmul ins(%[[S72]], %{{.+}} : memref<72x128xf32, strided<[128, 1]>>, memref<128x32xf32, strided<[96, 1], offset: ?>>) outs(%[[ACC72]] :
// Block 1 (the loop to the full blocks): m' = max(m, block max), the
// correction exp(m - m') of l and acc, then P V accumulates.
// CHECK:             scf.for %{{.+}} = %c1{{.*}} to %{{.+}} step
// CHECK:               linalg.transpose
// CHECK:               linalg.matmul ins(%[[Q]], %[[KT]]
// CHECK:               arith.maximumf
// CHECK:               math.exp
// CHECK:               math.exp
// CHECK:               arith.mulf
// CHECK-NOT:           linalg.fill
// CHECK:               linalg.matmul ins(%{{.+}}, %{{.+}}) outs(%[[ACC72]]
// The key tail: 44 keys, the leading 44 columns of the scratch.
// CHECK:             %[[KTAIL:.+]] = memref.subview %arg1[{{.+}}] [1, 44, 1, 32] [1, 1, 1, 1]
// CHECK:             %[[KT44:.+]] = memref.subview %[[KT]][0, 0] [32, 44] [1, 1]
// CHECK:             linalg.transpose ins(%[[KTAIL]] : {{.+}}) outs(%[[KT44]] :
// The end: out = acc / l.
// CHECK:             arith.divf
// CHECK:           } else {
// CHECK:             memref.subview %arg0[{{.+}}] [1, 128, 1, 32] [1, 1, 1, 1]
// The microkernel takes every product, tails included (static strided
// views of the scratch); the 44-key tail's transpose stays scalar (44 is
// not a multiple of 16).
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
// CHECK:           %[[LOOP:.+]] = arith.minui %[[N]], %c2{{.*}} : index
// CHECK:           scf.for %{{.+}} = %c1{{.*}} to %[[LOOP]] step
// CPU-LABEL: func.func @rlx_dispatch_0
// CPU:         vector.shuffle
// CPU-NOT:     linalg.matmul
// CPU-NOT:     linalg.transpose
func.func @causal(%q: tensor<1x256x2x64xf32> {mir.name = "q"}) -> (tensor<1x256x2x64xf32> {mir.name = "o"}) {
  %o = mir.attention %q, %q, %q scale = 0.125 causal : tensor<1x256x2x64xf32>, tensor<1x256x2x64xf32>, tensor<1x256x2x64xf32>
  return %o : tensor<1x256x2x64xf32>
}

// -----

// head_dim 1024: 75 x 75 blocks would take 622 KiB of scratch, over the
// 384 KiB budget; halving (keys first) gives 38 x 38 (310 KiB), tails of 37.
// CHECK-LABEL: lir.program @wide_heads
// CHECK:         lir.kernel @attention_0 grid = [2]
// CHECK:           memref.alloca() {alignment = 64 : i64} : memref<1024x38xf32>
// CHECK-NEXT:      memref.alloca() {alignment = 64 : i64} : memref<38x38xf32>
// CHECK-NEXT:      memref.alloca() {alignment = 64 : i64} : memref<38xf32>
// CHECK-NEXT:      memref.alloca() {alignment = 64 : i64} : memref<38xf32>
// CHECK-NEXT:      memref.alloca() {alignment = 64 : i64} : memref<38x1024xf32>
// Blocks of 38 keys: scalar transposes, microkernel products.
// CPU-LABEL: func.func @rlx_dispatch_0
// CPU-NOT:     linalg.matmul
// CPU:         linalg.transpose
func.func @wide_heads(%q: tensor<1x75x1x1024xf32> {mir.name = "q"}) -> (tensor<1x75x1x1024xf32> {mir.name = "o"}) {
  %o = mir.attention %q, %q, %q scale = 0.03125 : tensor<1x75x1x1024xf32>, tensor<1x75x1x1024xf32>, tensor<1x75x1x1024xf32>
  return %o : tensor<1x75x1x1024xf32>
}

// -----

// A run-time position (decoding, S = 1 against a cache of T = 256, causal):
// the kernel reads p once, sign-extended to an index; the key blocks a unit
// visits are min(2, (max(p + s0 + 1, 0) + 127) / 128), and each row sees
// clamp(s0 + i + p + 1 - t0, 0, 128) keys of a block. A row that sees no
// key (l = 0) gives 0.
// CHECK-LABEL: lir.program @position
// CHECK:         lir.io input "pos" at [[POSAT:[0-9]+]] : memref<1xi32>
// CHECK:         lir.kernel @attention_0 grid = [2]
// CHECK-NEXT:    ^bb0(%{{[^:]+}}: memref<1x1x2x64xf32>, %{{[^:]+}}: memref<1x256x2x64xf32>, %{{[^:]+}}: memref<1x256x2x64xf32>, %[[POS:[^:]+]]: memref<1xi32>, %{{[^:]+}}: memref<1x1x2x64xf32>):
// CHECK:           %[[RAW:.+]] = memref.load %[[POS]][%{{.+}}] : memref<1xi32>
// CHECK-NEXT:      %[[P:.+]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[END:.+]] = arith.addi %[[P]], %{{.+}} : index
// CHECK-NEXT:      %[[CLAMPED:.+]] = arith.maxsi %[[END]], %{{.+}} : index
// CHECK:           %[[SEEN:.+]] = arith.addi %[[CLAMPED]], %c127{{.*}} : index
// CHECK:           %[[BLOCKS:.+]] = arith.divui %[[SEEN]], %c128{{.*}} : index
// CHECK-NEXT:      %[[N:.+]] = arith.minui %c2{{.*}}, %[[BLOCKS]] : index
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:        %[[SI:.+]] = arith.addi %{{.+}}, %[[I]] : index
// CHECK-NEXT:        %{{.+}} = arith.addi %[[SI]], %[[P]] : index
// CHECK:             %[[COUNT:.+]] = arith.maxsi %{{.+}}, %{{.+}} : index
// CHECK-NEXT:        %[[VIS:.+]] = arith.minsi %[[COUNT]], %{{.+}} : index
// CHECK:             scf.for %{{.+}} = %{{.+}} to %[[VIS]] step
// CHECK:           %[[LOOP:.+]] = arith.minui %[[N]], %c2{{.*}} : index
// CHECK:           scf.for %{{.+}} = %c1{{.*}} to %[[LOOP]] step
// CHECK:           %[[HAS:.+]] = arith.cmpf ogt, %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:      %{{.+}} = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      arith.select %[[HAS]], %{{.+}}, %{{.+}} : f32
// CHECK:         lir.schedule {
// CHECK:           %[[VP:.+]] = lir.view at [[POSAT]] : memref<1xi32>
// CHECK:           lir.dispatch @attention_0(%{{.+}}, %{{.+}}, %{{.+}}, %[[VP]], %{{.+}}) : memref<1x1x2x64xf32>, memref<1x256x2x64xf32>, memref<1x256x2x64xf32>, memref<1xi32>, memref<1x1x2x64xf32>
// Outlined, p is a 4-byte view of the arena; the products still take the
// microkernel.
// CPU-LABEL: func.func @rlx_dispatch_0
// CPU:         %[[PV:.+]] = memref.view %{{.+}}[%{{.+}}][] : memref<4xi8> to memref<1xi32>
// CPU:         memref.load %[[PV]][%{{.+}}] : memref<1xi32>
// CPU:         vector.fma
func.func @position(%q: tensor<1x1x2x64xf32> {mir.name = "q"}, %k: tensor<1x256x2x64xf32> {mir.name = "k"}, %p: tensor<1xi32> {mir.name = "pos"}) -> (tensor<1x1x2x64xf32> {mir.name = "o"}) {
  %o = mir.attention %q, %k, %k position(%p : tensor<1xi32>) scale = 0.125 causal : tensor<1x1x2x64xf32>, tensor<1x256x2x64xf32>, tensor<1x256x2x64xf32>
  return %o : tensor<1x1x2x64xf32>
}
