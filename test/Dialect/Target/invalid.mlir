// RUN: rlx-opt %s -split-input-file -verify-diagnostics

// rlx.cpu C1: a feature entry without a sign.
// expected-error @+1 {{feature entry 'avx2' is not of the form +name or -name}}
module attributes {rlx.target = #rlx.cpu<features = "+fma,avx2">} {
}

// -----

// rlx.cpu C1: a sign without a name.
// expected-error @+1 {{feature entry '+' is not of the form +name or -name}}
module attributes {rlx.target = #rlx.cpu<features = "+">} {
}

// -----

// rlx.cpu C2: a vector width no x86 register has.
// expected-error @+1 {{vector_bits must be 0, 128, 256 or 512, got 384}}
module attributes {rlx.target = #rlx.cpu<vector_bits = 384>} {
}

// -----

// rlx.target C1: a named target needs a name.
// expected-error @+1 {{a named target needs a name}}
module attributes {rlx.target = #rlx.target<"">} {
}

// -----

// rlx.vulkan C1: a Vulkan target needs a SPIR-V environment.
// expected-error @+1 {{a Vulkan target needs a #spirv.target_env, got "vulkan1.1"}}
module attributes {rlx.target = #rlx.vulkan<"vulkan1.1">} {
}

// -----

// rlx.vulkan C1: for the Vulkan client API.
// expected-error @+1 {{the SPIR-V environment is for OpenCL, not Vulkan}}
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], []>, api=OpenCL, #spirv.resource_limits<>>>} {
}

// -----

// rlx.vulkan C1: with the Shader capability.
// expected-error @+1 {{the SPIR-V environment lacks the Shader capability every Vulkan device has}}
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Kernel], []>, #spirv.resource_limits<>>>} {
}

// -----

// rlx.target belongs on a module.
func.func @f() {
  // expected-error @+1 {{'rlx.target' belongs on a builtin.module, not on 'func.return'}}
  return {rlx.target = #rlx.target<"test">}
}

// -----

// rlx.target must hold a target attribute.
// expected-error @+1 {{'rlx.target' must be a target attribute (#rlx.cpu<...>, #rlx.target<"name">), got "cpu"}}
module attributes {rlx.target = "cpu"} {
}

// -----

// rlx.library_call must name a routine.
func.func @g(%a: memref<2x2xf32>, %c: memref<2x2xf32>) {
  // expected-error @+1 {{'rlx.library_call' must name a routine (a string), got 7}}
  linalg.matmul {rlx.library_call = 7} ins(%a, %a : memref<2x2xf32>, memref<2x2xf32>) outs(%c : memref<2x2xf32>)
  return
}

// -----

// rlx.flops must be a non-negative i64.
// expected-error @+1 {{'rlx.flops' must be a non-negative i64, got 8 : i32}}
func.func @flops_type() attributes {rlx.flops = 8 : i32} {
  return
}

// -----

// rlx.flops must not be negative.
// expected-error @+1 {{'rlx.flops' must be a non-negative i64, got -1 : i64}}
func.func @flops_negative() attributes {rlx.flops = -1 : i64} {
  return
}

// -----

// The rlx dialect has no other attribute.
// expected-error @+1 {{'rlx.fast' is not an attribute of the rlx dialect (it has 'rlx.target', 'rlx.library_call' and 'rlx.flops')}}
module attributes {rlx.fast = true} {
}
