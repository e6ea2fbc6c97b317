// The two examples end to end: HIR through -rlx-mir-pipeline (with their
// bindings) and convert-mir-to-lir; the output verifies when parsed again.
// RUN: rlx-opt %S/../../../examples/mlp.mlir -rlx-mir-pipeline=bind=batch=64 -convert-mir-to-lir | rlx-opt | FileCheck %s --check-prefix=CHECK-MLP
// RUN: rlx-opt %S/../../../examples/encoder.mlir -rlx-mir-pipeline=bind=batch=1 -convert-mir-to-lir | rlx-opt | FileCheck %s --check-prefix=CHECK-ENC

// The perceptron has two fused matmuls: the first (64 rows, N = 512) split
// in 8 workgroups of one 64-column strip, the second (N = 10) in two of 32
// rows; the hidden
// activation is the only intermediate, above the input and output slots
// (which end at 203264), and the params trail it from 203264 + 64 * 512 * 4
// = 334336. FLOPs: 2 * 64 * 512 * 784 and 2 * 64 * 10 * 512.
// CHECK-MLP-LABEL: lir.program @mlp arena_size = 1962536 alignment = 64 {
// CHECK-MLP-NEXT:    lir.io input "x" at 0 : memref<64x784xf32>
// CHECK-MLP-NEXT:    lir.io param "fc1.weight" at 334336 : memref<784x512xf32>
// CHECK-MLP-NEXT:    lir.io param "fc1.bias" at 1939968 : memref<512xf32>
// CHECK-MLP-NEXT:    lir.io param "fc2.weight" at 1942016 : memref<512x10xf32>
// CHECK-MLP-NEXT:    lir.io param "fc2.bias" at 1962496 : memref<10xf32>
// CHECK-MLP-NEXT:    lir.io output "logits" at 200704 : memref<64x10xf32>
// CHECK-MLP-NEXT:    lir.kernel @fused_matmul_0 grid = [8] attributes {rlx.flops = 51380224 : i64} {
// CHECK-MLP:           linalg.matmul
// CHECK-MLP:           arith.maximumf
// CHECK-MLP:         lir.kernel @fused_matmul_1 grid = [2] attributes {rlx.flops = 655360 : i64} {
// CHECK-MLP:           linalg.matmul
// CHECK-MLP-NOT:       arith.maximumf
// CHECK-MLP:         lir.schedule {
// CHECK-MLP-NEXT:      %[[X:.+]] = lir.view at 0 : memref<64x784xf32>
// CHECK-MLP-NEXT:      %[[W1:.+]] = lir.view at 334336 : memref<784x512xf32>
// CHECK-MLP-NEXT:      %[[B1:.+]] = lir.view at 1939968 : memref<512xf32>
// CHECK-MLP-NEXT:      %[[H:.+]] = lir.view at 203264 : memref<64x512xf32>
// CHECK-MLP-NEXT:      lir.dispatch @fused_matmul_0(%[[X]], %[[W1]], %[[B1]], %[[H]])
// CHECK-MLP-NEXT:      %[[W2:.+]] = lir.view at 1942016 : memref<512x10xf32>
// CHECK-MLP-NEXT:      %[[B2:.+]] = lir.view at 1962496 : memref<10xf32>
// CHECK-MLP-NEXT:      %[[Y:.+]] = lir.view at 200704 : memref<64x10xf32>
// CHECK-MLP-NEXT:      lir.dispatch @fused_matmul_1(%[[H]], %[[W2]], %[[B2]], %[[Y]])
// CHECK-MLP-NEXT:    }
// CHECK-MLP-NOT:     func.func

// The encoder (batch 1): 7 kernels; the Q/K/V biases are the shared
// matmul's epilogue (no add kernels); attention is one kernel with its scale
// inside (no constant slot); reshapes are views (no kernel); with batch 1
// the splits run along the sequence (2 workgroups), the heads (attention:
// 4), or, for matmuls of fewer than 256 rows, the columns (64-column
// strips; a bias splits with its columns).
// FLOPs: QKV 2 * 3 * 128 * 256 * 256, attention's two products
// 2 * 2 * 4 * 128 * 128 * 64, the output projection 2 * 128 * 256 * 256,
// each feed-forward product 2 * 128 * 1024 * 256.
// CHECK-ENC-LABEL: lir.program @encoder arena_size = 4207616 alignment = 64 {
// CHECK-ENC-NEXT:    lir.io input "x" at 0 : memref<1x128x256xf32>
// CHECK-ENC-COUNT-16: lir.io param
// CHECK-ENC-NEXT:    lir.io output "y" at 131072 : memref<1x128x256xf32>
// CHECK-ENC-NOT:     lir.io constant
// CHECK-ENC-NEXT:    lir.kernel @shared_matmul_0 grid = [4] attributes {rlx.flops = 50331648 : i64} {
// CHECK-ENC-NEXT:    ^bb0(%{{[^:]+}}: memref<1x128x256xf32>, %{{[^:]+}}: memref<256x256xf32>, %{{[^:]+}}: memref<256x256xf32>, %{{[^:]+}}: memref<256x256xf32>, %[[BQ:[^:]+]]: memref<256xf32>, %[[BK:[^:]+]]: memref<256xf32>, %[[BV:[^:]+]]: memref<256xf32>, %{{[^:]+}}: memref<1x128x256xf32>, %{{[^:]+}}: memref<1x128x256xf32>, %{{[^:]+}}: memref<1x128x256xf32>):
// CHECK-ENC:           %[[SQ:.+]] = memref.subview %[[BQ]][%{{.+}}] [64] [1]
// CHECK-ENC-NEXT:      %[[SK:.+]] = memref.subview %[[BK]][%{{.+}}] [64] [1]
// CHECK-ENC-NEXT:      %[[SV:.+]] = memref.subview %[[BV]][%{{.+}}] [64] [1]
// One product in a loop over Q, K and V, each bias picked with its weight.
// CHECK-ENC:           scf.for
// CHECK-ENC:             %[[B1:.+]] = arith.select %{{.+}}, %[[SK]], %[[SQ]]
// CHECK-ENC:             %[[B2:.+]] = arith.select %{{.+}}, %[[SV]], %[[B1]]
// CHECK-ENC:             linalg.matmul
// CHECK-ENC-NEXT:        linalg.generic {{.+}} ins(%[[B2]] :
// CHECK-ENC-NEXT:        ^bb0
// CHECK-ENC-NEXT:          arith.addf
// CHECK-ENC-NOT:         linalg.matmul
// Attention: one kernel, a workgroup per head (4 units of 128 queries), the
// online softmax over one key block of 128; q, k, v and the output are
// strided [128, 64] views of the token-major buffers, no transposes.
// CHECK-ENC:         lir.kernel @attention_1 grid = [4] attributes {rlx.flops = 16777216 : i64} {
// CHECK-ENC:           lir.workgroup_id 0
// CHECK-ENC-COUNT-5:   memref.alloca() {alignment = 64 : i64}
// CHECK-ENC:           %[[QV:.+]] = memref.subview %arg0[{{.+}}] [1, 128, 1, 64] [1, 1, 1, 1] : memref<1x128x4x64xf32> to memref<128x64xf32, strided<[256, 1], offset: ?>>
// CHECK-ENC:           linalg.transpose
// CHECK-ENC:           linalg.matmul ins(%[[QV]],
// CHECK-ENC:           math.exp
// CHECK-ENC:           linalg.matmul
// CHECK-ENC:           arith.divf
// CHECK-ENC-NOT:       linalg.transpose
// CHECK-ENC:         lir.kernel @fused_matmul_2 grid = [4] attributes {rlx.flops = 16777216 : i64} {
// CHECK-ENC:         lir.kernel @residual_norm_layer_3 grid = [2] {
// CHECK-ENC:         lir.kernel @fused_matmul_4 grid = [16] attributes {rlx.flops = 67108864 : i64} {
// CHECK-ENC:         lir.kernel @fused_matmul_5 grid = [4] attributes {rlx.flops = 67108864 : i64} {
// CHECK-ENC:         lir.kernel @residual_norm_layer_6 grid = [2] {
// CHECK-ENC-NOT:     lir.kernel
// CHECK-ENC:         lir.schedule {
// CHECK-ENC-COUNT-7:   lir.dispatch
// CHECK-ENC-NOT:       lir.dispatch
// CHECK-ENC:         }
// CHECK-ENC-NOT:     func.func
