// The example models convert under both policies, and the MIR re-parses.
// RUN: rlx-opt %S/../../../examples/mlp.mlir -convert-hir-to-mir="policy=fusable" | rlx-opt | FileCheck %s --check-prefix=MLP-FUSABLE
// RUN: rlx-opt %S/../../../examples/mlp.mlir -convert-hir-to-mir="policy=direct" | rlx-opt | FileCheck %s --check-prefix=MLP-DIRECT
// RUN: rlx-opt %S/../../../examples/encoder.mlir -convert-hir-to-mir="policy=fusable" | rlx-opt | FileCheck %s --check-prefixes=ENC,ENC-FUSABLE
// RUN: rlx-opt %S/../../../examples/encoder.mlir -convert-hir-to-mir="policy=direct" | rlx-opt | FileCheck %s --check-prefixes=ENC,ENC-DIRECT

// The MLP: two linears, the first with bias + relu, the second with bias.
// MLP-FUSABLE-LABEL: func.func @mlp
// MLP-FUSABLE-SAME: (%[[X:[^:]+]]: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}) -> (tensor<?x10xf32> {mir.name = "logits"})
// MLP-FUSABLE: %[[W1:.+]] = mir.param "fc1.weight" : tensor<784x512xf32>
// MLP-FUSABLE: %[[B1:.+]] = mir.param "fc1.bias" : tensor<512xf32>
// MLP-FUSABLE: %[[W2:.+]] = mir.param "fc2.weight" : tensor<512x10xf32>
// MLP-FUSABLE: %[[B2:.+]] = mir.param "fc2.bias" : tensor<10xf32>
// MLP-FUSABLE: %[[M1:.+]] = mir.matmul %[[X]], %[[W1]] : (tensor<?x784xf32>, tensor<784x512xf32>) -> tensor<?x512xf32>
// MLP-FUSABLE: %[[A1:.+]] = mir.binary add %[[M1]], %[[B1]]
// MLP-FUSABLE: %[[H:.+]] = mir.unary relu %[[A1]] : tensor<?x512xf32>
// MLP-FUSABLE: %[[M2:.+]] = mir.matmul %[[H]], %[[W2]] : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
// MLP-FUSABLE: %[[Y:.+]] = mir.binary add %[[M2]], %[[B2]]
// MLP-FUSABLE-NOT: mir.unary
// MLP-FUSABLE: return %[[Y]]
// MLP-FUSABLE-NOT: hir.

// MLP-DIRECT-LABEL: func.func @mlp
// MLP-DIRECT-SAME: (%[[X:[^:]+]]: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}) -> (tensor<?x10xf32> {mir.name = "logits"})
// MLP-DIRECT: %[[W1:.+]] = mir.param "fc1.weight"
// MLP-DIRECT: %[[B1:.+]] = mir.param "fc1.bias"
// MLP-DIRECT: %[[W2:.+]] = mir.param "fc2.weight"
// MLP-DIRECT: %[[B2:.+]] = mir.param "fc2.bias"
// MLP-DIRECT: %[[H:.+]] = mir.fused_matmul %[[X]], %[[W1]], %[[B1]] act = relu : (tensor<?x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<?x512xf32>
// MLP-DIRECT: %[[Y:.+]] = mir.fused_matmul %[[H]], %[[W2]], %[[B2]] : (tensor<?x512xf32>, tensor<512x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
// MLP-DIRECT: return %[[Y]]
// MLP-DIRECT-NOT: hir.

// The encoder: QKV projections, attention (4 heads of 64, no mask, scale
// 1/8), output projection, residual + layer norm, feed-forward, residual +
// layer norm.
// ENC-LABEL: func.func @encoder
// ENC-SAME: (%[[X:[^:]+]]: tensor<?x128x256xf32> {mir.dims = ["batch", 128, 256], mir.name = "x"}) -> (tensor<?x128x256xf32> {mir.name = "y"})
// ENC-COUNT-16: mir.param
// ENC-FUSABLE: %[[QM:.+]] = mir.matmul %[[X]], %{{.+}} : (tensor<?x128x256xf32>, tensor<256x256xf32>) -> tensor<?x128x256xf32>
// ENC-FUSABLE: %[[Q:.+]] = mir.binary add %[[QM]]
// ENC-FUSABLE: mir.matmul %[[X]]
// ENC-FUSABLE: mir.binary add
// ENC-FUSABLE: mir.matmul %[[X]]
// ENC-FUSABLE: mir.binary add
// ENC-DIRECT: %[[Q:.+]] = mir.fused_matmul %[[X]], %{{.+}}, %{{.+}} : (tensor<?x128x256xf32>, tensor<256x256xf32>, tensor<256xf32>) -> tensor<?x128x256xf32>
// ENC-DIRECT: mir.fused_matmul %[[X]]
// ENC-DIRECT: mir.fused_matmul %[[X]]
// ENC: mir.reshape %[[Q]] : tensor<?x128x256xf32> to tensor<?x128x4x64xf32>
// ENC: mir.transpose
// ENC: mir.reshape
// ENC: mir.transpose
// ENC: mir.reshape
// ENC: mir.transpose
// ENC: mir.transpose {{.*}} permutation = [0, 1, 3, 2]
// ENC: mir.matmul {{.*}} -> tensor<?x4x128x128xf32>
// ENC: mir.constant dense<1.250000e-01> : tensor<f32>
// ENC: mir.binary mul
// ENC: mir.softmax {{.*}} axis = -1 : tensor<?x4x128x128xf32>
// ENC: mir.matmul {{.*}} -> tensor<?x4x128x64xf32>
// ENC: mir.transpose {{.*}} permutation = [0, 2, 1, 3]
// ENC: %[[A:.+]] = mir.reshape {{.*}} to tensor<?x128x256xf32>
// ENC-FUSABLE: %[[OM:.+]] = mir.matmul %[[A]]
// ENC-FUSABLE: %[[O:.+]] = mir.binary add %[[OM]]
// ENC-FUSABLE: %[[S1:.+]] = mir.binary add %[[O]], %[[X]]
// ENC-FUSABLE: %[[N1:.+]] = mir.layer_norm %[[S1]]
// ENC-FUSABLE: mir.matmul %[[N1]]
// ENC-FUSABLE: mir.binary add
// ENC-FUSABLE: mir.unary relu
// ENC-FUSABLE: mir.matmul
// ENC-FUSABLE: %[[F:.+]] = mir.binary add
// ENC-FUSABLE: %[[S2:.+]] = mir.binary add %[[F]], %[[N1]]
// ENC-FUSABLE: %[[Y:.+]] = mir.layer_norm %[[S2]]
// ENC-DIRECT: %[[O:.+]] = mir.fused_matmul %[[A]]
// ENC-DIRECT: %[[N1:[^,]+]], %{{[^ ]+}} = mir.residual_norm layer %[[O]], %[[X]] gamma
// ENC-DIRECT: %[[H:.+]] = mir.fused_matmul %[[N1]], {{.*}} act = relu
// ENC-DIRECT: %[[F:.+]] = mir.fused_matmul %[[H]]
// ENC-DIRECT: %[[Y:[^,]+]], %{{[^ ]+}} = mir.residual_norm layer %[[F]], %[[N1]] gamma
// ENC: return %[[Y]]
// ENC-NOT: hir.
