// Every mir-mixed-precision diagnostic: each part runs with its own options.
// RUN: split-file %s %t
// RUN: not rlx-opt %t/unknown-policy.mlir -mir-mixed-precision=policy=fast 2>&1 | FileCheck %t/unknown-policy.mlir
// RUN: rlx-opt %t/custom-without-policy.mlir -mir-mixed-precision=custom=mir.matmul=f16 -verify-diagnostics
// RUN: rlx-opt %t/malformed-entry.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul' -verify-diagnostics
// RUN: rlx-opt %t/empty-entry.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul=f16,,mir.softmax=f32' -verify-diagnostics
// RUN: rlx-opt %t/two-equals.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul=f16=f32' -verify-diagnostics
// RUN: rlx-opt %t/unknown-op.mlir '-mir-mixed-precision=policy=custom custom=mir.frobnicate=f16' -verify-diagnostics
// RUN: rlx-opt %t/op-without-compute-type.mlir '-mir-mixed-precision=policy=custom custom=mir.cast=f16' -verify-diagnostics
// RUN: rlx-opt %t/unknown-type.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul=f8' -verify-diagnostics
// RUN: rlx-opt %t/integer-type.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul=i32' -verify-diagnostics
// RUN: rlx-opt %t/listed-twice.mlir '-mir-mixed-precision=policy=custom custom=mir.matmul=f16,mir.matmul=f32' -verify-diagnostics

//--- unknown-policy.mlir
// A policy name the option's parser does not know (the one table of policy
// names, passes/Common/PolicyOptions.h): an option error before any pass.
// CHECK: Cannot find option named 'fast'!
func.func @unknown_policy(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- custom-without-policy.mlir
// A custom map with the default policy would be silently ignored.
// expected-error @+1 {{mir-mixed-precision: the custom map needs policy=custom}}
func.func @custom_without_policy(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- malformed-entry.mlir
// An entry without '=type'.
// expected-error @+1 {{mir-mixed-precision: malformed custom entry 'mir.matmul' (expected op=type, e.g. mir.matmul=f16)}}
func.func @malformed_entry(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- empty-entry.mlir
// An empty entry between two commas.
// expected-error @+1 {{mir-mixed-precision: malformed custom entry ''}}
func.func @empty_entry(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- two-equals.mlir
// An entry with two types.
// expected-error @+1 {{mir-mixed-precision: malformed custom entry 'mir.matmul=f16=f32'}}
func.func @two_equals(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- unknown-op.mlir
// An op name MIR does not have.
// expected-error @+1 {{mir-mixed-precision: custom entry 'mir.frobnicate=f16': 'mir.frobnicate' is not a MIR op whose precision this pass sets}}
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- op-without-compute-type.mlir
// mir.cast keeps its declared output type, so it cannot be listed.
// expected-error @+1 {{mir-mixed-precision: custom entry 'mir.cast=f16': 'mir.cast' is not a MIR op whose precision this pass sets}}
func.func @op_without_compute_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- unknown-type.mlir
// A type outside f16, bf16, f32 and f64.
// expected-error @+1 {{mir-mixed-precision: custom entry 'mir.matmul=f8': unknown type 'f8' (expected f16, bf16, f32 or f64)}}
func.func @unknown_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- integer-type.mlir
// An integer type is not a precision.
// expected-error @+1 {{mir-mixed-precision: custom entry 'mir.matmul=i32': unknown type 'i32'}}
func.func @integer_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- listed-twice.mlir
// The same op with two types.
// expected-error @+1 {{mir-mixed-precision: custom entry 'mir.matmul=f32': 'mir.matmul' is listed more than once}}
func.func @listed_twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
