// HIR/MIR -> SPIR-V for Vulkan: every module the pipeline emits is validated
// by SPIRV-Tools (its last pass, rlx-validate-spirv), so a RUN line that
// succeeds is a module spirv-val accepts.
// RUN: rlx-opt %s -split-input-file -rlx-vulkan-pipeline | FileCheck %s
// The example models, both HIR policies.
// RUN: rlx-opt %S/../../../examples/mlp.mlir -rlx-vulkan-pipeline="bind=batch=64" | FileCheck %s --check-prefix=MLP
// RUN: rlx-opt %S/../../../examples/encoder.mlir -rlx-vulkan-pipeline="bind=batch=1" | FileCheck %s --check-prefix=ENCODER
// RUN: rlx-opt %S/../../../examples/encoder.mlir -rlx-vulkan-pipeline="bind=batch=2 policy=direct" -o /dev/null

// The MLP is two fused matmuls (bias, relu), each the entry point of a
// module of its own, in workgroups of
// 16 x 8 invocations.
// MLP:     spirv.module @__spv__mlp_fused_matmul_0 Logical GLSL450
// MLP-DAG: spirv.EntryPoint "GLCompute" @fused_matmul_0
// MLP-DAG: spirv.EntryPoint "GLCompute" @fused_matmul_1
// MLP-DAG: spirv.ExecutionMode @fused_matmul_0 "LocalSize", 16, 8, 1
// ENCODER: spirv.module @__spv__encoder_{{[a-z_0-9]+}} Logical GLSL450
// ENCODER-DAG: spirv.EntryPoint "GLCompute" @softmax_
// ENCODER-DAG: spirv.EntryPoint "GLCompute" @layer_norm_
// ENCODER-DAG: spirv.EntryPoint "GLCompute" @transpose_

// An elementwise kernel: one storage buffer per argument (set 0, binding =
// argument index), the workgroup and invocation ids, 128 invocations.
// CHECK-LABEL: spirv.module @__spv__elementwise_{{[a-z_0-9]+}} Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>
// CHECK-DAG:   spirv.GlobalVariable @{{.+}} built_in("LocalInvocationId")
// CHECK-DAG:   spirv.GlobalVariable @{{.+}} built_in("WorkgroupId")
// CHECK-DAG:   spirv.GlobalVariable @[[X:.+]] bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<1200 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG:   spirv.GlobalVariable @[[Y:.+]] bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<300 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG:   spirv.GlobalVariable @[[Z:.+]] bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<1200 x f32, stride=4> [0])>, StorageBuffer>
// CHECK:       spirv.func @binary_add_0()
// CHECK:         spirv.mlir.loop
// CHECK:           spirv.FAdd %{{[0-9]+}}, %{{[0-9]+}} {no_contraction} : f32
// CHECK:           spirv.Store "StorageBuffer"
// CHECK:       spirv.EntryPoint "GLCompute" @binary_add_0
// CHECK:       spirv.ExecutionMode @binary_add_0 "LocalSize", 128, 1, 1
func.func @elementwise(%x: tensor<4x300xf32>, %y: tensor<300xf32>) -> tensor<4x300xf32> {
  %z = mir.binary add %x, %y : (tensor<4x300xf32>, tensor<300xf32>) -> tensor<4x300xf32>
  return %z : tensor<4x300xf32>
}

// -----

// A row kernel: a Workgroup-class variable for the partial sums and
// workgroup barriers between the steps of the tree.
// CHECK-LABEL: spirv.module @__spv__rows_{{[a-z_0-9]+}}
// CHECK:       spirv.GlobalVariable @{{.+}} : !spirv.ptr<!spirv.struct<(!spirv.array<128 x f32>)>, Workgroup>
// CHECK:       spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK:       spirv.GL.Sqrt

func.func @rows(%x: tensor<6x100xf32>, %g: tensor<100xf32>) -> tensor<6x100xf32> {
  %y = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<6x100xf32>, tensor<100xf32>) -> tensor<6x100xf32>
  return %y : tensor<6x100xf32>
}

// -----

// With subgroup arithmetic in the device's environment, a row sums with
// GroupNonUniform operations (the module asks for the capability); its max
// stays in workgroup memory, as GroupNonUniformFMax leaves NaN undefined.
// CHECK-LABEL: spirv.module @__spv__subgroups_{{[a-z_0-9]+}} Logical GLSL450 requires #spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic]
// CHECK-NOT:   spirv.GroupNonUniformFMax
// CHECK:       spirv.GroupNonUniformFAdd "Subgroup" "Reduce"
// CHECK-NOT:   spirv.GroupNonUniformFMax
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 256, subgroup_size = 8>>>} {
func.func @subgroups(%x: tensor<6x40xf32>) -> tensor<6x40xf32> {
  %y = mir.softmax %x axis = -1 : tensor<6x40xf32>
  return %y : tensor<6x40xf32>
}
}

// -----

// A matmul: its A and B tiles in workgroup memory, 16 x 8 invocations.
// CHECK-LABEL: spirv.module @__spv__matmul_{{[a-z_0-9]+}}
// CHECK-DAG:   spirv.GlobalVariable @{{.+}} : !spirv.ptr<!spirv.struct<(!spirv.array<512 x f32>)>, Workgroup>
// CHECK-DAG:   spirv.GlobalVariable @{{.+}} : !spirv.ptr<!spirv.struct<(!spirv.array<1024 x f32>)>, Workgroup>
// CHECK:       spirv.ExecutionMode @matmul_0 "LocalSize", 16, 8, 1
func.func @matmul(%a: tensor<33x17xf32>, %b: tensor<17x40xf32>) -> tensor<33x40xf32> {
  %y = mir.matmul %a, %b : (tensor<33x17xf32>, tensor<17x40xf32>) -> tensor<33x40xf32>
  return %y : tensor<33x40xf32>
}

// -----

// f16 buffers where the device has f16 and 16-bit storage: loaded as f16,
// computed in f32.
// CHECK-LABEL: spirv.module @__spv__half_{{[a-z_0-9]+}} Logical GLSL450 requires #spirv.vce<v1.0, [StorageBuffer16BitAccess, Shader, Float16], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>
// CHECK:       spirv.GlobalVariable @{{.+}} bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f16, stride=2> [0])>, StorageBuffer>
// CHECK:       spirv.FConvert %{{.+}} : f16 to f32
// CHECK:       spirv.FConvert %{{.+}} : f32 to f16
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage]>, api=Vulkan, #spirv.resource_limits<>>>} {
func.func @half(%x: tensor<64xf16>) -> tensor<64xf16> {
  %y = mir.unary exp %x : tensor<64xf16>
  return %y : tensor<64xf16>
}
}

// -----

// i1 and i8 buffers on the baseline (no 8-bit storage): 32-bit words of the
// same bytes.
// CHECK-LABEL: spirv.module @__spv__bytes_{{[a-z_0-9]+}}
// CHECK:       spirv.GlobalVariable @{{.+}} bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0])>, StorageBuffer>
func.func @bytes(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xi1> {
  %z = mir.compare lt %x, %y : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  return %z : tensor<16xi1>
}
