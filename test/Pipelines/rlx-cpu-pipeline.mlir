// -rlx-cpu-pipeline takes the MLP example from HIR to the LLVM dialect: one
// exported function per dispatch with the rlx_dispatch ABI, and nothing of
// HIR, MIR or LIR left.
// RUN: rlx-opt %S/../../examples/mlp.mlir -rlx-cpu-pipeline="bind=batch=64" | FileCheck %s --implicit-check-not=hir. --implicit-check-not=mir. --implicit-check-not=lir.program
// RUN: rlx-opt %S/../../examples/mlp.mlir -rlx-cpu-pipeline="bind=batch=64 tile-matmul=false" | FileCheck %s --implicit-check-not=hir. --implicit-check-not=mir. --implicit-check-not=lir.program

// CHECK: llvm.func @rlx_dispatch_0(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK: llvm.func @rlx_dispatch_1(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-NOT: llvm.func @rlx_dispatch_2
