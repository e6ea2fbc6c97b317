// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="k-block=0"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-matmul-microkernel="tile-rows=-1"
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-cpu-vectorize-loops="lanes=-4"

// expected-error@+1 {{must be >= 1}}
func.func @f(%a: memref<4x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %a : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}
