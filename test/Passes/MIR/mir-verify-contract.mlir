// mir-verify-contract: the whole-function part of the MIR contract. Valid
// models pass unchanged; each violation is one error.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -mir-verify-contract | FileCheck %s
// With static-shapes, a dynamic input and every dynamic op result are errors
// too (the dynamic model below passes without it).
// RUN: not rlx-opt %s -split-input-file -mir-verify-contract=static-shapes=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC

// A named model with params passes unchanged.
func.func @model(%x: tensor<4x8xf32> {mir.name = "x"}, %y: tensor<4x8xf32> {mir.name = "y"}) -> (tensor<4x8xf32> {mir.name = "out"}) {
  %w = mir.param "w" : tensor<8x8xf32>
  %m = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = mir.binary add %m, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @model(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32> {mir.name = "x"}, %[[Y:[^:]+]]: tensor<4x8xf32> {mir.name = "y"}) -> (tensor<4x8xf32> {mir.name = "out"})
// CHECK-NEXT: %[[W:.+]] = mir.param "w" : tensor<8x8xf32>
// CHECK-NEXT: %[[M:.+]] = mir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[M]], %[[Y]] :
// CHECK-NEXT: return %[[S]] : tensor<4x8xf32>
// STATIC-NOT: error:

// -----

// Dynamic dims are fine without static-shapes; declarations are skipped.
func.func private @decl(tensor<?xf32>)
func.func @dynamic(%x: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %y = mir.unary relu %x : tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}
// CHECK-LABEL: func.func private @decl(tensor<?xf32>)
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x8xf32> {mir.dims = ["batch", 8]}) -> tensor<?x8xf32>
// CHECK-NEXT: %[[Y:.+]] = mir.unary relu %[[X]] : tensor<?x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<?x8xf32>
// STATIC: error: input 0 has the dynamic type 'tensor<?x8xf32>'; specialize symbolic dims first
// STATIC: error: result type 'tensor<?x8xf32>' is dynamic; specialize symbolic dims first

// -----

// Static shapes: a static input but a dynamic op result (an unknown reshape).
func.func @dynamic_result(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = mir.reshape %x : tensor<4x8xf32> to tensor<?xf32>
  %y = mir.reshape %r : tensor<?xf32> to tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @dynamic_result(
// STATIC-NOT: error: input
// STATIC: error: result type 'tensor<?xf32>' is dynamic; specialize symbolic dims first
// STATIC-NEXT: %r = mir.reshape

// -----

// A model without outputs.
// expected-error @+1 {{MIR model @no_outputs has no outputs}}
func.func @no_outputs(%x: tensor<4xf32>) {
  return
}
// STATIC: error: MIR model @no_outputs has no outputs

// -----

// Two inputs with one name.
// expected-error @+1 {{input name 'x' is used by inputs 0 and 2}}
func.func @duplicate_input(%a: tensor<4xf32> {mir.name = "x"}, %b: tensor<4xf32> {mir.name = "b"}, %c: tensor<4xf32> {mir.name = "x"}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// Two outputs with one name.
// expected-error @+1 {{output name 'y' is used by outputs 0 and 1}}
func.func @duplicate_output(%a: tensor<4xf32>) -> (tensor<4xf32> {mir.name = "y"}, tensor<4xf32> {mir.name = "y"}) {
  return %a, %a : tensor<4xf32>, tensor<4xf32>
}

// -----

// Every violation of one function is reported.
// expected-error @+2 {{MIR model @all_at_once has no outputs}}
// expected-error @+1 {{input name 'x' is used by inputs 0 and 1}}
func.func @all_at_once(%a: tensor<4xf32> {mir.name = "x"}, %b: tensor<4xf32> {mir.name = "x"}) {
  // expected-error @+1 {{'arith.constant' is not allowed in MIR (allowed dialects: func, mir)}}
  %c = arith.constant 0 : i32
  return
}

// -----

// An HIR op in MIR.
func.func @hir_op(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hir.binary' is not allowed in MIR (allowed dialects: func, mir)}}
  %s = hir.binary add %x, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// An op other than func.func at the top of the module.
// expected-error @+1 {{'mir.param' is not allowed at the top of a MIR module (only func.func)}}
mir.param "w" : tensor<4xf32>

// -----

// One param name with two types in different blocks of one function (the
// op verifier only compares params within one block).
func.func @param_two_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = mir.param "w" : tensor<4xf32>
  return %a : tensor<4xf32>
^unreachable:
  // expected-error @+1 {{parameter 'w' is declared as both 'tensor<4xf32>' and 'tensor<8xf32>'}}
  %b = mir.param "w" : tensor<8xf32>
  return %x : tensor<4xf32>
}

// -----

// Within one block the op verifier rejects the second declaration already.
func.func @param_two_types_one_block() -> tensor<4xf32> {
  %a = mir.param "w" : tensor<4xf32>
  // expected-error @+1 {{'mir.param' op parameter 'w' was declared as 'tensor<4xf32>' earlier in the block}}
  %b = mir.param "w" : tensor<8xf32>
  return %a : tensor<4xf32>
}

// -----

// One param name with one type, twice: fine.
func.func @param_same_type() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = mir.param "w" : tensor<4xf32>
  %b = mir.param "w" : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
// CHECK-LABEL: func.func @param_same_type(
// CHECK-NEXT: %[[A:.+]] = mir.param "w" : tensor<4xf32>
// CHECK-NEXT: %[[B:.+]] = mir.param "w" : tensor<4xf32>
// CHECK-NEXT: return %[[A]], %[[B]] :
