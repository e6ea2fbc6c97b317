// Nesting beyond the limit is refused before parsing, with the line and
// column, instead of overflowing MLIR's recursive parser; nesting under the
// limit parses.
// RUN: %python %S/Inputs/nest.py 10000 > %t.deep.mlir
// RUN: not rlx-opt %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python %S/Inputs/nest.py 100 > %t.ok.mlir
// RUN: rlx-opt %t.ok.mlir | FileCheck %s --check-prefix=OK

// DEEP: error: input nests deeper than 256 levels of {, (, [ and < (aliases count as deep as their definitions) at line 257, column 20; rlx refuses it before parsing to avoid a stack overflow or a runaway parse
// OK-LABEL: func.func @deep
// OK-COUNT-100: scf.execute_region
