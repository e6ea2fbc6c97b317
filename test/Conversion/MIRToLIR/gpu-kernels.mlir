// GPU kernels: what convert-mir-to-lir builds for a Vulkan target (its
// kernel configuration builds every kernel, conversion/MIRToLIR/GpuKernels).
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir | FileCheck %s
// With subgroup arithmetic in the environment, rows reduce by subgroups.
// RUN: rlx-opt %s -split-input-file '-rlx-attach-target=target={#rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 256, subgroup_size = 8>>>}' -convert-mir-to-lir | FileCheck %s --check-prefix=SUBGROUP
// The kernels lower to SPIR-V that validates.
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir -rlx-lir-to-spirv -o /dev/null

// Elementwise (a broadcast operand, a folded splat): one invocation per
// element, 128 per workgroup (the baseline's limit), ceil(1200 / 128)
// workgroups, the flat index striding by every invocation of the grid.
// CHECK-LABEL: lir.program @elementwise
// CHECK:       lir.kernel @binary_add_0 grid = [10] workgroup_size = [128, 1, 1] {
// CHECK-NEXT:  ^bb0(%[[X:.+]]: memref<4x300xf32>, %[[Y:.+]]: memref<300xf32>, %[[Z:.+]]: memref<4x300xf32>):
// CHECK-DAG:     %[[T:.+]] = gpu.thread_id x
// CHECK-DAG:     %[[W:.+]] = lir.workgroup_id 0
// CHECK:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:           %[[A:.+]] = memref.load %[[X]]
// CHECK:           %[[B:.+]] = memref.load %[[Y]]
// CHECK:           %[[S:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:           memref.store %[[S]], %[[Z]]
func.func @elementwise(%x: tensor<4x300xf32>, %y: tensor<300xf32>) -> tensor<4x300xf32> {
  %z = mir.binary add %x, %y : (tensor<4x300xf32>, tensor<300xf32>) -> tensor<4x300xf32>
  return %z : tensor<4x300xf32>
}

// -----

// Transpose: each invocation reads the input element its output index names.
// CHECK-LABEL: lir.program @transpose
// CHECK:       lir.kernel @transpose_0 grid = [1] workgroup_size = [128, 1, 1] {
// CHECK:         gpu.thread_id x
// CHECK:         %[[V:.+]] = memref.load %{{.+}} : memref<2x3x4xf32>
// CHECK:         memref.store %[[V]], %{{.+}} : memref<4x2x3xf32>
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %y = mir.transpose %x permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  return %y : tensor<4x2x3xf32>
}

// -----

// Concat: the input whose stretch of the axis holds the index stores it.
// CHECK-LABEL: lir.program @concat
// CHECK:       lir.kernel @concat_0 grid = [1] workgroup_size = [128, 1, 1] {
// CHECK-COUNT-2: scf.if
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %y = mir.concat %a, %b axis = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// Softmax: one workgroup per row; max and sum each reduced through
// workgroup memory (a tree of barriers: 64 lanes for a row of 40, then 32,
// ..., 1), then the scaled exponentials.
// CHECK-LABEL: lir.program @softmax
// CHECK:       lir.kernel @softmax_0 grid = [6] workgroup_size = [64, 1, 1] {
// CHECK:         %[[SHARED:.+]] = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK:         arith.maximumf
// CHECK:         memref.store %{{.+}}, %[[SHARED]]
// CHECK-COUNT-7: gpu.barrier
// CHECK:         math.exp
// CHECK-COUNT-7: gpu.barrier
// CHECK:         arith.divf
// CHECK:         scf.for
// CHECK:           math.exp
// CHECK:           memref.store
// SUBGROUP-LABEL: lir.program @softmax
// SUBGROUP:       lir.kernel @softmax_0 grid = [6] workgroup_size = [64, 1, 1] {
// SUBGROUP:         memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
// SUBGROUP-NOT:     gpu.subgroup_reduce maximumf
// SUBGROUP:         gpu.subgroup_reduce add
// SUBGROUP:         gpu.subgroup_reduce add
func.func @softmax(%x: tensor<6x40xf32>) -> tensor<6x40xf32> {
  %y = mir.softmax %x axis = -1 : tensor<6x40xf32>
  return %y : tensor<6x40xf32>
}

// -----

// Reduce over a middle axis: a row per kept index (6 x 7), a subgroup's
// worth of invocations (32 on the baseline) even for 5 elements, invocation
// 0 stores the total.
// CHECK-LABEL: lir.program @reduce
// CHECK:       lir.kernel @reduce_sum_0 grid = [42] workgroup_size = [32, 1, 1] {
// CHECK:         memref.alloc() : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-6: gpu.barrier
// CHECK:         %[[FIRST:.+]] = arith.cmpi eq, %{{.+}}, %{{.+}} : index
// CHECK:         scf.if %[[FIRST]] {
// CHECK:           memref.store %{{.+}} : memref<6x7xf32>
func.func @reduce(%x: tensor<6x5x7xf32>) -> tensor<6x7xf32> {
  %y = mir.reduce sum %x axes = [1] : tensor<6x5x7xf32> -> tensor<6x7xf32>
  return %y : tensor<6x7xf32>
}

// -----

// Layer norm: mean, then the centered mean square, per row.
// CHECK-LABEL: lir.program @layer_norm
// CHECK:       lir.kernel @layer_norm_0 grid = [4] workgroup_size = [128, 1, 1] {
// CHECK:         memref.alloc() : memref<128xf32, #gpu.address_space<workgroup>>
// CHECK:         arith.subf
// CHECK:         arith.mulf
// CHECK:         math.sqrt
func.func @layer_norm(%x: tensor<4x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<4x256xf32> {
  %y = mir.layer_norm %x, %g, %b eps = 1.0e-05 : (tensor<4x256xf32>, tensor<256xf32>, tensor<256xf32>) -> tensor<4x256xf32>
  return %y : tensor<4x256xf32>
}

// -----

// Fused matmul: a 32 x 64 tile per workgroup of 16 x 8 invocations (the
// baseline's 128), A and B staged through workgroup memory 16 deep, 4 x 4
// accumulators per invocation carried over K by explicit fused
// multiply-adds (the only ones a GPU kernel asks for), and the epilogue
// (bias, gelu) on each accumulator before its one, bounds-checked store.
// CHECK-LABEL: lir.program @matmul
// CHECK:       lir.kernel @fused_matmul_0 grid = [1, 2, 2] workgroup_size = [16, 8, 1] attributes {rlx.flops = 89760 : i64} {
// CHECK-DAG:     %[[TA:.+]] = memref.alloc() : memref<512xf32, #gpu.address_space<workgroup>>
// CHECK-DAG:     %[[TB:.+]] = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[ACC:.+]]:16 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(
// CHECK:           memref.store %{{.+}}, %[[TA]]
// CHECK:           memref.store %{{.+}}, %[[TB]]
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK-NOT:         arith.mulf
// CHECK-COUNT-16:    math.fma
// CHECK:           gpu.barrier
// CHECK:         scf.if
// CHECK:           memref.load %{{.+}} : memref<40xf32>
// CHECK:           math.erf
// CHECK:           memref.store %{{.+}} : memref<2x33x40xf32>
func.func @matmul(%a: tensor<2x33x17xf32>, %b: tensor<17x40xf32>, %bias: tensor<40xf32>) -> tensor<2x33x40xf32> {
  %y = mir.fused_matmul %a, %b, %bias act = gelu : (tensor<2x33x17xf32>, tensor<17x40xf32>, tensor<40xf32>) -> tensor<2x33x40xf32>
  return %y : tensor<2x33x40xf32>
}

// -----

// Cumsum: the CPU's row scan, each row on its own invocation.
// CHECK-LABEL: lir.program @cumsum
// CHECK:       lir.kernel @cumsum_0 grid = [1] workgroup_size = [128, 1, 1] {
// CHECK:         gpu.thread_id x
// CHECK:         scf.for {{.+}} iter_args
func.func @cumsum(%x: tensor<3x9xf32>) -> tensor<3x9xf32> {
  %y = mir.cumsum %x axis = 1 : tensor<3x9xf32>
  return %y : tensor<3x9xf32>
}
