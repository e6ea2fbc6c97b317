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

def ConvertLIRToLLVM : Pass<"convert-lir-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower LIR programs to one LLVM function per dispatch";
  let description = [{
    Input: a module of `lir.program`s (and possibly other functions).
    Output: the LLVM dialect only; no `lir`, `func`, `memref`, `linalg`,
    `scf`, ... op is left.

    Each `lir.dispatch` `i` of a program (counted in schedule order) becomes
    `llvm.func @rlx_dispatch_<i>(%arena: !llvm.ptr, %x: i64, %y: i64,
    %z: i64)` with external linkage and the bare-pointer calling convention
    (docs/CPUBackend.md): the dispatched kernel's body, specialized to the
    dispatch's views, each kernel argument being a `memref.view` of the arena
    at the view's constant offset and `lir.workgroup_id d` the `d`-th
    coordinate argument. When the module holds more than one program, every
    symbol is prefixed with its program's name: `@<program>_rlx_dispatch_<i>`.
    Each function carries `lir.kernel` (the kernel's name) and `lir.grid`.

    Kernel bodies may hold arith, math, memref, scf, linalg, vector, affine,
    cf, index and ub ops on memrefs (no tensors). Math ops without an LLVM
    intrinsic (tanh, erf, atan, tan, ...) become libm calls (`tanhf`, ...),
    so the object code needs libm's symbols at load time.

    A `linalg.matmul` or `linalg.batch_matmul` carrying
    `rlx.library_call = "cblas_sgemm"` (convert-mir-to-lir{native-matmul})
    becomes, when its dispatch is outlined, a `func.call @cblas_sgemm` (one
    per batch in an `scf.for`) on pointers to its f32 operands: row-major,
    no transpose, alpha = 1, leading dims from the static row strides, beta
    = 0 when a `linalg.fill` of +0.0 of the whole output precedes it (the
    fill is removed), else 1. The module gets `func.func private
    @cblas_sgemm`, which the runtime resolves at load time. An operand that
    is not row-major with unit column stride, or another library name, is a
    diagnostic at the op.
  }];
  let options = [
    Option<"outlineOnly", "outline-only", "bool", /*default=*/"false",
           "stop after outlining the dispatches into func.func (the "
           "specialized kernels on memrefs; for tests and debugging)">,
    Option<"tileMatmul", "tile-matmul", "bool", /*default=*/"false",
           "tile linalg.matmul for caches and registers and vectorize it "
           "before lowering">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::LLVM::LLVMDialect",
  ];
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
    - with `native-matmul`, the f32 products of matmul (unless its batch dims
      broadcast), fused_matmul, shared_matmul and swiglu are linalg.matmul /
      batch_matmul ops marked `rlx.library_call = "cblas_sgemm"`, which
      convert-lir-to-llvm turns into OpenBLAS calls (swiglu's up product is
      computed tile by tile into a stack tile); f16, bf16, f64 and integer
      products keep generated code;
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
    Option<"nativeMatmul", "native-matmul", "bool", /*default=*/"false",
           "compute f32 matmul, fused_matmul, shared_matmul and swiglu "
           "products with cblas_sgemm: mark their linalg.matmul / "
           "batch_matmul with rlx.library_call for convert-lir-to-llvm">,
  ];
  let dependentDialects = [
    "::mlir::rlx::lir::LIRDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect"
  ];
}

#endif // RLX_CONVERSION_PASSES
