// RUN: rlx-opt %s -split-input-file | rlx-opt -split-input-file | FileCheck %s
// RUN: rlx-opt %s -split-input-file -mlir-print-op-generic | rlx-opt -split-input-file | FileCheck %s

// A CPU target with every parameter; it prints back as written.
// CHECK-LABEL: module @full
// CHECK-SAME: rlx.target = #rlx.cpu<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v3", features = "+avx2,-avx512f", vector_bits = 256>
module @full attributes {rlx.target = #rlx.cpu<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v3", features = "+avx2,-avx512f", vector_bits = 256>} {
}

// -----

// Parameters left out take their defaults: no triple, the generic CPU, no
// features, vector width from the features.
// CHECK-LABEL: module @defaults
// CHECK-SAME: rlx.target = #rlx.cpu<>
module @defaults attributes {rlx.target = #rlx.cpu<>} {
}

// -----

// CHECK-LABEL: module @partial
// CHECK-SAME: rlx.target = #rlx.cpu<cpu = "znver4">
module @partial attributes {rlx.target = #rlx.cpu<cpu = "znver4">} {
}

// -----

// A claims-only target.
// CHECK-LABEL: module @named
// CHECK-SAME: rlx.target = #rlx.target<"test">
module @named attributes {rlx.target = #rlx.target<"test">} {
}

// -----

// A Vulkan device's SPIR-V environment.
// CHECK-LABEL: module @vulkan
// CHECK-SAME: rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_shared_memory_size = 32768, max_compute_workgroup_invocations = 1024, subgroup_size = 8>>>
module @vulkan attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_shared_memory_size = 32768, max_compute_workgroup_invocations = 1024, subgroup_size = 8>>>} {
}

// -----

// rlx.library_call names a routine on a contraction.
// CHECK-LABEL: func.func @library_call
// CHECK: linalg.matmul {rlx.library_call = "cblas_sgemm"}
func.func @library_call(%a: memref<2x2xf32>, %c: memref<2x2xf32>) {
  linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%a, %a : memref<2x2xf32>, memref<2x2xf32>) outs(%c : memref<2x2xf32>)
  return
}

// -----

// rlx.flops counts a contraction kernel's floating-point operations.
// CHECK-LABEL: lir.program @flops
// CHECK: lir.kernel @matmul grid = [1] attributes {rlx.flops = 1024 : i64}
lir.program @flops arena_size = 0 alignment = 64 {
  lir.kernel @matmul grid = [1] attributes {rlx.flops = 1024 : i64} {
    lir.return
  }
  lir.schedule {
    lir.dispatch @matmul()
  }
}
