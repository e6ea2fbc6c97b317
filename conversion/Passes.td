//===- Passes.td - Conversions between rlx levels ----------*- tablegen -*-===//
#ifndef RLX_CONVERSION_PASSES
#define RLX_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertHIRToMIR : Pass<"convert-hir-to-mir", "::mlir::ModuleOp"> {
  let summary = "lower HIR blocks to MIR";
  let description = [{
    Input: HIR (which may already contain MIR). Output: MIR without any
    `hir.*` op or attribute: `hir.param` becomes `mir.param`, `hir.name` /
    `hir.dims` become `mir.name` / `mir.dims`, and each block becomes MIR
    ops. With `policy=fusable` blocks become the primitive chains the fusion
    passes recognise (linear: matmul + add + activation); with
    `policy=direct` they become fused MIR ops (`mir.fused_matmul`,
    `mir.residual_norm`, `mir.swiglu`). Both compute the same values.
    Attention, rope and embedding are decomposed into primitives under both
    policies.
  }];
  let options = [
    Option<"policy", "policy", "std::string", /*default=*/"\"fusable\"",
           "fusable (primitive chains) or direct (fused ops)">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def ConvertMIRToLIR : Pass<"convert-mir-to-lir", "::mlir::ModuleOp"> {
  let summary = "bufferize MIR functions into LIR programs (one arena each)";
  let description = [{
    Input: a module whose `func.func`s hold static-shaped MIR (specialized
    and legalized: `-rlx-mir-pipeline` with a binding). A dynamic shape, a
    non-MIR op, or a name clash in the manifest is an error naming it.

    Output: each function replaced by one `lir.program` of the same name
    (docs/CPUBackend.md):
    - slots, aligned to `alignment` and never reused: each argument an
      `input` (`mir.name`, else `input<i>`), each distinct `mir.param` name
      a `param`, each result an `output` (`mir.name`, else `output<i>`),
      each dense `mir.constant` a kernel reads as a buffer a `constant`
      slot carrying its value (`constant<i>`). A splat constant operand of
      an elementwise op is an `arith.constant` in the kernel instead;
    - intermediates placed by a liveness-based best-fit plan over the
      schedule order (conversion/MIRToLIR/MemoryPlan.h);
    - `mir.reshape` and `mir.cast` to the same element type are views of
      their operand's bytes (no kernel; the alias extends the source's
      lifetime);
    - every other op one `lir.kernel` and one `lir.dispatch`; the kernel
      body is linalg / scf / arith / math / memref on memref arguments
      (operands, then results). Kernels whose work splits along an outer
      result dim take a 1-D grid over chunks of it, each workgroup writing
      its own rows; the others run as grid = [1];
    - a returned value that is an input, a param, a constant, or already
      another output is copied into its own output slot by a copy kernel
      at the end of the schedule.
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "byte alignment of every slot and buffer (a power of two)">,
    Option<"workgroupElements", "workgroup-elements", "int64_t",
           /*default=*/"16384",
           "split a kernel so each workgroup has at least this many "
           "elements of its largest row range (>= 1)">,
  ];
  let dependentDialects = [
    "::mlir::rlx::lir::LIRDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect"
  ];
}

#endif // RLX_CONVERSION_PASSES
