// mir-fuse-matmul-epilogue: matmul -> add(bias) -> activation becomes one
// mir.fused_matmul. Every stage runs with convergence checking: a stage that
// does not reach its fixpoint fails the pass ("did not converge").
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-matmul-epilogue))" | FileCheck %s
// vulkan claims mir.fused_matmul and fuses alike; test does not claim it.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-fuse-matmul-epilogue))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-matmul-epilogue))" | FileCheck %s --check-prefix=NOCLAIM
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-fuse-matmul-epilogue{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TESTREPORT
// The report (option or environment) names every fusion and every miss.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-matmul-epilogue{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-matmul-epilogue))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=0 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-fuse-matmul-epilogue))" -o /dev/null 2>&1 | count 0
// assert-clean turns each miss into an error with one note per miss.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -pass-pipeline="builtin.module(func.func(mir-fuse-matmul-epilogue{assert-clean=true}))" -o /dev/null
// An unknown target fails the pass and lists the known ones.
// RUN: not rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=tpu},func.func(mir-fuse-matmul-epilogue))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTARGET

// BADTARGET: error: target #rlx.target<"tpu"> has no MIR op claims; known claim sets: cpu, vulkan, test

// Fixpoint: bias then relu take two rewrites, the second enabled by the first.
func.func @bias_relu(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %r = mir.unary relu %a : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @bias_relu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = relu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @bias_relu, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 1 -> 0
// REPORT-NEXT:   mir.binary: 1 -> 0
// REPORT-NEXT:   mir.unary: 1 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.fused_matmul: 0 -> 1
// REPORT-NEXT: fused (2):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'relu' into mir.fused_matmul
// REPORT-NEXT: missed (0):
// NOCLAIM-LABEL: func.func @bias_relu(
// NOCLAIM-NEXT: mir.matmul
// NOCLAIM-NEXT: mir.binary add
// NOCLAIM-NEXT: mir.unary relu
// NOCLAIM-NEXT: return
// TESTREPORT-LABEL: === rlx fusion report: @bias_relu, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (1):
// TESTREPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: bias add: target 'test' does not claim mir.fused_matmul

// -----

// A bias add alone gives a fused matmul without activation.
func.func @bias_only(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @bias_only(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @bias_only, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT: missed (0):

// -----

// Commuted bias add: add(bias, matmul).
func.func @bias_commuted(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %b, %m : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @bias_commuted(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @bias_commuted, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT: missed (0):

// -----

// A [1x8] bias broadcasts to the result and fuses as is.
func.func @bias_rank2(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @bias_rank2(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<1x8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @bias_rank2, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT: missed (0):

// -----

// Batched input, rank-2 weight, bias and gelu.
func.func @batched_gelu(%x: tensor<2x4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<2x4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<2x4x16xf32>, tensor<16x8xf32>) -> tensor<2x4x8xf32>
  %a = mir.binary add %m, %b : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  %g = mir.unary gelu %a : tensor<2x4x8xf32>
  return %g : tensor<2x4x8xf32>
}
// CHECK-LABEL: func.func @batched_gelu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu : (tensor<2x4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<2x4x8xf32>
// REPORT-LABEL: === rlx fusion report: @batched_gelu, target 'cpu' ===
// REPORT:      fused (2):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: matmul + bias into mir.fused_matmul
// REPORT-NEXT:   [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'gelu' into mir.fused_matmul
// REPORT-NEXT: missed (0):

// -----

// Each epilogue activation fuses without a bias.
func.func @act_only(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %m0 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a0 = mir.unary relu %m0 : tensor<4x8xf32>
  %m1 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a1 = mir.unary gelu %m1 : tensor<4x8xf32>
  %m2 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a2 = mir.unary gelu_tanh %m2 : tensor<4x8xf32>
  %m3 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a3 = mir.unary silu %m3 : tensor<4x8xf32>
  %m4 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a4 = mir.unary sigmoid %m4 : tensor<4x8xf32>
  %m5 = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a5 = mir.unary tanh %m5 : tensor<4x8xf32>
  return %a0, %a1, %a2, %a3, %a4, %a5 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @act_only(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>)
// CHECK-NEXT: %[[A0:.+]] = mir.fused_matmul %[[X]], %[[W]] act = relu : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A1:.+]] = mir.fused_matmul %[[X]], %[[W]] act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A2:.+]] = mir.fused_matmul %[[X]], %[[W]] act = gelu_tanh : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A3:.+]] = mir.fused_matmul %[[X]], %[[W]] act = silu : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A4:.+]] = mir.fused_matmul %[[X]], %[[W]] act = sigmoid : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A5:.+]] = mir.fused_matmul %[[X]], %[[W]] act = tanh : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[A4]], %[[A5]] :
// NOCLAIM-LABEL: func.func @act_only(
// NOCLAIM-NOT: mir.fused_matmul
// NOCLAIM: return
// TESTREPORT-LABEL: === rlx fusion report: @act_only, target 'test' ===
// TESTREPORT:      fused (0):
// TESTREPORT-NEXT: missed (6):
// TESTREPORT-COUNT-6: [matmul-epilogue] mir.matmul at {{.+}}: activation: target 'test' does not claim mir.fused_matmul
// REPORT-LABEL: === rlx fusion report: @act_only, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 6 -> 0
// REPORT-NEXT:   mir.unary: 6 -> 0
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT:   mir.fused_matmul: 0 -> 6
// REPORT-NEXT: fused (6):
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'relu' into mir.fused_matmul
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'gelu' into mir.fused_matmul
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'gelu_tanh' into mir.fused_matmul
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'silu' into mir.fused_matmul
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'sigmoid' into mir.fused_matmul
// REPORT-DAG:    [matmul-epilogue] mir.matmul at {{.+}}: activation 'tanh' into mir.fused_matmul
// REPORT:      missed (0):

// -----

// An existing fused matmul without activation takes one.
func.func @fused_takes_act(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %f = mir.fused_matmul %x, %w, %b : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %f : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @fused_takes_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = tanh : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @fused_takes_act, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'tanh' into mir.fused_matmul
// REPORT-NEXT: missed (0):

// -----

// Negative: a fused matmul that already has an activation takes no second one.
func.func @fused_has_act(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %f = mir.fused_matmul %x, %w, %b act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %t = mir.unary tanh %f : tensor<4x8xf32>
  return %t : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @fused_has_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[F:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[T:.+]] = mir.unary tanh %[[F]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[T]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @fused_has_act, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: the matmul result has a second use, so neither the bias nor the
// activation can absorb it.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias add: matmul result has 2 uses}}
func.func @multi_use(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %a, %m : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @multi_use(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[M]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[A]], %[[M]] :
// REPORT-LABEL: === rlx fusion report: @multi_use, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: bias add: matmul result has 2 uses

// -----

// Negative: a multi-use matmul feeding an activation.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{activation: matmul result has more than one use}}
func.func @multi_use_act(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %r = mir.unary relu %m : tensor<4x8xf32>
  return %r, %m : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @multi_use_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[R:.+]] = mir.unary relu %[[M]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[R]], %[[M]] :
// REPORT-LABEL: === rlx fusion report: @multi_use_act, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: activation: matmul result has more than one use

// -----

// Negative: exp is not an epilogue activation.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{activation: 'exp' is not an epilogue activation}}
func.func @wrong_act(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %e = mir.unary exp %m : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @wrong_act(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[E:.+]] = mir.unary exp %[[M]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[E]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @wrong_act, target 'cpu' ===
// REPORT-NEXT: op counts (before -> after):
// REPORT-NEXT:   mir.matmul: 1 -> 1
// REPORT-NEXT:   mir.unary: 1 -> 1
// REPORT-NEXT:   func.return: 1 -> 1
// REPORT-NEXT: fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: activation: 'exp' is not an epilogue activation

// -----

// Negative: a full-shape operand is a residual, not a bias (left for
// residual-norm fusion; not reported as a miss).
func.func @residual_not_bias(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %r: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @residual_not_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[M]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[A]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @residual_not_bias, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// Negative: the add broadcasts the matmul result to a larger shape.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias add: the add broadcasts the matmul result to a larger shape}}
func.func @add_broadcasts_result(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<2x1x8xf32>) -> tensor<2x4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<2x1x8xf32>) -> tensor<2x4x8xf32>
  return %a : tensor<2x4x8xf32>
}
// CHECK-LABEL: func.func @add_broadcasts_result(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<2x1x8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[M]], %[[B]] : (tensor<4x8xf32>, tensor<2x1x8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: return %[[A]] : tensor<2x4x8xf32>
// REPORT-LABEL: === rlx fusion report: @add_broadcasts_result, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: bias add: the add broadcasts the matmul result to a larger shape

// -----

// Negative: mir.fused_matmul is float-only; an integer matmul keeps its add.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{bias add: fused matmul needs a float type}}
func.func @int_matmul(%x: tensor<4x16xi32>, %w: tensor<16x8xi32>, %b: tensor<8xi32>) -> tensor<4x8xi32> {
  %m = mir.matmul %x, %w : (tensor<4x16xi32>, tensor<16x8xi32>) -> tensor<4x8xi32>
  %a = mir.binary add %m, %b : (tensor<4x8xi32>, tensor<8xi32>) -> tensor<4x8xi32>
  return %a : tensor<4x8xi32>
}
// CHECK-LABEL: func.func @int_matmul(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xi32>, %[[W:[^:]+]]: tensor<16x8xi32>, %[[B:[^:]+]]: tensor<8xi32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xi32>, tensor<16x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[M]], %[[B]] : (tensor<4x8xi32>, tensor<8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT: return %[[A]] : tensor<4x8xi32>
// REPORT-LABEL: === rlx fusion report: @int_matmul, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (1):
// REPORT-NEXT:   [matmul-epilogue] mir.matmul at {{.+}}: bias add: fused matmul needs a float type

// -----

// Negative: a sub is no bias epilogue (and not reported).
func.func @sub_not_bias(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %m = mir.matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %a = mir.binary sub %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %a : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @sub_not_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[A:.+]] = mir.binary sub %[[M]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[A]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx fusion report: @sub_not_bias, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// conv-epilogue: conv2d -> relu becomes one mir.conv2d with act = relu (the
// conv's bias stays its operand; strides, padding, groups are kept).
func.func @conv_relu(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %c = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  %y = mir.unary relu %c : tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}
// CHECK-LABEL: func.func @conv_relu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x4x8x8xf32>, %[[W:[^:]+]]: tensor<8x4x3x3xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[Y:.+]] = mir.conv2d %[[X]], %[[W]], %[[B]] strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 act = relu :
// CHECK-NEXT: return %[[Y]]
// NOCLAIM-LABEL: func.func @conv_relu(
// NOCLAIM-NEXT: mir.conv2d
// NOCLAIM-NOT: act =
// NOCLAIM-NEXT: mir.unary relu
// REPORT-LABEL: === rlx fusion report: @conv_relu, target 'cpu' ===
// REPORT:      fused (1):
// REPORT-NEXT:   [conv-epilogue] mir.conv2d at {{.+}}: activation 'relu' into mir.conv2d
// REPORT-NEXT: missed (0):
// TESTREPORT-LABEL: === rlx fusion report: @conv_relu, target 'test' ===
// TESTREPORT:      missed (1):
// TESTREPORT-NEXT:   [conv-epilogue] mir.conv2d at {{.+}}: activation: target 'test' does not claim mir.conv2d

// -----

// A depthwise conv (groups = channels) takes silu alike.
func.func @depthwise_silu(%x: tensor<1x4x8x8xf32>, %w: tensor<4x1x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %c = mir.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 4 : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x8x8xf32>
  %y = mir.unary silu %c : tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}
// CHECK-LABEL: func.func @depthwise_silu(
// CHECK-NEXT: %[[Y:.+]] = mir.conv2d %{{.+}}, %{{.+}} strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 4 act = silu :
// CHECK-NEXT: return %[[Y]]

// -----

// Negative: the conv's result is also returned: the activation stays, and
// the miss is reported.
// expected-error @+2 {{1 fusion(s) missed (assert-clean)}}
// expected-note @+1 {{activation: conv result has more than one use}}
func.func @conv_two_uses(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %c = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %y = mir.unary relu %c : tensor<1x8x8x8xf32>
  return %y, %c : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}
// CHECK-LABEL: func.func @conv_two_uses(
// CHECK-NEXT: %[[C:.+]] = mir.conv2d
// CHECK-NOT: act =
// CHECK-NEXT: %[[Y:.+]] = mir.unary relu %[[C]]
// CHECK-NEXT: return %[[Y]], %[[C]]

// -----

// Negative: an activation that is not an epilogue (exp) stays, unreported.
func.func @conv_exp(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32> {
  %c = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %y = mir.unary exp %c : tensor<1x8x8x8xf32>
  return %y : tensor<1x8x8x8xf32>
}
// CHECK-LABEL: func.func @conv_exp(
// CHECK-NEXT: mir.conv2d
// CHECK-NOT: act =
// CHECK-NEXT: mir.unary exp
// REPORT-LABEL: === rlx fusion report: @conv_exp, target 'cpu' ===
// REPORT:      fused (0):
// REPORT-NEXT: missed (0):

// -----

// ReLU6 as ONNX Clip(0, 6) imports it (max with 0, then min with 6) on a
// conv becomes its `relu6` epilogue; on a matmul + bias (the bounds the
// other way round: min with 6, then max with 0, constants on the left) the
// fused matmul's.
func.func @relu6(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>, %a: tensor<4x16xf32>, %v: tensor<16x8xf32>, %b: tensor<8xf32>) -> (tensor<1x8x8x8xf32>, tensor<4x8xf32>) {
  %zero = mir.constant dense<0.0> : tensor<f32>
  %six = mir.constant dense<6.0> : tensor<f32>
  %c = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %lo = mir.binary max %c, %zero : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  %y = mir.binary min %lo, %six : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  %m = mir.matmul %a, %v : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %mb = mir.binary add %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %hi = mir.binary min %six, %mb : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %z = mir.binary max %zero, %hi : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y, %z : tensor<1x8x8x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @relu6(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x4x8x8xf32>, %[[W:[^:]+]]: tensor<8x4x1x1xf32>, %[[A:[^:]+]]: tensor<4x16xf32>, %[[V:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NOT: mir.binary
// CHECK-DAG: %[[Y:.+]] = mir.conv2d %[[X]], %[[W]] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 act = relu6 :
// CHECK-DAG: %[[Z:.+]] = mir.fused_matmul %[[A]], %[[V]], %[[B]] act = relu6 :
// CHECK-NOT: mir.binary
// CHECK: return %[[Y]], %[[Z]]
// REPORT-LABEL: === rlx fusion report: @relu6, target 'cpu' ===
// REPORT:      fused (3):
// REPORT-DAG:    [conv-epilogue] mir.conv2d at {{.+}}: activation 'relu6' into mir.conv2d
// REPORT-DAG:    [matmul-epilogue] mir.fused_matmul at {{.+}}: activation 'relu6' into mir.fused_matmul
// REPORT:      missed (0):

// -----

// Negative: Clip(0, 5) is not ReLU6; Clip(0, 6) whose inner max has a
// second use is not taken either.
func.func @clip_not_relu6(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %zero = mir.constant dense<0.0> : tensor<f32>
  %five = mir.constant dense<5.0> : tensor<f32>
  %six = mir.constant dense<6.0> : tensor<f32>
  %c = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %lo = mir.binary max %c, %zero : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  %y = mir.binary min %lo, %five : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  %d = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) -> tensor<1x8x8x8xf32>
  %dlo = mir.binary max %d, %zero : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  %z = mir.binary min %dlo, %six : (tensor<1x8x8x8xf32>, tensor<f32>) -> tensor<1x8x8x8xf32>
  return %y, %z, %dlo : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}
// CHECK-LABEL: func.func @clip_not_relu6(
// CHECK-NOT: act = relu6
// CHECK: mir.binary min %{{.+}}, %{{.+}} :
// CHECK: mir.binary min %{{.+}}, %{{.+}} :
// CHECK: return
