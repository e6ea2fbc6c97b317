//===- Passes.td - Pipeline utility passes -----------------*- tablegen -*-===//
#ifndef RLX_PASSES_PIPELINES_PASSES
#define RLX_PASSES_PIPELINES_PASSES

include "mlir/Pass/PassBase.td"

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

#endif // RLX_PASSES_PIPELINES_PASSES
