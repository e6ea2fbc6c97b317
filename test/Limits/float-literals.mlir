// A decimal literal beyond its type's largest finite value would parse as
// infinity without a word; it is refused before parsing, naming the literal
// and the type. Hex bit patterns say exactly what they mean and are kept.
// RUN: %python -c "print('func.func @f() -> tensor<2xf32> {\n  %%c = mir.constant dense<[1.0, -1.0e40]> : tensor<2xf32>\n  return %%c : tensor<2xf32>\n}')" > %t.f32.mlir
// RUN: not rlx-opt %t.f32.mlir 2>&1 | FileCheck %s --check-prefix=F32
// RUN: %python -c "print('func.func @f() -> tensor<2xf16> {\n  %%c = mir.constant dense<7.0e4> : tensor<2xf16>\n  return %%c : tensor<2xf16>\n}')" > %t.f16.mlir
// RUN: not rlx-opt %t.f16.mlir 2>&1 | FileCheck %s --check-prefix=F16
// RUN: rlx-opt %s | FileCheck %s --check-prefix=OK

// F32: error: the literal 1.0e40 in a dense<> of f32 is beyond f32's largest finite value at line 2, column 34; rlx refuses it before parsing instead of letting it become infinity without a word
// F16: error: the literal 7.0e4 in a dense<> of f16 is beyond f16's largest finite value

// Within range, f64 and hex bit patterns (infinity on purpose) parse.
// OK-LABEL: func.func @in_range
// OK: dense<[3.000000e+38, 6.550400e+04]> : tensor<2xf32>
// OK: dense<1.000000e+300> : tensor<2xf64>
// OK: dense<0x7F800000> : tensor<2xf32>
func.func @in_range() -> (tensor<2xf32>, tensor<2xf64>, tensor<2xf32>) {
  %a = mir.constant dense<[3.0e38, 65504.0]> : tensor<2xf32>
  %b = mir.constant dense<1.0e300> : tensor<2xf64>
  %c = mir.constant dense<0x7F800000> : tensor<2xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<2xf64>, tensor<2xf32>
}
