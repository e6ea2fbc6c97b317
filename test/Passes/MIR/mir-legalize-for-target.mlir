// mir-legalize-for-target: every op the target does not claim is rewritten
// into ops it does (fused ops un-fused, regions un-fused, softmax / norms
// decomposed into primitives). The test target claims none of the fused or
// composite ops; cpu claims everything; vulkan lacks swiglu, shared_matmul,
// residual_norm and attention.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target))" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target))" | FileCheck %s --check-prefix=NONE
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(func.func(mir-legalize-for-target))" | FileCheck %s --check-prefix=CPU
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-legalize-for-target))" | FileCheck %s --check-prefix=VULKAN
// Dispatch report: each op kind of the function as native, rewritten or
// unsupported (option or RLX_FUSION_REPORT=1; RLX_FUSION_REPORT=0 is off).
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=1 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: env RLX_FUSION_REPORT=0 rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=test},func.func(mir-legalize-for-target))" -o /dev/null 2>&1 | count 0
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-legalize-for-target{report=true}))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VKREPORT

// On test, no fused or composite op and no region survives anywhere.
// NONE-NOT: mir.fused_matmul
// NONE-NOT: mir.residual_norm
// NONE-NOT: mir.swiglu
// NONE-NOT: mir.attention
// NONE-NOT: mir.shared_matmul
// NONE-NOT: mir.elementwise
// NONE-NOT: mir.softmax
// NONE-NOT: mir.layer_norm
// NONE-NOT: mir.rms_norm

// Each activation of mir.fused_matmul, with and without bias.
func.func @fused_matmul_acts(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %y0 = mir.fused_matmul %x, %w, %b : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y1 = mir.fused_matmul %x, %w, %b act = relu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y2 = mir.fused_matmul %x, %w, %b act = gelu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y3 = mir.fused_matmul %x, %w, %b act = gelu_tanh : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y4 = mir.fused_matmul %x, %w, %b act = silu : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y5 = mir.fused_matmul %x, %w, %b act = sigmoid : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %y6 = mir.fused_matmul %x, %w act = tanh : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %y7 = mir.fused_matmul %x, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @fused_matmul_acts(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[M0:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y0:.+]] = mir.binary add %[[M0]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[M1:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A1:.+]] = mir.binary add %[[M1]], %[[B]] :
// CHECK-NEXT: %[[Y1:.+]] = mir.unary relu %[[A1]] : tensor<4x8xf32>
// CHECK-NEXT: %[[M2:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A2:.+]] = mir.binary add %[[M2]], %[[B]] :
// CHECK-NEXT: %[[Y2:.+]] = mir.unary gelu %[[A2]] : tensor<4x8xf32>
// CHECK-NEXT: %[[M3:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A3:.+]] = mir.binary add %[[M3]], %[[B]] :
// CHECK-NEXT: %[[Y3:.+]] = mir.unary gelu_tanh %[[A3]] : tensor<4x8xf32>
// CHECK-NEXT: %[[M4:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A4:.+]] = mir.binary add %[[M4]], %[[B]] :
// CHECK-NEXT: %[[Y4:.+]] = mir.unary silu %[[A4]] : tensor<4x8xf32>
// CHECK-NEXT: %[[M5:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A5:.+]] = mir.binary add %[[M5]], %[[B]] :
// CHECK-NEXT: %[[Y5:.+]] = mir.unary sigmoid %[[A5]] : tensor<4x8xf32>
// CHECK-NEXT: %[[M6:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[Y6:.+]] = mir.unary tanh %[[M6]] : tensor<4x8xf32>
// CHECK-NEXT: %[[Y7:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: return %[[Y0]], %[[Y1]], %[[Y2]], %[[Y3]], %[[Y4]], %[[Y5]], %[[Y6]], %[[Y7]] :
// CPU-LABEL: func.func @fused_matmul_acts(
// CPU-COUNT-8: mir.fused_matmul
// CPU-NOT: mir.matmul
// CPU: return
// VULKAN-LABEL: func.func @fused_matmul_acts(
// VULKAN-COUNT-8: mir.fused_matmul
// VULKAN-NOT: mir.matmul
// VULKAN: return
// REPORT-LABEL: === rlx dispatch report: @fused_matmul_acts, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.fused_matmul: rewritten
// REPORT-NEXT:   mir.matmul: native
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @fused_matmul_acts, target 'vulkan' ===
// VKREPORT-NEXT:   mir.fused_matmul: native
// VKREPORT-NOT: mir.

// -----

// relu6 has no unary kind: un-fused it is max with 0, then min with 6.
func.func @fused_matmul_relu6(%x: tensor<4x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = mir.fused_matmul %x, %w, %b act = relu6 : (tensor<4x16xf32>, tensor<16x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @fused_matmul_relu6(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x16xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-DAG: %[[SIX:.+]] = mir.constant dense<6.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ZERO:.+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[M:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[M]], %[[B]] :
// CHECK-NEXT: %[[LOW:.+]] = mir.binary max %[[A]], %[[ZERO]] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary min %[[LOW]], %[[SIX]] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]]
// REPORT-LABEL: === rlx dispatch report: @fused_matmul_relu6, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.fused_matmul: rewritten
// REPORT-NEXT:   mir.matmul: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @fused_matmul_relu6, target 'vulkan' ===
// VKREPORT-NEXT:   mir.fused_matmul: native
// VKREPORT-NOT: mir.

// -----

// residual_norm layer with bias and beta: the sum chain, then the layer_norm
// decomposition; both results are used.
func.func @residual_norm_layer_bias(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = mir.residual_norm layer %x, %r bias(%b) gamma(%g) beta(%be) eps = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @residual_norm_layer_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[S0:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[S0]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[MEAN:.+]] = mir.reduce mean %[[S]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[C:.+]] = mir.binary sub %[[S]], %[[MEAN]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[C]], %[[C]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[VAR:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[VAR]], %[[EPS]] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
// CHECK-NEXT: %[[INV:.+]] = mir.unary rsqrt %[[VE]] : tensor<4x1xf32>
// CHECK-NEXT: %[[NRM:.+]] = mir.binary mul %[[C]], %[[INV]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[SC:.+]] = mir.binary mul %[[NRM]], %[[G]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary add %[[SC]], %[[BE]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]], %[[S]] : tensor<4x8xf32>, tensor<4x8xf32>
// CPU-LABEL: func.func @residual_norm_layer_bias(
// CPU-NEXT: mir.residual_norm layer
// CPU-NEXT: return
// VULKAN-LABEL: func.func @residual_norm_layer_bias(
// VULKAN-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// VULKAN-NEXT: %[[S0:.+]] = mir.binary add %[[X]], %[[R]] :
// VULKAN-NEXT: %[[S:.+]] = mir.binary add %[[S0]], %[[B]] :
// VULKAN-NEXT: %[[Y:.+]] = mir.layer_norm %[[S]], %[[G]], %[[BE]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// VULKAN-NEXT: return %[[Y]], %[[S]] :
// REPORT-LABEL: === rlx dispatch report: @residual_norm_layer_bias, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.residual_norm: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @residual_norm_layer_bias, target 'vulkan' ===
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.layer_norm: native
// VKREPORT-NEXT:   mir.residual_norm: rewritten
// VKREPORT-NOT: mir.

// -----

// residual_norm rms without bias.
func.func @residual_norm_rms(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %g: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n, %s = mir.residual_norm rms %x, %r gamma(%g) eps = 1.0e-06 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
// CHECK-LABEL: func.func @residual_norm_rms(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999997E-7> : tensor<f32>
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[S]], %[[S]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[MS:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[ME:.+]] = mir.binary add %[[MS]], %[[EPS]] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
// CHECK-NEXT: %[[INV:.+]] = mir.unary rsqrt %[[ME]] : tensor<4x1xf32>
// CHECK-NEXT: %[[NRM:.+]] = mir.binary mul %[[S]], %[[INV]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[NRM]], %[[G]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]], %[[S]] : tensor<4x8xf32>, tensor<4x8xf32>
// VULKAN-LABEL: func.func @residual_norm_rms(
// VULKAN-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// VULKAN-NEXT: %[[S:.+]] = mir.binary add %[[X]], %[[R]] :
// VULKAN-NEXT: %[[Y:.+]] = mir.rms_norm %[[S]], %[[G]] eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// VULKAN-NEXT: return %[[Y]], %[[S]] :
// REPORT-LABEL: === rlx dispatch report: @residual_norm_rms, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.residual_norm: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @residual_norm_rms, target 'vulkan' ===
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.residual_norm: rewritten
// VKREPORT-NEXT:   mir.rms_norm: native
// VKREPORT-NOT: mir.

// -----

// swiglu: gate matmul, silu, up matmul, mul.
func.func @swiglu(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>) -> tensor<16x256xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  return %h : tensor<16x256xf32>
}
// CHECK-LABEL: func.func @swiglu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>)
// CHECK-NEXT: %[[G:.+]] = mir.matmul %[[X]], %[[WG]] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: %[[S:.+]] = mir.unary silu %[[G]] : tensor<16x256xf32>
// CHECK-NEXT: %[[U:.+]] = mir.matmul %[[X]], %[[WU]] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: %[[H:.+]] = mir.binary mul %[[S]], %[[U]] : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT: return %[[H]] : tensor<16x256xf32>
// CPU-LABEL: func.func @swiglu(
// CPU-NEXT: mir.swiglu
// CPU-NEXT: return
// VULKAN-LABEL: func.func @swiglu(
// VULKAN-NEXT: mir.matmul
// VULKAN-NEXT: mir.unary silu
// VULKAN-NEXT: mir.matmul
// VULKAN-NEXT: mir.binary mul
// VULKAN-NEXT: return
// REPORT-LABEL: === rlx dispatch report: @swiglu, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.matmul: native
// REPORT-NEXT:   mir.swiglu: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @swiglu, target 'vulkan' ===
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.matmul: native
// VKREPORT-NEXT:   mir.swiglu: rewritten
// VKREPORT-NEXT:   mir.unary: native
// VKREPORT-NOT: mir.

// -----

// shared_matmul: one matmul per weight.
func.func @shared_matmul(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>) {
  %q, %k = mir.shared_matmul %x, %wq, %wk : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  return %q, %k : tensor<16x64xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @shared_matmul(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT: %[[Q:.+]] = mir.matmul %[[X]], %[[WQ]] : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[K:.+]] = mir.matmul %[[X]], %[[WK]] : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: return %[[Q]], %[[K]] : tensor<16x64xf32>, tensor<16x32xf32>
// CPU-LABEL: func.func @shared_matmul(
// CPU-NEXT: mir.shared_matmul
// CPU-NEXT: return
// VULKAN-LABEL: func.func @shared_matmul(
// VULKAN-NEXT: mir.matmul
// VULKAN-NEXT: mir.matmul
// VULKAN-NEXT: return
// REPORT-LABEL: === rlx dispatch report: @shared_matmul, target 'test' ===
// REPORT-NEXT:   mir.matmul: native
// REPORT-NEXT:   mir.shared_matmul: rewritten
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @shared_matmul, target 'vulkan' ===
// VKREPORT-NEXT:   mir.matmul: native
// VKREPORT-NEXT:   mir.shared_matmul: rewritten
// VKREPORT-NOT: mir.

// -----

// shared_matmul with biases: per weight a matmul and its bias add, or, where
// the target runs mir.fused_matmul (vulkan), one fused matmul with the bias.
func.func @shared_matmul_bias(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %bq: tensor<64xf32>, %bk: tensor<32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>) {
  %q, %k = mir.shared_matmul %x, %wq, %wk bias(%bq, %bk) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  return %q, %k : tensor<16x64xf32>, tensor<16x32xf32>
}
// CHECK-LABEL: func.func @shared_matmul_bias(
// CHECK-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[BQ:[^:]+]]: tensor<64xf32>, %[[BK:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT: %[[MQ:.+]] = mir.matmul %[[X]], %[[WQ]] : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[Q:.+]] = mir.binary add %[[MQ]], %[[BQ]] : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// CHECK-NEXT: %[[MK:.+]] = mir.matmul %[[X]], %[[WK]] : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: %[[K:.+]] = mir.binary add %[[MK]], %[[BK]] : (tensor<16x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
// CHECK-NEXT: return %[[Q]], %[[K]] : tensor<16x64xf32>, tensor<16x32xf32>
// CPU-LABEL: func.func @shared_matmul_bias(
// CPU-NEXT: mir.shared_matmul {{.+}} bias(
// CPU-NEXT: return
// VULKAN-LABEL: func.func @shared_matmul_bias(
// VULKAN-SAME: %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[BQ:[^:]+]]: tensor<64xf32>, %[[BK:[^:]+]]: tensor<32xf32>)
// VULKAN-NEXT: %[[Q:.+]] = mir.fused_matmul %[[X]], %[[WQ]], %[[BQ]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
// VULKAN-NEXT: %[[K:.+]] = mir.fused_matmul %[[X]], %[[WK]], %[[BK]] : (tensor<16x64xf32>, tensor<64x32xf32>, tensor<32xf32>) -> tensor<16x32xf32>
// VULKAN-NEXT: return %[[Q]], %[[K]] : tensor<16x64xf32>, tensor<16x32xf32>
// REPORT-LABEL: === rlx dispatch report: @shared_matmul_bias, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.matmul: native
// REPORT-NEXT:   mir.shared_matmul: rewritten
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @shared_matmul_bias, target 'vulkan' ===
// VKREPORT-NEXT:   mir.fused_matmul: native
// VKREPORT-NEXT:   mir.shared_matmul: rewritten
// VKREPORT-NOT: mir.

// -----

// elementwise region: tensor ops broadcasting as the region did.
func.func @elementwise(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %r = mir.elementwise %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32):
    %c = mir.constant 5.000000e-01 : f32
    %a = mir.binary add %e, %f : (f32, f32) -> f32
    %m = mir.binary mul %a, %c : (f32, f32) -> f32
    %t = mir.unary tanh %m : f32
    mir.yield %t : f32
  }
  return %r : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[A:.+]] = mir.binary add %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.binary mul %[[A]], %[[C]] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[T:.+]] = mir.unary tanh %[[M]] : tensor<4x8xf32>
// CHECK-NEXT: return %[[T]] : tensor<4x8xf32>
// CPU-LABEL: func.func @elementwise(
// CPU-NEXT: mir.elementwise
// VULKAN-LABEL: func.func @elementwise(
// VULKAN-NEXT: mir.elementwise
// REPORT-LABEL: === rlx dispatch report: @elementwise, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.elementwise: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// The region's scalar steps are not op kinds of their own.
// VKREPORT-LABEL: === rlx dispatch report: @elementwise, target 'vulkan' ===
// VKREPORT-NEXT:   mir.elementwise: native
// VKREPORT-NOT: mir.

// -----

// softmax along axis 0 and along axis -1 (the last) of a rank-3 tensor.
func.func @softmax_axes(%x: tensor<2x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x8xf32>) {
  %a = mir.softmax %x axis = 0 : tensor<2x4x8xf32>
  %b = mir.softmax %x axis = -1 : tensor<2x4x8xf32>
  return %a, %b : tensor<2x4x8xf32>, tensor<2x4x8xf32>
}
// CHECK-LABEL: func.func @softmax_axes(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x4x8xf32>)
// CHECK-NEXT: %[[MAX0:.+]] = mir.reduce max %[[X]] axes = [0] keep_dim : tensor<2x4x8xf32> -> tensor<1x4x8xf32>
// CHECK-NEXT: %[[D0:.+]] = mir.binary sub %[[X]], %[[MAX0]] : (tensor<2x4x8xf32>, tensor<1x4x8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: %[[E0:.+]] = mir.unary exp %[[D0]] : tensor<2x4x8xf32>
// CHECK-NEXT: %[[SUM0:.+]] = mir.reduce sum %[[E0]] axes = [0] keep_dim : tensor<2x4x8xf32> -> tensor<1x4x8xf32>
// CHECK-NEXT: %[[P0:.+]] = mir.binary div %[[E0]], %[[SUM0]] : (tensor<2x4x8xf32>, tensor<1x4x8xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: %[[MAX2:.+]] = mir.reduce max %[[X]] axes = [2] keep_dim : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
// CHECK-NEXT: %[[D2:.+]] = mir.binary sub %[[X]], %[[MAX2]] : (tensor<2x4x8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: %[[E2:.+]] = mir.unary exp %[[D2]] : tensor<2x4x8xf32>
// CHECK-NEXT: %[[SUM2:.+]] = mir.reduce sum %[[E2]] axes = [2] keep_dim : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
// CHECK-NEXT: %[[P2:.+]] = mir.binary div %[[E2]], %[[SUM2]] : (tensor<2x4x8xf32>, tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
// CHECK-NEXT: return %[[P0]], %[[P2]] : tensor<2x4x8xf32>, tensor<2x4x8xf32>
// CPU-LABEL: func.func @softmax_axes(
// CPU-NEXT: mir.softmax {{.+}} axis = 0
// CPU-NEXT: mir.softmax {{.+}} axis = -1
// CPU-NEXT: return
// REPORT-LABEL: === rlx dispatch report: @softmax_axes, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.softmax: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @softmax_axes, target 'vulkan' ===
// VKREPORT-NEXT:   mir.softmax: native
// VKREPORT-NOT: mir.

// -----

// layer_norm with beta.
func.func @layer_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> tensor<4x8xf32> {
  %n = mir.layer_norm %x, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[MEAN:.+]] = mir.reduce mean %[[X]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[C:.+]] = mir.binary sub %[[X]], %[[MEAN]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[C]], %[[C]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[VAR:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[VAR]], %[[EPS]] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
// CHECK-NEXT: %[[INV:.+]] = mir.unary rsqrt %[[VE]] : tensor<4x1xf32>
// CHECK-NEXT: %[[NRM:.+]] = mir.binary mul %[[C]], %[[INV]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[SC:.+]] = mir.binary mul %[[NRM]], %[[G]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary add %[[SC]], %[[BE]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// CPU-LABEL: func.func @layer_norm(
// CPU-NEXT: mir.layer_norm
// CPU-NEXT: return
// REPORT-LABEL: === rlx dispatch report: @layer_norm, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.layer_norm: rewritten
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @layer_norm, target 'vulkan' ===
// VKREPORT-NEXT:   mir.layer_norm: native
// VKREPORT-NOT: mir.

// -----

// layer_norm without beta ends at the gamma mul.
func.func @layer_norm_no_beta(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @layer_norm_no_beta(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT: %[[MEAN:.+]] = mir.reduce mean %[[X]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[C:.+]] = mir.binary sub %[[X]], %[[MEAN]] :
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[C]], %[[C]] :
// CHECK-NEXT: %[[VAR:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim :
// CHECK-NEXT: %[[VE:.+]] = mir.binary add %[[VAR]], %[[EPS]] :
// CHECK-NEXT: %[[INV:.+]] = mir.unary rsqrt %[[VE]] : tensor<4x1xf32>
// CHECK-NEXT: %[[NRM:.+]] = mir.binary mul %[[C]], %[[INV]] :
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[NRM]], %[[G]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// REPORT-LABEL: === rlx dispatch report: @layer_norm_no_beta, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.layer_norm: rewritten
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @layer_norm_no_beta, target 'vulkan' ===
// VKREPORT-NEXT:   mir.layer_norm: native
// VKREPORT-NOT: mir.

// -----

// rms_norm.
func.func @rms_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>) -> tensor<4x8xf32> {
  %n = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @rms_norm(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>)
// CHECK-NEXT: %[[EPS:.+]] = mir.constant dense<9.99999997E-7> : tensor<f32>
// CHECK-NEXT: %[[SQ:.+]] = mir.binary mul %[[X]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[MS:.+]] = mir.reduce mean %[[SQ]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT: %[[ME:.+]] = mir.binary add %[[MS]], %[[EPS]] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xf32>
// CHECK-NEXT: %[[INV:.+]] = mir.unary rsqrt %[[ME]] : tensor<4x1xf32>
// CHECK-NEXT: %[[NRM:.+]] = mir.binary mul %[[X]], %[[INV]] : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.binary mul %[[NRM]], %[[G]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4x8xf32>
// CPU-LABEL: func.func @rms_norm(
// CPU-NEXT: mir.rms_norm
// CPU-NEXT: return
// REPORT-LABEL: === rlx dispatch report: @rms_norm, target 'test' ===
// REPORT-NEXT:   mir.binary: native
// REPORT-NEXT:   mir.constant: native
// REPORT-NEXT:   mir.reduce: native
// REPORT-NEXT:   mir.rms_norm: rewritten
// REPORT-NEXT:   mir.unary: native
// REPORT-NOT: mir.
// VKREPORT-LABEL: === rlx dispatch report: @rms_norm, target 'vulkan' ===
// VKREPORT-NEXT:   mir.rms_norm: native
// VKREPORT-NOT: mir.

// -----

// attention: per-head transposes, q kT, the scale, the causal mask constant
// (query s sees t <= s + 2), softmax, p v, the transpose back: the chain
// mir-fuse-attention turns back into the op (round trip below).
func.func @attention(%q: tensor<1x4x2x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x6x2x8xf32>) -> (tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>) {
  %a = mir.attention %q, %k, %v scale = 0.25 : tensor<1x4x2x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
  %c = mir.attention %q, %k, %v scale = 0.5 causal : tensor<1x4x2x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
  return %a, %c : tensor<1x4x2x8xf32>, tensor<1x4x2x8xf32>
}
// CPU-LABEL: func.func @attention(
// CPU-NEXT: mir.attention
// CPU-NEXT: mir.attention
// CPU-NEXT: return
// VULKAN-LABEL: func.func @attention(
// VULKAN-SAME: %[[Q:[^:]+]]: tensor<1x4x2x8xf32>, %[[K:[^:]+]]: tensor<1x6x2x8xf32>, %[[V:[^:]+]]: tensor<1x6x2x8xf32>)
// VULKAN-DAG: %[[MASK:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0.000000e+00, 0xFF800000, 0xFF800000, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0xFF800000, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x6xf32>
// VULKAN-DAG: %[[HALF:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// VULKAN-DAG: %[[QUARTER:.+]] = mir.constant dense<2.500000e-01> : tensor<f32>
// VULKAN: %[[QH:.+]] = mir.transpose %[[Q]] permutation = [0, 2, 1, 3] : tensor<1x4x2x8xf32> -> tensor<1x2x4x8xf32>
// VULKAN-NEXT: %[[KT:.+]] = mir.transpose %[[K]] permutation = [0, 2, 3, 1] : tensor<1x6x2x8xf32> -> tensor<1x2x8x6xf32>
// VULKAN-NEXT: %[[S:.+]] = mir.matmul %[[QH]], %[[KT]] : (tensor<1x2x4x8xf32>, tensor<1x2x8x6xf32>) -> tensor<1x2x4x6xf32>
// VULKAN-NEXT: %[[SS:.+]] = mir.binary mul %[[S]], %[[QUARTER]]
// VULKAN-NEXT: %[[P:.+]] = mir.softmax %[[SS]] axis = -1 : tensor<1x2x4x6xf32>
// VULKAN-NEXT: %[[VH:.+]] = mir.transpose %[[V]] permutation = [0, 2, 1, 3] : tensor<1x6x2x8xf32> -> tensor<1x2x6x8xf32>
// VULKAN-NEXT: %[[O:.+]] = mir.matmul %[[P]], %[[VH]] : (tensor<1x2x4x6xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
// VULKAN-NEXT: %[[A:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] : tensor<1x2x4x8xf32> -> tensor<1x4x2x8xf32>
// VULKAN: %[[S2:.+]] = mir.matmul
// VULKAN-NEXT: %[[SS2:.+]] = mir.binary mul %[[S2]], %[[HALF]]
// VULKAN-NEXT: %[[M2:.+]] = mir.binary add %[[SS2]], %[[MASK]] : (tensor<1x2x4x6xf32>, tensor<4x6xf32>) -> tensor<1x2x4x6xf32>
// VULKAN-NEXT: mir.softmax %[[M2]] axis = -1
// VULKAN-NOT: mir.attention
// VKREPORT-LABEL: === rlx dispatch report: @attention, target 'vulkan' ===
// VKREPORT-NEXT:   mir.attention: rewritten
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.constant: native
// VKREPORT-NEXT:   mir.matmul: native
// VKREPORT-NEXT:   mir.softmax: native
// VKREPORT-NEXT:   mir.transpose: native
// VKREPORT-NOT: mir.
// REPORT-LABEL: === rlx dispatch report: @attention, target 'test' ===
// REPORT-NEXT:   mir.attention: rewritten

// -----

// Grouped-query attention (4 query heads on 2 kv heads): the chain first
// repeats each kv head twice (reshape, broadcast, reshape).
func.func @attention_gqa(%q: tensor<1x4x4x8xf32>, %k: tensor<1x6x2x8xf32>, %v: tensor<1x6x2x8xf32>) -> tensor<1x4x4x8xf32> {
  %a = mir.attention %q, %k, %v scale = 0.25 causal : tensor<1x4x4x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
  return %a : tensor<1x4x4x8xf32>
}
// VULKAN-LABEL: func.func @attention_gqa(
// VULKAN-SAME: %[[Q:[^:]+]]: tensor<1x4x4x8xf32>, %[[K:[^:]+]]: tensor<1x6x2x8xf32>, %[[V:[^:]+]]: tensor<1x6x2x8xf32>)
// VULKAN: %[[K1:.+]] = mir.reshape %[[K]] : tensor<1x6x2x8xf32> to tensor<1x6x2x1x8xf32>
// VULKAN-NEXT: %[[K2:.+]] = mir.broadcast %[[K1]] : tensor<1x6x2x1x8xf32> to tensor<1x6x2x2x8xf32>
// VULKAN-NEXT: %[[K4:.+]] = mir.reshape %[[K2]] : tensor<1x6x2x2x8xf32> to tensor<1x6x4x8xf32>
// VULKAN: mir.transpose %[[K4]] permutation = [0, 2, 3, 1] : tensor<1x6x4x8xf32> -> tensor<1x4x8x6xf32>
// VULKAN-NOT: mir.attention
// VKREPORT-LABEL: === rlx dispatch report: @attention_gqa, target 'vulkan' ===
// VKREPORT-NEXT:   mir.attention: rewritten
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.broadcast: native

// -----

// Causal attention at a run-time position p (S = 2, T = 3): query s sees the
// keys t with t - s <= p. The chain compares a constant table of the offsets
// t - s with p (reshaped to a scalar tensor), gives the hidden scores -inf
// before the softmax, and zeroes their probabilities after it (a query that
// sees no key gives 0, not the NaN of an all -inf softmax).
func.func @attention_position(%q: tensor<1x2x2x8xf32>, %k: tensor<1x3x2x8xf32>, %v: tensor<1x3x2x8xf32>, %p: tensor<1xi32>) -> tensor<1x2x2x8xf32> {
  %a = mir.attention %q, %k, %v position(%p : tensor<1xi32>) scale = 0.25 causal : tensor<1x2x2x8xf32>, tensor<1x3x2x8xf32>, tensor<1x3x2x8xf32>
  return %a : tensor<1x2x2x8xf32>
}
// CPU-LABEL: func.func @attention_position(
// CPU-NEXT: mir.attention %{{.+}}, %{{.+}}, %{{.+}} position(%{{.+}} : tensor<1xi32>) scale = 2.500000e-01 causal
// CPU-NEXT: return
// VULKAN-LABEL: func.func @attention_position(
// VULKAN-SAME: %[[Q:[^:]+]]: tensor<1x2x2x8xf32>, %[[K:[^:]+]]: tensor<1x3x2x8xf32>, %[[V:[^:]+]]: tensor<1x3x2x8xf32>, %[[P:[^:]+]]: tensor<1xi32>)
// VULKAN-DAG: %[[OFFSETS:.+]] = mir.constant dense<{{\[}}[0, 1, 2], [-1, 0, 1]]> : tensor<2x3xi32>
// VULKAN-DAG: %[[QUARTER:.+]] = mir.constant dense<2.500000e-01> : tensor<f32>
// VULKAN-DAG: %[[NEGINF:.+]] = mir.constant dense<0xFF800000> : tensor<f32>
// VULKAN-DAG: %[[ZERO:.+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// VULKAN: %[[QH:.+]] = mir.transpose %[[Q]] permutation = [0, 2, 1, 3] : tensor<1x2x2x8xf32> -> tensor<1x2x2x8xf32>
// VULKAN-NEXT: %[[KT:.+]] = mir.transpose %[[K]] permutation = [0, 2, 3, 1] : tensor<1x3x2x8xf32> -> tensor<1x2x8x3xf32>
// VULKAN-NEXT: %[[S:.+]] = mir.matmul %[[QH]], %[[KT]] : (tensor<1x2x2x8xf32>, tensor<1x2x8x3xf32>) -> tensor<1x2x2x3xf32>
// VULKAN-NEXT: %[[SS:.+]] = mir.binary mul %[[S]], %[[QUARTER]] : (tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
// VULKAN-NEXT: %[[PS:.+]] = mir.reshape %[[P]] : tensor<1xi32> to tensor<i32>
// VULKAN-NEXT: %[[SEES:.+]] = mir.compare le %[[OFFSETS]], %[[PS]] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi1>
// VULKAN-NEXT: %[[MASKED:.+]] = mir.select %[[SEES]], %[[SS]], %[[NEGINF]] : (tensor<2x3xi1>, tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
// VULKAN-NEXT: %[[PROBS:.+]] = mir.softmax %[[MASKED]] axis = -1 : tensor<1x2x2x3xf32>
// VULKAN-NEXT: %[[KEPT:.+]] = mir.select %[[SEES]], %[[PROBS]], %[[ZERO]] : (tensor<2x3xi1>, tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
// VULKAN-NEXT: %[[VH:.+]] = mir.transpose %[[V]] permutation = [0, 2, 1, 3] : tensor<1x3x2x8xf32> -> tensor<1x2x3x8xf32>
// VULKAN-NEXT: %[[O:.+]] = mir.matmul %[[KEPT]], %[[VH]] : (tensor<1x2x2x3xf32>, tensor<1x2x3x8xf32>) -> tensor<1x2x2x8xf32>
// VULKAN-NEXT: %[[A:.+]] = mir.transpose %[[O]] permutation = [0, 2, 1, 3] : tensor<1x2x2x8xf32> -> tensor<1x2x2x8xf32>
// VULKAN-NEXT: return %[[A]]
// VKREPORT-LABEL: === rlx dispatch report: @attention_position, target 'vulkan' ===
// VKREPORT-NEXT:   mir.attention: rewritten
// VKREPORT-NEXT:   mir.binary: native
// VKREPORT-NEXT:   mir.compare: native
// VKREPORT-NEXT:   mir.constant: native
// VKREPORT-NEXT:   mir.matmul: native
// VKREPORT-NEXT:   mir.reshape: native
// VKREPORT-NEXT:   mir.select: native
// VKREPORT-NEXT:   mir.softmax: native
// VKREPORT-NEXT:   mir.transpose: native
// VKREPORT-NOT: mir.

// -----

// Without causal, query s sees the keys t < p + S: the table holds t - S
// (S = 2) and the compare is `lt`. A rank-0 i64 position is compared as it
// is (no reshape), against an i64 table.
func.func @attention_position_open(%q: tensor<1x2x2x8xf32>, %k: tensor<1x3x2x8xf32>, %v: tensor<1x3x2x8xf32>, %p: tensor<i64>) -> tensor<1x2x2x8xf32> {
  %a = mir.attention %q, %k, %v position(%p : tensor<i64>) scale = 0.5 : tensor<1x2x2x8xf32>, tensor<1x3x2x8xf32>, tensor<1x3x2x8xf32>
  return %a : tensor<1x2x2x8xf32>
}
// VULKAN-LABEL: func.func @attention_position_open(
// VULKAN-SAME: %[[Q:[^:]+]]: tensor<1x2x2x8xf32>, %[[K:[^:]+]]: tensor<1x3x2x8xf32>, %[[V:[^:]+]]: tensor<1x3x2x8xf32>, %[[P:[^:]+]]: tensor<i64>)
// VULKAN-DAG: %[[OFFSETS:.+]] = mir.constant dense<{{\[}}[-2, -1, 0], [-2, -1, 0]]> : tensor<2x3xi64>
// VULKAN-DAG: %[[HALF:.+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// VULKAN-DAG: %[[NEGINF:.+]] = mir.constant dense<0xFF800000> : tensor<f32>
// VULKAN-DAG: %[[ZERO:.+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// VULKAN: %[[S:.+]] = mir.matmul
// VULKAN-NEXT: %[[SS:.+]] = mir.binary mul %[[S]], %[[HALF]]
// VULKAN-NEXT: %[[SEES:.+]] = mir.compare lt %[[OFFSETS]], %[[P]] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi1>
// VULKAN-NEXT: %[[MASKED:.+]] = mir.select %[[SEES]], %[[SS]], %[[NEGINF]]
// VULKAN-NEXT: %[[PROBS:.+]] = mir.softmax %[[MASKED]] axis = -1 : tensor<1x2x2x3xf32>
// VULKAN-NEXT: mir.select %[[SEES]], %[[PROBS]], %[[ZERO]]
// VULKAN-NOT: mir.attention
// VKREPORT-LABEL: === rlx dispatch report: @attention_position_open, target 'vulkan' ===
// VKREPORT-NEXT:   mir.attention: rewritten
// VKREPORT-NOT:   mir.reshape

// The chain fuses back into the ops it came from.
// RUN: rlx-opt %s -split-input-file -pass-pipeline="builtin.module(rlx-attach-target{target=vulkan},func.func(mir-legalize-for-target),rlx-attach-target{target=cpu replace=true},func.func(mir-fuse-attention))" | FileCheck %s --check-prefix=ROUNDTRIP
// ROUNDTRIP-LABEL: func.func @attention(
// ROUNDTRIP-SAME: %[[Q:[^:]+]]: tensor<1x4x2x8xf32>, %[[K:[^:]+]]: tensor<1x6x2x8xf32>, %[[V:[^:]+]]: tensor<1x6x2x8xf32>)
// ROUNDTRIP-NEXT: %[[A:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 : tensor<1x4x2x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
// ROUNDTRIP-NEXT: %[[C:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 5.000000e-01 causal : tensor<1x4x2x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
// ROUNDTRIP-NEXT: return %[[A]], %[[C]]
// ROUNDTRIP-LABEL: func.func @attention_gqa(
// ROUNDTRIP-SAME: %[[Q:[^:]+]]: tensor<1x4x4x8xf32>, %[[K:[^:]+]]: tensor<1x6x2x8xf32>, %[[V:[^:]+]]: tensor<1x6x2x8xf32>)
// ROUNDTRIP-NEXT: %[[A:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 causal : tensor<1x4x4x8xf32>, tensor<1x6x2x8xf32>, tensor<1x6x2x8xf32>
// ROUNDTRIP-NEXT: return %[[A]]
