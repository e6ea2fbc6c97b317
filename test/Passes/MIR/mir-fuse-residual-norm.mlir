// mir-fuse-residual-norm: layer_norm / rms_norm of add(x, residual), with an
// optional rank-1 bias add, becomes one mir.residual_norm whose `sum` result
// replaces every other use of the sum.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-residual-norm))" | FileCheck %s
// vulkan and test do not claim mir.residual_norm: nothing fuses.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-residual-norm))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-residual-norm))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-residual-norm{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-residual-norm))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-residual-norm{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TESTREPORT
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-residual-norm{assert-clean=true}))" -o /dev/null

// layer_norm of a residual add; the sum has no other use.
func.func @layer(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = mir.layer_norm %s, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @layer(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:.+]], %{{.+}} = mir.residual_norm layer %[[X]], %[[R]] gamma(%[[G]]) beta(%[[BE]]) eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// NOCLAIM-LABEL: func.func @layer(
// NOCLAIM: mir.binary add
// NOCLAIM-NEXT: mir.layer_norm
// NOCLAIM-NOT: mir.residual_norm
// REPORT-LABEL: === rlx fusion report: @layer, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 1 -> 0
// REPORT-NEXT:   mir.layer_norm: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.residual_norm: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @layer, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: target 'test' does not claim mir.residual_norm

// -----

// rms_norm; the other use of the sum reads the fused op's `sum` result.
func.func @rms_sum_used(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %s, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %u = mir.unary relu %s : tensor<4x8xf32>
  return %n, %u : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @rms_sum_used(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:.+]], %[[S:.+]] = mir.residual_norm rms %[[X]], %[[R]] gamma(%[[G]]) eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: %[[U:.+]] = mir.unary relu %[[S]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[N]], %[[U]] :
// REPORT-LABEL: === rlx fusion report: @rms_sum_used, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @rms_sum_used, target 'test' ===
// TESTREPORT:      missed (1):
// TESTREPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: target 'test' does not claim mir.residual_norm

// -----

// A rank-1 bias added after the residual add is absorbed too.
func.func @layer_bias(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sb = mir.binary add %s, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %n = mir.layer_norm %sb, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n, %sb : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @layer_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:.+]], %[[S:.+]] = mir.residual_norm layer %[[X]], %[[R]] bias(%[[B]]) gamma(%[[G]]) beta(%[[BE]]) eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT: return %[[N]], %[[S]] :
// REPORT-LABEL: === rlx fusion report: @layer_bias, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.binary: 2 -> 0
// REPORT-NEXT:   mir.layer_norm: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.residual_norm: 0 -> 1
// REPORT-NEXT: fused (1):
// REPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: residual add + bias into mir.residual_norm
// REPORT-NEXT: missed (0):

// -----

// Operand orders swapped: add(bias, add(r, x)); input and residual follow
// the inner add's order.
func.func @commuted(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = mir.binary add %r, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sb = mir.binary add %b, %s : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %sb, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @commuted(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[N:.+]], %{{.+}} = mir.residual_norm rms %[[R]], %[[X]] bias(%[[B]]) gamma(%[[G]]) eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @commuted, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: residual add + bias into mir.residual_norm
// REPORT-NEXT: missed (0):

// -----

// Parameters defined after the sum, with no use of the sum before the norm:
// the fused op goes at the norm.
func.func @params_after_sum(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %g = mir.param "ln.gamma" : tensor<8xf32>
  %be = mir.param "ln.beta" : tensor<8xf32>
  %n = mir.layer_norm %s, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %u = mir.unary relu %s : tensor<4x8xf32>
  return %n, %u : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @params_after_sum(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[G:.+]] = mir.param "ln.gamma" : tensor<8xf32>
// CHECK-NEXT: %[[BE:.+]] = mir.param "ln.beta" : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]], %[[S:.+]] = mir.residual_norm layer %[[X]], %[[R]] gamma(%[[G]]) beta(%[[BE]]) eps = 9.99999974E-6 :
// CHECK-NEXT: %[[U:.+]] = mir.unary relu %[[S]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[N]], %[[U]] :
// REPORT-LABEL: === rlx fusion report: @params_after_sum, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [residual-norm] mir.layer_norm at {{.+}}: residual add into mir.residual_norm
// REPORT-NEXT: missed (0):

// -----

// Negative: the norm's gamma is defined after a use of the sum, so the fused
// op fits neither after the sum nor at the norm.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the norm's parameters are defined after a use of the sum}}
func.func @params_after_use(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = mir.unary relu %s : tensor<4x8xf32>
  %g = mir.param "ln.gamma" : tensor<8xf32>
  %n = mir.rms_norm %s, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n, %u : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @params_after_use(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[U:.+]] = mir.unary relu %[[S]] : tensor<4x8xf32>
// CHECK-NEXT: %[[G:.+]] = mir.param "ln.gamma" : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[S]], %[[G]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[N]], %[[U]] :
// REPORT-LABEL: === rlx fusion report: @params_after_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: the norm's parameters are defined after a use of the sum

// -----

// Negative: a broadcasting add (rank-1 operand, no inner residual add).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the add broadcasts (operands must have the norm input's type)}}
func.func @broadcast_add(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %s, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @broadcast_add(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[S]], %[[G]] eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @broadcast_add, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: the add broadcasts (operands must have the norm input's type)

// -----

// Negative: a size-1 bias broadcasts in the add but is no residual_norm bias
// (which must have the last dim's size).
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the add broadcasts (operands must have the norm input's type)}}
func.func @bias_size_one(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<1xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sb = mir.binary add %s, %b : (tensor<4x8xf32>, tensor<1xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %sb, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @bias_size_one(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<1xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[R]] :
// CHECK-NEXT: %[[SB:.+]] = mir.binary add %[[S]], %[[B]] :
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[SB]], %[[G]] eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @bias_size_one, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):

// -----

// Negative: with a bias, the inner residual add has a second use, which the
// fused op (whose `sum` includes the bias) cannot provide.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{the residual add before the bias add has more than one use}}
func.func @inner_multi_use(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %sb = mir.binary add %s, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %sb, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @inner_multi_use(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[R]] :
// CHECK-NEXT: %[[SB:.+]] = mir.binary add %[[S]], %[[B]] :
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[SB]], %[[G]] eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]], %[[S]] :
// REPORT-LABEL: === rlx fusion report: @inner_multi_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [residual-norm] mir.rms_norm at {{.+}}: the residual add before the bias add has more than one use

// -----

// Negative: the norm reads a sub, not an add (no fusion, nothing reported).
func.func @not_add(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %s = mir.binary sub %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = mir.rms_norm %s, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @not_add(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[S:.+]] = mir.binary sub %[[X]], %[[R]] :
// CHECK-NEXT: %[[N:.+]] = mir.rms_norm %[[S]], %[[G]] eps = 9.99999997E-7 :
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @not_add, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):
