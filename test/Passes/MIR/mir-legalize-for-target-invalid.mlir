// mir-legalize-for-target failures: an unknown target, and ops no rewrite
// can make legal (one error per offending op, every offender reported).
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target))"
// RUN: not rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=tpu},func.func(mir-legalize-for-target))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// BADTARGET: error: target #rlx.target<"tpu"> has no MIR op claims; known claim sets: cpu, vulkan, test

// topk has no rewrite on the test target.
func.func @topk(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'mir.topk' is not supported by target 'test' and no rewrite makes it legal}}
  %v, %i = mir.topk %x k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
  return %v : tensor<4x2xf32>
}
// REPORT-LABEL: === rlx dispatch report: @topk, target 'test' ===
// REPORT-NEXT:   mir.topk: unsupported

// -----

// Every offender is reported, not just the first; legal and rewritable ops
// around them are not.
func.func @several(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %c: tensor<4x8xf32>) -> (tensor<1x4x4x4xf32>, tensor<4x8xf32>) {
  // expected-error @+1 {{'mir.conv2d' is not supported by target 'test' and no rewrite makes it legal}}
  %y = mir.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  // expected-error @+1 {{'mir.pool' is not supported by target 'test' and no rewrite makes it legal}}
  %p = mir.pool max %y kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %s = mir.softmax %c axis = -1 : tensor<4x8xf32>
  // expected-error @+1 {{'mir.cumsum' is not supported by target 'test' and no rewrite makes it legal}}
  %k = mir.cumsum %s axis = 1 : tensor<4x8xf32>
  return %p, %k : tensor<1x4x4x4xf32>, tensor<4x8xf32>
}
// REPORT-LABEL: === rlx dispatch report: @several, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.conv2d: unsupported
// REPORT-NEXT:   mir.cumsum: unsupported
// REPORT-NEXT:   mir.pool: unsupported
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.softmax: rewritten
// REPORT-NEXT:   mir.unary: native
