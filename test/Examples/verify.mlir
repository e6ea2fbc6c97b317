// The example models in examples/ parse and verify, and print the ops they
// were written with.
// RUN: rlx-opt %S/../../examples/mlp.mlir | FileCheck %s --check-prefix=MLP
// RUN: rlx-opt %S/../../examples/encoder.mlir | FileCheck %s --check-prefix=ENC

// MLP-LABEL: func.func @mlp
// MLP-SAME: hir.dims = ["batch", 784]
// MLP-COUNT-4: hir.param
// MLP: hir.linear {{.*}} act = relu
// MLP: hir.linear
// MLP-NOT: act =
// MLP: return

// ENC-LABEL: func.func @encoder
// ENC-COUNT-16: hir.param
// ENC-COUNT-3: hir.linear
// ENC: hir.attention none {{.*}} heads = 4 head_dim = 64
// ENC: hir.linear
// ENC: hir.residual_norm layer
// ENC: hir.linear {{.*}} act = relu
// ENC: hir.linear
// ENC: hir.residual_norm layer
// ENC: return
