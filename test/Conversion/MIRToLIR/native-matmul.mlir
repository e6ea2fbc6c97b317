// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=CHECK-LIR
// RUN: rlx-opt %s -convert-mir-to-lir | FileCheck %s --check-prefix=CHECK-OFF
// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true -rlx-outline-dispatches -rlx-lower-library-calls -canonicalize | FileCheck %s --check-prefix=CHECK-CALL
// RUN: rlx-opt %s -convert-mir-to-lir="native-matmul=true workgroup-elements=32" | FileCheck %s --check-prefix=CHECK-SPLIT
// RUN: rlx-opt %s -convert-mir-to-lir="workgroup-elements=32" | FileCheck %s --check-prefix=CHECK-NOSPLIT
// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true -rlx-lir-to-llvm | FileCheck %s --check-prefix=CHECK-LLVM

// native-matmul: f32 matmul products are linalg.matmul / batch_matmul marked
// rlx.library_call = "cblas_sgemm" (the zero fill and the epilogue stay);
// rlx-lower-library-calls turns each into
//   cblas_sgemm(101 RowMajor, 111 NoTrans, 111 NoTrans, M, N, K, 1.0,
//               A, lda, B, ldb, beta, C, ldc)
// on pointers into the arena (byte offset of the view + element offset * 4),
// beta = 0 with the fill removed.

// CHECK-OFF-NOT: rlx.library_call

// CHECK-CALL: func.func private @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)
// CHECK-LLVM: llvm.func @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)

// 8x16 x 16x4: A at byte 0 (lda 16), B at 512 (ldb 4), C at 768 (ldc 4).
// CHECK-LIR-LABEL: lir.program @matmul
// CHECK-LIR:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 1024 : i64} {
// CHECK-LIR-NEXT:    ^bb0(%[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<8x4xf32>):
// CHECK-LIR-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-LIR-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<8x4xf32>)
// CHECK-LIR-NEXT:      linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-LIR-NEXT:      lir.return
// The inputs A and B are read where the input table says (entries 0 and
// 1), the output C at its arena offset.
// CHECK-CALL-LABEL: func.func @matmul_rlx_dispatch_0(
// CHECK-CALL-SAME:      %[[ARENA:[^:]+]]: memref<896xi8>, %[[INPUTS:[^:]+]]: memref<2xi64>
// CHECK-CALL-DAG:     %[[ROW:.+]] = arith.constant 101 : i32
// CHECK-CALL-DAG:     %[[NOT:.+]] = arith.constant 111 : i32
// CHECK-CALL-DAG:     %[[I8:.+]] = arith.constant 8 : i32
// CHECK-CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CHECK-CALL-DAG:     %[[I16:.+]] = arith.constant 16 : i32
// CHECK-CALL-DAG:     %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-CALL-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-CALL-DAG:     %[[C768:.+]] = arith.constant 768 : index
// CHECK-CALL-NOT:     linalg.fill
// CHECK-CALL:         memref.load %[[INPUTS]][%{{.+}}] : memref<2xi64>
// CHECK-CALL:         %[[ABYTES:.+]] = builtin.unrealized_conversion_cast {{.*}} to memref<512xi8>
// CHECK-CALL:         memref.load %[[INPUTS]][%{{.+}}] : memref<2xi64>
// CHECK-CALL:         %[[BBYTES:.+]] = builtin.unrealized_conversion_cast {{.*}} to memref<256xi8>
// CHECK-CALL:         %[[AI:.+]] = memref.extract_aligned_pointer_as_index %[[ABYTES]]
// CHECK-CALL-NEXT:    %[[AI64:.+]] = arith.index_cast %[[AI]] : index to i64
// CHECK-CALL-NEXT:    %[[AP:.+]] = llvm.inttoptr %[[AI64]] : i64 to !llvm.ptr
// CHECK-CALL-NEXT:    %[[BI:.+]] = memref.extract_aligned_pointer_as_index %[[BBYTES]]
// CHECK-CALL-NEXT:    %[[BI64:.+]] = arith.index_cast %[[BI]] : index to i64
// CHECK-CALL-NEXT:    %[[BP:.+]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CHECK-CALL-NEXT:    %[[CI:.+]] = memref.extract_aligned_pointer_as_index %[[ARENA]]
// CHECK-CALL-NEXT:    %[[CA:.+]] = arith.addi %[[CI]], %[[C768]] : index
// CHECK-CALL-NEXT:    %[[CI64:.+]] = arith.index_cast %[[CA]] : index to i64
// CHECK-CALL-NEXT:    %[[CP:.+]] = llvm.inttoptr %[[CI64]] : i64 to !llvm.ptr
// CHECK-CALL-NEXT:    call @cblas_sgemm(%[[ROW]], %[[NOT]], %[[NOT]], %[[I8]], %[[I4]], %[[I16]], %[[ONE]], %[[AP]], %[[I16]], %[[BP]], %[[I4]], %[[ZERO]], %[[CP]], %[[I4]])
// CHECK-CALL-NEXT:    return
// A native matmul is not split into workgroups (OpenBLAS threads the one
// call), even where generated code would be: grid = [2] without the option.
// CHECK-SPLIT-LABEL: lir.program @matmul
// CHECK-SPLIT:         lir.kernel @matmul_0 grid = [1] attributes {rlx.flops = 1024 : i64} {
// CHECK-SPLIT-NOT:       lir.workgroup_id
// CHECK-SPLIT:           lir.return
// CHECK-NOSPLIT-LABEL: lir.program @matmul
// CHECK-NOSPLIT:         lir.kernel @matmul_0 grid = [2] attributes {rlx.flops = 1024 : i64} {
// CHECK-LLVM-LABEL: llvm.func @matmul_rlx_dispatch_0(
// CHECK-LLVM:         llvm.call @cblas_sgemm(
// CHECK-LLVM-NOT:     llvm.fmul
// CHECK-LLVM:         llvm.return
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %c = mir.matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// [2, 3, 16] x [16, 4] + bias, relu: rows collapse into one sgemm (M = 6);
// the epilogue generic runs on the (collapsed) result after the call.
// CHECK-LIR-LABEL: lir.program @fused
// CHECK-LIR:         %[[A2:.+]] = memref.collapse_shape
// CHECK-LIR-NEXT:    %[[C2:.+]] = memref.collapse_shape
// CHECK-LIR-NEXT:    arith.constant 0.000000e+00 : f32
// CHECK-LIR-NEXT:    linalg.fill ins(%{{.+}} : f32) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-LIR-NEXT:    linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[A2]], %{{.+}} : memref<6x16xf32>, memref<16x4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// CHECK-LIR-NEXT:    linalg.generic {{.+}} outs(%[[C2]] : memref<6x4xf32>)
// CHECK-LIR:           arith.maximumf
// CHECK-CALL-LABEL: func.func @fused_rlx_dispatch_0(
// CHECK-CALL-DAG:     %[[I6:.+]] = arith.constant 6 : i32
// CHECK-CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CHECK-CALL-DAG:     %[[I16:.+]] = arith.constant 16 : i32
// CHECK-CALL-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-CALL-NOT:     linalg.fill
// CHECK-CALL:         call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %[[I6]], %[[I4]], %[[I16]], %{{.+}}, %{{.+}}, %[[I16]], %{{.+}}, %[[I4]], %[[ZERO]], %{{.+}}, %[[I4]])
// CHECK-CALL-NEXT:    linalg.generic
// CHECK-CALL:           arith.maximumf
func.func @fused(%a: tensor<2x3x16xf32>, %b: tensor<16x4xf32>, %bias: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %c = mir.fused_matmul %a, %b, %bias act = relu : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %c : tensor<2x3x4xf32>
}

// Equal batch dims: a marked batch_matmul, one sgemm per batch (6 of them);
// each operand advances by its batch stride in bytes (4x8, 8x5 and 4x5
// floats: 128, 160 and 80).
// CHECK-LIR-LABEL: lir.program @batched
// CHECK-LIR:         linalg.batch_matmul {rlx.library_call = "cblas_sgemm"} ins({{.*}} : memref<6x4x8xf32>, memref<6x8x5xf32>) outs({{.*}} : memref<6x4x5xf32>)
// CHECK-CALL-LABEL: func.func @batched_rlx_dispatch_0(
// CHECK-CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CHECK-CALL-DAG:     %[[I5:.+]] = arith.constant 5 : i32
// CHECK-CALL-DAG:     %[[I8:.+]] = arith.constant 8 : i32
// CHECK-CALL-DAG:     %[[S128:.+]] = arith.constant 128 : index
// CHECK-CALL-DAG:     %[[S160:.+]] = arith.constant 160 : index
// CHECK-CALL-DAG:     %[[S80:.+]] = arith.constant 80 : index
// CHECK-CALL-DAG:     %[[SIX:.+]] = arith.constant 6 : index
// CHECK-CALL:         scf.for %[[BATCH:.+]] = %{{.+}} to %[[SIX]] step
// CHECK-CALL:           arith.muli %[[BATCH]], %[[S128]] : index
// CHECK-CALL:           arith.muli %[[BATCH]], %[[S160]] : index
// CHECK-CALL:           arith.muli %[[BATCH]], %[[S80]] : index
// CHECK-CALL:           func.call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %[[I4]], %[[I5]], %[[I8]], %{{.+}}, %{{.+}}, %[[I8]], %{{.+}}, %[[I5]], %{{.+}}, %{{.+}}, %[[I5]])
func.func @batched(%a: tensor<2x3x4x8xf32>, %b: tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}

// Broadcast batch dims stay a generated linalg.generic; f16 stays loops.
// CHECK-LIR-LABEL: lir.program @broadcast_batch
// CHECK-LIR-NOT:     rlx.library_call
// CHECK-LIR:         linalg.generic
// CHECK-LIR-LABEL: lir.program @f16
// CHECK-LIR-NOT:     rlx.library_call
// CHECK-LIR:         lir.schedule
// CHECK-CALL-LABEL: func.func @broadcast_batch_rlx_dispatch_0(
// CHECK-CALL-NOT:     cblas_sgemm
// CHECK-CALL-LABEL: func.func @f16_rlx_dispatch_0(
// CHECK-CALL-NOT:     cblas_sgemm
// CHECK-CALL-LABEL: func.func @swiglu_rlx_dispatch_0(
func.func @broadcast_batch(%a: tensor<2x3x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}
func.func @f16(%a: tensor<2x8xf16>, %b: tensor<8x4xf16>) -> tensor<2x4xf16> {
  %c = mir.matmul %a, %b : (tensor<2x8xf16>, tensor<8x4xf16>) -> tensor<2x4xf16>
  return %c : tensor<2x4xf16>
}

// swiglu: the gate product into the result, then per stack tile (here one
// 4x16 tile) the up product into the tile and out = silu(out) * tile.
// CHECK-LIR-LABEL: lir.program @swiglu
// CHECK-LIR:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[WG:.+]]: memref<8x16xf32>, %[[WU:.+]]: memref<8x16xf32>, %[[OUT:.+]]: memref<4x16xf32>):
// CHECK-LIR:           linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : memref<4x16xf32>)
// CHECK-LIR-NEXT:      linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[X]], %[[WG]] : memref<4x8xf32>, memref<8x16xf32>) outs(%[[OUT]] : memref<4x16xf32>)
// CHECK-LIR-NEXT:      %[[TILE:.+]] = memref.alloca() : memref<4x16xf32>
// CHECK-LIR:           scf.for
// CHECK-LIR:             scf.for
// CHECK-LIR:               %[[UP:.+]] = memref.subview %[[TILE]][0, 0] [%{{.+}}, %{{.+}}] [1, 1]
// CHECK-LIR-NEXT:          linalg.fill ins(%{{.+}} : f32) outs(%[[UP]] :
// CHECK-LIR-NEXT:          %[[XR:.+]] = memref.subview %[[X]][%{{.+}}, 0] [%{{.+}}, 8] [1, 1]
// CHECK-LIR-NEXT:          %[[WC:.+]] = memref.subview %[[WU]][0, %{{.+}}] [8, %{{.+}}] [1, 1]
// CHECK-LIR-NEXT:          linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[XR]], %[[WC]] : {{.*}}) outs(%[[UP]] : {{.*}})
// CHECK-LIR-NEXT:          %[[OT:.+]] = memref.subview %[[OUT]]
// CHECK-LIR-NEXT:          linalg.generic {{.*}} ins(%[[UP]] : {{.*}}) outs(%[[OT]] : {{.*}})
// CHECK-LIR:                 math.exp
// CHECK-CALL:         call @cblas_sgemm(
// CHECK-CALL:         %[[TILE:.+]] = memref.alloca() : memref<4x16xf32>
// CHECK-CALL:         %[[TI:.+]] = memref.extract_aligned_pointer_as_index %[[TILE]]
// CHECK-CALL-NEXT:    %[[TI64:.+]] = arith.index_cast %[[TI]] : index to i64
// CHECK-CALL-NEXT:    %[[TP:.+]] = llvm.inttoptr %[[TI64]] : i64 to !llvm.ptr
// CHECK-CALL-NEXT:    call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[TP]], %{{.+}})
// CHECK-CALL-NEXT:    linalg.generic {{.*}} ins(%[[TILE]] :
func.func @swiglu(%x: tensor<4x8xf32>, %wg: tensor<8x16xf32>, %wu: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %h : tensor<4x16xf32>
}
