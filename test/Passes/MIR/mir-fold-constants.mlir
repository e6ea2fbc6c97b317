// mir-fold-constants: each op family on dense constants (data movement
// included: reshape, transpose, broadcast, slice, concat, gather),
// broadcasting, splats, and the cases that must stay: undefined values,
// non-constants, dynamic shapes, scalars, results over max-elements.
// RUN: rlx-opt %s -split-input-file -mir-fold-constants | FileCheck %s
// RUN: rlx-opt %s -split-input-file -mir-fold-constants=max-elements=4 | FileCheck %s --check-prefix=LIMIT

// Exact float unary kinds on f32; round is half to even.
func.func @unary_exact() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<6xf32>) {
  %c = mir.constant dense<[-2.5, -0.0, 1.5, 4.0]> : tensor<4xf32>
  %neg = mir.unary neg %c : tensor<4xf32>
  %abs = mir.unary abs %c : tensor<4xf32>
  %relu = mir.unary relu %c : tensor<4xf32>
  %sqrt = mir.unary sqrt %abs : tensor<4xf32>
  %r = mir.constant dense<[0.5, 1.5, 2.5, -0.5, -1.5, 2.4]> : tensor<6xf32>
  %round = mir.unary round %r : tensor<6xf32>
  return %neg, %abs, %relu, %sqrt, %round : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<6xf32>
}

// CHECK-LABEL: func.func @unary_exact()
// CHECK-NEXT: %[[NEG:.+]] = mir.constant dense<[2.500000e+00, 0.000000e+00, -1.500000e+00, -4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[ABS:.+]] = mir.constant dense<[2.500000e+00, 0.000000e+00, 1.500000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[RELU:.+]] = mir.constant dense<[0.000000e+00, 0.000000e+00, 1.500000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[SQRT:.+]] = mir.constant dense<[1.58113885, 0.000000e+00, 1.22474492, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[ROUND:.+]] = mir.constant dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -0.000000e+00, -2.000000e+00, 2.000000e+00]> : tensor<6xf32>
// CHECK-NEXT: return %[[NEG]], %[[ABS]], %[[RELU]], %[[SQRT]], %[[ROUND]]

// -----

// Transcendental unary kinds on f32 against python3 math in double.
func.func @unary_transcendental() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %c = mir.constant dense<[-1.0, 0.5, 2.0]> : tensor<3xf32>
  %p = mir.constant dense<[0.25, 0.5, 2.0]> : tensor<3xf32>
  %gelu = mir.unary gelu %c : tensor<3xf32>
  %gelu_tanh = mir.unary gelu_tanh %c : tensor<3xf32>
  %silu = mir.unary silu %c : tensor<3xf32>
  %sigmoid = mir.unary sigmoid %c : tensor<3xf32>
  %tanh = mir.unary tanh %c : tensor<3xf32>
  %exp = mir.unary exp %c : tensor<3xf32>
  %log = mir.unary log %p : tensor<3xf32>
  %rsqrt = mir.unary rsqrt %p : tensor<3xf32>
  %sin = mir.unary sin %c : tensor<3xf32>
  %cos = mir.unary cos %c : tensor<3xf32>
  %tan = mir.unary tan %c : tensor<3xf32>
  %atan = mir.unary atan %c : tensor<3xf32>
  return %gelu, %gelu_tanh, %silu, %sigmoid, %tanh, %exp, %log, %rsqrt, %sin, %cos, %tan, %atan : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// Expected: python3 math in double, rounded to f32. Every value is at least
// 4.5e6 double ulps from an f32 rounding boundary, so any libm within that
// tolerance prints these exact f32 values.
// CHECK-LABEL: func.func @unary_transcendental()
// CHECK-NOT: mir.unary
// CHECK: %[[GELU:.+]] = mir.constant dense<[-0.158655256, 0.345731229, 1.95449972]>
// CHECK-NEXT: %[[GELUT:.+]] = mir.constant dense<[-0.158808008, 3.457140e-01, 1.95459771]>
// CHECK-NEXT: %[[SILU:.+]] = mir.constant dense<[-0.268941432, 0.311229676, 1.76159418]>
// CHECK-NEXT: %[[SIGM:.+]] = mir.constant dense<[0.268941432, 0.622459352, 0.880797088]>
// CHECK-NEXT: %[[TANH:.+]] = mir.constant dense<[-0.761594176, 0.462117165, 0.964027583]>
// CHECK-NEXT: %[[EXP:.+]] = mir.constant dense<[0.36787945, 1.64872122, 7.3890562]>
// CHECK-NEXT: %[[LOG:.+]] = mir.constant dense<[-1.38629436, -0.693147182, 0.693147182]>
// CHECK-NEXT: %[[RSQRT:.+]] = mir.constant dense<[2.000000e+00, 1.41421354, 0.707106769]>
// CHECK-NEXT: %[[SIN:.+]] = mir.constant dense<[-0.841470957, 0.47942555, 0.909297406]>
// CHECK-NEXT: %[[COS:.+]] = mir.constant dense<[0.540302277, 0.87758255, -0.416146845]>
// CHECK-NEXT: %[[TAN:.+]] = mir.constant dense<[-1.55740774, 0.546302497, -2.18503976]>
// CHECK-NEXT: %[[ATAN:.+]] = mir.constant dense<[-0.785398185, 0.463647604, 1.10714877]>
// CHECK-NEXT: return %[[GELU]], %[[GELUT]], %[[SILU]], %[[SIGM]], %[[TANH]], %[[EXP]], %[[LOG]], %[[RSQRT]], %[[SIN]], %[[COS]], %[[TAN]], %[[ATAN]]

// -----

// f16 results are rounded to f16, bf16 to bf16.
func.func @unary_half() -> (tensor<3xf16>, tensor<3xbf16>) {
  %h = mir.constant dense<[1.0, -1.0, 0.5]> : tensor<3xf16>
  %b = mir.constant dense<[1.0, -1.0, 0.5]> : tensor<3xbf16>
  %eh = mir.unary exp %h : tensor<3xf16>
  %eb = mir.unary exp %b : tensor<3xbf16>
  return %eh, %eb : tensor<3xf16>, tensor<3xbf16>
}

// exp(1), exp(-1), exp(0.5) rounded to f16 (2.71875, 0.36792, 1.6484375)
// and to bf16 (2.71875, 0.3671875, 1.6484375).
// CHECK-LABEL: func.func @unary_half()
// CHECK-NEXT: %[[H:.+]] = mir.constant dense<[2.718750e+00, 3.679200e-01, 1.648440e+00]> : tensor<3xf16>
// CHECK-NEXT: %[[B:.+]] = mir.constant dense<[2.718750e+00, 3.671880e-01, 1.648440e+00]> : tensor<3xbf16>
// CHECK-NEXT: return %[[H]], %[[B]]

// -----

// Integer neg, abs, relu wrap at the element width.
func.func @unary_int() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %c = mir.constant dense<[-128, -5, 0, 7]> : tensor<4xi8>
  %neg = mir.unary neg %c : tensor<4xi8>
  %abs = mir.unary abs %c : tensor<4xi8>
  %relu = mir.unary relu %c : tensor<4xi8>
  return %neg, %abs, %relu : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// CHECK-LABEL: func.func @unary_int()
// CHECK-NEXT: %[[NEG:.+]] = mir.constant dense<[-128, 5, 0, -7]> : tensor<4xi8>
// CHECK-NEXT: %[[ABS:.+]] = mir.constant dense<[-128, 5, 0, 7]> : tensor<4xi8>
// CHECK-NEXT: %[[RELU:.+]] = mir.constant dense<[0, 0, 0, 7]> : tensor<4xi8>
// CHECK-NEXT: return %[[NEG]], %[[ABS]], %[[RELU]]

// -----

// Every float binary kind, the rhs broadcast along dim 0.
func.func @binary_float_broadcast() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = mir.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = mir.constant dense<[0.5, 2.0, -4.0]> : tensor<3xf32>
  %add = mir.binary add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %sub = mir.binary sub %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %mul = mir.binary mul %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %div = mir.binary div %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %max = mir.binary max %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %min = mir.binary min %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %pow = mir.binary pow %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %add, %sub, %mul, %div, %max, %min, %pow : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @binary_float_broadcast()
// CHECK-NEXT: %[[ADD:.+]] = mir.constant dense<{{\[}}[1.500000e+00, 4.000000e+00, -1.000000e+00], [4.500000e+00, 7.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[SUB:.+]] = mir.constant dense<{{\[}}[5.000000e-01, 0.000000e+00, 7.000000e+00], [3.500000e+00, 3.000000e+00, 1.000000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[MUL:.+]] = mir.constant dense<{{\[}}[5.000000e-01, 4.000000e+00, -1.200000e+01], [2.000000e+00, 1.000000e+01, -2.400000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[DIV:.+]] = mir.constant dense<{{\[}}[2.000000e+00, 1.000000e+00, -7.500000e-01], [8.000000e+00, 2.500000e+00, -1.500000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[MAX:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[MIN:.+]] = mir.constant dense<{{\[}}[5.000000e-01, 2.000000e+00, -4.000000e+00], [5.000000e-01, 2.000000e+00, -4.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: %[[POW:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 4.000000e+00, 0.0123456791], [2.000000e+00, 2.500000e+01, 7.71604944E-4]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[MAX]], %[[MIN]], %[[POW]]

// -----

// Both operands broadcast: [2x1] op [3] gives [2x3]; f32 rounding of 0.1 + 0.2.
func.func @binary_both_broadcast() -> tensor<2x3xf32> {
  %a = mir.constant dense<[[0.1], [1.0]]> : tensor<2x1xf32>
  %b = mir.constant dense<[0.2, 10.0, 100.0]> : tensor<3xf32>
  %add = mir.binary add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %add : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @binary_both_broadcast()
// CHECK-NEXT: %[[ADD:.+]] = mir.constant dense<{{\[}}[3.000000e-01, 1.010000e+01, 1.001000e+02], [1.200000e+00, 1.100000e+01, 1.010000e+02]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[ADD]]

// -----

// Integer binary kinds: wrapping add, truncating div, signed max/min.
func.func @binary_int() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>) {
  %a = mir.constant dense<[127, -7, 7]> : tensor<3xi8>
  %b = mir.constant dense<[1, 2, -2]> : tensor<3xi8>
  %add = mir.binary add %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %sub = mir.binary sub %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %mul = mir.binary mul %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %div = mir.binary div %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %max = mir.binary max %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  %min = mir.binary min %a, %b : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  return %add, %sub, %mul, %div, %max, %min : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<3xi8>
}

// CHECK-LABEL: func.func @binary_int()
// CHECK-NEXT: %[[ADD:.+]] = mir.constant dense<[-128, -5, 5]> : tensor<3xi8>
// CHECK-NEXT: %[[SUB:.+]] = mir.constant dense<[126, -9, 9]> : tensor<3xi8>
// CHECK-NEXT: %[[MUL:.+]] = mir.constant dense<[127, -14, -14]> : tensor<3xi8>
// CHECK-NEXT: %[[DIV:.+]] = mir.constant dense<[127, -3, -3]> : tensor<3xi8>
// CHECK-NEXT: %[[MAX:.+]] = mir.constant dense<[127, 2, 7]> : tensor<3xi8>
// CHECK-NEXT: %[[MIN:.+]] = mir.constant dense<[1, -7, -2]> : tensor<3xi8>
// CHECK-NEXT: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[MAX]], %[[MIN]]

// -----

// Integer division by zero, and INT_MIN / -1, are not folded.
func.func @int_div_undefined() -> (tensor<2xi32>, tensor<i32>) {
  %a = mir.constant dense<[6, 7]> : tensor<2xi32>
  %z = mir.constant dense<[3, 0]> : tensor<2xi32>
  %div = mir.binary div %a, %z : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %m = mir.constant dense<-2147483648> : tensor<i32>
  %n = mir.constant dense<-1> : tensor<i32>
  %ovf = mir.binary div %m, %n : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %div, %ovf : tensor<2xi32>, tensor<i32>
}

// CHECK-LABEL: func.func @int_div_undefined()
// CHECK-NEXT: %[[A:.+]] = mir.constant dense<[6, 7]> : tensor<2xi32>
// CHECK-NEXT: %[[Z:.+]] = mir.constant dense<[3, 0]> : tensor<2xi32>
// CHECK-NEXT: %[[DIV:.+]] = mir.binary div %[[A]], %[[Z]] : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT: %[[M:.+]] = mir.constant dense<-2147483648> : tensor<i32>
// CHECK-NEXT: %[[N:.+]] = mir.constant dense<-1> : tensor<i32>
// CHECK-NEXT: %[[OVF:.+]] = mir.binary div %[[M]], %[[N]] : (tensor<i32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT: return %[[DIV]], %[[OVF]]

// -----

// Float division by zero is IEEE: it folds to inf.
func.func @float_div_zero() -> tensor<2xf32> {
  %a = mir.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %z = mir.constant dense<0.0> : tensor<2xf32>
  %div = mir.binary div %a, %z : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %div : tensor<2xf32>
}

// CHECK-LABEL: func.func @float_div_zero()
// CHECK-NEXT: %[[DIV:.+]] = mir.constant dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
// CHECK-NEXT: return %[[DIV]]

// -----

// Compare on floats (NaN is unordered) and on ints, with broadcasting.
func.func @compare() -> (tensor<3xi1>, tensor<3xi1>, tensor<2x2xi1>) {
  %a = mir.constant dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>
  %b = mir.constant dense<[1.0, 2.0, 2.0]> : tensor<3xf32>
  %le = mir.compare le %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %ne = mir.compare ne %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %i = mir.constant dense<[[-1], [2]]> : tensor<2x1xi32>
  %j = mir.constant dense<[0, 2]> : tensor<2xi32>
  %gt = mir.compare ge %i, %j : (tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2xi1>
  return %le, %ne, %gt : tensor<3xi1>, tensor<3xi1>, tensor<2x2xi1>
}

// CHECK-LABEL: func.func @compare()
// CHECK-NEXT: %[[LE:.+]] = mir.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-NEXT: %[[NE:.+]] = mir.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NEXT: %[[GE:.+]] = mir.constant dense<{{\[}}[false, false], [true, true]]> : tensor<2x2xi1>
// CHECK-NEXT: return %[[LE]], %[[NE]], %[[GE]]

// -----

// Select with a broadcast condition and a splat choice.
func.func @select() -> tensor<2x3xf32> {
  %c = mir.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %a = mir.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = mir.constant dense<-1.0> : tensor<2x3xf32>
  %s = mir.select %c, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @select()
// CHECK-NEXT: %[[S:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [-1.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[S]]

// -----

// Casts: f32->f16 rounds, f32->i32 truncates, i32->f32 rounds, i32->i8 wraps, i1 is 0/1, to i1 is != 0.
func.func @cast() -> (tensor<3xf16>, tensor<3xi32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi32>, tensor<2xf32>, tensor<4xi1>, tensor<3xi1>, tensor<2xi64>) {
  %f = mir.constant dense<[1.0e-01, 65520.0, -2.7]> : tensor<3xf32>
  %h = mir.cast %f : tensor<3xf32> to tensor<3xf16>
  %t = mir.constant dense<[2.7, -2.7, 0.0]> : tensor<3xf32>
  %i = mir.cast %t : tensor<3xf32> to tensor<3xi32>
  %big = mir.constant dense<[16777217, -3]> : tensor<2xi32>
  %bf = mir.cast %big : tensor<2xi32> to tensor<2xf32>
  %w = mir.constant dense<[300, -129]> : tensor<2xi32>
  %n = mir.cast %w : tensor<2xi32> to tensor<2xi8>
  %b = mir.constant dense<[true, false]> : tensor<2xi1>
  %bi = mir.cast %b : tensor<2xi1> to tensor<2xi32>
  %bff = mir.cast %b : tensor<2xi1> to tensor<2xf32>
  %z = mir.constant dense<[0.0, -0.0, 0.5, 0x7FC00000]> : tensor<4xf32>
  %zb = mir.cast %z : tensor<4xf32> to tensor<4xi1>
  %k = mir.constant dense<[0, 2, -1]> : tensor<3xi32>
  %kb = mir.cast %k : tensor<3xi32> to tensor<3xi1>
  %s = mir.constant dense<[-5, 5]> : tensor<2xi8>
  %se = mir.cast %s : tensor<2xi8> to tensor<2xi64>
  return %h, %i, %bf, %n, %bi, %bff, %zb, %kb, %se : tensor<3xf16>, tensor<3xi32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi32>, tensor<2xf32>, tensor<4xi1>, tensor<3xi1>, tensor<2xi64>
}

// f16(0.1) = 0.0999755859375, 65520 rounds to f16 inf, 16777217 to 2^24.
// CHECK-LABEL: func.func @cast()
// CHECK-NEXT: %[[H:.+]] = mir.constant dense<[9.997550e-02, 0x7C00, -2.699220e+00]> : tensor<3xf16>
// CHECK-NEXT: %[[I:.+]] = mir.constant dense<[2, -2, 0]> : tensor<3xi32>
// CHECK-NEXT: %[[BF:.+]] = mir.constant dense<[0x4B800000, -3.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[N:.+]] = mir.constant dense<[44, 127]> : tensor<2xi8>
// CHECK-NEXT: %[[BI:.+]] = mir.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-NEXT: %[[BFF:.+]] = mir.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[ZB:.+]] = mir.constant dense<[false, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: %[[KB:.+]] = mir.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NEXT: %[[SE:.+]] = mir.constant dense<[-5, 5]> : tensor<2xi64>
// CHECK-NEXT: return %[[H]], %[[I]], %[[BF]], %[[N]], %[[BI]], %[[BFF]], %[[ZB]], %[[KB]], %[[SE]]

// -----

// A float cast to int that is out of range or NaN is not folded.
func.func @cast_out_of_range() -> (tensor<2xi8>, tensor<i32>) {
  %f = mir.constant dense<[1.0, 300.0]> : tensor<2xf32>
  %n = mir.cast %f : tensor<2xf32> to tensor<2xi8>
  %nan = mir.constant dense<0x7FC00000> : tensor<f32>
  %i = mir.cast %nan : tensor<f32> to tensor<i32>
  return %n, %i : tensor<2xi8>, tensor<i32>
}

// CHECK-LABEL: func.func @cast_out_of_range()
// CHECK-NEXT: %[[F:.+]] = mir.constant dense<[1.000000e+00, 3.000000e+02]> : tensor<2xf32>
// CHECK-NEXT: %[[N:.+]] = mir.cast %[[F]] : tensor<2xf32> to tensor<2xi8>
// CHECK-NEXT: %[[NAN:.+]] = mir.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NEXT: %[[I:.+]] = mir.cast %[[NAN]] : tensor<f32> to tensor<i32>
// CHECK-NEXT: return %[[N]], %[[I]]

// -----

// Reshape keeps the row-major order.
func.func @reshape() -> tensor<3x2xi32> {
  %c = mir.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = mir.reshape %c : tensor<2x3xi32> to tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// CHECK-LABEL: func.func @reshape()
// CHECK-NEXT: %[[R:.+]] = mir.constant dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
// CHECK-NEXT: return %[[R]]

// -----

// Transpose of rank 3: result dim i is input dim permutation[i].
func.func @transpose() -> tensor<3x2x2xi32> {
  %c = mir.constant dense<[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]> : tensor<2x2x3xi32>
  %t = mir.transpose %c permutation = [2, 0, 1] : tensor<2x2x3xi32> -> tensor<3x2x2xi32>
  return %t : tensor<3x2x2xi32>
}

// CHECK-LABEL: func.func @transpose()
// CHECK-NEXT: %[[T:.+]] = mir.constant dense<{{\[\[}}[1, 4], [7, 10]], {{\[}}[2, 5], [8, 11]], {{\[}}[3, 6], [9, 12]]]> : tensor<3x2x2xi32>
// CHECK-NEXT: return %[[T]]

// -----

// Broadcast repeats size-1 and missing leading dims.
func.func @broadcast() -> tensor<2x2x3xf32> {
  %c = mir.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = mir.broadcast %c : tensor<2x1xf32> to tensor<2x2x3xf32>
  return %b : tensor<2x2x3xf32>
}

// CHECK-LABEL: func.func @broadcast()
// CHECK-NEXT: %[[B:.+]] = mir.constant dense<{{\[\[}}[1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]], {{\[}}[1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]]> : tensor<2x2x3xf32>
// CHECK-NEXT: return %[[B]]

// -----

// Slice with strides: rows 1 and 3, columns 0, 2 and 4 of an i32 table;
// rows 2 and 3, columns 1 and 4 of an f32 one.
func.func @slice() -> (tensor<2x3xi32>, tensor<2x2xf32>) {
  %c = mir.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %s = mir.slice %c offsets = [1, 0] sizes = [2, 3] strides = [2, 2] : tensor<4x5xi32> -> tensor<2x3xi32>
  %f = mir.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]]> : tensor<4x5xf32>
  %t = mir.slice %f offsets = [2, 1] sizes = [2, 2] strides = [1, 3] : tensor<4x5xf32> -> tensor<2x2xf32>
  return %s, %t : tensor<2x3xi32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @slice()
// CHECK-NOT: mir.slice
// CHECK-NEXT: %[[S:.+]] = mir.constant dense<{{\[}}[5, 7, 9], [15, 17, 19]]> : tensor<2x3xi32>
// CHECK-NEXT: %[[T:.+]] = mir.constant dense<{{\[}}[1.100000e+01, 1.400000e+01], [1.600000e+01, 1.900000e+01]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[S]], %[[T]]

// With max-elements=4 the 6-element slice stays, the 4-element one folds.
// LIMIT-LABEL: func.func @slice()
// LIMIT-NEXT: %[[C:.+]] = mir.constant dense<{{\[}}[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
// LIMIT-NEXT: %[[S:.+]] = mir.slice %[[C]] offsets = [1, 0] sizes = [2, 3] strides = [2, 2] : tensor<4x5xi32> -> tensor<2x3xi32>
// LIMIT-NEXT: %[[T:.+]] = mir.constant dense<{{\[}}[1.100000e+01, 1.400000e+01], [1.600000e+01, 1.900000e+01]]> : tensor<2x2xf32>
// LIMIT-NEXT: return %[[S]], %[[T]]

// -----

// Concat along axis 1 of three inputs, the middle one a splat.
func.func @concat() -> tensor<2x4xf32> {
  %a = mir.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = mir.constant dense<9.0> : tensor<2x1xf32>
  %c = mir.constant dense<[[-1.0], [-2.0]]> : tensor<2x1xf32>
  %r = mir.concat %a, %b, %c axis = 1 : (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @concat()
// CHECK-NOT: mir.concat
// CHECK-NEXT: %[[R:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 9.000000e+00, -1.000000e+00], [3.000000e+00, 4.000000e+00, 9.000000e+00, -2.000000e+00]]> : tensor<2x4xf32>
// CHECK-NEXT: return %[[R]]

// -----

// Gather along axis 0 with 2-D indices, -1 and 3 outside [0, 3) reading
// zeros; along axis 1 with i64 indices.
func.func @gather() -> (tensor<2x2x2xf32>, tensor<3x3xf32>) {
  %t = mir.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = mir.constant dense<[[2, -1], [3, 0]]> : tensor<2x2xi32>
  %g = mir.gather %t[%i] axis = 0 : (tensor<3x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  %j = mir.constant dense<[1, 1, 0]> : tensor<3xi64>
  %h = mir.gather %t[%j] axis = 1 : (tensor<3x2xf32>, tensor<3xi64>) -> tensor<3x3xf32>
  return %g, %h : tensor<2x2x2xf32>, tensor<3x3xf32>
}

// CHECK-LABEL: func.func @gather()
// CHECK-NOT: mir.gather
// CHECK-NEXT: %[[G:.+]] = mir.constant dense<{{\[\[}}[5.000000e+00, 6.000000e+00], [0.000000e+00, 0.000000e+00]], {{\[}}[0.000000e+00, 0.000000e+00], [1.000000e+00, 2.000000e+00]]]> : tensor<2x2x2xf32>
// CHECK-NEXT: %[[H:.+]] = mir.constant dense<{{\[}}[2.000000e+00, 2.000000e+00, 1.000000e+00], [4.000000e+00, 4.000000e+00, 3.000000e+00], [6.000000e+00, 6.000000e+00, 5.000000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT: return %[[G]], %[[H]]

// -----

// Gather from a splat table: an index outside the axis (7) still reads zero;
// splat indices inside it give a splat.
func.func @gather_splat() -> (tensor<4x2xf32>, tensor<2x3xf32>) {
  %t = mir.constant dense<2.5> : tensor<4x3xf32>
  %i = mir.constant dense<[1, 7]> : tensor<2xi64>
  %g = mir.gather %t[%i] axis = 1 : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  %z = mir.constant dense<0> : tensor<2xi32>
  %h = mir.gather %t[%z] axis = 0 : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %g, %h : tensor<4x2xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @gather_splat()
// CHECK-NOT: mir.gather
// CHECK-NEXT: %[[G:.+]] = mir.constant dense<{{\[}}[2.500000e+00, 0.000000e+00], [2.500000e+00, 0.000000e+00], [2.500000e+00, 0.000000e+00], [2.500000e+00, 0.000000e+00]]> : tensor<4x2xf32>
// CHECK-NEXT: %[[H:.+]] = mir.constant dense<2.500000e+00> : tensor<2x3xf32>
// CHECK-NEXT: return %[[G]], %[[H]]

// -----

// A gather of a constant table by non-constant indices is left alone.
func.func @gather_not_constant(%i: tensor<2xi32>) -> tensor<2x2xf32> {
  %t = mir.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %g = mir.gather %t[%i] axis = 0 : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %g : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @gather_not_constant(
// CHECK-SAME: %[[I:.+]]: tensor<2xi32>)
// CHECK-NEXT: %[[T:.+]] = mir.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT: %[[G:.+]] = mir.gather %[[T]][%[[I]]] axis = 0 : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
// CHECK-NEXT: return %[[G]]

// -----

// Splat operands give splat results.
func.func @splat() -> (tensor<4x4xf32>, tensor<2x3xf32>, tensor<3x2xi1>, tensor<6xf32>, tensor<8xf32>, tensor<4x4xi1>) {
  %a = mir.constant dense<3.0> : tensor<4x4xf32>
  %b = mir.constant dense<0.5> : tensor<4xf32>
  %mul = mir.binary mul %a, %b : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %s = mir.constant dense<2.0> : tensor<f32>
  %bc = mir.broadcast %s : tensor<f32> to tensor<2x3xf32>
  %t = mir.constant dense<true> : tensor<2x3xi1>
  %tt = mir.transpose %t permutation = [1, 0] : tensor<2x3xi1> -> tensor<3x2xi1>
  %r = mir.reshape %bc : tensor<2x3xf32> to tensor<6xf32>
  %e = mir.constant dense<1.0> : tensor<8xf32>
  %x = mir.unary exp %e : tensor<8xf32>
  %lt = mir.compare lt %b, %a : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4x4xi1>
  return %mul, %bc, %tt, %r, %x, %lt : tensor<4x4xf32>, tensor<2x3xf32>, tensor<3x2xi1>, tensor<6xf32>, tensor<8xf32>, tensor<4x4xi1>
}

// CHECK-LABEL: func.func @splat()
// CHECK-NEXT: %[[MUL:.+]] = mir.constant dense<1.500000e+00> : tensor<4x4xf32>
// CHECK-NEXT: %[[BC:.+]] = mir.constant dense<2.000000e+00> : tensor<2x3xf32>
// CHECK-NEXT: %[[TT:.+]] = mir.constant dense<true> : tensor<3x2xi1>
// CHECK-NEXT: %[[R:.+]] = mir.constant dense<2.000000e+00> : tensor<6xf32>
// CHECK-NEXT: %[[X:.+]] = mir.constant dense<2.71828175> : tensor<8xf32>
// CHECK-NEXT: %[[LT:.+]] = mir.constant dense<true> : tensor<4x4xi1>
// CHECK-NEXT: return %[[MUL]], %[[BC]], %[[TT]], %[[R]], %[[X]], %[[LT]]

// -----

// A chain folds in one run; only constants still read survive.
func.func @chain() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = mir.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %s = mir.unary sqrt %a : tensor<2xf32>
  %n = mir.unary neg %s : tensor<2xf32>
  %m = mir.binary mul %n, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %m, %a : tensor<2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @chain()
// CHECK-NEXT: %[[A:.+]] = mir.constant dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[M:.+]] = mir.constant dense<[-1.000000e+00, -8.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[M]], %[[A]]

// -----

// An op reading a non-constant is left alone.
func.func @not_constant(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %add = mir.binary add %x, %c : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %add : tensor<2xf32>
}

// CHECK-LABEL: func.func @not_constant(
// CHECK-SAME: %[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[ADD:.+]] = mir.binary add %[[X]], %[[C]]
// CHECK-NEXT: return %[[ADD]]

// -----

// A dynamic result shape is not folded.
func.func @dynamic_result() -> tensor<?xf32> {
  %c = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = mir.reshape %c : tensor<2xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @dynamic_result()
// CHECK-NEXT: %[[C:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[R:.+]] = mir.reshape %[[C]] : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT: return %[[R]]

// -----

// Scalar steps in an elementwise region are not tensors: left alone.
func.func @region_scalars(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = mir.elementwise %x : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%e: f32):
    %one = mir.constant 1.0 : f32
    %two = mir.binary add %one, %one : (f32, f32) -> f32
    %s = mir.binary mul %e, %two : (f32, f32) -> f32
    mir.yield %s : f32
  }
  return %y : tensor<4xf32>
}

// CHECK-LABEL: func.func @region_scalars(
// CHECK: %[[ONE:.+]] = mir.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[TWO:.+]] = mir.binary add %[[ONE]], %[[ONE]] : (f32, f32) -> f32
// CHECK-NEXT: mir.binary mul {{.*}}, %[[TWO]] : (f32, f32) -> f32

// -----

// max-elements: with max-elements=4 a 4-element result folds, a 6-element one does not.
func.func @max_elements() -> (tensor<4xf32>, tensor<6xf32>, tensor<6xf32>) {
  %a = mir.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %small = mir.unary neg %a : tensor<4xf32>
  %b = mir.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %big = mir.unary neg %b : tensor<6xf32>
  %s = mir.constant dense<1.0> : tensor<f32>
  %splat = mir.broadcast %s : tensor<f32> to tensor<6xf32>
  return %small, %big, %splat : tensor<4xf32>, tensor<6xf32>, tensor<6xf32>
}

// CHECK-LABEL: func.func @max_elements()
// CHECK-NEXT: %[[SMALL:.+]] = mir.constant dense<[-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[BIG:.+]] = mir.constant dense<[-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00, -5.000000e+00, -6.000000e+00]> : tensor<6xf32>
// CHECK-NEXT: %[[SPLAT:.+]] = mir.constant dense<1.000000e+00> : tensor<6xf32>
// CHECK-NEXT: return %[[SMALL]], %[[BIG]], %[[SPLAT]]

// The limit counts result elements, splat or not.
// LIMIT-LABEL: func.func @max_elements()
// LIMIT-NEXT: %[[SMALL:.+]] = mir.constant dense<[-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00]> : tensor<4xf32>
// LIMIT-NEXT: %[[B:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>
// LIMIT-NEXT: %[[BIG:.+]] = mir.unary neg %[[B]] : tensor<6xf32>
// LIMIT-NEXT: %[[S:.+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// LIMIT-NEXT: %[[SPLAT:.+]] = mir.broadcast %[[S]] : tensor<f32> to tensor<6xf32>
// LIMIT-NEXT: return %[[SMALL]], %[[BIG]], %[[SPLAT]]
