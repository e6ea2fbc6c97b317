// The default target is this machine's CPU: a triple, a CPU name, every
// feature signed, a vector width.
// RUN: rlx-opt %s -split-input-file -rlx-attach-target | FileCheck %s --check-prefix=HOST
// "vulkan": the baseline every Vulkan 1.1 device runs.
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan | FileCheck %s --check-prefix=VULKAN
// VULKAN-LABEL: module @bare
// VULKAN-SAME: rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>
// A claims name, or a target attribute written out.
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=test | FileCheck %s --check-prefix=NAMED
// RUN: rlx-opt %s -split-input-file '-rlx-attach-target=target={#rlx.cpu<cpu = "x86-64-v2", vector_bits = 128>}' | FileCheck %s --check-prefix=ATTR
// A module that names its target keeps it, unless replace is set.
// RUN: rlx-opt %s -split-input-file '-rlx-attach-target=target=test replace=true' | FileCheck %s --check-prefix=REPLACE
// Text that is not a target is an error naming it.
// RUN: not rlx-opt %s -split-input-file '-rlx-attach-target=target=#rlx.bogus<>' 2>&1 | FileCheck %s --check-prefix=BAD

// HOST-LABEL: module @bare
// HOST-SAME: rlx.target = #rlx.cpu<triple = "{{[a-z0-9_]+-[^"]+}}", cpu = "{{[^"]+}}", features = "{{[+-][^"]+}}", vector_bits = {{128|256|512}}>
// NAMED-LABEL: module @bare
// NAMED-SAME: rlx.target = #rlx.target<"test">
// ATTR-LABEL: module @bare
// ATTR-SAME: rlx.target = #rlx.cpu<cpu = "x86-64-v2", vector_bits = 128>
// BAD: error: rlx-attach-target: '#rlx.bogus<>' is not a target attribute
module @bare {
}

// -----

// HOST-LABEL: module @named
// HOST-SAME: rlx.target = #rlx.target<"vulkan">
// NAMED-LABEL: module @named
// NAMED-SAME: rlx.target = #rlx.target<"vulkan">
// REPLACE-LABEL: module @named
// REPLACE-SAME: rlx.target = #rlx.target<"test">
module @named attributes {rlx.target = #rlx.target<"vulkan">} {
}
