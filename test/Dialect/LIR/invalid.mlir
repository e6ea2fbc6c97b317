// RUN: rlx-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
//
// One case per numbered constraint of dialects/LIR/LIROps.td, each branch of
// a multi-branch constraint separately, then trait, ODS type and generic-form
// structural errors. -allow-unregistered-dialect is needed only by lir.kernel
// C3: every registered terminator other than lir.return names its own parent
// and fails first, so only an unregistered op can end a kernel body.

//===----------------------------------------------------------------------===//
// lir.program
//===----------------------------------------------------------------------===//

// lir.program C1: alignment 0 (and the slot verifier does not divide by it)
// expected-error @+1 {{'lir.program' op alignment must be a power of two, got 0}}
lir.program @p arena_size = 64 alignment = 0 {
  lir.io input "x" at 0 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// lir.program C1: alignment not a power of two
// expected-error @+1 {{'lir.program' op alignment must be a power of two, got 48}}
lir.program @p arena_size = 64 alignment = 48 {
  lir.schedule {
  }
}

// -----

// lir.program C1: negative alignment
// expected-error @+1 {{'lir.program' op alignment must be a power of two, got -64}}
lir.program @p arena_size = 64 alignment = -64 {
  lir.schedule {
  }
}

// -----

// lir.program C2: negative arena size
// expected-error @+1 {{'lir.program' op arena_size must be >= 0, got -1}}
lir.program @p arena_size = -1 alignment = 64 {
  lir.schedule {
  }
}

// -----

// lir.program C3: a foreign op in the body
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'arith.constant' op is not allowed in a lir.program body; it holds lir.io, lir.kernel and one lir.schedule}}
  %c = arith.constant 0 : index
  lir.schedule {
  }
}

// -----

// lir.program C3: a program nested in a program
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.program' op is not allowed in a lir.program body}}
  lir.program @q arena_size = 64 alignment = 64 {
    lir.schedule {
    }
  }
  lir.schedule {
  }
}

// -----

// lir.program C3: no schedule
// expected-error @+1 {{'lir.program' op must hold exactly one lir.schedule, found 0}}
lir.program @p arena_size = 64 alignment = 64 {
  lir.io input "x" at 0 : memref<4xf32>
}

// -----

// lir.program C3: two schedules
// expected-error @+1 {{'lir.program' op must hold exactly one lir.schedule, found 2}}
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
  }
  lir.schedule {
  }
}

// -----

// lir.program C4: an input name used twice
lir.program @p arena_size = 128 alignment = 64 {
  lir.io input "x" at 0 : memref<4xf32>
  // expected-error @+1 {{'lir.io' op input name 'x' appears more than once}}
  lir.io input "x" at 64 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// lir.program C4: a param name used twice
lir.program @p arena_size = 128 alignment = 64 {
  lir.io param "w" at 0 : memref<4xf32>
  lir.io input "w" at 64 : memref<4xf32>
  // expected-error @+1 {{'lir.io' op param name 'w' appears more than once}}
  lir.io param "w" at 64 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// lir.program C4: an output name used twice
lir.program @p arena_size = 128 alignment = 64 {
  lir.io output "y" at 0 : memref<4xf32>
  // expected-error @+1 {{'lir.io' op output name 'y' appears more than once}}
  lir.io output "y" at 0 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// Symbol: a program whose parent is not a symbol table
func.func @holder() {
  // expected-error @+1 {{'lir.program' op symbol's parent must have the SymbolTable trait}}
  lir.program @p arena_size = 64 alignment = 64 {
    lir.schedule {
    }
  }
  return
}

// -----

// Generic form: two regions
// expected-error @+1 {{'lir.program' op requires one region}}
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}, {
}) : () -> ()

// -----

// Generic form: no region
// expected-error @+1 {{'lir.program' op requires one region}}
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> : () -> ()

// -----

// Generic form: a region without a block
// expected-error @+1 {{'lir.program' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
}) : () -> ()

// -----

// Generic form: the required arena_size is missing
// expected-error @+1 {{'lir.program' op requires attribute 'arena_size'}}
"lir.program"() <{sym_name = "p"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: the required symbol name is missing
// expected-error @+1 {{'lir.program' op requires attribute 'sym_name'}}
"lir.program"() <{arena_size = 64 : i64}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: arena_size is an i32, not an i64
// expected-error @+1 {{'lir.program' op attribute 'arena_size' failed to satisfy constraint: 64-bit signless integer attribute}}
"lir.program"() <{arena_size = 64 : i32, sym_name = "p"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: arena_size is a string
// expected-error @+1 {{Invalid attribute `arena_size` in property conversion: "big"}}
"lir.program"() <{arena_size = "big", sym_name = "p"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: alignment is a float
// expected-error @+1 {{Invalid attribute `alignment` in property conversion: 6.400000e+01 : f32}}
"lir.program"() <{alignment = 64.0 : f32, arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.io
//===----------------------------------------------------------------------===//

// lir.io C1: a dynamic shape
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op the slot type must be a static memref with the default layout and memory space, got 'memref<?xf32>'}}
  lir.io input "x" at 0 : memref<?xf32>
  lir.schedule {
  }
}

// -----

// lir.io C1: a strided layout
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op the slot type must be a static memref with the default layout and memory space, got 'memref<4xf32, strided<[2]>>'}}
  lir.io input "x" at 0 : memref<4xf32, strided<[2]>>
  lir.schedule {
  }
}

// -----

// lir.io C1: a memory space
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op the slot type must be a static memref with the default layout and memory space, got 'memref<4xf32, 1>'}}
  lir.io input "x" at 0 : memref<4xf32, 1>
  lir.schedule {
  }
}

// -----

// lir.io C1: rank 17, over the limit of 16
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op type 'memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>' has rank 17, more than the limit of 16}}
  lir.io input "x" at 0 : memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  lir.schedule {
  }
}

// -----

// lir.io C1: an element count that overflows int64
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op type 'memref<4294967296x4294967296xf32>' has an element count that overflows int64}}
  lir.io param "w" at 0 : memref<4294967296x4294967296xf32>
  lir.schedule {
  }
}

// -----

// lir.io C1: a byte size that overflows int64
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op type 'memref<2305843009213693952xf32>' has a byte size that overflows int64}}
  lir.io param "w" at 0 : memref<2305843009213693952xf32>
  lir.schedule {
  }
}

// -----

// lir.io C2: a negative offset
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op offset -64 must be >= 0 and a multiple of the alignment 64}}
  lir.io input "x" at -64 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// lir.io C2: an offset that is not a multiple of the program's alignment
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op offset 32 must be >= 0 and a multiple of the alignment 64}}
  lir.io output "y" at 32 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// lir.io C3: slot past the end of the arena
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op bytes [64, 192) lie outside the arena of 128 bytes}}
  lir.io input "x" at 64 : memref<32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C3: offset + size overflows int64 (offset near INT64_MAX)
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op bytes [9223372036854775744, overflow) lie outside the arena of 128 bytes}}
  lir.io input "x" at 9223372036854775744 : memref<32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C4: an empty name
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op name must not be empty}}
  lir.io param "" at 0 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// HasParent: lir.io outside a lir.program
// expected-error @+1 {{'lir.io' op expects parent op 'lir.program'}}
lir.io input "x" at 0 : memref<4xf32>

// -----

// ODS: a memref of i16, not an rlx dtype
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op attribute 'type' failed to satisfy constraint: type attribute of memref of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values}}
  lir.io input "x" at 0 : memref<4xi16>
  lir.schedule {
  }
}

// -----

// ODS: a tensor where a memref is required
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{'lir.io' op attribute 'type' failed to satisfy constraint: type attribute of memref of}}
  lir.io input "x" at 0 : tensor<4xf32>
  lir.schedule {
  }
}

// -----

// Parse: a kind that is not input, param or output
lir.program @p arena_size = 128 alignment = 64 {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [input, param, output, constant]}}
  lir.io inout "x" at 0 : memref<4xf32>
  lir.schedule {
  }
}

// -----

// Generic form: a kind value outside the enum
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{Invalid attribute `kind` in property conversion: 7 : i32}}
  "lir.io"() <{kind = 7 : i32, name = "x", offset = 0 : i64, type = memref<4xf32>}> : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form, inherent attributes in the attribute dictionary: a kind
// value outside the enum
"lir.program"() ({
  // expected-error @+1 {{'lir.io' op attribute 'kind' failed to satisfy constraint: role of an arena slot in the manifest}}
  "lir.io"() {kind = 7 : i32, name = "x", offset = 0 : i64, type = memref<4xf32>} : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) {arena_size = 64 : i64, sym_name = "p"} : () -> ()

// -----

// Generic form: the required name is missing
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.io' op requires attribute 'name'}}
  "lir.io"() <{kind = 0 : i32, offset = 0 : i64, type = memref<4xf32>}> : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.kernel
//===----------------------------------------------------------------------===//

// lir.kernel C4: an empty workgroup size
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op workgroup_size must have 1 to 3 entries, each >= 1, whose product fits in 32 bits}}
  lir.kernel @k grid = [1] workgroup_size = [] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C4: a zero entry
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op workgroup_size must have 1 to 3 entries}}
  lir.kernel @k grid = [1] workgroup_size = [64, 0] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C4: more invocations than 32 bits count
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op workgroup_size must have 1 to 3 entries}}
  lir.kernel @k grid = [1] workgroup_size = [65536, 65536, 2] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C1: an empty grid
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op grid must have 1 to 3 entries, each >= 1}}
  lir.kernel @k grid = [] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C1: a 4-D grid
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op grid must have 1 to 3 entries, each >= 1}}
  lir.kernel @k grid = [1, 1, 1, 1] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C1: a zero grid entry
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op grid must have 1 to 3 entries, each >= 1}}
  lir.kernel @k grid = [4, 0] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C1: a negative grid entry
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op grid must have 1 to 3 entries, each >= 1}}
  lir.kernel @k grid = [2, 2, -1] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a non-memref argument
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op argument 0 must be a memref, got 'f32'}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: f32):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a dynamic-shape memref argument
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op argument 1 must be a static memref with the default layout and memory space, got 'memref<?xf32>'}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>, %b: memref<?xf32>):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a strided-layout memref argument
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op argument 0 must be a static memref with the default layout and memory space, got 'memref<4xf32, strided<[2]>>'}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32, strided<[2]>>):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a memref argument in another memory space
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op argument 0 must be a static memref with the default layout and memory space, got 'memref<4xf32, 1>'}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32, 1>):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a memref argument of rank 17
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op type 'memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>' has rank 17, more than the limit of 16}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C2: a memref argument whose element count overflows int64
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op type 'memref<4294967296x4294967296xf32>' has an element count that overflows int64}}
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4294967296x4294967296xf32>):
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.kernel C3: the body ends with another terminator
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{'lir.kernel' op body must end with lir.return}}
  lir.kernel @k grid = [1] {
    "test.terminator"() : () -> ()
  }
  lir.schedule {
  }
}

// -----

// Structure: a kernel body without a terminator
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
    // expected-error @+1 {{block with no terminator}}
    %c = arith.constant 0 : index
  }
  lir.schedule {
  }
}

// -----

// HasParent: lir.kernel outside a lir.program
// expected-error @+1 {{'lir.kernel' op expects parent op 'lir.program'}}
lir.kernel @k grid = [1] {
  lir.return
}

// -----

// SymbolTable: two kernels named @k in one program
lir.program @p arena_size = 64 alignment = 64 {
  // expected-note @+1 {{see existing symbol definition here}}
  lir.kernel @k grid = [1] {
    lir.return
  }
  // expected-error @+1 {{redefinition of symbol named 'k'}}
  lir.kernel @k grid = [2] {
    lir.return
  }
  lir.schedule {
  }
}

// -----

// IsolatedFromAbove: a kernel body uses a value defined outside it
lir.program @p arena_size = 64 alignment = 64 {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{required by region isolation constraints}}
  lir.kernel @k grid = [1] {
    // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
    %i = arith.addi %c0, %c0 : index
    lir.return
  }
  lir.schedule {
  }
}

// -----

// Generic form: the required grid is missing
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.kernel' op requires attribute 'grid'}}
  "lir.kernel"() <{sym_name = "k"}> ({
    "lir.return"() : () -> ()
  }) : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: grid is an array attribute, not a dense i64 array
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{Invalid attribute `grid` in property conversion: [1]}}
  "lir.kernel"() <{grid = [1], sym_name = "k"}> ({
    "lir.return"() : () -> ()
  }) : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: a kernel region without a block
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.kernel' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "lir.kernel"() <{grid = array<i64: 1>, sym_name = "k"}> ({
  }) : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.workgroup_id
//===----------------------------------------------------------------------===//

// lir.workgroup_id C1: outside a kernel
func.func @not_in_kernel() -> index {
  // expected-error @+1 {{'lir.workgroup_id' op must be inside a lir.kernel}}
  %i = lir.workgroup_id 0
  return %i : index
}

// -----

// lir.workgroup_id C2: dim equal to the grid rank
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [4, 4] {
    // expected-error @+1 {{'lir.workgroup_id' op dim 2 is outside the kernel's grid of rank 2}}
    %i = lir.workgroup_id 2
    lir.return
  }
  lir.schedule {
  }
}

// -----

// lir.workgroup_id C2: a negative dim
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [4] {
    // expected-error @+1 {{'lir.workgroup_id' op dim -1 is outside the kernel's grid of rank 1}}
    %i = lir.workgroup_id -1
    lir.return
  }
  lir.schedule {
  }
}

// -----

// ODS: the result is an i32, not an index
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.kernel"() <{grid = array<i64: 2>, sym_name = "k"}> ({
    // expected-error @+1 {{'lir.workgroup_id' op result #0 must be index, but got 'i32'}}
    %i = "lir.workgroup_id"() <{dim = 0 : i64}> : () -> i32
    "lir.return"() : () -> ()
  }) : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.return
//===----------------------------------------------------------------------===//

// lir.return C1: outside a kernel
func.func @not_in_kernel() {
  // expected-error @+1 {{'lir.return' op expects parent op 'lir.kernel'}}
  lir.return
}

// -----

// lir.return C1: in a schedule
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.return' op expects parent op 'lir.kernel'}}
    lir.return
  }
}

// -----

// lir.return C1: not the last op of the kernel body
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
    // expected-error @+1 {{'lir.return' op must be the last operation in the parent block}}
    lir.return
    lir.return
  }
  lir.schedule {
  }
}

// -----

// Generic form: lir.return with an operand
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.kernel"() <{grid = array<i64: 1>, sym_name = "k"}> ({
  ^bb0(%a: memref<4xf32>):
    // expected-error @+1 {{'lir.return' op requires zero operands}}
    "lir.return"(%a) : (memref<4xf32>) -> ()
  }) : () -> ()
  "lir.schedule"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.schedule
//===----------------------------------------------------------------------===//

// lir.schedule C1: a foreign op in the schedule
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'arith.constant' op is not allowed in a lir.schedule; it holds lir.view and lir.dispatch}}
    %c = arith.constant 0 : index
  }
}

// -----

// HasParent: lir.schedule outside a lir.program
// expected-error @+1 {{'lir.schedule' op expects parent op 'lir.program'}}
lir.schedule {
}

// -----

// Generic form: a schedule with two blocks
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.schedule' op expects region #0 to have 0 or 1 blocks}}
  "lir.schedule"() ({
  ^bb0:
  ^bb1:
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: a schedule block with an argument
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.schedule' op region should have no arguments}}
  "lir.schedule"() ({
  ^bb0(%a: index):
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: a schedule region without a block
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  // expected-error @+1 {{'lir.schedule' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "lir.schedule"() ({
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.view
//===----------------------------------------------------------------------===//

// lir.view C1: a dynamic shape
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op the view type must be a static memref with the default layout and memory space, got 'memref<?xf32>'}}
    %v = lir.view at 0 : memref<?xf32>
  }
}

// -----

// lir.view C1: a strided layout
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op the view type must be a static memref with the default layout and memory space, got 'memref<4xf32, strided<[2]>>'}}
    %v = lir.view at 0 : memref<4xf32, strided<[2]>>
  }
}

// -----

// lir.view C1: a memory space
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op the view type must be a static memref with the default layout and memory space, got 'memref<4xf32, 1>'}}
    %v = lir.view at 0 : memref<4xf32, 1>
  }
}

// -----

// lir.view C2: a negative offset
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op offset -4 must be >= 0 and a multiple of the element size 4}}
    %v = lir.view at -4 : memref<4xf32>
  }
}

// -----

// lir.view C2: an offset that is not a multiple of the element size
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op offset 2 must be >= 0 and a multiple of the element size 4}}
    %v = lir.view at 2 : memref<4xf32>
  }
}

// -----

// lir.view C3: a view past the end of the arena
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op bytes [56, 72) lie outside the arena of 64 bytes}}
    %v = lir.view at 56 : memref<4xf32>
  }
}

// -----

// lir.view C3: offset + size overflows int64 (offset near INT64_MAX)
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op bytes [9223372036854775800, overflow) lie outside the arena of 64 bytes}}
    %v = lir.view at 9223372036854775800 : memref<4xf32>
  }
}

// -----

// BoundedShapes: an element count that overflows int64
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op type 'memref<4294967296x4294967296xf32>' has an element count that overflows int64}}
    %v = lir.view at 0 : memref<4294967296x4294967296xf32>
  }
}

// -----

// BoundedShapes: a byte size that overflows int64
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op type 'memref<2305843009213693952xf32>' has a byte size that overflows int64}}
    %v = lir.view at 0 : memref<2305843009213693952xf32>
  }
}

// -----

// BoundedShapes: rank 17, over the limit of 16
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op type 'memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>' has rank 17, more than the limit of 16}}
    %v = lir.view at 0 : memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  }
}

// -----

// HasParent: lir.view in a kernel body
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
    // expected-error @+1 {{'lir.view' op expects parent op 'lir.schedule'}}
    %v = lir.view at 0 : memref<4xf32>
    lir.return
  }
  lir.schedule {
  }
}

// -----

// HasParent: lir.view outside a lir.program
func.func @outside() {
  // expected-error @+1 {{'lir.view' op expects parent op 'lir.schedule'}}
  %v = lir.view at 0 : memref<4xf32>
  return
}

// -----

// ODS: a memref of i16, not an rlx dtype
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{'lir.view' op result #0 must be memref of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'memref<4xi16>'}}
    %v = lir.view at 0 : memref<4xi16>
  }
}

// -----

// Parse: a tensor where the custom form expects a memref
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    // expected-error @+1 {{custom op 'lir.view' invalid kind of type specified}}
    %v = lir.view at 0 : tensor<4xf32>
  }
}

// -----

// ODS: a tensor where a memref is required (generic form)
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
    // expected-error @+1 {{'lir.view' op result #0 must be memref of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'tensor<4xf32>'}}
    %v = "lir.view"() <{offset = 0 : i64}> : () -> tensor<4xf32>
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: the required offset is missing
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
    // expected-error @+1 {{'lir.view' op requires attribute 'offset'}}
    %v = "lir.view"() : () -> memref<4xf32>
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: two results
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
    // expected-error @+1 {{'lir.view' op requires one result}}
    %v:2 = "lir.view"() <{offset = 0 : i64}> : () -> (memref<4xf32>, memref<4xf32>)
  }) : () -> ()
}) : () -> ()

// -----

//===----------------------------------------------------------------------===//
// lir.dispatch
//===----------------------------------------------------------------------===//

// lir.dispatch C1: no symbol of that name
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    // expected-error @+1 {{'lir.dispatch' op 'nope' is not a lir.kernel of this program}}
    lir.dispatch @nope(%v) : memref<4xf32>
  }
}

// -----

// lir.dispatch C1: a kernel of another program
lir.program @q arena_size = 64 alignment = 64 {
  lir.kernel @other grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
  }
}
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    // expected-error @+1 {{'lir.dispatch' op 'other' is not a lir.kernel of this program}}
    lir.dispatch @other(%v) : memref<4xf32>
  }
}

// -----

// lir.dispatch C1: a symbol that is not a kernel (the program itself)
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    // expected-error @+1 {{'lir.dispatch' op 'p' is not a lir.kernel of this program}}
    lir.dispatch @p(%v) : memref<4xf32>
  }
}

// -----

// lir.dispatch C2: more views than the kernel takes
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    // expected-error @+1 {{'lir.dispatch' op passes 2 views but kernel 'k' takes 1}}
    lir.dispatch @k(%v, %v) : memref<4xf32>, memref<4xf32>
  }
}

// -----

// lir.dispatch C2: fewer views than the kernel takes
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    // expected-error @+1 {{'lir.dispatch' op passes 0 views but kernel 'k' takes 1}}
    lir.dispatch @k()
  }
}

// -----

// lir.dispatch C2: a view whose shape differs from the kernel's argument
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    %w = lir.view at 16 : memref<2x2xf32>
    // expected-error @+1 {{'lir.dispatch' op view 1 has type 'memref<2x2xf32>' but kernel 'k' expects 'memref<4xf32>'}}
    lir.dispatch @k(%v, %w) : memref<4xf32>, memref<2x2xf32>
  }
}

// -----

// lir.dispatch C2: a view whose dtype differs from the kernel's argument
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %v = lir.view at 0 : memref<4xi32>
    // expected-error @+1 {{'lir.dispatch' op view 0 has type 'memref<4xi32>' but kernel 'k' expects 'memref<4xf32>'}}
    lir.dispatch @k(%v) : memref<4xi32>
  }
}

// -----

// HasParent: lir.dispatch outside a lir.schedule
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
  }
}
func.func @outside(%v: memref<4xf32>) {
  // expected-error @+1 {{'lir.dispatch' op expects parent op 'lir.schedule'}}
  lir.dispatch @k(%v) : memref<4xf32>
  return
}

// -----

// ODS: a tensor operand where a memref is required
lir.program @p arena_size = 64 alignment = 64 {
  lir.kernel @k grid = [1] {
  ^bb0(%a: memref<4xf32>):
    lir.return
  }
  lir.schedule {
    %t = tensor.empty() : tensor<4xf32>
    // expected-error @+1 {{'lir.dispatch' op operand #0 must be variadic of memref of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 32-bit signless integer or 64-bit signless integer or 1-bit signless integer values, but got 'tensor<4xf32>'}}
    lir.dispatch @k(%t) : tensor<4xf32>
  }
}

// -----

// Parse: a nested symbol reference where a flat one is required
lir.program @p arena_size = 64 alignment = 64 {
  lir.schedule {
    %v = lir.view at 0 : memref<4xf32>
    // expected-error @+1 {{custom op 'lir.dispatch' invalid kind of attribute specified}}
    lir.dispatch @p::@k(%v) : memref<4xf32>
  }
}

// -----

// Generic form: the required kernel is missing
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
    // expected-error @+1 {{'lir.dispatch' op requires attribute 'kernel'}}
    "lir.dispatch"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: kernel is a string, not a symbol reference
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.schedule"() ({
    // expected-error @+1 {{Invalid attribute `kernel` in property conversion: "k"}}
    "lir.dispatch"() <{kernel = "k"}> : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Generic form: a region on an op that has none
"lir.program"() <{arena_size = 64 : i64, sym_name = "p"}> ({
  "lir.kernel"() <{grid = array<i64: 1>, sym_name = "k"}> ({
    "lir.return"() : () -> ()
  }) : () -> ()
  "lir.schedule"() ({
    // expected-error @+1 {{'lir.dispatch' op requires zero regions}}
    "lir.dispatch"() <{kernel = @k}> ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// lir.io C5: a constant slot without a value
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{a constant slot needs a value}}
  lir.io constant "c" at 0 : memref<2xf32>
  lir.schedule {
  }
}

// -----

// lir.io C5: a value on a non-constant slot
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{only constant slots take a value}}
  lir.io param "c" at 0 : memref<2xf32> = dense<1.0> : tensor<2xf32>
  lir.schedule {
  }
}

// -----

// lir.io C5: a value whose type differs from the slot's
lir.program @p arena_size = 64 alignment = 64 {
  // expected-error @+1 {{value of type 'tensor<3xf32>' does not match the slot type 'memref<2xf32>'}}
  lir.io constant "c" at 0 : memref<2xf32> = dense<1.0> : tensor<3xf32>
  lir.schedule {
  }
}

// -----

// lir.io C6: panels on an input
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 16: only params are stored in panels}}
  lir.io input "w" at 0 panels 16 : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C7: given on an input
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{given 'f32' for a slot of 'memref<4x32xbf16>': only params are converted when set}}
  lir.io input "x" at 0 given f32 : memref<4x32xbf16>
  lir.schedule {
  }
}

// -----

// lir.io C7: given in a type other than f32
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{given 'f16' for a slot of 'memref<4x32xbf16>': a param is converted only from f32 to f16 or bf16}}
  lir.io param "w" at 0 given f16 : memref<4x32xbf16>
  lir.schedule {
  }
}

// -----

// lir.io C7: stored in a type other than f16 / bf16
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{given 'f32' for a slot of 'memref<4x32xf64>': a param is converted only from f32 to f16 or bf16}}
  lir.io param "w" at 0 given f32 : memref<4x32xf64>
  lir.schedule {
  }
}

// -----

// lir.io C7: given in the stored type
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{given 'f32' for a slot of 'memref<4x32xf32>': the values are given in the stored type; drop `given`}}
  lir.io param "w" at 0 given f32 : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C6: panels on a vector
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 16: only f32 and bf16 matrices (rank 2) are stored in panels}}
  lir.io param "w" at 0 panels 16 : memref<32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C6: panels on f16
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 16: only f32 and bf16 matrices (rank 2) are stored in panels}}
  lir.io param "w" at 0 panels 16 : memref<4x32xf16>
  lir.schedule {
  }
}

// -----

// lir.io C6: bf16 pair panels need an even row count
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 16: a bf16 matrix in panels (pairs of rows) needs an even row count}}
  lir.io param "w" at 0 panels 16 given f32 : memref<5x32xbf16>
  lir.schedule {
  }
}

// -----

// lir.io C6: columns not a multiple of the panel width
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 64: the column count must be a multiple of the panel width}}
  lir.io param "w" at 0 panels 64 : memref<4x96xf32>
  lir.schedule {
  }
}

// -----

// lir.io C6: a panel width out of range
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{panels 0: panel width must be in [1, 1024]}}
  lir.io param "w" at 0 panels 0 : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C8: state on an input
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op `state` is on a param stored as given (no `panels`, no `given`, no `permuted`)}}
  lir.io input "k_cache" at 0 state : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C8: state on an output
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op `state` is on a param stored as given (no `panels`, no `given`, no `permuted`)}}
  lir.io output "k_cache" at 0 state : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C8: state on a param stored in panels
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op `state` is on a param stored as given (no `panels`, no `given`, no `permuted`)}}
  lir.io param "k_cache" at 0 panels 16 state : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C8: state on a param given in f32
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op `state` is on a param stored as given (no `panels`, no `given`, no `permuted`)}}
  lir.io param "k_cache" at 0 given f32 state : memref<4x32xbf16>
  lir.schedule {
  }
}

// -----

// lir.io C8: state on a permuted param
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op `state` is on a param stored as given (no `panels`, no `given`, no `permuted`)}}
  lir.io param "k_cache" at 0 permuted [1, 0] state : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: permuted on an input
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [1, 0] for a slot of 'memref<4x32xf32>': only params (not state) are stored permuted}}
  lir.io input "x" at 0 permuted [1, 0] : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: permuted on an output
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [1, 0] for a slot of 'memref<4x32xf32>': only params (not state) are stored permuted}}
  lir.io output "y" at 0 permuted [1, 0] : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: the identity permutation
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [0, 1] for a slot of 'memref<4x32xf32>': the identity permutation stores nothing differently}}
  lir.io param "w" at 0 permuted [0, 1] : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: not one entry per dim
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [1, 0, 2] for a slot of 'memref<4x32xf32>': the permutation does not have one entry per dim}}
  lir.io param "w" at 0 permuted [1, 0, 2] : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: a repeated entry
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [1, 1] for a slot of 'memref<4x32xf32>': a permutation entry repeats}}
  lir.io param "w" at 0 permuted [1, 1] : memref<4x32xf32>
  lir.schedule {
  }
}

// -----

// lir.io C9: an entry out of range
lir.program @p arena_size = 4096 alignment = 64 {
  // expected-error @+1 {{'lir.io' op permuted [2, 0] for a slot of 'memref<4x32xf32>': a permutation entry is out of range}}
  lir.io param "w" at 0 permuted [2, 0] : memref<4x32xf32>
  lir.schedule {
  }
}
