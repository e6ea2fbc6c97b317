// Errors in the `bind` option. It is one per run, so each case is its own
// RUN line (not a -verify-diagnostics split); each checks that its error is
// the only one.
//
// An entry without '=', without a symbol, without a size, or empty.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch"}))' 2>&1 | FileCheck %s --check-prefix=NO-EQ --implicit-check-not=error:
// NO-EQ: error: bind entry 'batch' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="seq=8, =4"}))' 2>&1 | FileCheck %s --check-prefix=NO-SYMBOL --implicit-check-not=error:
// NO-SYMBOL: error: bind entry '=4' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch= ,seq=8"}))' 2>&1 | FileCheck %s --check-prefix=NO-SIZE --implicit-check-not=error:
// NO-SIZE: error: bind entry 'batch=' is malformed; expected symbol=size
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,"}))' 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=error:
// EMPTY: error: bind entry '' is malformed; expected symbol=size
//
// A size that is not an integer, or does not fit in 64 bits.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=1.5"}))' 2>&1 | FileCheck %s --check-prefix=NOT-INT --implicit-check-not=error:
// NOT-INT: error: bind entry 'seq=1.5': size '1.5' is not a 64-bit integer
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=99999999999999999999"}))' 2>&1 | FileCheck %s --check-prefix=TOO-BIG --implicit-check-not=error:
// TOO-BIG: error: bind entry 'batch=99999999999999999999': size '99999999999999999999' is not a 64-bit integer
//
// Sizes must be positive.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch = 0, seq=8"}))' 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=error:
// ZERO: error: bind entry 'batch = 0': size must be positive
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=-2"}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=error:
// NEGATIVE: error: bind entry 'seq=-2': size must be positive
//
// A symbol bound twice, even to the same size.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch=4,seq=8,batch=4"}))' 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// TWICE: error: bind entry 'batch=4': symbol 'batch' is bound twice
//
// No binding at all while the function has symbols: the unbound-symbol error.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize))' 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=error:
// NONE: error: symbol 'batch' (argument 0 dim 0) is not bound; bindings: none
// NONE: error: symbol 'seq' (argument 0 dim 1) is not bound; bindings: none
//
// The errors are on the function, the option having no location of its own.
// RUN: not rlx-opt %s -pass-pipeline='builtin.module(func.func(mir-specialize{bind="batch"}))' 2>&1 | FileCheck %s --check-prefix=LOC
// LOC: mir-specialize-bind-invalid.mlir:[[# @LINE + 1]]:1: error: bind entry 'batch'
func.func @f(%x: tensor<?x?xf32> {mir.dims = ["batch", "seq"]}) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
