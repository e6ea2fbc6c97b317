//===- LIROps.td - The rlx LIR operations ------------------*- tablegen -*-===//
//
// Every op lists its constraints as (C1)...(Cn); the verifier code carries
// `// lir.<op> Cn` comments and test/Dialect/LIR/invalid.mlir names its cases
// after them.
//
//===----------------------------------------------------------------------===//

#ifndef RLX_LIR_OPS
#define RLX_LIR_OPS

include "dialects/LIR/LIRDialect.td"
include "dialects/Common/Enums.td"
include "dialects/Common/Types.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class LIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<LIR_Dialect, mnemonic, !listconcat(traits, [RLX_BoundedShapes, RLX_InDominanceRegion])>;

// Arena views: static shapes, the default (row-major) layout, rlx dtypes.
def LIR_ArenaMemRef : MemRefOf<[F16, BF16, F32, F64, I8, I32, I64, I1]>;

def LIR_ProgramOp : LIR_Op<"program", [
    Symbol, SymbolTable, IsolatedFromAbove, NoTerminator, SingleBlock,
    NoRegionArguments]> {
  let summary = "a whole compiled graph: arena, manifest, kernels, schedule";
  let description = [{
    ```mlir
    lir.program @scale arena_size = 128 alignment = 64 {
      lir.io input "x" at 0 : memref<16xf32>
      lir.io output "y" at 64 : memref<16xf32>
      lir.kernel @double grid = [1] {
      ^bb0(%in: memref<16xf32>, %out: memref<16xf32>):
        lir.return
      }
      lir.schedule {
        %x = lir.view at 0 : memref<16xf32>
        %y = lir.view at 64 : memref<16xf32>
        lir.dispatch @double(%x, %y) : memref<16xf32>, memref<16xf32>
      }
    }
    ```

    Constraints:
    (C1) `alignment` is a power of two.
    (C2) `arena_size` >= 0.
    (C3) the body holds only `lir.io`, `lir.kernel` and exactly one
         `lir.schedule`.
    (C4) manifest names are unique within each kind (input, param, output,
         constant).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$arena_size,
                       DefaultValuedAttr<I64Attr, "64">:$alignment);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `arena_size` `=` $arena_size `alignment` `=` $alignment
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def LIR_IOOp : LIR_Op<"io", [HasParent<"ProgramOp">]> {
  let summary = "a manifest entry: a named input, parameter, output or constant slot";
  let description = [{
    Constants carry their value; the runtime writes it into the arena once,
    when the program is loaded.

    ```mlir
    lir.io param "fc1.weight" at 4096 : memref<784x512xf32>
    lir.io constant "c0" at 64 : memref<2xf32> = dense<[1.0, 2.0]>
    lir.io param "w" at 8192 panels 64 : memref<256x128xf32>
    ```

    `panels W`: the param is stored in matmul panels of width W (the
    runtime packs it when it is set; runtime/KernelAbi.h, "Matmul panels"),
    and every view of it has the panels' type, memref<(N/W) x K x W x f32>;
    a bf16 param is stored in pairs of rows ("bf16 pair panels"), its views
    memref<(N/W) x (K/2) x 2W x bf16>.

    `given f32`: the param's values are given in f32 and stored in the
    slot's f16 / bf16 (the runtime converts them when it is set,
    runtime/HalfFloat.h): a mixed-precision cast done once.

    ```mlir
    lir.io param "fc1.weight" at 0 given f32 : memref<784x512xbf16>
    ```

    `permuted [p...]`: the param's values are given in another dim order
    and stored transposed, stored dim i being given dim p[i] (the runtime
    permutes them when it is set, before converting or packing them).

    ```mlir
    lir.io param "fc.weight" at 0 permuted [1, 0] : memref<1280x1000xf32>
    ```

    `state`: the param is memory the program keeps between runs and writes
    in place (a `mir.state`, a decoder's KV cache): zeros until set, and a
    run's writes persist (docs/Dialects/LIR.md).

    ```mlir
    lir.io param "k_cache" at 0 state : memref<1x256x64xf32>
    ```

    Constraints:
    (C1) the type is a static memref with the default layout and memory
         space, of rank <= 16 and a size that fits in int64.
    (C2) `offset` >= 0 and a multiple of the program's alignment.
    (C3) the slot lies inside the arena.
    (C4) the name is not empty.
    (C5) a `value` is present exactly for `constant` slots, and its type has
         the slot's shape and element type.
    (C6) `panels` is on an f32 or bf16 param of rank 2 whose column count
         is a multiple of it (and, bf16, whose row count is even), and is in
         [1, 1024] (rlx::panelLayoutProblem, include/rlx/Manifest.h).
    (C7) `given` is f32, on a param stored in f16 or bf16
         (rlx::givenDTypeProblem, include/rlx/Manifest.h).
    (C8) `state` is on a param, without `panels`, `given` or `permuted`.
    (C9) `permuted` is on a param, a permutation of the slot's dims that is
         not the identity (rlx::permutationProblem).
  }];
  let arguments = (ins RLX_IOKind:$kind, StrAttr:$name, I64Attr:$offset,
                       OptionalAttr<I64Attr>:$panels,
                       OptionalAttr<TypeAttr>:$given,
                       OptionalAttr<DenseI64ArrayAttr>:$permuted,
                       UnitAttr:$state,
                       TypeAttrOf<LIR_ArenaMemRef>:$type,
                       OptionalAttr<ElementsAttr>:$value);
  let assemblyFormat = [{
    $kind $name `at` $offset (`panels` $panels^)? (`given` $given^)?
    (`permuted` $permuted^)? (`state` $state^)? attr-dict
    `:` $type (`=` $value^)?
  }];
  let extraClassDeclaration = [{
    MemRefType getMemRefType() { return cast<MemRefType>(getType()); }
  }];
  let hasVerifier = 1;
}

def LIR_KernelOp : LIR_Op<"kernel", [
    Symbol, IsolatedFromAbove, HasParent<"ProgramOp">,
    AutomaticAllocationScope]> {
  let summary = "a kernel over memref views, run once per workgroup";
  let description = [{
    The body runs once per point of `grid` (1 to 3 dims); `lir.workgroup_id`
    tells it which, so a backend can spread workgroups over threads (CPU) or
    GPU workgroups (Vulkan). Its arguments are the views a dispatch passes.

    A kernel built for a GPU target also has a `workgroup_size`: each
    workgroup is that many invocations running the body together, each
    knowing its own by `gpu.thread_id`, sharing workgroup memory
    (`memref.alloc` in `#gpu.address_space<workgroup>`) and meeting at
    `gpu.barrier` (docs/VulkanBackend.md). Without it a workgroup is one
    invocation.

    ```mlir
    lir.kernel @fill grid = [4] {
    ^bb0(%out: memref<64xf32>):
      %i = lir.workgroup_id 0
      lir.return
    }
    lir.kernel @scale grid = [4] workgroup_size = [64] {
    ^bb0(%x: memref<256xf32>, %y: memref<256xf32>):
      lir.return
    }
    ```

    Constraints:
    (C1) `grid` has 1 to 3 entries, each >= 1.
    (C2) the body's arguments are static memrefs with the default layout
         and memory space, of rank <= 16 and a byte size that fits in int64.
    (C3) the body ends with `lir.return`.
    (C4) `workgroup_size`, when present, has 1 to 3 entries, each >= 1,
         whose product fits in 32 bits.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, DenseI64ArrayAttr:$grid,
                       OptionalAttr<DenseI64ArrayAttr>:$workgroup_size);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `grid` `=` $grid (`workgroup_size` `=` $workgroup_size^)?
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def LIR_WorkgroupIdOp : LIR_Op<"workgroup_id", [Pure]> {
  let summary = "this workgroup's coordinate along one grid dim";
  let description = [{
    ```mlir
    %i = lir.workgroup_id 0
    ```

    Constraints:
    (C1) it is inside a `lir.kernel`.
    (C2) `dim` is less than the kernel's grid rank.
  }];
  let arguments = (ins I64Attr:$dim);
  let results = (outs Index:$id);
  let assemblyFormat = "$dim attr-dict";
  let hasVerifier = 1;
}

def LIR_ReturnOp : LIR_Op<"return", [
    Pure, Terminator, HasParent<"KernelOp">]> {
  let summary = "end of a kernel body";
  let description = [{
    ```mlir
    lir.return
    ```

    Constraints:
    (C1) it terminates a `lir.kernel` body (trait).
  }];
  let assemblyFormat = "attr-dict";
}

def LIR_ScheduleOp : LIR_Op<"schedule", [
    HasParent<"ProgramOp">, NoTerminator, SingleBlock, NoRegionArguments]> {
  let summary = "the dispatches of one run, in order";
  let description = [{
    ```mlir
    lir.schedule {
      %x = lir.view at 0 : memref<16xf32>
      lir.dispatch @double(%x, %x) : memref<16xf32>, memref<16xf32>
    }
    ```

    Constraints:
    (C1) the body holds only `lir.view` and `lir.dispatch`.
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
}

def LIR_ViewOp : LIR_Op<"view", [Pure, HasParent<"ScheduleOp">]> {
  let summary = "a typed view of the arena at a byte offset";
  let description = [{
    ```mlir
    %v = lir.view at 1024 : memref<64x512xf32>
    ```

    Constraints:
    (C1) the type is a static memref with the default layout and memory
         space (rank and size limits: the BoundedShapes trait).
    (C2) `offset` >= 0 and a multiple of the element size.
    (C3) the view lies inside the arena.
  }];
  let arguments = (ins I64Attr:$offset);
  let results = (outs LIR_ArenaMemRef:$view);
  let assemblyFormat = "`at` $offset attr-dict `:` type($view)";
  let hasVerifier = 1;
}

def LIR_DispatchOp : LIR_Op<"dispatch", [
    HasParent<"ScheduleOp">, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "run a kernel over its grid on the given views";
  let description = [{
    ```mlir
    lir.dispatch @double(%x, %y) : memref<16xf32>, memref<16xf32>
    ```

    Constraints:
    (C1) `kernel` names a `lir.kernel` of the enclosing program.
    (C2) the operands match the kernel's arguments in number and type.
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel,
                       Variadic<LIR_ArenaMemRef>:$args);
  let assemblyFormat = [{
    $kernel `(` $args `)` attr-dict (`:` type($args)^)?
  }];
}

#endif // RLX_LIR_OPS
