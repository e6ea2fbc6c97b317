//===- KernelConfig.td - How a target wants its kernels ----*- tablegen -*-===//
#ifndef RLX_CONVERSION_MIRTOLIR_KERNELCONFIG
#define RLX_CONVERSION_MIRTOLIR_KERNELCONFIG

include "mlir/IR/OpBase.td"

def RLX_KernelConfigAttrInterface : AttrInterface<"KernelConfigAttrInterface"> {
  let cppNamespace = "::mlir::rlx";
  let description = [{
    What convert-mir-to-lir asks the module's target (its `rlx.target`)
    about each kernel, so the conversion itself holds no rule of any one
    backend: which library routine, if any, computes an op's products, and
    how its work splits into workgroups. A backend implements it as an
    external model on the target attribute it compiles for (the CPU
    backend: conversion/LIRToLLVM/CpuKernelConfig.cpp, registered by
    registerCpuBackend).
  }];
  let methods = [
    InterfaceMethod<[{
        Builds the kernel of `op` (null: an output copy) the target's own
        way, at `b`, inside the kernel's entry block whose arguments are the
        operands' memrefs (a folded splat operand is a scalar in `operands`)
        then the results' (`results`), whole; returns its grid and, for a
        GPU target, its workgroup size. std::nullopt leaves the kernel to
        the neutral builders, split as getSplitPolicy says (the default);
        failure() after a diagnostic on `op`.
      }], "::mlir::FailureOr<std::optional<::mlir::rlx::KernelShape>>",
      "buildKernel",
      (ins "::mlir::OpBuilder &":$b, "::mlir::Operation *":$op,
           "::mlir::ValueRange":$operands, "::mlir::ValueRange":$results),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return std::optional<::mlir::rlx::KernelShape>();
      }]>,
    InterfaceMethod<[{
        The library routine (conversion/LibraryCall.h) that computes the
        products of `op` on this target, or "" for generated code.
        `preferNative` is the compile option that asks for native routines
        (`native-matmul`); without it the answer must be "".
      }], "::llvm::StringRef", "getLibraryCall",
      (ins "::mlir::Operation *":$op, "bool":$preferNative)>,
    InterfaceMethod<[{
        How the work of `op` (null: an output copy) splits into workgroups.
        `resultShape` is its first result's shape, `defaultDim` the
        outermost result dim larger than 1 among the op's independent
        leading dims (-1: none; mir.ParallelDims), `libraryCall` what
        getLibraryCall chose for it.
      }], "::mlir::rlx::KernelSplitPolicy", "getSplitPolicy",
      (ins "::mlir::Operation *":$op, "::llvm::ArrayRef<int64_t>":$resultShape,
           "int64_t":$defaultDim, "::llvm::StringRef":$libraryCall)>,
  ];
}

#endif // RLX_CONVERSION_MIRTOLIR_KERNELCONFIG
