// Empty input is an empty module; non-MLIR text is a syntax error with a
// location.
// RUN: printf '' > %t.empty.mlir
// RUN: rlx-opt %t.empty.mlir | FileCheck %s --check-prefix=EMPTY
// RUN: printf 'hello world\n' > %t.garbage.mlir
// RUN: not rlx-opt %t.garbage.mlir 2>&1 | FileCheck %s --check-prefix=GARBAGE

// EMPTY: module {
// EMPTY-NEXT: }
// GARBAGE: garbage.mlir:1:1: error: custom op 'hello' is unknown
