// RUN: not rlx-opt %s -convert-mir-to-lir=alignment=48 2>&1 | FileCheck %s --check-prefix=CHECK-ALIGN
// RUN: not rlx-opt %s -convert-mir-to-lir=alignment=0 2>&1 | FileCheck %s --check-prefix=CHECK-ZERO
// RUN: not rlx-opt %s -convert-mir-to-lir=workgroup-elements=-1 2>&1 | FileCheck %s --check-prefix=CHECK-ELEMENTS

// Pass options are checked before any function is touched; the error names
// the option and the value.
// A target that no backend builds kernels for has no kernel configuration.
// RUN: not rlx-opt %s -rlx-attach-target=target=test -convert-mir-to-lir 2>&1 | FileCheck %s --check-prefix=CHECK-NOCONFIG
// CHECK-NOCONFIG: error: target #rlx.target<"test"> has no kernel configuration: no backend that builds LIR kernels for it is registered
// CHECK-ALIGN: error: convert-mir-to-lir: alignment must be a power of two, got 48
// CHECK-ZERO: error: convert-mir-to-lir: alignment must be a power of two, got 0
// CHECK-ELEMENTS: error: convert-mir-to-lir: workgroup-elements must be >= 0 (0: the target's), got -1
// CHECK-ALIGN-NOT: lir.program
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = mir.unary exp %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
