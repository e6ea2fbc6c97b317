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
    Option<"policy", "policy", "::rlx::LoweringPolicy",
           /*default=*/"::rlx::LoweringPolicy::fusable",
           "fusable (primitive chains) or direct (fused ops)",
           "::mlir::rlx::loweringPolicyValues()">,
  ];
  let dependentDialects = ["::mlir::rlx::mir::MIRDialect"];
}

def OutlineDispatches : Pass<"rlx-outline-dispatches", "::mlir::ModuleOp"> {
  let summary = "turn each lir.dispatch into one function of the kernel ABI";
  let description = [{
    The first step of the CPU lowering (`-rlx-lir-to-llvm`). Input: a module
    of `lir.program`s (and possibly other functions). Output: the programs
    are gone; each `lir.dispatch` `i` of a program (schedule order) is a
    public `func.func @rlx_dispatch_<i>(%arena: memref<{arena_size}xi8>,
    %inputs: memref<{max(1, inputs)}xi64>, %x: i64, %y: i64, %z: i64)`, the
    entry point of runtime/KernelAbi.h: the dispatched kernel's body,
    specialized to the dispatch's views, each kernel argument being a
    `memref.view` at the view's constant offset of the arena, or, for a view
    inside an input slot, of the memory whose address `inputs[j]` holds for
    the program's `j`-th input slot; `lir.workgroup_id d` is the `d`-th
    coordinate argument. When the module holds more than one program, every
    symbol is prefixed with its program's name: `@<program>_rlx_dispatch_<i>`
    (the ABI's dispatchSymbol). Each function carries `lir.kernel` (the
    kernel's name) and `lir.grid`.

    Kernel bodies may hold arith, math, memref, scf, linalg, vector, affine,
    cf, index and ub ops on memrefs (no tensors); anything else is an error
    at the op. A strided `memref.copy` becomes `linalg.copy` (upstream would
    call MLIR's runtime library).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::linalg::LinalgDialect",
  ];
}

def LowerLibraryCalls : Pass<"rlx-lower-library-calls", "::mlir::ModuleOp"> {
  let summary = "replace contractions marked rlx.library_call by calls";
  let description = [{
    Runs on the functions `rlx-outline-dispatches` made (their memref views
    root in the arena or an input). A `linalg.matmul` or
    `linalg.batch_matmul` carrying `rlx.library_call = "cblas_sgemm"`
    (conversion/LibraryCall.h) becomes a `func.call @cblas_sgemm` (one per
    batch in an `scf.for`) on pointers to its f32 operands: row-major, no
    transpose, alpha = 1, leading dims from the static row strides, beta = 0
    when a `linalg.fill` of +0.0 of the whole output precedes it (the fill is
    removed), else 1. The module gets `func.func private @cblas_sgemm`,
    which the runtime resolves at load time. An operand that is not
    row-major with unit column stride, or another library name, is a
    diagnostic at the op.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ExpandArith : Pass<"rlx-expand-arith", "::mlir::func::FuncOp"> {
  let summary = "arith-expand without its maximumf / minimumf rewrite";
  let description = [{
    bf16 `extf` / `truncf` become integer ops and `ceildivsi` /
    `floordivsi` become divisions, as upstream `arith-expand` does; its
    rewrite of `maximumf` / `minimumf` to `cmpf` + `select` is left out
    because it returns its second operand for -0 against +0, where MIR's
    max / min (and relu) order -0 below +0 like `llvm.intr.maximum`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ApproximateVectorMath
    : Pass<"rlx-approximate-vector-math", "::mlir::func::FuncOp"> {
  let summary = "vector exp, log, log2 and erf as polynomial approximations";
  let description = [{
    One vector of FMAs instead of a libm call per lane, within the op
    suite's few-ulp bounds. Upstream's tanh, sin, cos and atan
    approximations are tens of ulps off: those, and all scalar math, are
    left for exact lowering (intrinsics or libm).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def MathToLibm : Pass<"rlx-math-to-libm", "::mlir::ModuleOp"> {
  let summary = "math ops without an LLVM intrinsic become libm calls";
  let description = [{
    Upstream's `convert-math-to-libm` patterns (tanhf, erff, atanf, ...,
    declared in the module), applied without making the math dialect
    illegal: an op no pattern takes is left for `rlx-check-llvm-lowering`,
    which names it, instead of failing the whole pass on the first one.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def CpuToLLVM : Pass<"rlx-cpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "memref, arith, func, cf, index and ub to LLVM in one conversion";
  let description = [{
    Upstream's conversion patterns of the six dialects the CPU kernels still
    hold after the per-function lowering (memref finalization, arith, func
    with the bare-pointer calling convention of the kernel ABI, cf, index,
    ub), applied as one partial conversion over the module: one walk of the
    module instead of six passes that each walk all of it on one thread
    (docs/Performance.md, "Cold compile"). Anything no pattern takes is left
    for `rlx-check-llvm-lowering`, which names it.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CheckLLVMLowering
    : Pass<"rlx-check-llvm-lowering", "::mlir::ModuleOp"> {
  let summary = "fail, naming the op, when anything but LLVM is left";
  let description = [{
    Runs before `reconcile-unrealized-casts`, which would report a cast
    instead of the op that was not lowered: every op outside the LLVM
    dialect (other than builtin.module and unrealized casts) is an error
    "could not be lowered to the LLVM dialect", one per op tree.
  }];
}

def OutlineGpuKernels : Pass<"rlx-outline-gpu-kernels", "::mlir::ModuleOp"> {
  let summary = "turn each lir.kernel into a compute entry point (gpu.func)";
  let description = [{
    The first step of the Vulkan lowering (`-rlx-lir-to-spirv`). Input: a
    module of `lir.program`s whose target (`rlx.target`) is a `#rlx.vulkan`.
    Output: for each program a `gpu.module` of that name carrying the
    target's `spirv.target_env`, with one `gpu.func` kernel per `lir.kernel`
    (same name; the entry point of the SPIR-V module): its arguments are the
    kernel's memrefs (storage buffers, set 0, binding = argument index), its
    `spirv.entry_point_abi` the kernel's `workgroup_size` (1 x 1 x 1 without
    one), `lir.workgroup_id d` becomes `gpu.block_id`. The schedule is not
    code on this backend: the runtime binds each dispatch's views
    (docs/VulkanBackend.md). The programs are erased; a module whose target
    is not Vulkan is an error.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::spirv::SPIRVDialect"];
}

def ExpandGpuMath : Pass<"rlx-expand-gpu-math", "::mlir::gpu::GPUModuleOp"> {
  let summary = "math ops Vulkan's GLSL instruction set lacks, expanded";
  let description = [{
    erf and atan become upstream's polynomial approximations, tan becomes
    sin / cos, and powf gets C's semantics (a negative base with an integer
    exponent keeps its sign, with another exponent gives NaN; 0 to a
    negative power is +inf) around GLSL's Pow, which is undefined there.
    Only the ops present are rewritten: the ops their expansions create stay
    exact.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def ConvertGpuToSPIRV : Pass<"rlx-convert-gpu-to-spirv", "::mlir::ModuleOp"> {
  let summary = "each gpu.module as a spirv.module for its target environment";
  let description = [{
    Upstream's GPU, SCF, arith, memref, func and math (GLSL) conversions to
    the spirv dialect, in one full conversion per `gpu.module` for its
    `spirv.target_env`: kernel memrefs become storage buffers and workgroup
    allocations workgroup variables. Unlike upstream's
    `convert-gpu-to-spirv`, the gpu module is replaced, and every op no
    pattern converts is an error naming it.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def ValidateSpirv : Pass<"rlx-validate-spirv", "::mlir::ModuleOp"> {
  let summary = "serialize each spirv.module and run SPIRV-Tools' validator";
  let description = [{
    The last step of `-rlx-lir-to-spirv`, so every module any pipeline
    emits is checked: each `spirv.module` is serialized (MLIR's serializer)
    and validated for the Vulkan version its SPIR-V version needs; a
    validator message is an error on the module quoting it. Changes
    nothing.
  }];
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
      at the end of the schedule;
    - the kernel of a contraction (matmul, fused_matmul, shared_matmul,
      swiglu, conv2d) carries `rlx.flops`, its floating-point operations
      (mir::ContractionOpInterface), which the manifest reports.
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "byte alignment of every slot and buffer (a power of two)">,
    Option<"workgroupElements", "workgroup-elements", "int64_t",
           /*default=*/"0",
           "split a kernel so each workgroup has at least this many "
           "elements of its largest row range (0: the target's minimum)">,
    Option<"nativeMatmul", "native-matmul", "bool", /*default=*/"false",
           "compute products with the target's native library where its "
           "kernel configuration has one (CPU: f32 matmul, fused_matmul, "
           "shared_matmul and swiglu with cblas_sgemm, their linalg.matmul / "
           "batch_matmul marked with rlx.library_call)">,
  ];
  let dependentDialects = [
    "::mlir::rlx::RLXDialect", "::mlir::gpu::GPUDialect",
    "::mlir::rlx::lir::LIRDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect", "::mlir::scf::SCFDialect"
  ];
}


def CpuVectorizeLoops : Pass<"rlx-cpu-vectorize-loops", "::mlir::func::FuncOp"> {
  let summary = "vectorize innermost elementwise and reduction scf.for loops";
  let description = [{
    Part of convert-lir-to-llvm (after linalg becomes loops); runs on the
    outlined dispatch functions (memrefs). An innermost `scf.for` with step
    1 whose body is straight-line f32 / i1 arith and math on loads and
    stores at `[invariant..., iv]` of row-contiguous memrefs, loads at
    invariant indices, and loop-carried f32 values each combined once by
    addf / mulf / maximumf / minimumf / maxnumf / minnumf (reductions),
    becomes a loop over `vector<lanes x T>` (reductions unrolled
    `reduction-unroll` times, with independent accumulators) followed by
    the original loop for the elements left over. Sums and products are
    reassociated. Other loops are left alone; with `remarks` each says why
    (`not vectorized: <reason>`).
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"0",
           "f32 lanes per vector (0: the host's widest, 16 with AVX-512)">,
    Option<"reductionUnroll", "reduction-unroll", "int64_t",
           /*default=*/"4", "vectors per iteration of a reduction loop">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark on each loop left scalar, with the reason">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::rlx::RLXDialect"];
}

def CpuPackParams : Pass<"rlx-cpu-pack-params", "::mlir::ModuleOp"> {
  let summary = "store params read only as matmul B operands in the "
                "microkernel's panels";
  let description = [{
    Part of the MIR -> LIR conversion for CPU targets (`pack-params`; a
    no-op for other targets). Each f32 [K, N] param whose every use is the
    B operand of a matmul the microkernel takes (through column slices and
    selects) and whose N is a multiple of the panel width W (`tile-vectors
    * lanes`, the microkernel's strip) gets `panels W` on its `lir.io`; its
    views become memref<(N/W) x K x W x f32> and those matmuls the panel
    matmul generic the microkernel reads without packing B
    (conversion/LIRToLLVM/PackParams.cpp). The runtime packs such a param
    when it is set (runtime/KernelAbi.h, "Matmul panels").
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"0",
           "f32 lanes per vector (0: the target's)">,
    Option<"tileVectors", "tile-vectors", "int64_t", /*default=*/"0",
           "vectors per panel (0: the microkernel's default)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CpuPackOperands : Pass<"rlx-cpu-pack-operands", "::mlir::ModuleOp"> {
  let summary = "pack a matmul's B once per run when several workgroups "
                "would each pack it";
  let description = [{
    Part of the MIR -> LIR conversion for CPU targets (after
    rlx-cpu-pack-params; a no-op for other targets). Each f32 [K, N] view
    that a kernel of several workgroups reads only as whole B operands of
    matmuls the microkernel takes, with N a multiple of the panel width W,
    is copied into the microkernel's panels by a `pack_panels` dispatch (one
    strip per workgroup) into a scratch region appended to the arena, and
    the matmul reads the panels in place
    (conversion/LIRToLLVM/PackOperands.cpp).
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"0",
           "f32 lanes per vector (0: the target's)">,
    Option<"tileVectors", "tile-vectors", "int64_t", /*default=*/"0",
           "vectors per panel (0: the microkernel's default)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CpuTileTransposes
    : Pass<"rlx-cpu-tile-transposes", "::mlir::func::FuncOp"> {
  let summary = "tile transposes that move the innermost dimension";
  let description = [{
    Part of convert-lir-to-llvm, before linalg becomes loops. Each
    `linalg.transpose` on memrefs whose output's innermost dimension is not
    the input's innermost is tiled by `tile` x `tile` over the output
    dimension that reads the input's innermost and the output's innermost,
    so each tile touches `tile` lines of each side while they stay in L1
    (conversion/LIRToLLVM/TileTransposes.cpp); the other dimensions are
    tiled by 1. With `vectorize` (and `tile` 16), a full 16 x 16 f32 tile is
    vector loads, an in-register transpose lowered to shuffles, and vector
    stores. Other transposes (contiguous row copies) are left alone.
  }];
  let options = [
    Option<"tile", "tile", "int64_t", /*default=*/"16",
           "tile size of both dimensions (16: one 64-byte line of f32)">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "full 16 x 16 f32 tiles as vector loads, shuffles and stores">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::affine::AffineDialect"];
}

def CpuMatmulMicrokernel
    : Pass<"rlx-cpu-matmul-microkernel", "::mlir::func::FuncOp"> {
  let summary = "f32-accumulating matmul as packed register-tile vector "
                "code with the epilogue in registers";
  let description = [{
    Part of convert-lir-to-llvm (`tile-matmul`), before linalg becomes
    loops. Every `linalg.matmul` and `linalg.batch_matmul` with an f32 C
    and f32, f16 or bf16 A and B (extended as they are packed; bf16 pairs
    with `bf16-dot`) on static memrefs with unit innermost stride (and no
    `rlx.library_call`) becomes
    vector code (conversion/LIRToLLVM/MatmulMicrokernel.cpp): K blocks of
    `k-block`; per strip of `tile-vectors * lanes` columns, B's block is
    packed into a stack panel; `tile-rows` x `tile-vectors` accumulators
    live in registers over the K loop (FMA per accumulator per k). A zero
    `linalg.fill` of the whole output right before the matmul is folded in
    (the first block starts from zero), and an elementwise `linalg.generic`
    on the output right after it whose inputs are indexed by (i, j), (j),
    (i) or () is applied to the accumulators before the one store (the
    epilogue in registers; batch_matmul keeps its epilogue separate); one
    that reads C and writes another memref of its shape (a half-float
    tile's truncation) writes there after the last K block.
    Other matmuls are left alone.
  }];
  let options = [
    Option<"lanes", "lanes", "int64_t", /*default=*/"0",
           "f32 lanes per vector (0: the host's widest)">,
    Option<"tileRows", "tile-rows", "int64_t", /*default=*/"0",
           "rows of A per register tile (0: 6)">,
    Option<"tileVectors", "tile-vectors", "int64_t", /*default=*/"0",
           "vectors of columns per register tile (0: 4 with 16 lanes, "
           "else 2)">,
    Option<"kBlock", "k-block", "int64_t", /*default=*/"256",
           "rows of B (and columns of A) packed per panel">,
    Option<"mBlock", "m-block", "int64_t", /*default=*/"128",
           "rows of A packed per panel (rounded up to tile rows)">,
    Option<"nBlock", "n-block", "int64_t", /*default=*/"512",
           "columns of B packed per panel (rounded up to a strip)">,
    Option<"prefetchCAbove", "prefetch-c-above", "int64_t",
           /*default=*/"1048576",
           "prefetch the next register tile's rows of C when C (one batch) "
           "has more bytes than this (default 1 MiB, a core's L2)">,
    Option<"bf16Dot", "bf16-dot", "bool", /*default=*/"true",
           "bf16 x bf16 products as vdpbf16ps on bf16 pairs when the "
           "target has AVX512-BF16 and 16 lanes (false: extended to f32)">,
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::rlx::RLXDialect"];
}

#endif // RLX_CONVERSION_PASSES
