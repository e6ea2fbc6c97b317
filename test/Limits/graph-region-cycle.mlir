// A use-def cycle is only possible in a graph region (a module's body);
// there, folding and canonicalization chased it forever. rlx's ops that use
// values must be in a region with dominance, so the verifier refuses the
// input (its first such op) before any pass runs, through every driver.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics
// RUN: not rlx-opt %s -split-input-file --canonicalize 2>&1 | FileCheck %s
// RUN: not rlx-opt %s -split-input-file -rlx-lir-to-llvm 2>&1 | FileCheck %s
// RUN: not rlx-run %s 2>&1 | FileCheck %s

// CHECK: error: 'mir.unary' op uses values, so it must be in a region with dominance (a function body), not in the graph region of 'builtin.module'

// expected-error @+1 {{'mir.unary' op uses values, so it must be in a region with dominance (a function body), not in the graph region of 'builtin.module'}}
%a = mir.unary neg %b : tensor<4xf32>
%b = mir.unary neg %a : tensor<4xf32>

// -----

// expected-error @+1 {{'hir.activation' op uses values}}
%x = hir.activation relu %y : tensor<4xf32>
%y = hir.activation relu %x : tensor<4xf32>

// -----

// Ops without operands (a parameter, a constant) name nothing and may be
// anywhere the IR puts them.
%p = mir.param "w" : tensor<4xf32>
