// mir-fuse-norm: layer norm written as d = x - mean(x), d / sqrt(mean(d * d)
// + eps) [* gamma] [+ beta], and RMS norm written as x / sqrt(mean(x * x) +
// eps) [* gamma] (means over the last dim, kept; the square also as pow(d,
// 2); the division also as a product with rsqrt or 1 / sqrt) become one
// mir.layer_norm / mir.rms_norm; a missing gamma becomes a constant of ones.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-norm))" | FileCheck %s
// A second run finds nothing more to do (the first one converged).
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-norm,mir-fuse-norm))" | FileCheck %s
// test does not claim mir.layer_norm or mir.rms_norm: nothing fuses.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-norm))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-norm{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-norm))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-norm{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TESTREPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-norm{assert-clean=true}))" -o /dev/null

// Layer norm: x - mean, mean of d * d, + eps, sqrt, division, * gamma,
// + beta; every primitive goes.
func.func @layer(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %y = mir.binary mul %n, %g : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %z = mir.binary add %y, %be : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @layer(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: mir.reduce
// CHECK-NOT: mir.binary
// CHECK-NOT: mir.unary
// CHECK-NOT: mir.constant
// CHECK-NEXT: %[[N:.+]] = mir.layer_norm %[[X]], %[[G]], %[[BE]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// NOCLAIM-LABEL: func.func @layer(
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: mir.reduce mean
// NOCLAIM: mir.unary sqrt
// NOCLAIM: mir.binary div
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: return
// REPORT-LABEL: === rlx fusion report: @layer, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.reduce: 2 -> 0
// REPORT-NEXT:   mir.binary: 6 -> 0
// REPORT-NEXT:   mir.constant: 1 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.layer_norm: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean, mean of squares, sqrt, division, gamma, beta into mir.layer_norm
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @layer, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [norm] mir.binary at {{.+}}: target 'test' does not claim mir.layer_norm

// -----

// The square as pow(d, 2), the division as a product with rsqrt (on the
// left), eps on the left of its add; gamma (on the left), no beta.
func.func @pow_rsqrt(%x: tensor<2x3x16xf32>, %g: tensor<16xf32>) -> tensor<2x3x16xf32> {
  %m = mir.reduce mean %x axes = [-1] keep_dim : tensor<2x3x16xf32> -> tensor<2x3x1xf32>
  %d = mir.binary sub %x, %m : (tensor<2x3x16xf32>, tensor<2x3x1xf32>) -> tensor<2x3x16xf32>
  %two = mir.constant dense<2.0> : tensor<f32>
  %sq = mir.binary pow %d, %two : (tensor<2x3x16xf32>, tensor<f32>) -> tensor<2x3x16xf32>
  %v = mir.reduce mean %sq axes = [2] keep_dim : tensor<2x3x16xf32> -> tensor<2x3x1xf32>
  %eps = mir.constant dense<1.0e-06> : tensor<1x1x1xf32>
  %ve = mir.binary add %eps, %v : (tensor<1x1x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %r = mir.unary rsqrt %ve : tensor<2x3x1xf32>
  %n = mir.binary mul %r, %d : (tensor<2x3x1xf32>, tensor<2x3x16xf32>) -> tensor<2x3x16xf32>
  %y = mir.binary mul %g, %n : (tensor<16xf32>, tensor<2x3x16xf32>) -> tensor<2x3x16xf32>
  return %y : tensor<2x3x16xf32>
}
// CHECK-LABEL: func.func @pow_rsqrt(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x16xf32>, %[[G:[^:]+]]: tensor<16xf32>)
// CHECK-NEXT: %[[N:.+]] = mir.layer_norm %[[X]], %[[G]] eps = 9.99999997E-7 : (tensor<2x3x16xf32>, tensor<16xf32>) -> tensor<2x3x16xf32>
// CHECK-NEXT: return %[[N]] : tensor<2x3x16xf32>
// NOCLAIM-LABEL: func.func @pow_rsqrt(
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: mir.binary pow
// NOCLAIM: mir.unary rsqrt
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: return
// REPORT-LABEL: === rlx fusion report: @pow_rsqrt, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean, mean of squares, sqrt, division, gamma into mir.layer_norm
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @pow_rsqrt, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [norm] mir.binary at {{.+}}: target 'test' does not claim mir.layer_norm

// -----

// The division as a product with 1 / sqrt(...), no gamma, no beta: gamma is
// a constant of ones.
func.func @reciprocal(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %inv = mir.binary div %one, %sd : (tensor<f32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = mir.binary mul %d, %inv : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @reciprocal(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[ONES:.+]] = mir.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.layer_norm %[[X]], %[[ONES]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// NOCLAIM-LABEL: func.func @reciprocal(
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: mir.binary div
// NOCLAIM: mir.binary mul
// NOCLAIM-NOT: mir.layer_norm
// NOCLAIM: return
// REPORT-LABEL: === rlx fusion report: @reciprocal, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.reduce: 2 -> 0
// REPORT-NEXT:   mir.binary: 5 -> 0
// REPORT-NEXT:   mir.constant: 2 -> 1
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.layer_norm: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean, mean of squares, sqrt, division into mir.layer_norm
// REPORT-NEXT: missed (0):

// -----

// beta without gamma: gamma is a constant of ones, beta is taken.
func.func @beta_only(%x: tensor<4x8xf32>, %be: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %z = mir.binary add %be, %n : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @beta_only(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[ONES:.+]] = mir.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.layer_norm %[[X]], %[[ONES]], %[[BE]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @beta_only, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean, mean of squares, sqrt, division, beta into mir.layer_norm
// REPORT-NEXT: missed (0):

// -----

// RMS norm: x / sqrt(mean(x * x) + eps) * gamma.
func.func @rms(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %sq = mir.binary mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-06> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %x, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %y = mir.binary mul %n, %g : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @rms(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: mir.binary
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[X]], %[[G]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// NOCLAIM-LABEL: func.func @rms(
// NOCLAIM-NOT: mir.rms_norm
// NOCLAIM: mir.unary sqrt
// NOCLAIM: mir.binary div
// NOCLAIM-NOT: mir.rms_norm
// NOCLAIM: return
// REPORT-LABEL: === rlx fusion report: @rms, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 4 -> 0
// REPORT-NEXT:   mir.reduce: 1 -> 0
// REPORT-NEXT:   mir.constant: 1 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.rms_norm: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: mean of squares, sqrt, division, gamma into mir.rms_norm
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @rms, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [norm] mir.binary at {{.+}}: target 'test' does not claim mir.rms_norm

// -----

// RMS norm through rsqrt without gamma (ones); an add after it is no beta
// (mir.rms_norm has none) and stays.
func.func @rms_rsqrt_add(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %sq = mir.binary mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [-1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-06> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %r = mir.unary rsqrt %ve : tensor<4x1xf32>
  %n = mir.binary mul %x, %r : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %z = mir.binary add %n, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @rms_rsqrt_add(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[ONES:.+]] = mir.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[X]], %[[ONES]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Z:.+]] = mir.binary add %[[N]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Z]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @rms_rsqrt_add, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: mean of squares, sqrt, division into mir.rms_norm
// REPORT-NEXT: missed (0):

// -----

// The centering mean is over dim 0, the variance over the last dim: no layer
// norm, but d / sqrt(mean(d * d) + eps) is the RMS norm of d.
func.func @center_not_last(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @center_not_last(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.layer_norm
// CHECK-NEXT: %[[ONES:.+]] = mir.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.reduce mean %[[X]] axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: %[[D:.+]] = mir.binary sub %[[X]], %[[M]] : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[D]], %[[ONES]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @center_not_last, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: mean of squares, sqrt, division into mir.rms_norm
// REPORT-NEXT: missed (0):

// -----

// Negative: both means over dim 0 (not the last dim): nothing fuses, and a
// chain that is no norm over the last dim is not reported.
func.func @mean_not_last(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x8xf32>
  %sd = mir.unary sqrt %ve : tensor<1x8xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %y = mir.binary mul %n, %g : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @mean_not_last(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: mir.layer_norm
// CHECK-NOT: mir.rms_norm
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[M:.+]] = mir.reduce mean %[[X]] axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: %[[D:.+]] = mir.binary sub %[[X]], %[[M]] :
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[D]], %[[D]] :
// CHECK-NEXT: %[[V:.+]] = mir.reduce mean %[[SQ]] axes = [0] keep_dim : tensor<4x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[V]], %[[EPS]] :
// CHECK-NEXT: %[[SD:.+]] = mir.unary sqrt %[[VE]] : tensor<1x8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.binary div %[[D]], %[[SD]] :
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[N]], %[[G]] :
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @mean_not_last, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: eps is not a constant (a function argument).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not s / sqrt(mean(s * s) + eps) over the last dim}}
func.func @eps_not_constant(%x: tensor<4x8xf32>, %eps: tensor<f32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @eps_not_constant(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[EPS:[^:]+]]: tensor<f32>)
// CHECK-NOT: mir.layer_norm
// CHECK-NEXT: %[[M:.+]] = mir.reduce mean %[[X]] axes = [1] keep_dim :
// CHECK-NEXT: %[[D:.+]] = mir.binary sub %[[X]], %[[M]] :
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[D]], %[[D]] :
// CHECK-NEXT: %[[V:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim :
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[V]], %[[EPS]] :
// CHECK-NEXT: %[[SD:.+]] = mir.unary sqrt %[[VE]] : tensor<4x1xf32>
// CHECK-NEXT: %[[N:.+]] = mir.binary div %[[D]], %[[SD]] :
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @eps_not_constant, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: not s / sqrt(mean(s * s) + eps) over the last dim

// -----

// Negative: eps is a constant but zero (mir.layer_norm's eps is positive).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{eps is not finite and positive}}
func.func @eps_zero(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<0.0> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @eps_zero(
// CHECK-NOT: mir.layer_norm
// CHECK: %[[N:.+]] = mir.binary div
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @eps_zero, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: eps is not finite and positive

// -----

// Negative: x - mean(x) has a third use besides the square and the division.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{x - mean(x) has another use}}
func.func @centered_third_use(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %u = mir.unary relu %d : tensor<4x8xf32>
  return %n, %u : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @centered_third_use(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NOT: mir.layer_norm
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[M:.+]] = mir.reduce mean %[[X]] axes = [1] keep_dim :
// CHECK-NEXT: %[[D:.+]] = mir.binary sub %[[X]], %[[M]] :
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[D]], %[[D]] :
// CHECK-NEXT: %[[V:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim :
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[V]], %[[EPS]] :
// CHECK-NEXT: %[[SD:.+]] = mir.unary sqrt %[[VE]] : tensor<4x1xf32>
// CHECK-NEXT: %[[N:.+]] = mir.binary div %[[D]], %[[SD]] :
// CHECK-NEXT: %[[U:.+]] = mir.unary relu %[[D]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[N]], %[[U]] :
// REPORT-LABEL: === rlx fusion report: @centered_third_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean(x) has another use

// -----

// Negative: the means drop the reduced dim (no keep_dim), so on 8x8 the
// subtraction and the division broadcast along the wrong dim: no norm.
func.func @no_keep_dim(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %m = mir.reduce mean %x axes = [1] : tensor<8x8xf32> -> tensor<8xf32>
  %d = mir.binary sub %x, %m : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %v = mir.reduce mean %sq axes = [1] : tensor<8x8xf32> -> tensor<8xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %sd = mir.unary sqrt %ve : tensor<8xf32>
  %n = mir.binary div %d, %sd : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  return %n : tensor<8x8xf32>
}
// CHECK-LABEL: func.func @no_keep_dim(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x8xf32>)
// CHECK-NOT: mir.layer_norm
// CHECK-NOT: mir.rms_norm
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[M:.+]] = mir.reduce mean %[[X]] axes = [1] : tensor<8x8xf32> -> tensor<8xf32>
// CHECK-NEXT: %[[D:.+]] = mir.binary sub %[[X]], %[[M]] :
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[D]], %[[D]] :
// CHECK-NEXT: %[[V:.+]] = mir.reduce mean %[[SQ]] axes = [1] : tensor<8x8xf32> -> tensor<8xf32>
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[V]], %[[EPS]] :
// CHECK-NEXT: %[[SD:.+]] = mir.unary sqrt %[[VE]] : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.binary div %[[D]], %[[SD]] :
// CHECK-NEXT: return %[[N]] : tensor<8x8xf32>
// REPORT-LABEL: === rlx fusion report: @no_keep_dim, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: the square is pow(x, 3), not x * x.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{not s / sqrt(mean(s * s) + eps) over the last dim}}
func.func @cube(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %three = mir.constant dense<3.0> : tensor<f32>
  %sq = mir.binary pow %x, %three : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-06> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %x, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @cube(
// CHECK-NOT: mir.rms_norm
// CHECK: mir.binary pow
// CHECK: %[[N:.+]] = mir.binary div
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @cube, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: not s / sqrt(mean(s * s) + eps) over the last dim

// -----

// Negative: x - mean(x) is also returned (a user without a result of its
// own kind: no crash, a miss).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{x - mean(x) has another use}}
func.func @centered_returned(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %m = mir.reduce mean %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %d = mir.binary sub %x, %m : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %sq = mir.binary mul %d, %d : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %n = mir.binary div %d, %sd : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n, %d : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @centered_returned(
// CHECK-NOT: mir.layer_norm
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @centered_returned, target 'cpu' ===
// REPORT:      missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: x - mean(x) has another use

// -----

// Negative: an f64 chain whose eps (1e-50) is 0 as the op's f32 attribute:
// a miss, not an invalid norm.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{eps is not finite and positive as an f32}}
func.func @eps_below_f32(%x: tensor<4x8xf64>) -> tensor<4x8xf64> {
  %sq = mir.binary mul %x, %x : (tensor<4x8xf64>, tensor<4x8xf64>) -> tensor<4x8xf64>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf64> -> tensor<4x1xf64>
  %eps = mir.constant dense<1.0e-50> : tensor<f64>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf64>, tensor<f64>) -> tensor<4x1xf64>
  %sd = mir.unary sqrt %ve : tensor<4x1xf64>
  %n = mir.binary div %x, %sd : (tensor<4x8xf64>, tensor<4x1xf64>) -> tensor<4x8xf64>
  return %n : tensor<4x8xf64>
}
// CHECK-LABEL: func.func @eps_below_f32(
// CHECK-NOT: mir.rms_norm
// CHECK: return
// REPORT-LABEL: === rlx fusion report: @eps_below_f32, target 'cpu' ===
// REPORT:      missed (1):
// REPORT-NEXT:   [norm] mir.binary at {{.+}}: eps is not finite and positive as an f32

// -----

// The 1 / sqrt form on a target without the norm: the product is the
// reported miss, not the reciprocal.
func.func @reciprocal_not_claimed(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %sq = mir.binary mul %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = mir.reduce mean %sq axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %eps = mir.constant dense<1.0e-05> : tensor<f32>
  %ve = mir.binary add %v, %eps : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %sd = mir.unary sqrt %ve : tensor<4x1xf32>
  %one = mir.constant dense<1.0> : tensor<f32>
  %inv = mir.binary div %one, %sd : (tensor<f32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  %n = mir.binary mul %x, %inv : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @reciprocal_not_claimed(
// CHECK: mir.rms_norm
// CHECK-NOT: mir.binary div
// TESTREPORT-LABEL: === rlx fusion report: @reciprocal_not_claimed, target 'test' ===
// TESTREPORT:      missed (1):
// TESTREPORT-NEXT:   [norm] mir.binary at {{.+}}: target 'test' does not claim mir.rms_norm
