// RUN: rlx-opt %s | rlx-opt | FileCheck %s
// RUN: rlx-opt %s --mlir-print-op-generic | rlx-opt | FileCheck %s

// Round trip of every mir op in every syntactic variant: optional operands
// and attributes present and absent, every enum kind, dynamic dims, the
// scalar forms inside a mir.elementwise body, and the mir.name / mir.dims
// function annotations.

// Tensor constants: float, integer, bool and splat.
// CHECK-LABEL: func.func @constant_tensor(
// CHECK-SAME:    ) -> (tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    %[[R2:.+]] = mir.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    %[[R3:.+]] = mir.constant dense<5.000000e-01> : tensor<4x8xbf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]], %[[R3]] : tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>
func.func @constant_tensor() -> (tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>) {
  %0 = mir.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = mir.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = mir.constant dense<[true, false, true]> : tensor<3xi1>
  %3 = mir.constant dense<0.5> : tensor<4x8xbf16>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<4x8xbf16>
}

// Rank-0 tensor constant with a discardable attribute.
// CHECK-LABEL: func.func @constant_rank0(
// CHECK-SAME:    ) -> tensor<i64> {
// CHECK-NEXT:    %[[R0:.+]] = mir.constant {note = "x"} dense<7> : tensor<i64>
// CHECK-NEXT:    return %[[R0]] : tensor<i64>
func.func @constant_rank0() -> tensor<i64> {
  %0 = mir.constant {note = "x"} dense<7> : tensor<i64>
  return %0 : tensor<i64>
}

// Parameters, one of them read twice under the same name and type.
// CHECK-LABEL: func.func @param(
// CHECK-SAME:    ) -> (tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.param "fc1.weight" : tensor<784x512xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.param "fc1.weight" : tensor<784x512xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.param "fc1.bias" : tensor<512xf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>
func.func @param() -> (tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>) {
  %0 = mir.param "fc1.weight" : tensor<784x512xf32>
  %1 = mir.param "fc1.weight" : tensor<784x512xf32>
  %2 = mir.param "fc1.bias" : tensor<512xf16>
  return %0, %1, %2 : tensor<784x512xf32>, tensor<784x512xf32>, tensor<512xf16>
}

// A param given in f32 and stored in bf16 (mir-mixed-precision's).
// CHECK-LABEL: func.func @param_given(
// CHECK-NEXT:    %[[R0:.+]] = mir.param "fc1.weight" given f32 : tensor<784x512xbf16>
// CHECK-NEXT:    return %[[R0]]
func.func @param_given() -> tensor<784x512xbf16> {
  %0 = mir.param "fc1.weight" given f32 : tensor<784x512xbf16>
  return %0 : tensor<784x512xbf16>
}

// Params given in another dim order and stored transposed
// (mir-fold-param-layouts'), alone, at rank 3, and with `given`.
// CHECK-LABEL: func.func @param_permuted(
// CHECK-NEXT:    %[[R0:.+]] = mir.param "fc.weight" permuted [1, 0] : tensor<1280x1000xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.param "qkv" permuted [2, 0, 1] : tensor<4x2x3xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.param "fc1.weight" given f32 permuted [1, 0] : tensor<512x784xbf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]]
func.func @param_permuted() -> (tensor<1280x1000xf32>, tensor<4x2x3xf32>, tensor<512x784xbf16>) {
  %0 = mir.param "fc.weight" permuted [1, 0] : tensor<1280x1000xf32>
  %1 = mir.param "qkv" permuted [2, 0, 1] : tensor<4x2x3xf32>
  %2 = mir.param "fc1.weight" given f32 permuted [1, 0] : tensor<512x784xbf16>
  return %0, %1, %2 : tensor<1280x1000xf32>, tensor<4x2x3xf32>, tensor<512x784xbf16>
}

// States written by cache writes: an i32 position of one element and an i64
// position of rank 0, several rows and one row, f32 and f16.
// CHECK-LABEL: func.func @state(
// CHECK-SAME:    %[[KN:[^:]+]]: tensor<1x2x4x16xf32>, %[[VN:[^:]+]]: tensor<1x1x4x16xf16>, %[[P:[^:]+]]: tensor<1xi32>, %[[P64:[^:]+]]: tensor<i64>) -> (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf16>) {
// CHECK-NEXT:    %[[KC:.+]] = mir.state "layers.0.k_cache" : tensor<1x8x4x16xf32>
// CHECK-NEXT:    %[[VC:.+]] = mir.state "layers.0.v_cache" : tensor<1x8x4x16xf16>
// CHECK-NEXT:    %[[K:.+]] = mir.cache_write %[[KC]], %[[KN]], %[[P]] axis = 1 : (tensor<1x8x4x16xf32>, tensor<1x2x4x16xf32>, tensor<1xi32>) -> tensor<1x8x4x16xf32>
// CHECK-NEXT:    %[[V:.+]] = mir.cache_write %[[VC]], %[[VN]], %[[P64]] axis = 1 : (tensor<1x8x4x16xf16>, tensor<1x1x4x16xf16>, tensor<i64>) -> tensor<1x8x4x16xf16>
// CHECK-NEXT:    return %[[K]], %[[V]] : tensor<1x8x4x16xf32>, tensor<1x8x4x16xf16>
func.func @state(%kn: tensor<1x2x4x16xf32>, %vn: tensor<1x1x4x16xf16>, %p: tensor<1xi32>, %p64: tensor<i64>) -> (tensor<1x8x4x16xf32>, tensor<1x8x4x16xf16>) {
  %kc = mir.state "layers.0.k_cache" : tensor<1x8x4x16xf32>
  %vc = mir.state "layers.0.v_cache" : tensor<1x8x4x16xf16>
  %k = mir.cache_write %kc, %kn, %p axis = 1 : (tensor<1x8x4x16xf32>, tensor<1x2x4x16xf32>, tensor<1xi32>) -> tensor<1x8x4x16xf32>
  %v = mir.cache_write %vc, %vn, %p64 axis = 1 : (tensor<1x8x4x16xf16>, tensor<1x1x4x16xf16>, tensor<i64>) -> tensor<1x8x4x16xf16>
  return %k, %v : tensor<1x8x4x16xf32>, tensor<1x8x4x16xf16>
}

// A state with no use (mir.state C2 allows it).
// CHECK-LABEL: func.func @state_unused(
// CHECK-NEXT:    mir.state "cache" : tensor<4xf32>
// CHECK-NEXT:    return
func.func @state_unused() {
  %c = mir.state "cache" : tensor<4xf32>
  return
}

// Every unary kind on a float tensor.
// CHECK-LABEL: func.func @unary_kinds(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT:    %[[R0:.+]] = mir.unary gelu %[[X]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.unary gelu_tanh %[[R0]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.unary silu %[[R1]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R3:.+]] = mir.unary relu %[[R2]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R4:.+]] = mir.unary sigmoid %[[R3]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R5:.+]] = mir.unary tanh %[[R4]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R6:.+]] = mir.unary exp %[[R5]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R7:.+]] = mir.unary log %[[R6]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R8:.+]] = mir.unary sqrt %[[R7]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R9:.+]] = mir.unary rsqrt %[[R8]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R10:.+]] = mir.unary neg %[[R9]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R11:.+]] = mir.unary abs %[[R10]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R12:.+]] = mir.unary sin %[[R11]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R13:.+]] = mir.unary cos %[[R12]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R14:.+]] = mir.unary tan %[[R13]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R15:.+]] = mir.unary atan %[[R14]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R16:.+]] = mir.unary round %[[R15]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R17:.+]] = mir.unary erf %[[R16]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R18:.+]] = mir.unary floor %[[R17]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[R19:.+]] = mir.unary ceil %[[R18]] : tensor<4x8xf32>
// CHECK-NEXT:    return %[[R19]] : tensor<4x8xf32>
func.func @unary_kinds(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = mir.unary gelu %x : tensor<4x8xf32>
  %1 = mir.unary gelu_tanh %0 : tensor<4x8xf32>
  %2 = mir.unary silu %1 : tensor<4x8xf32>
  %3 = mir.unary relu %2 : tensor<4x8xf32>
  %4 = mir.unary sigmoid %3 : tensor<4x8xf32>
  %5 = mir.unary tanh %4 : tensor<4x8xf32>
  %6 = mir.unary exp %5 : tensor<4x8xf32>
  %7 = mir.unary log %6 : tensor<4x8xf32>
  %8 = mir.unary sqrt %7 : tensor<4x8xf32>
  %9 = mir.unary rsqrt %8 : tensor<4x8xf32>
  %10 = mir.unary neg %9 : tensor<4x8xf32>
  %11 = mir.unary abs %10 : tensor<4x8xf32>
  %12 = mir.unary sin %11 : tensor<4x8xf32>
  %13 = mir.unary cos %12 : tensor<4x8xf32>
  %14 = mir.unary tan %13 : tensor<4x8xf32>
  %15 = mir.unary atan %14 : tensor<4x8xf32>
  %16 = mir.unary round %15 : tensor<4x8xf32>
  %17 = mir.unary erf %16 : tensor<4x8xf32>
  %18 = mir.unary floor %17 : tensor<4x8xf32>
  %19 = mir.unary ceil %18 : tensor<4x8xf32>
  return %19 : tensor<4x8xf32>
}

// The integer unary kinds (neg, abs, relu) on i8, i32 and i64.
// CHECK-LABEL: func.func @unary_int(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<4xi8>, %[[B:[^:]+]]: tensor<4xi32>, %[[C:[^:]+]]: tensor<4xi64>) -> (tensor<4xi8>, tensor<4xi32>, tensor<4xi64>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.unary neg %[[A]] : tensor<4xi8>
// CHECK-NEXT:    %[[R1:.+]] = mir.unary abs %[[B]] : tensor<4xi32>
// CHECK-NEXT:    %[[R2:.+]] = mir.unary relu %[[C]] : tensor<4xi64>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<4xi8>, tensor<4xi32>, tensor<4xi64>
func.func @unary_int(%a: tensor<4xi8>, %b: tensor<4xi32>, %c: tensor<4xi64>) -> (tensor<4xi8>, tensor<4xi32>, tensor<4xi64>) {
  %0 = mir.unary neg %a : tensor<4xi8>
  %1 = mir.unary abs %b : tensor<4xi32>
  %2 = mir.unary relu %c : tensor<4xi64>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi32>, tensor<4xi64>
}

// Unary on f16, bf16 and f64 tensors with dynamic dims.
// CHECK-LABEL: func.func @unary_dtypes(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<?x8xf16>, %[[B:[^:]+]]: tensor<?xbf16>, %[[C:[^:]+]]: tensor<2x?xf64>) -> (tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.unary exp %[[A]] : tensor<?x8xf16>
// CHECK-NEXT:    %[[R1:.+]] = mir.unary sigmoid %[[B]] : tensor<?xbf16>
// CHECK-NEXT:    %[[R2:.+]] = mir.unary sqrt %[[C]] : tensor<2x?xf64>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>
func.func @unary_dtypes(%a: tensor<?x8xf16>, %b: tensor<?xbf16>, %c: tensor<2x?xf64>) -> (tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>) {
  %0 = mir.unary exp %a : tensor<?x8xf16>
  %1 = mir.unary sigmoid %b : tensor<?xbf16>
  %2 = mir.unary sqrt %c : tensor<2x?xf64>
  return %0, %1, %2 : tensor<?x8xf16>, tensor<?xbf16>, tensor<2x?xf64>
}

// A declared result type need only be compatible with the inferred one: a
// `?` dim stands for the inferred size (and an inferred `?` for any size).
// CHECK-LABEL: func.func @compatible_result_types(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<?x8xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.binary add %[[X]], %[[X]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x?xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.binary add %[[Y]], %[[X]] : (tensor<?x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[W:.+]] = mir.param "w" : tensor<8x5xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.matmul %[[X]], %[[W]] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>
func.func @compatible_result_types(%x: tensor<4x8xf32>, %y: tensor<?x8xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>) {
  %0 = mir.binary add %x, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x?xf32>
  %1 = mir.binary add %y, %x : (tensor<?x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %w = mir.param "w" : tensor<8x5xf32>
  %2 = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<?x5xf32>
  return %0, %1, %2 : tensor<4x?xf32>, tensor<4x8xf32>, tensor<?x5xf32>
}

// Every binary kind, with equal shapes.
// CHECK-LABEL: func.func @binary_kinds(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    %[[R0:.+]] = mir.binary add %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.binary sub %[[R0]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.binary mul %[[R1]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R3:.+]] = mir.binary div %[[R2]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R4:.+]] = mir.binary max %[[R3]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R5:.+]] = mir.binary min %[[R4]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[R6:.+]] = mir.binary pow %[[R5]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %[[R6]] : tensor<4xf32>
func.func @binary_kinds(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = mir.binary add %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mir.binary sub %0, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = mir.binary mul %1, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = mir.binary div %2, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = mir.binary max %3, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = mir.binary min %4, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = mir.binary pow %5, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %6 : tensor<4xf32>
}

// Binary broadcasting: trailing vector, size-1 dims on both sides, rank 0.
// CHECK-LABEL: func.func @binary_broadcast(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[C:[^:]+]]: tensor<4x1xf32>, %[[D:[^:]+]]: tensor<1x8xf32>, %[[S:[^:]+]]: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.binary add %[[X]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.binary mul %[[C]], %[[D]] : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.binary sub %[[S]], %[[X]] : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
func.func @binary_broadcast(%x: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4x1xf32>, %d: tensor<1x8xf32>, %s: tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = mir.binary mul %c, %d : (tensor<4x1xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %2 = mir.binary sub %s, %x : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// Binary on integers and on dynamic dims (? against n gives n, ? against ? gives ?).
// CHECK-LABEL: func.func @binary_dynamic(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<?x8xi32>, %[[B:[^:]+]]: tensor<4x8xi32>, %[[C:[^:]+]]: tensor<?xi64>, %[[D:[^:]+]]: tensor<?xi64>) -> (tensor<4x8xi32>, tensor<?xi64>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.binary max %[[A]], %[[B]] : (tensor<?x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT:    %[[R1:.+]] = mir.binary add %[[C]], %[[D]] : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<4x8xi32>, tensor<?xi64>
func.func @binary_dynamic(%a: tensor<?x8xi32>, %b: tensor<4x8xi32>, %c: tensor<?xi64>, %d: tensor<?xi64>) -> (tensor<4x8xi32>, tensor<?xi64>) {
  %0 = mir.binary max %a, %b : (tensor<?x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi32>
  %1 = mir.binary add %c, %d : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  return %0, %1 : tensor<4x8xi32>, tensor<?xi64>
}

// Every compare kind, including a broadcast and an integer compare.
// CHECK-LABEL: func.func @compare_kinds(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>, %[[S:[^:]+]]: tensor<f32>, %[[I:[^:]+]]: tensor<2x4xi8>, %[[J:[^:]+]]: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.compare eq %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R1:.+]] = mir.compare ne %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R2:.+]] = mir.compare lt %[[X]], %[[S]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R3:.+]] = mir.compare le %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R4:.+]] = mir.compare gt %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R5:.+]] = mir.compare ge %[[X]], %[[Y]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[R6:.+]] = mir.compare eq %[[I]], %[[J]] : (tensor<2x4xi8>, tensor<4xi8>) -> tensor<2x4xi1>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]] : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>
func.func @compare_kinds(%x: tensor<4xf32>, %y: tensor<4xf32>, %s: tensor<f32>, %i: tensor<2x4xi8>, %j: tensor<4xi8>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>) {
  %0 = mir.compare eq %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = mir.compare ne %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = mir.compare lt %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %3 = mir.compare le %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = mir.compare gt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = mir.compare ge %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = mir.compare eq %i, %j : (tensor<2x4xi8>, tensor<4xi8>) -> tensor<2x4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>
}

// Select with a broadcast condition and a rank-0 choice; select of i1 values.
// CHECK-LABEL: func.func @select(
// CHECK-SAME:    %[[C:[^:]+]]: tensor<4xi1>, %[[A:[^:]+]]: tensor<2x4xf32>, %[[B:[^:]+]]: tensor<f32>, %[[P:[^:]+]]: tensor<4xi1>, %[[Q:[^:]+]]: tensor<4xi1>) -> (tensor<2x4xf32>, tensor<4xi1>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.select %[[C]], %[[A]], %[[B]] : (tensor<4xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.select %[[C]], %[[P]], %[[Q]] : (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<2x4xf32>, tensor<4xi1>
func.func @select(%c: tensor<4xi1>, %a: tensor<2x4xf32>, %b: tensor<f32>, %p: tensor<4xi1>, %q: tensor<4xi1>) -> (tensor<2x4xf32>, tensor<4xi1>) {
  %0 = mir.select %c, %a, %b : (tensor<4xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %1 = mir.select %c, %p, %q : (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0, %1 : tensor<2x4xf32>, tensor<4xi1>
}

// Casts between float, integer and bool dtypes, with a dynamic dim.
// CHECK-LABEL: func.func @cast(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<?x4xi32>) -> (tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-NEXT:    %[[R1:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xi64>
// CHECK-NEXT:    %[[R2:.+]] = mir.cast %[[I]] : tensor<?x4xi32> to tensor<?x4xi1>
// CHECK-NEXT:    %[[R3:.+]] = mir.cast %[[I]] : tensor<?x4xi32> to tensor<?x4xbf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]], %[[R3]] : tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>
func.func @cast(%x: tensor<4xf32>, %i: tensor<?x4xi32>) -> (tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>) {
  %0 = mir.cast %x : tensor<4xf32> to tensor<4xf16>
  %1 = mir.cast %x : tensor<4xf32> to tensor<4xi64>
  %2 = mir.cast %i : tensor<?x4xi32> to tensor<?x4xi1>
  %3 = mir.cast %i : tensor<?x4xi32> to tensor<?x4xbf16>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xi64>, tensor<?x4xi1>, tensor<?x4xbf16>
}

// Matmul: plain 2-D, broadcast batch dims, dynamic M and batch.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<64x32xf32>, %[[B:[^:]+]]: tensor<32x16xf32>, %[[C:[^:]+]]: tensor<8x64x32xf32>, %[[D:[^:]+]]: tensor<?x1x?x32xi32>, %[[E:[^:]+]]: tensor<3x32x16xi32>) -> (tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.matmul %[[A]], %[[B]] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.matmul %[[C]], %[[B]] : (tensor<8x64x32xf32>, tensor<32x16xf32>) -> tensor<8x64x16xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.matmul %[[D]], %[[E]] : (tensor<?x1x?x32xi32>, tensor<3x32x16xi32>) -> tensor<?x3x?x16xi32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>
func.func @matmul(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<8x64x32xf32>, %d: tensor<?x1x?x32xi32>, %e: tensor<3x32x16xi32>) -> (tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>) {
  %0 = mir.matmul %a, %b : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %1 = mir.matmul %c, %b : (tensor<8x64x32xf32>, tensor<32x16xf32>) -> tensor<8x64x16xf32>
  %2 = mir.matmul %d, %e : (tensor<?x1x?x32xi32>, tensor<3x32x16xi32>) -> tensor<?x3x?x16xi32>
  return %0, %1, %2 : tensor<64x16xf32>, tensor<8x64x16xf32>, tensor<?x3x?x16xi32>
}

// Every reduce kind, with and without keep_dim, negative and multiple axes.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[I:[^:]+]]: tensor<2x?x6xi32>) -> (tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.reduce sum %[[X]] axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.reduce mean %[[X]] axes = [0, 1] : tensor<4x8xf32> -> tensor<f32>
// CHECK-NEXT:    %[[R2:.+]] = mir.reduce max %[[X]] axes = [-2] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[R3:.+]] = mir.reduce min %[[I]] axes = [1] keep_dim : tensor<2x?x6xi32> -> tensor<2x1x6xi32>
// CHECK-NEXT:    %[[R4:.+]] = mir.reduce prod %[[I]] axes = [2, 0] : tensor<2x?x6xi32> -> tensor<?xi32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]] : tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>
func.func @reduce(%x: tensor<4x8xf32>, %i: tensor<2x?x6xi32>) -> (tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>) {
  %0 = mir.reduce sum %x axes = [1] keep_dim : tensor<4x8xf32> -> tensor<4x1xf32>
  %1 = mir.reduce mean %x axes = [0, 1] : tensor<4x8xf32> -> tensor<f32>
  %2 = mir.reduce max %x axes = [-2] : tensor<4x8xf32> -> tensor<8xf32>
  %3 = mir.reduce min %i axes = [1] keep_dim : tensor<2x?x6xi32> -> tensor<2x1x6xi32>
  %4 = mir.reduce prod %i axes = [2, 0] : tensor<2x?x6xi32> -> tensor<?xi32>
  return %0, %1, %2, %3, %4 : tensor<4x1xf32>, tensor<f32>, tensor<8xf32>, tensor<2x1x6xi32>, tensor<?xi32>
}

// Softmax along the last and the first axis.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<?x8xf16>) -> (tensor<4x8xf32>, tensor<?x8xf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.softmax %[[X]] axis = -1 : tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.softmax %[[Y]] axis = 0 : tensor<?x8xf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<4x8xf32>, tensor<?x8xf16>
func.func @softmax(%x: tensor<4x8xf32>, %y: tensor<?x8xf16>) -> (tensor<4x8xf32>, tensor<?x8xf16>) {
  %0 = mir.softmax %x axis = -1 : tensor<4x8xf32>
  %1 = mir.softmax %y axis = 0 : tensor<?x8xf16>
  return %0, %1 : tensor<4x8xf32>, tensor<?x8xf16>
}

// Layer norm with and without beta.
// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[B:[^:]+]]: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.layer_norm %[[X]], %[[G]], %[[B]] eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.layer_norm %[[X]], %[[G]] eps = 5.000000e-01 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<4x8xf32>, tensor<4x8xf32>
func.func @layer_norm(%x: tensor<4x8xf32>, %g: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = mir.layer_norm %x, %g, %b eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %1 = mir.layer_norm %x, %g eps = 5.000000e-01 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// RMS norm, with a dynamic last dim.
// CHECK-LABEL: func.func @rms_norm(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x?xbf16>, %[[G:[^:]+]]: tensor<?xbf16>) -> tensor<2x?xbf16> {
// CHECK-NEXT:    %[[R0:.+]] = mir.rms_norm %[[X]], %[[G]] eps = 9.99999997E-7 : (tensor<2x?xbf16>, tensor<?xbf16>) -> tensor<2x?xbf16>
// CHECK-NEXT:    return %[[R0]] : tensor<2x?xbf16>
func.func @rms_norm(%x: tensor<2x?xbf16>, %g: tensor<?xbf16>) -> tensor<2x?xbf16> {
  %0 = mir.rms_norm %x, %g eps = 1.000000e-06 : (tensor<2x?xbf16>, tensor<?xbf16>) -> tensor<2x?xbf16>
  return %0 : tensor<2x?xbf16>
}

// Cumsum on a float and an integer tensor.
// CHECK-LABEL: func.func @cumsum(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[I:[^:]+]]: tensor<5xi64>) -> (tensor<4x8xf32>, tensor<5xi64>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.cumsum %[[X]] axis = 1 : tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.cumsum %[[I]] axis = -1 : tensor<5xi64>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<4x8xf32>, tensor<5xi64>
func.func @cumsum(%x: tensor<4x8xf32>, %i: tensor<5xi64>) -> (tensor<4x8xf32>, tensor<5xi64>) {
  %0 = mir.cumsum %x axis = 1 : tensor<4x8xf32>
  %1 = mir.cumsum %i axis = -1 : tensor<5xi64>
  return %0, %1 : tensor<4x8xf32>, tensor<5xi64>
}

// Transposes: 2-D, 3-D with a dynamic dim, i1 elements.
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<2x?x6xi1>) -> (tensor<8x4xf32>, tensor<6x2x?xi1>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.transpose %[[X]] permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.transpose %[[Y]] permutation = [2, 0, 1] : tensor<2x?x6xi1> -> tensor<6x2x?xi1>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<8x4xf32>, tensor<6x2x?xi1>
func.func @transpose(%x: tensor<4x8xf32>, %y: tensor<2x?x6xi1>) -> (tensor<8x4xf32>, tensor<6x2x?xi1>) {
  %0 = mir.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = mir.transpose %y permutation = [2, 0, 1] : tensor<2x?x6xi1> -> tensor<6x2x?xi1>
  return %0, %1 : tensor<8x4xf32>, tensor<6x2x?xi1>
}

// Reshapes: flatten, to rank 0, and with dynamic dims.
// CHECK-LABEL: func.func @reshape(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[S:[^:]+]]: tensor<1x1xi8>, %[[D:[^:]+]]: tensor<?x8xf32>) -> (tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.reshape %[[X]] : tensor<4x8xf32> to tensor<32xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.reshape %[[S]] : tensor<1x1xi8> to tensor<i8>
// CHECK-NEXT:    %[[R2:.+]] = mir.reshape %[[D]] : tensor<?x8xf32> to tensor<?x2x4xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>
func.func @reshape(%x: tensor<4x8xf32>, %s: tensor<1x1xi8>, %d: tensor<?x8xf32>) -> (tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>) {
  %0 = mir.reshape %x : tensor<4x8xf32> to tensor<32xf32>
  %1 = mir.reshape %s : tensor<1x1xi8> to tensor<i8>
  %2 = mir.reshape %d : tensor<?x8xf32> to tensor<?x2x4xf32>
  return %0, %1, %2 : tensor<32xf32>, tensor<i8>, tensor<?x2x4xf32>
}

// Slices: a window, a strided slice, an empty slice and a dynamic input dim.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[D:[^:]+]]: tensor<?x8xi32>) -> (tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.slice %[[X]] offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.slice %[[X]] offsets = [1, 0] sizes = [2, 4] strides = [2, 2] : tensor<4x8xf32> -> tensor<2x4xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.slice %[[X]] offsets = [4, 0] sizes = [0, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<0x8xf32>
// CHECK-NEXT:    %[[R3:.+]] = mir.slice %[[D]] offsets = [100, 0] sizes = [2, 8] strides = [3, 1] : tensor<?x8xi32> -> tensor<2x8xi32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]], %[[R3]] : tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>
func.func @slice(%x: tensor<4x8xf32>, %d: tensor<?x8xi32>) -> (tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>) {
  %0 = mir.slice %x offsets = [0, 2] sizes = [4, 3] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x3xf32>
  %1 = mir.slice %x offsets = [1, 0] sizes = [2, 4] strides = [2, 2] : tensor<4x8xf32> -> tensor<2x4xf32>
  %2 = mir.slice %x offsets = [4, 0] sizes = [0, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<0x8xf32>
  %3 = mir.slice %d offsets = [100, 0] sizes = [2, 8] strides = [3, 1] : tensor<?x8xi32> -> tensor<2x8xi32>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<2x4xf32>, tensor<0x8xf32>, tensor<2x8xi32>
}

// Concat of three inputs, of one input, and with a dynamic axis dim.
// CHECK-LABEL: func.func @concat(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<4x2xf32>, %[[C:[^:]+]]: tensor<?x8xf32>) -> (tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.concat %[[A]], %[[B]], %[[B]] axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x12xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.concat %[[A]] axis = -1 : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.concat %[[A]], %[[C]] axis = 0 : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>
func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x2xf32>, %c: tensor<?x8xf32>) -> (tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %0 = mir.concat %a, %b, %b axis = 1 : (tensor<4x8xf32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x12xf32>
  %1 = mir.concat %a axis = -1 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = mir.concat %a, %c axis = 0 : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  return %0, %1, %2 : tensor<4x12xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}

// Broadcasts: new leading dims, size-1 expansion, to a dynamic dim.
// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<8xf32>, %[[Y:[^:]+]]: tensor<4x1xi64>) -> (tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.broadcast %[[X]] : tensor<8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.broadcast %[[Y]] : tensor<4x1xi64> to tensor<2x4x5xi64>
// CHECK-NEXT:    %[[R2:.+]] = mir.broadcast %[[X]] : tensor<8xf32> to tensor<?x8xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]] : tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>
func.func @broadcast(%x: tensor<8xf32>, %y: tensor<4x1xi64>) -> (tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>) {
  %0 = mir.broadcast %x : tensor<8xf32> to tensor<4x8xf32>
  %1 = mir.broadcast %y : tensor<4x1xi64> to tensor<2x4x5xi64>
  %2 = mir.broadcast %x : tensor<8xf32> to tensor<?x8xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<2x4x5xi64>, tensor<?x8xf32>
}

// Gather along axis 0 (i32 ids) and axis 1 (i64 ids, dynamic).
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[T:[^:]+]]: tensor<100x16xf32>, %[[IDS:[^:]+]]: tensor<4x7xi32>, %[[U:[^:]+]]: tensor<3x10x2xi8>, %[[J:[^:]+]]: tensor<?xi64>) -> (tensor<4x7x16xf32>, tensor<3x?x2xi8>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.gather %[[T]][%[[IDS]]] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x7x16xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.gather %[[U]][%[[J]]] axis = 1 : (tensor<3x10x2xi8>, tensor<?xi64>) -> tensor<3x?x2xi8>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<4x7x16xf32>, tensor<3x?x2xi8>
func.func @gather(%t: tensor<100x16xf32>, %ids: tensor<4x7xi32>, %u: tensor<3x10x2xi8>, %j: tensor<?xi64>) -> (tensor<4x7x16xf32>, tensor<3x?x2xi8>) {
  %0 = mir.gather %t[%ids] axis = 0 : (tensor<100x16xf32>, tensor<4x7xi32>) -> tensor<4x7x16xf32>
  %1 = mir.gather %u[%j] axis = 1 : (tensor<3x10x2xi8>, tensor<?xi64>) -> tensor<3x?x2xi8>
  return %0, %1 : tensor<4x7x16xf32>, tensor<3x?x2xi8>
}

// Conv2d with bias and padding, and grouped, strided, dilated without bias
// with a silu epilogue (`act`, printed only when not none).
// CHECK-LABEL: func.func @conv2d(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x3x8x8xf32>, %[[W:[^:]+]]: tensor<4x3x3x3xf32>, %[[B:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<2x4x9x9xf16>, %[[V:[^:]+]]: tensor<6x2x3x3xf16>) -> (tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.conv2d %[[X]], %[[W]], %[[B]] strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.conv2d %[[Y]], %[[V]] strides = [2, 3] padding = [0, 0, 0, 0] dilations = [2, 1] groups = 2 act = silu : (tensor<2x4x9x9xf16>, tensor<6x2x3x3xf16>) -> tensor<2x6x3x3xf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %y: tensor<2x4x9x9xf16>, %v: tensor<6x2x3x3xf16>) -> (tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>) {
  %0 = mir.conv2d %x, %w, %b strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %1 = mir.conv2d %y, %v strides = [2, 3] padding = [0, 0, 0, 0] dilations = [2, 1] groups = 2 act = silu : (tensor<2x4x9x9xf16>, tensor<6x2x3x3xf16>) -> tensor<2x6x3x3xf16>
  return %0, %1 : tensor<1x4x8x8xf32>, tensor<2x6x3x3xf16>
}

// Conv2d with dynamic batch, spatial and filter dims.
// CHECK-LABEL: func.func @conv2d_dynamic(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x3x?x8xf32>, %[[W:[^:]+]]: tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32> {
// CHECK-NEXT:    %[[R0:.+]] = mir.conv2d %[[X]], %[[W]] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<?x3x?x8xf32>, tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32>
// CHECK-NEXT:    return %[[R0]] : tensor<?x4x?x6xf32>
func.func @conv2d_dynamic(%x: tensor<?x3x?x8xf32>, %w: tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32> {
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<?x3x?x8xf32>, tensor<4x3x?x3xf32>) -> tensor<?x4x?x6xf32>
  return %0 : tensor<?x4x?x6xf32>
}

// Conv2d with a dynamic filter window on a static input, and grouped with dynamic output channels.
// CHECK-LABEL: func.func @conv2d_dynamic_filter(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x6x8x8xf32>, %[[W:[^:]+]]: tensor<4x6x?x?xf32>, %[[V:[^:]+]]: tensor<?x2x3x3xf32>) -> (tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.conv2d %[[X]], %[[W]] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x6x8x8xf32>, tensor<4x6x?x?xf32>) -> tensor<1x4x?x?xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.conv2d %[[X]], %[[V]] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 3 : (tensor<1x6x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x?x6x6xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>
func.func @conv2d_dynamic_filter(%x: tensor<1x6x8x8xf32>, %w: tensor<4x6x?x?xf32>, %v: tensor<?x2x3x3xf32>) -> (tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>) {
  %0 = mir.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<1x6x8x8xf32>, tensor<4x6x?x?xf32>) -> tensor<1x4x?x?xf32>
  %1 = mir.conv2d %x, %v strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 3 : (tensor<1x6x8x8xf32>, tensor<?x2x3x3xf32>) -> tensor<1x?x6x6xf32>
  return %0, %1 : tensor<1x4x?x?xf32>, tensor<1x?x6x6xf32>
}

// Max and average pooling, one with padding and a dynamic batch.
// CHECK-LABEL: func.func @pool(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x4x8x8xf32>, %[[Y:[^:]+]]: tensor<?x2x5x5xf64>) -> (tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.pool max %[[X]] kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.pool avg %[[Y]] kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<?x2x5x5xf64> -> tensor<?x2x3x3xf64>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>
func.func @pool(%x: tensor<1x4x8x8xf32>, %y: tensor<?x2x5x5xf64>) -> (tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>) {
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %1 = mir.pool avg %y kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : tensor<?x2x5x5xf64> -> tensor<?x2x3x3xf64>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<?x2x3x3xf64>
}

// Pooling with dilations, ceil_mode and count_include_pad (each optional).
// CHECK-LABEL: func.func @pool_options(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x4x8x8xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x5x5xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.pool max %[[X]] kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] dilations = [1, 2] ceil_mode : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.pool avg %[[X]] kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] ceil_mode count_include_pad : tensor<1x4x8x8xf32> -> tensor<1x4x5x5xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<1x4x4x4xf32>, tensor<1x4x5x5xf32>
func.func @pool_options(%x: tensor<1x4x8x8xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x5x5xf32>) {
  %0 = mir.pool max %x kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] dilations = [1, 2] ceil_mode : tensor<1x4x8x8xf32> -> tensor<1x4x4x4xf32>
  %1 = mir.pool avg %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] ceil_mode count_include_pad : tensor<1x4x8x8xf32> -> tensor<1x4x5x5xf32>
  return %0, %1 : tensor<1x4x4x4xf32>, tensor<1x4x5x5xf32>
}

// Top-k along the last axis (i64 indices) and along axis 0 (i32 indices).
// CHECK-LABEL: func.func @topk(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<?x3xi32>) -> (tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>) {
// CHECK-NEXT:    %[[V0:.+]], %[[I0:.+]] = mir.topk %[[X]] k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
// CHECK-NEXT:    %[[V1:.+]], %[[I1:.+]] = mir.topk %[[Y]] k = 5 axis = 0 : tensor<?x3xi32> -> tensor<5x3xi32>, tensor<5x3xi32>
// CHECK-NEXT:    return %[[V0]], %[[I0]], %[[V1]], %[[I1]] : tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>
func.func @topk(%x: tensor<4x8xf32>, %y: tensor<?x3xi32>) -> (tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>) {
  %v0, %i0 = mir.topk %x k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi64>
  %v1, %i1 = mir.topk %y k = 5 axis = 0 : tensor<?x3xi32> -> tensor<5x3xi32>, tensor<5x3xi32>
  return %v0, %i0, %v1, %i1 : tensor<4x2xf32>, tensor<4x2xi64>, tensor<5x3xi32>, tensor<5x3xi32>
}

// Causal and sliding-window masks of symbolic, static and f16 scores.
// CHECK-LABEL: func.func @causal_mask(
// CHECK-SAME:    %[[S:[^:]+]]: tensor<1x4x?x?xf32>, %[[T:[^:]+]]: tensor<2x3xf16>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x3xf16>) {
// CHECK-NEXT:    %[[M0:.+]] = mir.causal_mask causal %[[S]] : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
// CHECK-NEXT:    %[[M1:.+]] = mir.causal_mask sliding_window %[[S]] window = 2 : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
// CHECK-NEXT:    %[[M2:.+]] = mir.causal_mask causal %[[T]] : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    return %[[M0]], %[[M1]], %[[M2]] : tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x3xf16>
func.func @causal_mask(%s: tensor<1x4x?x?xf32>, %t: tensor<2x3xf16>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x3xf16>) {
  %0 = mir.causal_mask causal %s : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
  %1 = mir.causal_mask sliding_window %s window = 2 : tensor<1x4x?x?xf32> -> tensor<?x?xf32>
  %2 = mir.causal_mask causal %t : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<2x3xf16>
}

// Fused matmul: no bias and default act, bias with every activation.
// CHECK-LABEL: func.func @fused_matmul(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<64x784xf32>, %[[W:[^:]+]]: tensor<784x512xf32>, %[[B:[^:]+]]: tensor<512xf32>) -> tensor<64x512xf32> {
// CHECK-NEXT:    %[[R0:.+]] = mir.fused_matmul %[[X]], %[[W]] : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R3:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = gelu_tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R4:.+]] = mir.fused_matmul %[[X]], %[[W]] act = silu : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R5:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = sigmoid : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R6:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] act = tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    %[[R7:.+]] = mir.fused_matmul %[[X]], %[[W]], %[[B]] : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
// CHECK-NEXT:    return %[[R7]] : tensor<64x512xf32>
func.func @fused_matmul(%x: tensor<64x784xf32>, %w: tensor<784x512xf32>, %b: tensor<512xf32>) -> tensor<64x512xf32> {
  %0 = mir.fused_matmul %x, %w : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
  %1 = mir.fused_matmul %x, %w, %b act = relu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %2 = mir.fused_matmul %x, %w, %b act = gelu : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %3 = mir.fused_matmul %x, %w, %b act = gelu_tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %4 = mir.fused_matmul %x, %w act = silu : (tensor<64x784xf32>, tensor<784x512xf32>) -> tensor<64x512xf32>
  %5 = mir.fused_matmul %x, %w, %b act = sigmoid : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %6 = mir.fused_matmul %x, %w, %b act = tanh : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  %7 = mir.fused_matmul %x, %w, %b act = none : (tensor<64x784xf32>, tensor<784x512xf32>, tensor<512xf32>) -> tensor<64x512xf32>
  return %7 : tensor<64x512xf32>
}

// Residual norm: layer with bias and beta, layer bare, rms with bias.
// CHECK-LABEL: func.func @residual_norm(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[R:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<8xf32>, %[[BE:[^:]+]]: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
// CHECK-NEXT:    %[[N0:.+]], %[[S0:.+]] = mir.residual_norm layer %[[X]], %[[R]] bias(%[[B]]) gamma(%[[G]]) beta(%[[BE]]) eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT:    %[[N1:.+]], %[[S1:.+]] = mir.residual_norm layer %[[S0]], %[[R]] gamma(%[[G]]) eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT:    %[[N2:.+]], %[[S2:.+]] = mir.residual_norm rms %[[S1]], %[[R]] bias(%[[B]]) gamma(%[[G]]) eps = 9.99999997E-7 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT:    %[[N3:.+]], %[[S3:.+]] = mir.residual_norm layer %[[S2]], %[[R]] gamma(%[[G]]) beta(%[[BE]]) eps = 9.99999974E-6 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK-NEXT:    return %[[N0]], %[[N3]] : tensor<4x8xf32>, tensor<4x8xf32>
func.func @residual_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>, %b: tensor<8xf32>, %g: tensor<8xf32>, %be: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %n0, %s0 = mir.residual_norm layer %x, %r bias(%b) gamma(%g) beta(%be) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n1, %s1 = mir.residual_norm layer %s0, %r gamma(%g) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n2, %s2 = mir.residual_norm rms %s1, %r bias(%b) gamma(%g) eps = 1.000000e-06 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %n3, %s3 = mir.residual_norm layer %s2, %r gamma(%g) beta(%be) eps = 1.000000e-05 : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  return %n0, %n3 : tensor<4x8xf32>, tensor<4x8xf32>
}

// SwiGLU on a 2-D and a 3-D input.
// CHECK-LABEL: func.func @swiglu(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<16x64xf32>, %[[WG:[^:]+]]: tensor<64x256xf32>, %[[WU:[^:]+]]: tensor<64x256xf32>, %[[Y:[^:]+]]: tensor<2x?x64xf32>) -> (tensor<16x256xf32>, tensor<2x?x256xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.swiglu %[[X]], %[[WG]], %[[WU]] : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.swiglu %[[Y]], %[[WG]], %[[WU]] : (tensor<2x?x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<2x?x256xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<16x256xf32>, tensor<2x?x256xf32>
func.func @swiglu(%x: tensor<16x64xf32>, %wg: tensor<64x256xf32>, %wu: tensor<64x256xf32>, %y: tensor<2x?x64xf32>) -> (tensor<16x256xf32>, tensor<2x?x256xf32>) {
  %0 = mir.swiglu %x, %wg, %wu : (tensor<16x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %1 = mir.swiglu %y, %wg, %wu : (tensor<2x?x64xf32>, tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<2x?x256xf32>
  return %0, %1 : tensor<16x256xf32>, tensor<2x?x256xf32>
}

// Attention: token-major operands, with and without the causal mask, with
// more keys than queries and a dynamic batch.
// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[Q:[^:]+]]: tensor<2x8x4x16xf32>, %[[K:[^:]+]]: tensor<2x12x4x16xf32>, %[[V:[^:]+]]: tensor<2x12x4x16xf32>, %[[QD:[^:]+]]: tensor<?x8x2x4xf16>) -> (tensor<2x8x4x16xf32>, tensor<2x8x4x16xf32>, tensor<?x8x2x4xf16>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 2.500000e-01 : tensor<2x8x4x16xf32>, tensor<2x12x4x16xf32>, tensor<2x12x4x16xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.attention %[[Q]], %[[K]], %[[V]] scale = 1.250000e-01 causal : tensor<2x8x4x16xf32>, tensor<2x12x4x16xf32>, tensor<2x12x4x16xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.attention %[[QD]], %[[QD]], %[[QD]] scale = 5.000000e-01 causal : tensor<?x8x2x4xf16>, tensor<?x8x2x4xf16>, tensor<?x8x2x4xf16>
// CHECK-NEXT:    return %[[R0]], %[[R1]], %[[R2]]
func.func @attention(%q: tensor<2x8x4x16xf32>, %k: tensor<2x12x4x16xf32>, %v: tensor<2x12x4x16xf32>, %qd: tensor<?x8x2x4xf16>) -> (tensor<2x8x4x16xf32>, tensor<2x8x4x16xf32>, tensor<?x8x2x4xf16>) {
  %0 = mir.attention %q, %k, %v scale = 0.25 : tensor<2x8x4x16xf32>, tensor<2x12x4x16xf32>, tensor<2x12x4x16xf32>
  %1 = mir.attention %q, %k, %v scale = 0.125 causal : tensor<2x8x4x16xf32>, tensor<2x12x4x16xf32>, tensor<2x12x4x16xf32>
  %2 = mir.attention %qd, %qd, %qd scale = 0.5 causal : tensor<?x8x2x4xf16>, tensor<?x8x2x4xf16>, tensor<?x8x2x4xf16>
  return %0, %1, %2 : tensor<2x8x4x16xf32>, tensor<2x8x4x16xf32>, tensor<?x8x2x4xf16>
}

// Grouped-query attention: 8 query heads on 2 kv heads.
// CHECK-LABEL: func.func @attention_gqa(
// CHECK:         mir.attention %{{.+}}, %{{.+}}, %{{.+}} scale = 2.500000e-01 : tensor<1x8x8x16xf32>, tensor<1x12x2x16xf32>, tensor<1x12x2x16xf32>
func.func @attention_gqa(%q: tensor<1x8x8x16xf32>, %k: tensor<1x12x2x16xf32>) -> tensor<1x8x8x16xf32> {
  %0 = mir.attention %q, %k, %k scale = 0.25 : tensor<1x8x8x16xf32>, tensor<1x12x2x16xf32>, tensor<1x12x2x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// Attention at a run-time position, i32 and i64, with and without causal;
// causal with more queries than keys is allowed with a position (C5).
// CHECK-LABEL: func.func @attention_position(
// CHECK-SAME:    %[[Q:[^:]+]]: tensor<1x4x2x16xf32>, %[[K:[^:]+]]: tensor<1x2x2x16xf32>, %[[P:[^:]+]]: tensor<1xi32>, %[[P64:[^:]+]]: tensor<1xi64>) -> (tensor<1x4x2x16xf32>, tensor<1x4x2x16xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.attention %[[Q]], %[[K]], %[[K]] position(%[[P]] : tensor<1xi32>) scale = 1.250000e-01 causal : tensor<1x4x2x16xf32>, tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>
// CHECK-NEXT:    %[[R1:.+]] = mir.attention %[[Q]], %[[K]], %[[K]] position(%[[P64]] : tensor<1xi64>) scale = 2.500000e-01 : tensor<1x4x2x16xf32>, tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>
// CHECK-NEXT:    return %[[R0]], %[[R1]]
func.func @attention_position(%q: tensor<1x4x2x16xf32>, %k: tensor<1x2x2x16xf32>, %p: tensor<1xi32>, %p64: tensor<1xi64>) -> (tensor<1x4x2x16xf32>, tensor<1x4x2x16xf32>) {
  %0 = mir.attention %q, %k, %k position(%p : tensor<1xi32>) scale = 0.125 causal : tensor<1x4x2x16xf32>, tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>
  %1 = mir.attention %q, %k, %k position(%p64 : tensor<1xi64>) scale = 0.25 : tensor<1x4x2x16xf32>, tensor<1x2x2x16xf32>, tensor<1x2x2x16xf32>
  return %0, %1 : tensor<1x4x2x16xf32>, tensor<1x4x2x16xf32>
}

// Shared matmul with two and with three weights.
// CHECK-LABEL: func.func @shared_matmul(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[WV:[^:]+]]: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
// CHECK-NEXT:    %[[R0:.+]]:2 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
// CHECK-NEXT:    %[[R1:.+]]:3 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]], %[[WV]] : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK-NEXT:    return %[[R0]]#0, %[[R1]]#1, %[[R1]]#2 : tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>
func.func @shared_matmul(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %wv: tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>) {
  %0:2 = mir.shared_matmul %x, %wq, %wk : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  %1:3 = mir.shared_matmul %x, %wq, %wk, %wv : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
  return %0#0, %1#1, %1#2 : tensor<16x64xf32>, tensor<16x32xf32>, tensor<16x32xf32>
}

// Shared matmul with one bias per weight, on a 2-D and a 3-D input with a
// dynamic dim.
// CHECK-LABEL: func.func @shared_matmul_bias(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<16x64xf32>, %[[WQ:[^:]+]]: tensor<64x64xf32>, %[[WK:[^:]+]]: tensor<64x32xf32>, %[[BQ:[^:]+]]: tensor<64xf32>, %[[BK:[^:]+]]: tensor<32xf32>, %[[Y:[^:]+]]: tensor<2x?x64xf32>) -> (tensor<16x64xf32>, tensor<2x?x32xf32>) {
// CHECK-NEXT:    %[[R0:.+]]:2 = mir.shared_matmul %[[X]], %[[WQ]], %[[WK]] bias(%[[BQ]], %[[BK]]) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
// CHECK-NEXT:    %[[R1:.+]]:2 = mir.shared_matmul %[[Y]], %[[WQ]], %[[WK]] bias(%[[BQ]], %[[BK]]) : (tensor<2x?x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<2x?x64xf32>, tensor<2x?x32xf32>)
// CHECK-NEXT:    return %[[R0]]#0, %[[R1]]#1 : tensor<16x64xf32>, tensor<2x?x32xf32>
func.func @shared_matmul_bias(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x32xf32>, %bq: tensor<64xf32>, %bk: tensor<32xf32>, %y: tensor<2x?x64xf32>) -> (tensor<16x64xf32>, tensor<2x?x32xf32>) {
  %0:2 = mir.shared_matmul %x, %wq, %wk bias(%bq, %bk) : (tensor<16x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<16x64xf32>, tensor<16x32xf32>)
  %1:2 = mir.shared_matmul %y, %wq, %wk bias(%bq, %bk) : (tensor<2x?x64xf32>, tensor<64x64xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<32xf32>) -> (tensor<2x?x64xf32>, tensor<2x?x32xf32>)
  return %0#0, %1#1 : tensor<16x64xf32>, tensor<2x?x32xf32>
}

// Elementwise region with broadcast inputs and scalar unary, binary and constant steps.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1024xf32>, %[[A:[^:]+]]: tensor<1024xf32>, %[[B:[^:]+]]: tensor<f32>) -> tensor<1024xf32> {
// CHECK-NEXT:    %[[R0:.+]] = mir.elementwise %[[X]], %[[A]], %[[B]] : (tensor<1024xf32>, tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32> {
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: f32, %[[F:[^:]+]]: f32, %[[G:[^:]+]]: f32):
// CHECK-NEXT:    %[[M:.+]] = mir.binary mul %[[E]], %[[F]] : (f32, f32) -> f32
// CHECK-NEXT:    %[[S:.+]] = mir.binary add %[[M]], %[[G]] : (f32, f32) -> f32
// CHECK-NEXT:    %[[H:.+]] = mir.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[P:.+]] = mir.binary pow %[[S]], %[[H]] : (f32, f32) -> f32
// CHECK-NEXT:    %[[R:.+]] = mir.unary relu %[[P]] : f32
// CHECK-NEXT:    mir.yield %[[R]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R0]] : tensor<1024xf32>
func.func @elementwise(%x: tensor<1024xf32>, %a: tensor<1024xf32>, %b: tensor<f32>) -> tensor<1024xf32> {
  %0 = mir.elementwise %x, %a, %b : (tensor<1024xf32>, tensor<1024xf32>, tensor<f32>) -> tensor<1024xf32> {
  ^bb0(%e: f32, %f: f32, %g: f32):
    %m = mir.binary mul %e, %f : (f32, f32) -> f32
    %s = mir.binary add %m, %g : (f32, f32) -> f32
    %h = mir.constant 5.000000e-01 : f32
    %p = mir.binary pow %s, %h : (f32, f32) -> f32
    %r = mir.unary relu %p : f32
    mir.yield %r : f32
  }
  return %0 : tensor<1024xf32>
}

// Elementwise region with scalar compare, select and cast steps, mixed dtypes and a dynamic dim.
// CHECK-LABEL: func.func @elementwise_mixed(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x4xf16>, %[[I:[^:]+]]: tensor<4xi32>) -> tensor<?x4xi64> {
// CHECK-NEXT:    %[[R0:.+]] = mir.elementwise %[[X]], %[[I]] : (tensor<?x4xf16>, tensor<4xi32>) -> tensor<?x4xi64> {
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: f16, %[[J:[^:]+]]: i32):
// CHECK-NEXT:    %[[Z:.+]] = mir.constant 0.000000e+00 : f16
// CHECK-NEXT:    %[[C:.+]] = mir.compare gt %[[E]], %[[Z]] : (f16, f16) -> i1
// CHECK-NEXT:    %[[K:.+]] = mir.cast %[[E]] : f16 to i32
// CHECK-NEXT:    %[[T:.+]] = mir.constant 7 : i32
// CHECK-NEXT:    %[[S:.+]] = mir.select %[[C]], %[[K]], %[[T]] : (i1, i32, i32) -> i32
// CHECK-NEXT:    %[[N:.+]] = mir.unary neg %[[S]] : i32
// CHECK-NEXT:    %[[W:.+]] = mir.cast %[[N]] : i32 to i64
// CHECK-NEXT:    mir.yield %[[W]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R0]] : tensor<?x4xi64>
func.func @elementwise_mixed(%x: tensor<?x4xf16>, %i: tensor<4xi32>) -> tensor<?x4xi64> {
  %0 = mir.elementwise %x, %i : (tensor<?x4xf16>, tensor<4xi32>) -> tensor<?x4xi64> {
  ^bb0(%e: f16, %j: i32):
    %z = mir.constant 0.000000e+00 : f16
    %c = mir.compare gt %e, %z : (f16, f16) -> i1
    %k = mir.cast %e : f16 to i32
    %t = mir.constant 7 : i32
    %s = mir.select %c, %k, %t : (i1, i32, i32) -> i32
    %n = mir.unary neg %s : i32
    %w = mir.cast %n : i32 to i64
    mir.yield %w : i64
  }
  return %0 : tensor<?x4xi64>
}

// Elementwise region yielding a bool and a body argument directly.
// CHECK-LABEL: func.func @elementwise_bool(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<2x3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.elementwise %[[X]] : (tensor<2x3xi1>) -> tensor<2x3xi1> {
// CHECK-NEXT:    ^bb0(%[[E:[^:]+]]: i1):
// CHECK-NEXT:    mir.yield %[[E]] : i1
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R1:.+]] = mir.elementwise %[[X]] : (tensor<2x3xi1>) -> tensor<2x3xi1> {
// CHECK-NEXT:    ^bb0(%[[E2:[^:]+]]: i1):
// CHECK-NEXT:    %[[T:.+]] = mir.constant true
// CHECK-NEXT:    %[[F:.+]] = mir.constant false
// CHECK-NEXT:    %[[S:.+]] = mir.select %[[E2]], %[[F]], %[[T]] : (i1, i1, i1) -> i1
// CHECK-NEXT:    mir.yield %[[S]] : i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R0]], %[[R1]] : tensor<2x3xi1>, tensor<2x3xi1>
func.func @elementwise_bool(%x: tensor<2x3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = mir.elementwise %x : (tensor<2x3xi1>) -> tensor<2x3xi1> {
  ^bb0(%e: i1):
    mir.yield %e : i1
  }
  %1 = mir.elementwise %x : (tensor<2x3xi1>) -> tensor<2x3xi1> {
  ^bb0(%e2: i1):
    %t = mir.constant true
    %f = mir.constant false
    %s = mir.select %e2, %f, %t : (i1, i1, i1) -> i1
    mir.yield %s : i1
  }
  return %0, %1 : tensor<2x3xi1>, tensor<2x3xi1>
}

// Generic form may omit the default-valued attributes (softmax/topk axis -1, gather axis 0, fused_matmul act none).
// CHECK-LABEL: func.func @default_attrs(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<4x8xf32>, %[[IDS:[^:]+]]: tensor<3xi32>, %[[W:[^:]+]]: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>) {
// CHECK-NEXT:    %[[R0:.+]] = mir.softmax %[[X]] axis = -1 : tensor<4x8xf32>
// CHECK-NEXT:    %[[V:.+]], %[[I:.+]] = mir.topk %[[X]] k = 2 axis = -1 : tensor<4x8xf32> -> tensor<4x2xf32>, tensor<4x2xi32>
// CHECK-NEXT:    %[[R1:.+]] = mir.gather %[[X]][%[[IDS]]] axis = 0 : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %[[R2:.+]] = mir.fused_matmul %[[X]], %[[W]] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    return %[[R0]], %[[V]], %[[R1]], %[[R2]] : tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>
func.func @default_attrs(%x: tensor<4x8xf32>, %ids: tensor<3xi32>, %w: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>) {
  %0 = "mir.softmax"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v, %i = "mir.topk"(%x) {k = 2 : i64} : (tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>)
  %1 = "mir.gather"(%x, %ids) : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  %2 = "mir.fused_matmul"(%x, %w) : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %0, %v, %1, %2 : tensor<4x8xf32>, tensor<4x2xf32>, tensor<3x8xf32>, tensor<4x2xf32>
}

// mir.name and mir.dims on arguments (symbols for dynamic dims, sizes for static ones) and mir.name on results.
// CHECK-LABEL: func.func @annotations(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x?x16xf32> {mir.dims = ["batch", "seq", 16], mir.name = "tokens"}, %[[Y:[^:]+]]: tensor<4xf32> {mir.dims = [4]}, %[[Z:[^:]+]]: tensor<f32> {mir.dims = []}) -> (tensor<?x?x16xf32> {mir.name = "out"}, tensor<4xf32>) {
// CHECK-NEXT:    return %[[X]], %[[Y]] : tensor<?x?x16xf32>, tensor<4xf32>
func.func @annotations(%x: tensor<?x?x16xf32> {mir.name = "tokens", mir.dims = ["batch", "seq", 16]}, %y: tensor<4xf32> {mir.dims = [4]}, %z: tensor<f32> {mir.dims = []}) -> (tensor<?x?x16xf32> {mir.name = "out"}, tensor<4xf32>) {
  return %x, %y : tensor<?x?x16xf32>, tensor<4xf32>
}

// Annotations on a bodiless declaration.
// CHECK-LABEL: func.func private @annotated_decl(
// CHECK-SAME:    tensor<?xi32> {mir.dims = ["n"], mir.name = "ids"}) -> (tensor<?xf32> {mir.name = "scores"})
func.func private @annotated_decl(tensor<?xi32> {mir.name = "ids", mir.dims = ["n"]}) -> (tensor<?xf32> {mir.name = "scores"})
