// RUN: rlx-opt %s -split-input-file -lir-verify-contract -verify-diagnostics | FileCheck %s

// A program whose kernels use only lowerable dialects passes unchanged.
// CHECK-LABEL: lir.program @ok
// CHECK: linalg.fill
lir.program @ok arena_size = 64 alignment = 64 {
  lir.io output "y" at 0 : memref<4xf32>
  lir.kernel @fill grid = [1] {
  ^bb0(%y: memref<4xf32>):
    %c = arith.constant 1.0 : f32
    linalg.fill ins(%c : f32) outs(%y : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %y = lir.view at 0 : memref<4xf32>
    lir.dispatch @fill(%y) : memref<4xf32>
  }
}

// -----

// Anything but lir.program at the top of the module is refused.
// expected-error @+1 {{'func.func' is not allowed at the top of an LIR module (only lir.program)}}
func.func @stray() {
  return
}

// -----

// A kernel body op from a dialect the backends do not lower.
lir.program @foreign arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%y: memref<4xf32>):
    // expected-error @+1 {{'tensor.empty' is not allowed in a kernel body}}
    %t = tensor.empty() : tensor<4xf32>
    lir.return
  }
  lir.schedule {
  }
}

// -----

// gpu ops belong only in GPU kernels (those with a workgroup_size).
lir.program @cpu_kernel_with_gpu_op arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%y: memref<4xf32>):
    // expected-error @+1 {{'gpu.barrier' is not allowed in a kernel body (allowed dialects: arith, math, memref, scf, linalg, affine, vector, lir; and gpu in a kernel with a workgroup_size)}}
    gpu.barrier
    lir.return
  }
  lir.schedule {
  }
}

// -----

// A GPU kernel may use them.
lir.program @gpu_kernel arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] workgroup_size = [4] {
  ^bb0(%y: memref<4xf32>):
    %t = gpu.thread_id x
    gpu.barrier
    lir.return
  }
  lir.schedule {
  }
}

// -----

// A kernel body that computes on tensors.
lir.program @tensors arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%y: memref<4xf32>):
    // expected-error @+1 {{kernel bodies work on memrefs; this op produces the tensor 'tensor<4xf32>'}}
    %t = arith.constant dense<1.0> : tensor<4xf32>
    lir.return
  }
  lir.schedule {
  }
}
