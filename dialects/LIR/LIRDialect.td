//===- LIRDialect.td - The rlx LIR dialect -----------------*- tablegen -*-===//
#ifndef RLX_LIR_DIALECT
#define RLX_LIR_DIALECT

include "mlir/IR/OpBase.td"

def LIR_Dialect : Dialect {
  let name = "lir";
  let cppNamespace = "::mlir::rlx::lir";
  let summary = "rlx's buffer-level program, ready for either backend";
  let description = [{
    An LIR program is everything the runtime needs: one arena (size and
    alignment), the I/O manifest (name, dtype, shape and offset of every
    input, parameter and output), kernels with a workgroup grid whose bodies
    work on memref views, and a schedule of dispatches over views of the
    arena.
  }];
}

#endif // RLX_LIR_DIALECT
