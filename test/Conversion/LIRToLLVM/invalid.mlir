// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-lir-to-llvm

// An op of a dialect the lowering does not take (tensor) in a kernel body.
lir.program @tensor_op arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    // expected-error@+1 {{'tensor.empty' op is not supported in a kernel body by the CPU backend (rlx-outline-dispatches); kernels hold arith, math, memref, scf, linalg, vector, affine, cf, index and ub ops}}
    %t = tensor.empty() : tensor<4xf32>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    lir.dispatch @k(%x) : memref<4xf32>
  }
}

// -----

// An allowed dialect on tensors: kernel bodies must be bufferized.
lir.program @tensor_value arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    // expected-error@+1 {{'arith.constant' op works on tensors; the CPU backend needs kernel bodies on memrefs (bufferize them first)}}
    %t = arith.constant dense<1.0> : tensor<4xf32>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    lir.dispatch @k(%x) : memref<4xf32>
  }
}

// -----

// The module already has a symbol with a dispatch function's name.
func.func @rlx_dispatch_0() {
  return
}
lir.program @taken arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    // expected-error@+1 {{'lir.dispatch' op would become function 'rlx_dispatch_0', but the module already has a symbol of that name}}
    lir.dispatch @k(%x) : memref<4xf32>
  }
}

// -----

// The module already has a symbol with a dispatch footprint's name.
func.func @rlx_dispatch_0_footprint() {
  return
}
lir.program @taken arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    // expected-error@+1 {{'lir.dispatch' op would export its footprint as 'rlx_dispatch_0_footprint', but the module already has a symbol of that name}}
    lir.dispatch @k(%x) : memref<4xf32>
  }
}

// -----

// An op of an allowed dialect without a lowering to LLVM (linalg.softmax is
// not a structured op, so convert-linalg-to-loops leaves it).
lir.program @softmax arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>):
    // expected-error@+1 {{'linalg.softmax' op could not be lowered to the LLVM dialect}}
    linalg.softmax dimension(0) ins(%x : memref<4xf32>) outs(%y : memref<4xf32>)
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xf32>
    %y = lir.view at 16 : memref<4xf32>
    lir.dispatch @k(%x, %y) : memref<4xf32>, memref<4xf32>
  }
}

// -----

// A math op with neither an LLVM intrinsic nor a libm function.
lir.program @ipowi arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xi32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<4xi32>
    // expected-error@+1 {{'math.ipowi' op could not be lowered to the LLVM dialect}}
    %p = math.ipowi %v, %v : i32
    memref.store %p, %x[%c0] : memref<4xi32>
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<4xi32>
    lir.dispatch @k(%x) : memref<4xi32>
  }
}

// -----

// rlx.library_call names a routine the lowering does not know.
lir.program @unknown_library arena_size = 192 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>):
    // expected-error@+1 {{'linalg.matmul' op asks for library call "dgemm"; rlx-lower-library-calls knows only "cblas_sgemm"}}
    linalg.matmul {rlx.library_call = "dgemm"} ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4x4xf32>
    %b = lir.view at 64 : memref<4x4xf32>
    %c = lir.view at 128 : memref<4x4xf32>
    lir.dispatch @k(%a, %b, %c) : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
  }
}

// -----

// cblas_sgemm needs row-major operands with unit column stride: every
// other column of B is not.
lir.program @strided_columns arena_size = 256 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4x4xf32>, %b: memref<4x8xf32>, %c: memref<4x4xf32>):
    %bs = memref.subview %b[0, 0] [4, 4] [1, 2] : memref<4x8xf32> to memref<4x4xf32, strided<[8, 2]>>
    // expected-error@+1 {{'linalg.matmul' op cannot call cblas_sgemm: rhs 'memref<4x4xf32, strided<[8, 2]>>' is not row-major with unit column stride}}
    linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%a, %bs : memref<4x4xf32>, memref<4x4xf32, strided<[8, 2]>>) outs(%c : memref<4x4xf32>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4x4xf32>
    %b = lir.view at 64 : memref<4x8xf32>
    %c = lir.view at 192 : memref<4x4xf32>
    lir.dispatch @k(%a, %b, %c) : memref<4x4xf32>, memref<4x8xf32>, memref<4x4xf32>
  }
}

// -----

// Only f32 matmuls have an sgemm.
lir.program @f64_library arena_size = 384 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4x4xf64>, %b: memref<4x4xf64>, %c: memref<4x4xf64>):
    // expected-error@+1 {{'linalg.matmul' op cannot call cblas_sgemm: lhs 'memref<4x4xf64>' is not an f32 memref with static strides}}
    linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%a, %b : memref<4x4xf64>, memref<4x4xf64>) outs(%c : memref<4x4xf64>)
    lir.return
  }
  lir.schedule {
    %a = lir.view at 0 : memref<4x4xf64>
    %b = lir.view at 128 : memref<4x4xf64>
    %c = lir.view at 256 : memref<4x4xf64>
    lir.dispatch @k(%a, %b, %c) : memref<4x4xf64>, memref<4x4xf64>, memref<4x4xf64>
  }
}
