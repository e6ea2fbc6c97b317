// RUN: rlx-opt %s -split-input-file -rlx-convert-gpu-to-spirv | FileCheck %s

// An scf.for result: upstream keeps it in a function variable only the body
// stores, so a loop that runs zero times (here: an invocation whose first
// index is already past the end) would read it undefined. The pass selects
// the initial value when the loop cannot run.
// CHECK-LABEL: spirv.func @sum
// CHECK:         %[[TID:.+]] = spirv.CompositeExtract
// CHECK:         %[[VAR:.+]] = spirv.Variable : !spirv.ptr<f32, Function>
// CHECK:         spirv.mlir.loop
// CHECK:           spirv.Store "Function" %[[VAR]]
// CHECK:         %[[RESULT:.+]] = spirv.Load "Function" %[[VAR]] : f32
// CHECK:         %[[RUNS:.+]] = spirv.SLessThan %[[TID]], %{{.+}} : i32
// CHECK:         %[[CHOSEN:.+]] = spirv.Select %[[RUNS]], %[[RESULT]], %{{.+}} : i1, f32
// CHECK:         spirv.Store "StorageBuffer" %{{.+}}, %[[CHOSEN]] : f32
module attributes {gpu.container_module} {
  gpu.module @m attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>} {
    gpu.func @sum(%x: memref<8xf32>, %y: memref<1xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %s = scf.for %i = %t to %c8 step %c8 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %x[%i] : memref<8xf32>
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      }
      memref.store %s, %y[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// Float add, sub and mul carry no_contraction (the serializer's
// NoContraction), so no driver fuses them; an explicit math.fma is GLSL's
// Fma and stays free to fuse; division and integer ops are left alone.
// CHECK-LABEL: spirv.func @arith
// CHECK:         %[[M:.+]] = spirv.FMul %{{[0-9]+}}, %{{[0-9]+}} {no_contraction} : f32
// CHECK:         %[[A:.+]] = spirv.FAdd %[[M]], %{{[0-9]+}} {no_contraction} : f32
// CHECK:         %[[S:.+]] = spirv.FSub %[[A]], %{{[0-9]+}} {no_contraction} : f32
// CHECK:         %[[F:.+]] = spirv.GL.Fma %[[S]], %{{[0-9]+}}, %{{[0-9]+}} : f32
// CHECK:         spirv.FDiv %[[F]], %{{[0-9]+}} : f32
// CHECK:         spirv.IAdd %{{[0-9]+}}, %{{[0-9]+}} : i32
// CHECK-NOT:     no_contraction
module attributes {gpu.container_module} {
  gpu.module @m attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>} {
    gpu.func @arith(%x: memref<2xf32>, %n: memref<1xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %x[%c0] : memref<2xf32>
      %b = memref.load %x[%c1] : memref<2xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %m, %a : f32
      %d = arith.subf %s, %b : f32
      %f = math.fma %d, %a, %b : f32
      %q = arith.divf %f, %b : f32
      memref.store %q, %x[%c0] : memref<2xf32>
      %i = memref.load %n[%c0] : memref<1xi32>
      %j = arith.addi %i, %i : i32
      memref.store %j, %n[%c0] : memref<1xi32>
      gpu.return
    }
  }
}
