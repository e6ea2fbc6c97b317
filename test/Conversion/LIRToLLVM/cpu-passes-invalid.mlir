// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="k-block=0"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="tile-rows=-1"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="prefetch-c-above=-1"
// RUN: not rlx-opt %s -rlx-cpu-vectorize-loops="lanes=-4" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: rlx-cpu-vectorize-loops: lanes must be in [1, 64] (or 0: the target's) and reduction-unroll in [1, 16]
// An absurd vector width is refused before anything is built from it.
// RUN: not rlx-opt %s -rlx-cpu-vectorize-loops="lanes=1000000000" 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not rlx-opt %s -rlx-cpu-matmul-microkernel="lanes=1000000000" 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: lanes {{(must be )?}}in [
// The code generators need a CPU target to size their vectors.
// RUN: not rlx-opt %s -rlx-attach-target=target=test -rlx-cpu-vectorize-loops 2>&1 | FileCheck %s --check-prefix=NOTCPU
// NOTCPU: error: the CPU code generators need a CPU target (#rlx.cpu<...>); the module's is #rlx.target<"test">

// expected-error@+1 {{must be >= 1}}
func.func @f(%a: memref<4x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}
