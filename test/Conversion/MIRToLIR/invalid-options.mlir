// RUN: not rlx-opt %s -convert-mir-to-lir=alignment=48 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not rlx-opt %s -convert-mir-to-lir=alignment=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not rlx-opt %s -convert-mir-to-lir=workgroup-elements=0 2>&1 | FileCheck %s --check-prefix=ELEMENTS

// Pass options are checked before any function is touched; the error names
// the option and the value.
// ALIGN: error: convert-mir-to-lir: alignment must be a power of two, got 48
// ZERO: error: convert-mir-to-lir: alignment must be a power of two, got 0
// ELEMENTS: error: convert-mir-to-lir: workgroup-elements must be >= 1, got 0
// ALIGN-NOT: lir.program
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = mir.unary exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
