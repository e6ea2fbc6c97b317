//===- TargetAttrs.td - Target attributes ------------------*- tablegen -*-===//
//
// Every attribute lists its constraints as (C1)...(Cn); the verifier code
// carries `// rlx.<attr> Cn` comments and test/Dialect/Target/invalid.mlir
// names its cases after them.
//
//===----------------------------------------------------------------------===//
#ifndef RLX_TARGET_ATTRS
#define RLX_TARGET_ATTRS

include "mlir/IR/AttrTypeBase.td"
include "dialects/Target/TargetDialect.td"
include "dialects/Target/TargetInterfaces.td"

class RLX_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<RLX_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def RLX_CpuTargetAttr : RLX_Attr<"CpuTarget", "cpu",
    [DeclareAttrInterfaceMethods<RLX_TargetAttrInterface>]> {
  let summary = "a CPU: LLVM triple, CPU name, features and vector width";
  let description = [{
    What the CPU backend compiles for and the loader checks. Features are
    LLVM's signed form; the code may use every feature the CPU name implies
    unless a `-feature` removes it. The default target (`hostCpuTarget`)
    names this machine's triple and CPU and signs every feature LLVM knows
    for it.

    ```mlir
    module attributes {rlx.target = #rlx.cpu<triple = "x86_64-unknown-linux-gnu",
        cpu = "x86-64-v3", features = "+avx2,+fma">} {}
    ```

    `vector_bits` is the width of the vector registers the kernels are
    written for (128, 256 or 512); 0 derives it from the features: 512 with
    `+avx512f`, 256 with `+avx`, else 128.

    Constraints:
    (C1) every entry of `features` is `+name` or `-name` (names non-empty,
         without spaces).
    (C2) `vector_bits` is 0, 128, 256 or 512.
  }];
  let parameters = (ins
    StringRefParameter<"LLVM target triple (empty: none named)", "\"\"">:$triple,
    StringRefParameter<"LLVM CPU name", "\"generic\"">:$cpu,
    StringRefParameter<"comma-separated +name / -name entries", "\"\"">:$features,
    DefaultValuedParameter<"int64_t", "0",
        "vector register bits (0: from the features)">:$vector_bits
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// f32 lanes per vector register: vector_bits / 32, or from the
    /// features when vector_bits is 0.
    int64_t getF32Lanes() const;
    /// True when `features` signs `name` on ("+name").
    bool enablesFeature(::llvm::StringRef name) const;
  }];
}

def RLX_VulkanTargetAttr : RLX_Attr<"VulkanTarget", "vulkan",
    [DeclareAttrInterfaceMethods<RLX_TargetAttrInterface>]> {
  let summary = "a Vulkan device: its SPIR-V target environment";
  let description = [{
    What the Vulkan backend compiles for: the SPIR-V version, capabilities
    and extensions the device accepts and its resource limits (shared
    memory, workgroup invocations and sizes, subgroup size), as upstream's
    `#spirv.target_env`. The API builds it from the device it runs on
    (rlx::runtime::vulkanDevice); `baselineVulkanTarget` is what every
    Vulkan 1.1 device runs (SPIR-V 1.3, Shader only, the minimum limits).
    The storage-buffer offset alignment is not part of it: the arena's
    alignment (CompileOptions::arenaAlignment) must be a multiple of the
    device's, which the loader checks.

    ```mlir
    module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<
        #spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>,
        #spirv.resource_limits<>>>} {}
    ```

    Constraints:
    (C1) the environment is a `#spirv.target_env` for the Vulkan client API
         (or an unknown one), with the Shader capability.
  }];
  let parameters = (ins AttrParameter<"::mlir::Attribute",
                                      "a #spirv.target_env">:$env);
  let assemblyFormat = "`<` $env `>`";
  let genVerifyDecl = 1;
}

def RLX_NamedTargetAttr : RLX_Attr<"NamedTarget", "target",
    [DeclareAttrInterfaceMethods<RLX_TargetAttrInterface>]> {
  let summary = "a target known only by name (its MIR op claims)";
  let description = [{
    For compiler tests of the target-neutral passes: `#rlx.target<"test">`
    gives the op claims of the `test` claim set (passes/MIR/Target.h), with
    no code generator behind it.

    Constraints:
    (C1) the name is not empty.
  }];
  let parameters = (ins StringRefParameter<"claim set name">:$name);
  let assemblyFormat = "`<` $name `>`";
  let genVerifyDecl = 1;
}

#endif // RLX_TARGET_ATTRS
