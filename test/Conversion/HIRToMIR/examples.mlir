// The example models convert under both policies, and the MIR re-parses.
// RUN: rlx-opt %S/../../../examples/mlp.mlir -convert-hir-to-mir="policy=fusable" | rlx-opt | FileCheck %s --check-prefix=CHECK-MLP-FUSABLE
// RUN: rlx-opt %S/../../../examples/mlp.mlir -convert-hir-to-mir="policy=direct" | rlx-opt | FileCheck %s --check-prefix=CHECK-MLP-DIRECT
// RUN: rlx-opt %S/../../../examples/encoder.mlir -convert-hir-to-mir="policy=fusable" | rlx-opt | FileCheck %s --check-prefixes=CHECK-ENC,CHECK-ENC-FUSABLE
// RUN: rlx-opt %S/../../../examples/encoder.mlir -convert-hir-to-mir="policy=direct" | rlx-opt | FileCheck %s --check-prefixes=CHECK-ENC,CHECK-ENC-DIRECT

// The MLP: two linears, the first with bias + relu, the second with bias.
// CHECK-MLP-FUSABLE-LABEL: func.func @mlp
// CHECK-MLP-FUSABLE-SAME: (%[[X:[^:]+]]: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}) -> (tensor<?x10xf32> {mir.name = "logits"})
// CHECK-MLP-FUSABLE: %[[W1:.+]] = mir.param "fc1.weight" : tensor<784x512xf32>
// CHECK-MLP-FUSABLE: %[[B1:.+]] = mir.param "fc1.bias" : tensor<512xf32>
// CHECK-MLP-FUSABLE: %[[W2:.+]] = mir.param "fc2.weight" : tensor<512x10xf32>
// CHECK-MLP-FUSABLE: %[[B2:.+]] = mir.param "fc2.bias" : tensor<10xf32>
// CHECK-MLP-FUSABLE: %[[M1:.+]] = mir.matmul %[[X]], %[[W1]] : (tensor<?x784xf32>, tensor<784x512xf32>) -> tensor<?x512xf32>
// CHECK-MLP-FUSABLE: %[[A1:.+]] = mir.binary add %[[M1]], %[[B1]]
// CHECK-MLP-FUSABLE: %[[H:.+]] = mir.unary relu %[[A1]] : tensor<?x512xf32>
// CHECK-MLP-FUSABLE: %[[M2:.+]] = mir.matmul %[[H]], %[[W2]] : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
// CHECK-MLP-FUSABLE: %[[Y:.+]] = mir.binary add %[[M2]], %[[B2]]
// CHECK-MLP-FUSABLE-NOT: mir.unary
// CHECK-MLP-FUSABLE: return %[[Y]]
// CHECK-MLP-FUSABLE-NOT: hir.

// CHECK-MLP-DIRECT-LABEL: func.func @mlp
// CHECK-MLP-DIRECT-SAME: (%[[X:[^:]+]]: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}) -> (tensor<?x10xf32> {mir.name = "logits"})
// CHECK-MLP-DIRECT: %[[W1:.+]] = mir.param "fc1.weight"
// CHECK-MLP-DIRECT: %[[B1:.+]] = mir.param "fc1.bias"
// CHECK-MLP-DIRECT: %[[W2:.+]] = mir.param "fc2.weight"
// CHECK-MLP-DIRECT: %[[B2:.+]] = mir.param "fc2.bias"
// CHECK-MLP-DIRECT: %[[H:.+]] = mir.fused_matmul %[[X]], %[[W1]], %[[B1]] act = relu : (tensor<?x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<?x512xf32>
// CHECK-MLP-DIRECT: %[[Y:.+]] = mir.fused_matmul %[[H]], %[[W2]], %[[B2]] : (tensor<?x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
// CHECK-MLP-DIRECT: return %[[Y]]
// CHECK-MLP-DIRECT-NOT: hir.

// The encoder: QKV projections, attention (4 heads of 64, no mask, scale
// 1/8), output projection, residual + layer norm, feed-forward, residual +
// layer norm.
// CHECK-ENC-LABEL: func.func @encoder
// CHECK-ENC-SAME: (%[[X:[^:]+]]: tensor<?x128x256xf32> {mir.dims = ["batch", 128, 256], mir.name = "x"}) -> (tensor<?x128x256xf32> {mir.name = "y"})
// CHECK-ENC-COUNT-16: mir.param
// CHECK-ENC-FUSABLE: %[[QM:.+]] = mir.matmul %[[X]], %{{.+}} : (tensor<?x128x256xf32>, tensor<256x256xf32>) -> tensor<?x128x256xf32>
// CHECK-ENC-FUSABLE: %[[Q:.+]] = mir.binary add %[[QM]]
// CHECK-ENC-FUSABLE: mir.matmul %[[X]]
// CHECK-ENC-FUSABLE: mir.binary add
// CHECK-ENC-FUSABLE: mir.matmul %[[X]]
// CHECK-ENC-FUSABLE: mir.binary add
// CHECK-ENC-DIRECT: %[[Q:.+]] = mir.fused_matmul %[[X]], %{{.+}}, %{{.+}} : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
// CHECK-ENC-DIRECT: mir.fused_matmul %[[X]]
// CHECK-ENC-DIRECT: mir.fused_matmul %[[X]]
// CHECK-ENC: %[[QR:.+]] = mir.reshape %[[Q]] : tensor<?x128x256xf32> to tensor<?x128x4x64xf32>
// CHECK-ENC: %[[KR:.+]] = mir.reshape
// CHECK-ENC: %[[VR:.+]] = mir.reshape
// CHECK-ENC-FUSABLE: mir.transpose %[[QR]] permutation = [0, 2, 1, 3]
// CHECK-ENC-FUSABLE: mir.transpose %[[KR]] permutation = [0, 2, 3, 1]
// CHECK-ENC-FUSABLE: mir.matmul {{.*}} -> tensor<?x4x128x128xf32>
// CHECK-ENC-FUSABLE: mir.constant dense<1.250000e-01> : tensor<f32>
// CHECK-ENC-FUSABLE: mir.binary mul
// CHECK-ENC-FUSABLE: mir.softmax {{.*}} axis = -1 : tensor<?x4x128x128xf32>
// CHECK-ENC-FUSABLE: mir.transpose %[[VR]] permutation = [0, 2, 1, 3]
// CHECK-ENC-FUSABLE: mir.matmul {{.*}} -> tensor<?x4x128x64xf32>
// CHECK-ENC-FUSABLE: %[[C:.+]] = mir.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK-ENC-DIRECT: %[[C:.+]] = mir.attention %[[QR]], %[[KR]], %[[VR]] scale = 1.250000e-01 : tensor<?x128x4x64xf32>, tensor<?x128x4x64xf32>, tensor<?x128x4x64xf32>
// CHECK-ENC: %[[A:.+]] = mir.reshape %[[C]] : tensor<?x128x4x64xf32> to tensor<?x128x256xf32>
// CHECK-ENC-FUSABLE: %[[OM:.+]] = mir.matmul %[[A]]
// CHECK-ENC-FUSABLE: %[[O:.+]] = mir.binary add %[[OM]]
// CHECK-ENC-FUSABLE: %[[S1:.+]] = mir.binary add %[[O]], %[[X]]
// CHECK-ENC-FUSABLE: %[[N1:.+]] = mir.layer_norm %[[S1]]
// CHECK-ENC-FUSABLE: mir.matmul %[[N1]]
// CHECK-ENC-FUSABLE: mir.binary add
// CHECK-ENC-FUSABLE: mir.unary relu
// CHECK-ENC-FUSABLE: mir.matmul
// CHECK-ENC-FUSABLE: %[[F:.+]] = mir.binary add
// CHECK-ENC-FUSABLE: %[[S2:.+]] = mir.binary add %[[F]], %[[N1]]
// CHECK-ENC-FUSABLE: %[[Y:.+]] = mir.layer_norm %[[S2]]
// CHECK-ENC-DIRECT: %[[O:.+]] = mir.fused_matmul %[[A]]
// CHECK-ENC-DIRECT: %[[N1:[^,]+]], %{{[^ ]+}} = mir.residual_norm layer %[[O]], %[[X]] gamma
// CHECK-ENC-DIRECT: %[[H:.+]] = mir.fused_matmul %[[N1]], {{.*}} act = relu
// CHECK-ENC-DIRECT: %[[F:.+]] = mir.fused_matmul %[[H]]
// CHECK-ENC-DIRECT: %[[Y:[^,]+]], %{{[^ ]+}} = mir.residual_norm layer %[[F]], %[[N1]] gamma
// CHECK-ENC: return %[[Y]]
// CHECK-ENC-NOT: hir.
