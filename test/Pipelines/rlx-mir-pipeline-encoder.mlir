// The encoder example through -rlx-mir-pipeline: QKV becomes one shared
// matmul carrying the three biases, attention one mir.attention on the
// token-major q, k and v (no transposes left), the other projections fuse
// their bias (and relu), both residual adds fuse into their layer norms; the
// direct policy keeps one fused matmul per projection instead of the shared
// one, and writes mir.attention itself.
// RUN: rm -rf %t && rlx-opt %S/../../examples/encoder.mlir -rlx-mir-pipeline="bind=batch=1 dump-dir=%t" | FileCheck %s --check-prefix=OPT
// RUN: FileCheck %s --check-prefix=MIR < %t/1-mir.mlir
// RUN: FileCheck %s --check-prefix=SPEC < %t/2-specialized.mlir
// RUN: rlx-opt %S/../../examples/encoder.mlir -rlx-mir-pipeline="bind=batch=1 policy=direct" | FileCheck %s --check-prefix=DIRECT

// MIR-LABEL: func.func @encoder
// MIR-COUNT-3: mir.matmul {{.*}} -> tensor<?x128x256xf32>
// MIR: mir.softmax
// MIR: mir.layer_norm
// MIR: mir.unary relu
// MIR: mir.layer_norm
// MIR-NOT: hir.

// SPEC-LABEL: func.func @encoder
// SPEC-SAME: tensor<1x128x256xf32>
// SPEC: mir.softmax {{.*}} : tensor<1x4x128x128xf32>

// OPT-LABEL: func.func @encoder
// OPT-SAME: (%[[X:[^:]+]]: tensor<1x128x256xf32> {mir.name = "x"})
// OPT: %[[QKV:.+]]:3 = mir.shared_matmul %[[X]], %{{[^ ]+}}, %{{[^ ]+}}, %{{[^ ]+}} bias(%{{[^ ]+}}, %{{[^ ]+}}, %{{[^ ]+}}) :
// OPT-NOT: mir.binary add
// OPT-NOT: mir.transpose
// OPT: %[[A:.+]] = mir.attention %{{.+}}, %{{.+}}, %{{.+}} scale = 1.250000e-01 : tensor<1x128x4x64xf32>, tensor<1x128x4x64xf32>, tensor<1x128x4x64xf32>
// OPT-NOT: mir.transpose
// OPT: %[[O:.+]] = mir.fused_matmul %{{.+}}, %{{.+}}, %{{.+}} : (tensor<1x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>)
// OPT-NEXT: %[[N1:.+]], %{{.+}} = mir.residual_norm layer %[[O]], %[[X]] gamma(
// OPT-NEXT: %[[H:.+]] = mir.fused_matmul %[[N1]], %{{.+}}, %{{.+}} act = relu
// OPT-NEXT: %[[F:.+]] = mir.fused_matmul %[[H]],
// OPT-NEXT: %[[Y:.+]], %{{.+}} = mir.residual_norm layer %[[F]], %[[N1]] gamma(
// OPT-NEXT: return %[[Y]]
// OPT-NOT: mir.layer_norm

// DIRECT-LABEL: func.func @encoder
// DIRECT-NOT: mir.shared_matmul
// DIRECT-COUNT-3: mir.fused_matmul %{{.+}}, %{{.+}}, %{{.+}} : (tensor<1x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>)
// DIRECT-NOT: mir.softmax
// DIRECT: mir.attention
// DIRECT: mir.residual_norm layer
// DIRECT: mir.fused_matmul {{.*}} act = relu
// DIRECT: mir.residual_norm layer
