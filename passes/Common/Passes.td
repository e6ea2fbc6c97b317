//===- Passes.td - Passes of every level -------------------*- tablegen -*-===//
#ifndef RLX_PASSES_COMMON_PASSES
#define RLX_PASSES_COMMON_PASSES

include "mlir/Pass/PassBase.td"

def AttachTarget : Pass<"rlx-attach-target", "::mlir::ModuleOp"> {
  let summary = "give the module its compilation target (rlx.target)";
  let description = [{
    Sets the module attribute `rlx.target` that every later pass, the code
    generator and the loader read (dialects/Target/Target.h). A module that
    already names a target keeps it, unless `replace` is set. `target` is
    `host` (the default target: this machine's CPU), a target attribute
    (`#rlx.cpu<...>`) or a claims-only name (`test`: `#rlx.target<"test">`).
    Text that is not a target is an error naming it.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "host, a target attribute, or a claims name">,
    Option<"replace", "replace", "bool", /*default=*/"false",
           "replace a target the module already has">,
  ];
  let dependentDialects = ["::mlir::rlx::RLXDialect"];
}

def DumpIR : Pass<"rlx-dump-ir", "::mlir::ModuleOp"> {
  let summary = "write the module to <dir>/<stage>.mlir";
  let description = [{
    Leaves the IR unchanged. Pipelines insert it after each stage when a
    dump directory is given (pipeline option `dump-dir` or `RLX_IR_DUMP`).
    A directory that cannot be created or written is an error naming it.
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\"\"", "directory">,
    Option<"stage", "stage", "std::string", /*default=*/"\"stage\"",
           "file name (without .mlir)">,
  ];
}

#endif // RLX_PASSES_COMMON_PASSES
