//===- TargetDialect.td - The rlx dialect: compilation targets -*- tablegen -*-===//
#ifndef RLX_TARGET_DIALECT
#define RLX_TARGET_DIALECT

include "mlir/IR/OpBase.td"

def RLX_Dialect : Dialect {
  let name = "rlx";
  let cppNamespace = "::mlir::rlx";
  let summary = "rlx's compiler-wide attributes: the compilation target";
  let description = [{
    A module is compiled for one target, carried as the module attribute
    `rlx.target`: `#rlx.cpu<...>` for a CPU (LLVM triple, CPU name, features,
    vector width), or `#rlx.target<"name">` for a target known only by the
    op claims of its name (compiler tests). Every pass, code generator and
    loader that depends on the target reads this one attribute; a module
    without one is compiled for the default target, the host CPU
    (docs/Architecture.md, "Targets").

    Its discardable attributes, on ops of other dialects:
    - `rlx.library_call = "<routine>"` on a linalg contraction: the library
      routine that computes it (conversion/LibraryCall.h);
    - `rlx.flops = <n> : i64` on a `lir.kernel` that computes a contraction
      (matmul, fused_matmul, shared_matmul, swiglu, conv2d): its
      floating-point operations over all workgroups, 2 per multiply-add,
      which the manifest reports as `Dispatch::flops` for cost models.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
}

#endif // RLX_TARGET_DIALECT
