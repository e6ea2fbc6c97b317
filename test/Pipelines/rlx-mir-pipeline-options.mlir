// Pipeline options: reports, RLX_IR_DUMP, assert-fusion-clean, a target
// without region kernels, and an unusable dump directory.
// RUN: rlx-opt %s -rlx-mir-pipeline="report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -rlx-mir-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rm -rf %t.env && env RLX_IR_DUMP=%t.env rlx-opt %s -rlx-mir-pipeline -o /dev/null && ls %t.env | FileCheck %s --check-prefix=ENV
// RUN: not rlx-opt %s -rlx-mir-pipeline="assert-fusion-clean=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: rlx-opt %s -rlx-mir-pipeline="target=test" | FileCheck %s --check-prefix=TEST
// RUN: touch %t.file && not rlx-opt %s -rlx-mir-pipeline="dump-dir=%t.file/sub" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADDIR
// RUN: not rlx-opt %s -rlx-mir-pipeline="target=tpu" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET

// The matmul's result is used twice, so its bias add cannot fuse: a miss.
func.func @two_uses(%x: tensor<4x8xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %w = hir.param "w" : tensor<8x16xf32>
  %b = hir.param "b" : tensor<16xf32>
  %m = hir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %y = hir.binary add %m, %b : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %s = hir.softmax %y axis = -1 : tensor<4x16xf32>
  return %s, %m : tensor<4x16xf32>, tensor<4x16xf32>
}

// REPORT: === rlx fusion report: @two_uses, target 'cpu' ===
// REPORT: missed (1):
// REPORT-NEXT: [matmul-epilogue] mir.matmul at {{.*}}: bias add: matmul result has 2 uses
// REPORT: === rlx dispatch report: @two_uses, target 'cpu' ===
// REPORT: mir.softmax: native

// ENV: 0-hir.mlir
// ENV-NEXT: 1-mir.mlir
// ENV-NEXT: 2-optimized.mlir

// CLEAN: error: 1 fusion(s) missed (assert-clean)
// CLEAN: note: [matmul-epilogue] mir.matmul at {{.*}}: bias add: matmul result has 2 uses

// The test target has no softmax kernel: it is decomposed.
// TEST-LABEL: func.func @two_uses
// TEST-NOT: mir.softmax
// TEST: mir.reduce max
// TEST: mir.unary exp
// TEST: mir.reduce sum
// TEST: mir.binary div

// BADDIR: error: cannot create IR dump directory '{{.*}}.file/sub'

// TARGET: error: target #rlx.target<"tpu"> has no MIR op claims; known claim sets: cpu, vulkan, test
