// The NoContraction decorations reach the SPIR-V binary: each float
// multiply, add and subtract of an elementwise body carries one, so no
// driver fuses them (docs/VulkanBackend.md, "Precision"); the matmul's K
// loop asks for fused multiply-adds with GLSL's Fma and has no separate
// float multiply or add to decorate. Each module is serialized by MLIR's
// SPIR-V serializer (as the API's emitSpirvBinaries does), validated and
// read back with spirv-dis.
// REQUIRES: vulkan
// RUN: rlx-opt %s -rlx-vulkan-pipeline -o %t.mlir
// RUN: %python %S/Inputs/spirv-module.py %t.mlir __spv__f_elementwise_1 > %t.elementwise.mlir
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t.elementwise.mlir -o %t.elementwise.spv
// RUN: spirv-val --target-env vulkan1.1 %t.elementwise.spv
// RUN: spirv-dis %t.elementwise.spv | FileCheck %s --check-prefix=EW
// RUN: %python %S/Inputs/spirv-module.py %t.mlir __spv__f_matmul_0 > %t.matmul.mlir
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t.matmul.mlir -o %t.matmul.spv
// RUN: spirv-val --target-env vulkan1.1 %t.matmul.spv
// RUN: spirv-dis %t.matmul.spv | FileCheck %s --check-prefix=MM

// Three decorations, on the multiply, the add and the subtract, and no
// other float arithmetic.
// EW:       OpDecorate %[[MUL:[0-9a-z_]+]] NoContraction
// EW-NEXT:  OpDecorate %[[ADD:[0-9a-z_]+]] NoContraction
// EW-NEXT:  OpDecorate %[[SUB:[0-9a-z_]+]] NoContraction
// EW-NOT:   NoContraction
// EW:       %[[MUL]] = OpFMul %float
// EW-NEXT:  %[[ADD]] = OpFAdd %float %[[MUL]]
// EW-NEXT:  %[[SUB]] = OpFSub %float %[[ADD]]
// EW-NOT:   OpF{{Mul|Add|Sub}}

// The 4 x 4 accumulators: 16 Fma per K step, nothing to decorate.
// MM:           %[[GLSL:[0-9a-z_]+]] = OpExtInstImport "GLSL.std.450"
// MM-NOT:       NoContraction
// MM-NOT:       OpF{{Mul|Add|Sub}}
// MM-COUNT-16:  OpExtInst %float %[[GLSL]] Fma
// MM-NOT:       OpF{{Mul|Add|Sub}}
// MM-NOT:       Fma
func.func @f(%a: tensor<8x16xf32> {mir.name = "a"}, %b: tensor<16x8xf32> {mir.name = "b"}, %c: tensor<8x8xf32> {mir.name = "c"}) -> tensor<8x8xf32> {
  %m = mir.matmul %a, %b : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %y = mir.elementwise %m, %c : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%e: f32, %f: f32):
    %p = mir.binary mul %e, %f : (f32, f32) -> f32
    %s = mir.binary add %p, %e : (f32, f32) -> f32
    %d = mir.binary sub %s, %f : (f32, f32) -> f32
    mir.yield %d : f32
  }
  return %y : tensor<8x8xf32>
}
