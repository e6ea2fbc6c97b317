//===- TargetInterfaces.td - What every target answers -----*- tablegen -*-===//
#ifndef RLX_TARGET_INTERFACES
#define RLX_TARGET_INTERFACES

include "mlir/IR/OpBase.td"

def RLX_TargetAttrInterface : AttrInterface<"TargetAttrInterface"> {
  let cppNamespace = "::mlir::rlx";
  let description = [{
    A compilation target, the value of a module's `rlx.target` attribute.
    Backends attach their own interfaces to the target attributes they
    compile for (external models, e.g. the CPU backend's kernel
    configuration: conversion/MIRToLIR/KernelConfig.td), so the target-neutral
    passes ask the target, never the host.
  }];
  let methods = [
    InterfaceMethod<[{
        The backend that compiles for this target, which also names the MIR
        op claims that apply (passes/MIR/Target.h): "cpu", "vulkan", or a
        claims-only name such as "test".
      }], "::llvm::StringRef", "getBackend">,
  ];
}

#endif // RLX_TARGET_INTERFACES
