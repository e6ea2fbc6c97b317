// Steps that write only empty tensors (a static shape with a 0 dim) do
// nothing: convert-mir-to-lir gives them no lir.kernel and no lir.dispatch
// (conversion/MIRToLIR/MIRToLIR.cpp, writesNothing), on the CPU and on
// Vulkan, where a kernel over zero elements would not lower. Their buffers
// keep their (empty) slots; the other steps keep their kernels, numbered
// without the dropped ones.
// RUN: rlx-opt %s -split-input-file -convert-mir-to-lir | rlx-opt -split-input-file --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir | FileCheck %s --check-prefix=VULKAN
// The Vulkan kernels that remain lower to SPIR-V.
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir -rlx-lir-to-spirv -o /dev/null

// An empty slice returned next to a non-empty add: only the add has a
// kernel and a dispatch.
func.func @empty_slice(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>) -> (tensor<0x4xf32>, tensor<4x4xf32>) {
  %s = mir.slice %x offsets = [0, 0] sizes = [0, 4] strides = [1, 1] : tensor<4x4xf32> -> tensor<0x4xf32>
  %a = mir.binary add %x, %y : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s, %a : tensor<0x4xf32>, tensor<4x4xf32>
}
// CHECK-LABEL: lir.program @empty_slice arena_size = 192 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<4x4xf32>
// CHECK-NEXT:    lir.io input "input1" at 64 : memref<4x4xf32>
// CHECK-NEXT:    lir.io output "output0" at 128 : memref<0x4xf32>
// CHECK-NEXT:    lir.io output "output1" at 128 : memref<4x4xf32>
// CHECK-NOT:     lir.kernel @slice
// CHECK-NEXT:    lir.kernel @binary_add_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: memref<4x4xf32>, %[[Y:.+]]: memref<4x4xf32>, %[[OUT:.+]]: memref<4x4xf32>):
// CHECK-NEXT:      linalg.generic {{.+}} ins(%[[X]], %[[Y]] : memref<4x4xf32>, memref<4x4xf32>) outs(%[[OUT]] : memref<4x4xf32>) {
// CHECK:             arith.addf
// CHECK:           lir.return
// CHECK-NEXT:    }
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[VX:.+]] = lir.view at 0 : memref<4x4xf32>
// CHECK-NEXT:      %[[VY:.+]] = lir.view at 64 : memref<4x4xf32>
// CHECK-NEXT:      %[[VA:.+]] = lir.view at 128 : memref<4x4xf32>
// CHECK-NEXT:      lir.dispatch @binary_add_0(%[[VX]], %[[VY]], %[[VA]]) : memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// VULKAN-LABEL: lir.program @empty_slice
// VULKAN-NOT:   lir.kernel @slice
// VULKAN:       lir.kernel @binary_add_0 grid = [1] workgroup_size = [128, 1, 1] {
// VULKAN-NOT:   lir.kernel
// VULKAN:       lir.schedule {
// VULKAN-NOT:   lir.dispatch @slice
// VULKAN:       lir.dispatch @binary_add_0(
// VULKAN-NOT:   lir.dispatch
// VULKAN:       }

// -----

// A function whose only result, an empty tensor, is computed by a
// (broadcasting) mir.binary: no kernel at all and an empty schedule.
func.func @empty_binary(%x: tensor<0x8xf32>, %y: tensor<8xf32>) -> tensor<0x8xf32> {
  %a = mir.binary add %x, %y : (tensor<0x8xf32>, tensor<8xf32>) -> tensor<0x8xf32>
  return %a : tensor<0x8xf32>
}
// CHECK-LABEL: lir.program @empty_binary arena_size = 64 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<0x8xf32>
// CHECK-NEXT:    lir.io input "input1" at 0 : memref<8xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<0x8xf32>
// CHECK-NOT:     lir.kernel
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// VULKAN-LABEL: lir.program @empty_binary
// VULKAN-NOT:   lir.kernel
// VULKAN:       lir.schedule {
// VULKAN-NEXT:  }

// -----

// Inputs returned as outputs need copies: the empty one gets no copy
// kernel, the non-empty one keeps its copy.
func.func @empty_copy(%x: tensor<0x8xf32>, %y: tensor<8xf32>) -> (tensor<0x8xf32>, tensor<8xf32>) {
  return %x, %y : tensor<0x8xf32>, tensor<8xf32>
}
// CHECK-LABEL: lir.program @empty_copy arena_size = 96 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<0x8xf32>
// CHECK-NEXT:    lir.io input "input1" at 0 : memref<8xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<0x8xf32>
// CHECK-NEXT:    lir.io output "output1" at 64 : memref<8xf32>
// CHECK-NEXT:    lir.kernel @copy_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: memref<8xf32>, %[[OUT:.+]]: memref<8xf32>):
// CHECK-NEXT:      linalg.copy ins(%[[IN]] : memref<8xf32>) outs(%[[OUT]] : memref<8xf32>)
// CHECK-NEXT:      lir.return
// CHECK-NEXT:    }
// CHECK-NOT:     lir.kernel
// CHECK-NEXT:    lir.schedule {
// CHECK-NEXT:      %[[VIN:.+]] = lir.view at 0 : memref<8xf32>
// CHECK-NEXT:      %[[VOUT:.+]] = lir.view at 64 : memref<8xf32>
// CHECK-NEXT:      lir.dispatch @copy_0(%[[VIN]], %[[VOUT]]) : memref<8xf32>, memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// VULKAN-LABEL: lir.program @empty_copy
// VULKAN:       lir.kernel @copy_0 grid = [1] workgroup_size = [128, 1, 1] {
// VULKAN-NOT:   lir.kernel
// VULKAN:       lir.schedule {
// VULKAN:         lir.dispatch @copy_0(
// VULKAN-NOT:     lir.dispatch
// VULKAN:       }

// -----

// An empty slice read by a non-empty concat: the slice has no kernel, the
// concat's kernel reads an empty view and copies only the other input; the
// kernels are numbered 0 and 1.
func.func @empty_into_concat(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %s = mir.slice %x offsets = [0, 0] sizes = [0, 4] strides = [1, 1] : tensor<4x4xf32> -> tensor<0x4xf32>
  %c = mir.concat %s, %x axis = 0 : (tensor<0x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = mir.unary exp %c : tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}
// CHECK-LABEL: lir.program @empty_into_concat arena_size = 192 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<4x4xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<4x4xf32>
// CHECK-NOT:     lir.kernel @slice
// CHECK-NEXT:    lir.kernel @concat_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[S:.+]]: memref<0x4xf32>, %[[X:.+]]: memref<4x4xf32>, %[[C:.+]]: memref<4x4xf32>):
// CHECK:         lir.kernel @unary_exp_1 grid = [1] {
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[VS:.+]] = lir.view at 0 : memref<0x4xf32>
// CHECK-NEXT:      %[[VX:.+]] = lir.view at 0 : memref<4x4xf32>
// CHECK-NEXT:      %[[VC:.+]] = lir.view at 128 : memref<4x4xf32>
// CHECK-NEXT:      lir.dispatch @concat_0(%[[VS]], %[[VX]], %[[VC]]) : memref<0x4xf32>, memref<4x4xf32>, memref<4x4xf32>
// CHECK-NEXT:      %[[VE:.+]] = lir.view at 64 : memref<4x4xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_1(%[[VC]], %[[VE]]) : memref<4x4xf32>, memref<4x4xf32>
// CHECK-NEXT:    }
// VULKAN-LABEL: lir.program @empty_into_concat
// VULKAN-NOT:   lir.kernel @slice
// VULKAN:       lir.kernel @concat_0 grid = [1] workgroup_size = [128, 1, 1] {
// VULKAN:       lir.kernel @unary_exp_1 grid = [1] workgroup_size = [128, 1, 1] {
// VULKAN:       lir.schedule {
// VULKAN-NEXT:    lir.view
// VULKAN-NEXT:    lir.view
// VULKAN-NEXT:    lir.view
// VULKAN-NEXT:    lir.dispatch @concat_0(
// VULKAN-NEXT:    lir.view
// VULKAN-NEXT:    lir.dispatch @unary_exp_1(
// VULKAN-NEXT:  }
