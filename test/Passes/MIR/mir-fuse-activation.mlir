// mir-fuse-activation: a chain of mir.unary / mir.binary ops on one f32
// tensor x and scalar constants that computes GELU (0.5 * x * (1 + erf(x /
// sqrt(2)))), tanh GELU (0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 *
// x^3)))) or SiLU (x * sigmoid(x)), in whatever order and association the
// exporter wrote it, becomes one mir.unary gelu / gelu_tanh / silu; an erf
// left over is a missed fusion.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-activation))" | FileCheck %s
// A second run finds nothing more to do (the first one converged).
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-activation,mir-fuse-activation))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-activation{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-activation))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-activation{assert-clean=true}))" -o /dev/null

// erf GELU in torch's ONNX order: x / sqrt(2), erf, + 1, x *, * 0.5.
func.func @gelu_onnx(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @gelu_onnx(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.constant
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary erf
// CHECK-NEXT: %[[Y:.+]] = mir.unary gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @gelu_onnx, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.constant: 3 -> 0
// REPORT-NEXT:   mir.binary: 4 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 1
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 5 ops into mir.unary gelu
// REPORT-NEXT: missed (0):

// -----

// erf GELU written the other way: 0.5 * x first, then times (1 + erf(x *
// 1 / sqrt(2))), every constant on the left.
func.func @gelu_half_first(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %half = mir.constant dense<0.5> : tensor<f32>
  %h = mir.binary mul %half, %x : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = mir.constant dense<0.70710678> : tensor<f32>
  %s = mir.binary mul %r, %x : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = mir.unary erf %s : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %one, %e : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = mir.binary mul %h, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @gelu_half_first(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.constant
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary erf
// CHECK-NEXT: %[[Y:.+]] = mir.unary gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @gelu_half_first, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 5 ops into mir.unary gelu
// REPORT-NEXT: missed (0):

// -----

// tanh GELU with x^3 as pow(x, 3).
func.func @gelu_tanh_pow(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %three = mir.constant dense<3.0> : tensor<f32>
  %x3 = mir.binary pow %x, %three : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %c = mir.constant dense<0.044715> : tensor<f32>
  %cx3 = mir.binary mul %x3, %c : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %in = mir.binary add %x, %cx3 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %k = mir.constant dense<0.7978845608> : tensor<f32>
  %s = mir.binary mul %in, %k : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %s : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %t, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @gelu_tanh_pow(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.constant
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary tanh
// CHECK-NEXT: %[[Y:.+]] = mir.unary gelu_tanh %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @gelu_tanh_pow, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 8 ops into mir.unary gelu_tanh
// REPORT-NEXT: missed (0):

// -----

// tanh GELU as the GPT-2 export writes it: x^3 as x * x * x, constants on
// the left.
func.func @gelu_tanh_gpt2(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %x2 = mir.binary mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %x3 = mir.binary mul %x, %x2 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = mir.constant dense<0.044715> : tensor<f32>
  %cx3 = mir.binary mul %c, %x3 : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %in = mir.binary add %x, %cx3 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %k = mir.constant dense<0.797884583> : tensor<f32>
  %s = mir.binary mul %k, %in : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %s : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %one, %t : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %half, %m : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @gelu_tanh_gpt2(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.constant
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary tanh
// CHECK-NEXT: %[[Y:.+]] = mir.unary gelu_tanh %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @gelu_tanh_gpt2, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 8 -> 0
// REPORT-NEXT:   mir.constant: 4 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 1
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 9 ops into mir.unary gelu_tanh
// REPORT-NEXT: missed (0):

// -----

// SiLU as x * sigmoid(x).
func.func @silu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.unary sigmoid %x : tensor<4x8xf32>
  %y = mir.binary mul %x, %s : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @silu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary sigmoid
// CHECK-NOT: mir.binary
// CHECK-NEXT: %[[Y:.+]] = mir.unary silu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @silu, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 2 ops into mir.unary silu
// REPORT-NEXT: missed (0):

// -----

// SiLU as sigmoid(x) * x.
func.func @silu_swapped(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.unary sigmoid %x : tensor<4x8xf32>
  %y = mir.binary mul %s, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @silu_swapped(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary sigmoid
// CHECK-NOT: mir.binary
// CHECK-NEXT: %[[Y:.+]] = mir.unary silu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @silu_swapped, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 2 ops into mir.unary silu
// REPORT-NEXT: missed (0):

// -----

// x is itself computed (a bias add, the bias broadcast): the add is no part
// of the activation, stays, and the gelu reads its result.
func.func @gelu_of_bias_add(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %x = mir.binary add %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %p = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %p : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @gelu_of_bias_add(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: mir.constant
// CHECK-NEXT: %[[X:.+]] = mir.binary add %[[A]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary erf
// CHECK-NEXT: %[[Y:.+]] = mir.unary gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @gelu_of_bias_add, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 5 -> 1
// REPORT-NEXT:   mir.constant: 3 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 1
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [activation] mir.binary at {{.+}}: 5 ops into mir.unary gelu
// REPORT-NEXT: missed (0):

// -----

// Negative: x / sqrt(2) is also returned (an intermediate value the gelu
// would lose): nothing fuses, and the erf is a missed fusion.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{erf not in a GELU: an intermediate value has a use outside the chain}}
func.func @intermediate_returned(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y, %d : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @intermediate_returned(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary gelu
// CHECK-NEXT: %[[HALF:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[S:.+]] = mir.constant dense<1.41421354> : tensor<f32>
// CHECK-NEXT: %[[D:.+]] = mir.binary div %[[X]], %[[S]] :
// CHECK-NEXT: %[[E:.+]] = mir.unary erf %[[D]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[E]], %[[ONE]] :
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[X]], %[[A]] :
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[M]], %[[HALF]] :
// CHECK-NEXT: return %[[Y]], %[[D]] : tensor<4x8xf32>, tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @intermediate_returned, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [activation] mir.unary at {{.+}}: erf not in a GELU: an intermediate value has a use outside the chain

// -----

// Negative: the erf result itself is also returned: nothing fuses, and the
// erf is a missed fusion that names the extra use (the diagnose step judges
// the chain through the erf's other users).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{erf not in a GELU: an intermediate value has a use outside the chain}}
func.func @erf_returned(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y, %e : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @erf_returned(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary gelu
// CHECK-NEXT: %[[HALF:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[S:.+]] = mir.constant dense<1.41421354> : tensor<f32>
// CHECK-NEXT: %[[D:.+]] = mir.binary div %[[X]], %[[S]] :
// CHECK-NEXT: %[[E:.+]] = mir.unary erf %[[D]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[E]], %[[ONE]] :
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[X]], %[[A]] :
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[M]], %[[HALF]] :
// CHECK-NEXT: return %[[Y]], %[[E]] : tensor<4x8xf32>, tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @erf_returned, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [activation] mir.unary at {{.+}}: erf not in a GELU: an intermediate value has a use outside the chain

// -----

// Negative: 0.4 * x * (1 + erf(x / sqrt(2))) is no activation rlx knows
// (a near miss on the scale): nothing fuses, and the erf is a missed fusion.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{erf not in a GELU: computes no activation rlx knows (gelu, gelu_tanh, silu)}}
func.func @scale_not_half(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = mir.constant dense<0.4> : tensor<f32>
  %y = mir.binary mul %m, %c : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @scale_not_half(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary gelu
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<4.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[ONE:.+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[S:.+]] = mir.constant dense<1.41421354> : tensor<f32>
// CHECK-NEXT: %[[D:.+]] = mir.binary div %[[X]], %[[S]] :
// CHECK-NEXT: %[[E:.+]] = mir.unary erf %[[D]] : tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[E]], %[[ONE]] :
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[X]], %[[A]] :
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[M]], %[[C]] :
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @scale_not_half, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [activation] mir.unary at {{.+}}: erf not in a GELU: computes no activation rlx knows (gelu, gelu_tanh, silu)

// -----

// Negative: x * sigmoid(y) reads two tensors: no silu, and no erf, so no
// missed fusion either.
func.func @two_inputs(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.unary sigmoid %y : tensor<4x8xf32>
  %z = mir.binary mul %x, %s : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @two_inputs(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary silu
// CHECK-NEXT: %[[S:.+]] = mir.unary sigmoid %[[Y]] : tensor<4x8xf32>
// CHECK-NEXT: %[[Z:.+]] = mir.binary mul %[[X]], %[[S]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Z]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @two_inputs, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: x * x + x has no erf, tanh, sigmoid or exp: untouched.
func.func @no_transcendental(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %x2 = mir.binary mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = mir.binary add %x2, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @no_transcendental(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.unary
// CHECK-NEXT: %[[X2:.+]] = mir.binary mul %[[X]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary add %[[X2]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @no_transcendental, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// A GELU clipped to [-10, 10] (HF's gelu_10) equals the GELU on [-8, 8];
// the far samples (to +-1e30) tell them apart, so the upper clip stays. The
// lower one is the identity on the GELU's range (>= -0.17) and goes with
// the chain: max(gelu(x), -10) is gelu(x) for every x.
func.func @clipped_gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = mir.constant dense<1.4142135> : tensor<f32>
  %d = mir.binary div %x, %s : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %e = mir.unary erf %d : tensor<4x8xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %a = mir.binary add %e, %one : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m = mir.binary mul %x, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %half = mir.constant dense<0.5> : tensor<f32>
  %y = mir.binary mul %m, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %lo = mir.constant dense<-10.0> : tensor<f32>
  %hi = mir.constant dense<10.0> : tensor<f32>
  %c1 = mir.binary max %y, %lo : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %c2 = mir.binary min %c1, %hi : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %c2 : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @clipped_gelu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[HI:.+]] = mir.constant dense<1.000000e+01> : tensor<f32>
// CHECK-NEXT: %[[G:.+]] = mir.unary gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT: %[[C:.+]] = mir.binary min %[[G]], %[[HI]] :
// CHECK-NEXT: return %[[C]] : tensor<4x8xf32>

// -----

// Negative: x * sigmoid(clip(x, -9, 9)) differs from SiLU only past +-9.
func.func @silu_of_clipped(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %lo = mir.constant dense<-9.0> : tensor<f32>
  %hi = mir.constant dense<9.0> : tensor<f32>
  %c1 = mir.binary max %x, %lo : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %c2 = mir.binary min %c1, %hi : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %sg = mir.unary sigmoid %c2 : tensor<4x8xf32>
  %y = mir.binary mul %x, %sg : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @silu_of_clipped(
// CHECK-NOT: mir.unary silu
// CHECK: mir.unary sigmoid
// CHECK-NEXT: mir.binary mul
// CHECK-NEXT: return
