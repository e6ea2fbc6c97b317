// The MLP example through -rlx-mir-pipeline: the IR after each stage
// (dumped with dump-dir) and the optimized MIR for both HIR policies.
// RUN: rm -rf %t && rlx-opt %S/../../examples/mlp.mlir -rlx-mir-pipeline="bind=batch=64 dump-dir=%t" | FileCheck %s --check-prefix=OPT
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=HIR < %t/0-hir.mlir
// RUN: FileCheck %s --check-prefix=MIR < %t/1-mir.mlir
// RUN: FileCheck %s --check-prefix=SPEC < %t/2-specialized.mlir
// RUN: FileCheck %s --check-prefix=OPT < %t/3-optimized.mlir
// RUN: rlx-opt %S/../../examples/mlp.mlir -rlx-mir-pipeline="bind=batch=64 policy=direct" | FileCheck %s --check-prefix=OPT
// Without a binding the batch stays symbolic.
// RUN: rlx-opt %S/../../examples/mlp.mlir -rlx-mir-pipeline | FileCheck %s --check-prefix=SYM

// FILES: 0-hir.mlir
// FILES-NEXT: 1-mir.mlir
// FILES-NEXT: 2-specialized.mlir
// FILES-NEXT: 3-optimized.mlir

// HIR-LABEL: func.func @mlp
// HIR-COUNT-2: hir.linear

// MIR-LABEL: func.func @mlp
// MIR-SAME: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}
// MIR-NOT: hir.
// MIR: mir.matmul
// MIR-NEXT: mir.binary add
// MIR-NEXT: mir.unary relu
// MIR-NEXT: mir.matmul
// MIR-NEXT: mir.binary add
// MIR-NEXT: return

// SPEC-LABEL: func.func @mlp
// SPEC-SAME: (%{{.*}}: tensor<64x784xf32> {mir.name = "x"}) -> (tensor<64x10xf32> {mir.name = "logits"})
// SPEC: mir.matmul {{.*}} -> tensor<64x512xf32>

// OPT-LABEL: func.func @mlp
// OPT-SAME: (%[[X:[^:]+]]: tensor<64x784xf32> {mir.name = "x"}) -> (tensor<64x10xf32> {mir.name = "logits"})
// OPT-DAG: %[[W1:.+]] = mir.param "fc1.weight" : tensor<784x512xf32>
// OPT-DAG: %[[B1:.+]] = mir.param "fc1.bias" : tensor<512xf32>
// OPT-DAG: %[[W2:.+]] = mir.param "fc2.weight" : tensor<512x10xf32>
// OPT-DAG: %[[B2:.+]] = mir.param "fc2.bias" : tensor<10xf32>
// OPT: %[[H:.+]] = mir.fused_matmul %[[X]], %[[W1]], %[[B1]] act = relu
// OPT-NEXT: %[[Y:.+]] = mir.fused_matmul %[[H]], %[[W2]], %[[B2]] :
// OPT-NEXT: return %[[Y]]
// OPT-NOT: mir.matmul
// OPT-NOT: mir.binary

// SYM-LABEL: func.func @mlp
// SYM-SAME: tensor<?x784xf32> {mir.dims = ["batch", 784], mir.name = "x"}
// SYM: mir.fused_matmul {{.*}} act = relu {{.*}} -> tensor<?x512xf32>
