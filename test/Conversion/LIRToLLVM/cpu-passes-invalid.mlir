// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="k-block=0"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="tile-rows=-1"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="prefetch-c-above=-1"
// A register tile past any register file is refused, not built.
// RUN: not rlx-opt %s -rlx-cpu-matmul-microkernel="tile-rows=1000000" 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: not rlx-opt %s -rlx-cpu-matmul-microkernel="tile-vectors=17" 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: error: rlx-cpu-matmul-microkernel: k-block, m-block and n-block must be >= 1, tile-rows in [0, 32], tile-vectors in [0, 16] (0: the default), prefetch-c-above >= 0 and lanes in [0, 64] (0: the target's)
// The panel passes: a negative or absurd width is refused (a width that
// overflowed would divide by zero).
// RUN: not rlx-opt %s -rlx-cpu-pack-params="lanes=-1" 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: not rlx-opt %s -rlx-cpu-pack-params="lanes=4611686018427387904" 2>&1 | FileCheck %s --check-prefix=PARAMS
// PARAMS: error: rlx-cpu-pack-params: lanes must be in [0, 64] and tile-vectors in [0, 16] (0: the target's and the microkernel's default)
// RUN: not rlx-opt %s -rlx-cpu-pack-operands="tile-vectors=-2" 2>&1 | FileCheck %s --check-prefix=OPERANDS
// RUN: not rlx-opt %s -rlx-cpu-pack-operands="tile-vectors=4611686018427387904" 2>&1 | FileCheck %s --check-prefix=OPERANDS
// OPERANDS: error: rlx-cpu-pack-operands: lanes must be in [0, 64] and tile-vectors in [0, 16] (0: the target's and the microkernel's default)
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
