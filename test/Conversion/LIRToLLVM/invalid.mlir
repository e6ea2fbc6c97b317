// RUN: rlx-opt %s -split-input-file -verify-diagnostics -convert-lir-to-llvm

// An op of a dialect the lowering does not take (tensor) in a kernel body.
lir.program @tensor_op arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    // expected-error@+1 {{'tensor.empty' op is not supported in a kernel body by convert-lir-to-llvm; kernels hold arith, math, memref, scf, linalg, vector, affine, cf, index and ub ops}}
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
    // expected-error@+1 {{'arith.constant' op works on tensors; convert-lir-to-llvm needs kernel bodies on memrefs (bufferize them first)}}
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
