// hir-verify-contract: the whole-function part of the HIR contract. Valid
// models (HIR ops, MIR ops as the escape hatch) pass unchanged; each
// violation is one error.
// RUN: rlx-opt %s -split-input-file -verify-diagnostics -hir-verify-contract | FileCheck %s

// A named model with params, an HIR op and an MIR op passes unchanged.
func.func @model(%x: tensor<4x8xf32> {hir.name = "x"}, %y: tensor<4x8xf32> {hir.name = "y"}) -> (tensor<4x8xf32> {hir.name = "out"}) {
  %w = hir.param "w" : tensor<8x8xf32>
  %m = hir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %s = mir.binary add %m, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}
// CHECK-LABEL: func.func @model(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32> {hir.name = "x"}, %[[Y:[^:]+]]: tensor<4x8xf32> {hir.name = "y"}) -> (tensor<4x8xf32> {hir.name = "out"})
// CHECK-NEXT: %[[W:.+]] = hir.param "w" : tensor<8x8xf32>
// CHECK-NEXT: %[[M:.+]] = hir.matmul %[[X]], %[[W]] :
// CHECK-NEXT: %[[S:.+]] = mir.binary add %[[M]], %[[Y]] :
// CHECK-NEXT: return %[[S]] : tensor<4x8xf32>

// -----

// Dynamic dims are fine in HIR; declarations are skipped.
func.func private @decl(tensor<?xf32>)
func.func @dynamic(%x: tensor<?x8xf32> {hir.dims = ["batch", 8]}) -> tensor<?x8xf32> {
  %y = hir.softmax %x axis = -1 : tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}
// CHECK-LABEL: func.func private @decl(tensor<?xf32>)
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x8xf32> {hir.dims = ["batch", 8]}) -> tensor<?x8xf32>
// CHECK-NEXT: %[[Y:.+]] = hir.softmax %[[X]] axis = -1 : tensor<?x8xf32>
// CHECK-NEXT: return %[[Y]] : tensor<?x8xf32>

// -----

// A model without outputs.
// expected-error @+1 {{HIR model @no_outputs has no outputs}}
func.func @no_outputs(%x: tensor<4xf32>) {
  return
}

// -----

// Two inputs with one name.
// expected-error @+1 {{input name 'x' is used by inputs 0 and 1}}
func.func @duplicate_input(%a: tensor<4xf32> {hir.name = "x"}, %b: tensor<4xf32> {hir.name = "x"}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// Two outputs with one name.
// expected-error @+1 {{output name 'y' is used by outputs 1 and 2}}
func.func @duplicate_output(%a: tensor<4xf32>) -> (tensor<4xf32> {hir.name = "a"}, tensor<4xf32> {hir.name = "y"}, tensor<4xf32> {hir.name = "y"}) {
  return %a, %a, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An arith op in HIR.
func.func @arith_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'arith.constant' is not allowed in HIR (allowed dialects: func, hir, mir)}}
  %c = arith.constant 1.0 : f32
  return %x : tensor<4xf32>
}

// -----

// An op other than func.func at the top of the module.
// expected-error @+1 {{'hir.param' is not allowed at the top of a HIR module (only func.func)}}
hir.param "w" : tensor<4xf32>

// -----

// One param name with two types in different blocks of one function.
func.func @param_two_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = hir.param "w" : tensor<4xf32>
  return %a : tensor<4xf32>
^unreachable:
  // expected-error @+1 {{parameter 'w' is declared as both 'tensor<4xf32>' and 'tensor<8xf32>'}}
  %b = hir.param "w" : tensor<8xf32>
  return %x : tensor<4xf32>
}

// -----

// Params are per function: one name with two types in two functions is fine.
func.func @first() -> tensor<4xf32> {
  %a = hir.param "w" : tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func @second() -> tensor<8xf32> {
  %a = hir.param "w" : tensor<8xf32>
  return %a : tensor<8xf32>
}
// CHECK-LABEL: func.func @first(
// CHECK-NEXT: hir.param "w" : tensor<4xf32>
// CHECK-LABEL: func.func @second(
// CHECK-NEXT: hir.param "w" : tensor<8xf32>
