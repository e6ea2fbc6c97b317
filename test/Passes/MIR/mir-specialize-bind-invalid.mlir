// Errors in the `bind` option. It is one per run, so each case is its own
// RUN line (not a -verify-diagnostics split); each checks that its error is
// the only one. Entries are parsed by the option's parser
// (passes/MIR/SymbolBinding.h, shared with the pipelines and rlx-run), so a
// malformed one stops the run before any pass does anything.
//
// An entry without '=', without a symbol, without a size, or empty.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch"}))' 2>&1 | FileCheck %s --check-prefix=NO-EQ
// NO-EQ: bind entry 'batch' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="seq=8, =4"}))' 2>&1 | FileCheck %s --check-prefix=NO-SYMBOL
// NO-SYMBOL: bind entry ' =4' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch= ,seq=8"}))' 2>&1 | FileCheck %s --check-prefix=NO-SIZE
// NO-SIZE: bind entry 'batch= ' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,"}))' 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: bind entry '' is malformed; expected symbol=size
//
// A size that is not an integer, or does not fit in 64 bits.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=1.5"}))' 2>&1 | FileCheck %s --check-prefix=NOT-INT
// NOT-INT: bind entry 'seq=1.5': size '1.5' is not a 64-bit integer
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=99999999999999999999"}))' 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// TOO-BIG: bind entry 'batch=99999999999999999999': size '99999999999999999999' is not a 64-bit integer
//
// Sizes must be positive.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch = 0, seq=8"}))' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: bind entry 'batch = 0': size must be positive
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=-2"}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: bind entry 'seq=-2': size must be positive
//
// A symbol bound twice, even to the same size: an error on the function
// (the option has no location of its own).
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,batch=4"}))' 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// TWICE: mir-specialize-bind-invalid.mlir:[[# @LINE + 6]]:1: error: bind entry 'batch=4': symbol 'batch' is bound twice
//
// No binding at all while the function has symbols: the unbound-symbol error.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize))' 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=error:
// NONE: error: symbol 'batch' (argument 0 dim 0) is not bound: bind it with --bind batch=<size> (rlx-run), bind=batch=<size> (the pipelines' option) or CompileOptions::dims; bindings: none
// NONE: error: symbol 'seq' (argument 0 dim 1) is not bound: bind it with --bind seq=<size> (rlx-run), bind=seq=<size> (the pipelines' option) or CompileOptions::dims; bindings: none
func.func @f(%x: tensor<?x?xf32> {mir.dims = ["batch", "seq"]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
