// RUN: rlx-opt %s -split-input-file -verify-diagnostics -rlx-outline-gpu-kernels | FileCheck %s

// Each kernel becomes the gpu.func kernel of a gpu.module of its own (the
// target's SPIR-V environment on it, named program_kernel), its workgroup
// size the entry point's, lir.workgroup_id a gpu.block_id; the schedule and
// the program are gone.
// CHECK-LABEL: module attributes {gpu.container_module
// CHECK:       gpu.module @p_scale attributes {spirv.target_env = #spirv.target_env<
// CHECK:         gpu.func @scale(%[[X:.+]]: memref<256xf32>, %[[Y:.+]]: memref<256xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
// CHECK:           %[[B:.+]] = gpu.block_id  x
// CHECK:           gpu.thread_id  x
// CHECK:           gpu.return
// CHECK:       gpu.module @p_plain attributes {spirv.target_env = #spirv.target_env<
// CHECK:         gpu.func @plain(%{{.+}}: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>}
// CHECK-NOT:   lir.
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
lir.program @p arena_size = 2048 alignment = 64 {
  lir.io input "x" at 0 : memref<256xf32>
  lir.io output "y" at 1024 : memref<256xf32>
  lir.kernel @scale grid = [4] workgroup_size = [64] {
  ^bb0(%x: memref<256xf32>, %y: memref<256xf32>):
    %w = lir.workgroup_id 0
    %t = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %base = arith.muli %w, %c64 : index
    %i = arith.addi %base, %t : index
    %v = memref.load %x[%i] : memref<256xf32>
    memref.store %v, %y[%i] : memref<256xf32>
    lir.return
  }
  lir.kernel @plain grid = [1] {
  ^bb0(%z: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %x = lir.view at 0 : memref<256xf32>
    %y = lir.view at 1024 : memref<256xf32>
    lir.dispatch @scale(%x, %y) : memref<256xf32>, memref<256xf32>
  }
}
}

// -----

// Only Vulkan targets have GPU kernels to outline.
// expected-error @+1 {{rlx-outline-gpu-kernels compiles for Vulkan targets (#rlx.vulkan<...>); the module's is #rlx.target<"test">}}
module attributes {rlx.target = #rlx.target<"test">} {
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
  }
}
}

// -----

// A buffer type the device cannot store is refused, naming what is missing
// (SPIR-V's conversion would otherwise widen it and read other bytes).
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op has a 'memref<4xi64>' buffer: i64 (the Int64 capability) is not supported by target #rlx.vulkan<}}
  lir.kernel @k grid = [1] {
  ^bb0(%z: memref<4xi64>):
    lir.return
  }
  lir.schedule {
  }
}
}

// -----

// A value computed in a type the device lacks is refused too, though every
// buffer is f32 (an integer pow through f64 in registers).
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op computes in f64 (the Float64 capability), which is not supported by target #rlx.vulkan<}}
  lir.kernel @k grid = [1] {
  ^bb0(%x: memref<4xf32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<4xf32>
    %w = arith.extf %v : f32 to f64
    %n = arith.truncf %w : f64 to f32
    memref.store %n, %x[%c0] : memref<4xf32>
    lir.return
  }
  lir.schedule {
  }
}
}

// -----

module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op has a 'memref<4xbf16>' buffer: bf16 (SPIR-V has no bf16 arithmetic; compile without the bf16 precision policy) is not supported by target #rlx.vulkan<}}
  lir.kernel @k grid = [1] {
  ^bb0(%z: memref<4xbf16>):
    lir.return
  }
  lir.schedule {
  }
}
}
