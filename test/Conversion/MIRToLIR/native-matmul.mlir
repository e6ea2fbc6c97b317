// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true | rlx-opt --mlir-print-local-scope | FileCheck %s --check-prefix=LIR
// RUN: rlx-opt %s -convert-mir-to-lir | FileCheck %s --check-prefix=OFF
// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true -convert-lir-to-llvm=outline-only=true -canonicalize | FileCheck %s --check-prefix=CALL
// RUN: rlx-opt %s -convert-mir-to-lir="native-matmul=true workgroup-elements=32" | FileCheck %s --check-prefix=SPLIT
// RUN: rlx-opt %s -convert-mir-to-lir="workgroup-elements=32" | FileCheck %s --check-prefix=NOSPLIT
// RUN: rlx-opt %s -convert-mir-to-lir=native-matmul=true -convert-lir-to-llvm | FileCheck %s --check-prefix=LLVM

// native-matmul: f32 matmul products are linalg.matmul / batch_matmul marked
// rlx.library_call = "cblas_sgemm" (the zero fill and the epilogue stay);
// convert-lir-to-llvm turns each into
//   cblas_sgemm(101 RowMajor, 111 NoTrans, 111 NoTrans, M, N, K, 1.0,
//               A, lda, B, ldb, beta, C, ldc)
// on pointers into the arena (byte offset of the view + element offset * 4),
// beta = 0 with the fill removed.

// OFF-NOT: rlx.library_call

// CALL: func.func private @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)
// LLVM: llvm.func @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)

// 8x16 x 16x4: A at byte 0 (lda 16), B at 512 (ldb 4), C at 768 (ldc 4).
// LIR-LABEL: lir.program @matmul
// LIR:         lir.kernel @matmul_0 grid = [1] {
// LIR-NEXT:    ^bb0(%[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<8x4xf32>):
// LIR-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// LIR-NEXT:      linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<8x4xf32>)
// LIR-NEXT:      linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// LIR-NEXT:      lir.return
// The inputs A and B are read where the input table says (entries 0 and
// 1), the output C at its arena offset.
// CALL-LABEL: func.func @matmul_rlx_dispatch_0(
// CALL-SAME:      %[[ARENA:[^:]+]]: memref<896xi8>, %[[INPUTS:[^:]+]]: memref<2xi64>
// CALL-DAG:     %[[ROW:.+]] = arith.constant 101 : i32
// CALL-DAG:     %[[NOT:.+]] = arith.constant 111 : i32
// CALL-DAG:     %[[I8:.+]] = arith.constant 8 : i32
// CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CALL-DAG:     %[[I16:.+]] = arith.constant 16 : i32
// CALL-DAG:     %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CALL-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CALL-DAG:     %[[C768:.+]] = arith.constant 768 : index
// CALL-NOT:     linalg.fill
// CALL:         memref.load %[[INPUTS]][%{{.+}}] : memref<2xi64>
// CALL:         %[[ABYTES:.+]] = builtin.unrealized_conversion_cast {{.*}} to memref<512xi8>
// CALL:         memref.load %[[INPUTS]][%{{.+}}] : memref<2xi64>
// CALL:         %[[BBYTES:.+]] = builtin.unrealized_conversion_cast {{.*}} to memref<256xi8>
// CALL:         %[[AI:.+]] = memref.extract_aligned_pointer_as_index %[[ABYTES]]
// CALL-NEXT:    %[[AI64:.+]] = arith.index_cast %[[AI]] : index to i64
// CALL-NEXT:    %[[AP:.+]] = llvm.inttoptr %[[AI64]] : i64 to !llvm.ptr
// CALL-NEXT:    %[[BI:.+]] = memref.extract_aligned_pointer_as_index %[[BBYTES]]
// CALL-NEXT:    %[[BI64:.+]] = arith.index_cast %[[BI]] : index to i64
// CALL-NEXT:    %[[BP:.+]] = llvm.inttoptr %[[BI64]] : i64 to !llvm.ptr
// CALL-NEXT:    %[[CI:.+]] = memref.extract_aligned_pointer_as_index %[[ARENA]]
// CALL-NEXT:    %[[CA:.+]] = arith.addi %[[CI]], %[[C768]] : index
// CALL-NEXT:    %[[CI64:.+]] = arith.index_cast %[[CA]] : index to i64
// CALL-NEXT:    %[[CP:.+]] = llvm.inttoptr %[[CI64]] : i64 to !llvm.ptr
// CALL-NEXT:    call @cblas_sgemm(%[[ROW]], %[[NOT]], %[[NOT]], %[[I8]], %[[I4]], %[[I16]], %[[ONE]], %[[AP]], %[[I16]], %[[BP]], %[[I4]], %[[ZERO]], %[[CP]], %[[I4]])
// CALL-NEXT:    return
// A native matmul is not split into workgroups (OpenBLAS threads the one
// call), even where generated code would be: grid = [2] without the option.
// SPLIT-LABEL: lir.program @matmul
// SPLIT:         lir.kernel @matmul_0 grid = [1] {
// SPLIT-NOT:       lir.workgroup_id
// SPLIT:           lir.return
// NOSPLIT-LABEL: lir.program @matmul
// NOSPLIT:         lir.kernel @matmul_0 grid = [2] {
// LLVM-LABEL: llvm.func @matmul_rlx_dispatch_0(
// LLVM:         llvm.call @cblas_sgemm(
// LLVM-NOT:     llvm.fmul
// LLVM:         llvm.return
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %c = mir.matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}

// [2, 3, 16] x [16, 4] + bias, relu: rows collapse into one sgemm (M = 6);
// the epilogue generic runs on the result after the call.
// LIR-LABEL: lir.program @fused
// LIR:         linalg.fill
// LIR-NEXT:    %[[A2:.+]] = memref.collapse_shape
// LIR-NEXT:    %[[C2:.+]] = memref.collapse_shape
// LIR-NEXT:    linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[A2]], %{{.+}} : memref<6x16xf32>, memref<16x4xf32>) outs(%[[C2]] : memref<6x4xf32>)
// LIR-NEXT:    linalg.generic
// LIR:           arith.maximumf
// CALL-LABEL: func.func @fused_rlx_dispatch_0(
// CALL-DAG:     %[[I6:.+]] = arith.constant 6 : i32
// CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CALL-DAG:     %[[I16:.+]] = arith.constant 16 : i32
// CALL-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CALL-NOT:     linalg.fill
// CALL:         call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %[[I6]], %[[I4]], %[[I16]], %{{.+}}, %{{.+}}, %[[I16]], %{{.+}}, %[[I4]], %[[ZERO]], %{{.+}}, %[[I4]])
// CALL-NEXT:    linalg.generic
// CALL:           arith.maximumf
func.func @fused(%a: tensor<2x3x16xf32>, %b: tensor<16x4xf32>, %bias: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %c = mir.fused_matmul %a, %b, %bias act = relu : (tensor<2x3x16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %c : tensor<2x3x4xf32>
}

// Equal batch dims: a marked batch_matmul, one sgemm per batch (6 of them);
// each operand advances by its batch stride in bytes (4x8, 8x5 and 4x5
// floats: 128, 160 and 80).
// LIR-LABEL: lir.program @batched
// LIR:         linalg.batch_matmul {rlx.library_call = "cblas_sgemm"} ins({{.*}} : memref<6x4x8xf32>, memref<6x8x5xf32>) outs({{.*}} : memref<6x4x5xf32>)
// CALL-LABEL: func.func @batched_rlx_dispatch_0(
// CALL-DAG:     %[[I4:.+]] = arith.constant 4 : i32
// CALL-DAG:     %[[I5:.+]] = arith.constant 5 : i32
// CALL-DAG:     %[[I8:.+]] = arith.constant 8 : i32
// CALL-DAG:     %[[S128:.+]] = arith.constant 128 : index
// CALL-DAG:     %[[S160:.+]] = arith.constant 160 : index
// CALL-DAG:     %[[S80:.+]] = arith.constant 80 : index
// CALL-DAG:     %[[SIX:.+]] = arith.constant 6 : index
// CALL:         scf.for %[[BATCH:.+]] = %{{.+}} to %[[SIX]] step
// CALL:           arith.muli %[[BATCH]], %[[S128]] : index
// CALL:           arith.muli %[[BATCH]], %[[S160]] : index
// CALL:           arith.muli %[[BATCH]], %[[S80]] : index
// CALL:           func.call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %[[I4]], %[[I5]], %[[I8]], %{{.+}}, %{{.+}}, %[[I8]], %{{.+}}, %[[I5]], %{{.+}}, %{{.+}}, %[[I5]])
func.func @batched(%a: tensor<2x3x4x8xf32>, %b: tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %c = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %c : tensor<2x3x4x5xf32>
}

// Broadcast batch dims stay a generated linalg.generic; f16 stays loops.
// LIR-LABEL: lir.program @broadcast_batch
// LIR-NOT:     rlx.library_call
// LIR:         linalg.generic
// LIR-LABEL: lir.program @f16
// LIR-NOT:     rlx.library_call
// LIR:         lir.schedule
// CALL-LABEL: func.func @broadcast_batch_rlx_dispatch_0(
// CALL-NOT:     cblas_sgemm
// CALL-LABEL: func.func @f16_rlx_dispatch_0(
// CALL-NOT:     cblas_sgemm
// CALL-LABEL: func.func @swiglu_rlx_dispatch_0(
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
// LIR-LABEL: lir.program @swiglu
// LIR:         ^bb0(%[[X:.+]]: memref<4x8xf32>, %[[WG:.+]]: memref<8x16xf32>, %[[WU:.+]]: memref<8x16xf32>, %[[OUT:.+]]: memref<4x16xf32>):
// LIR:           linalg.fill ins(%{{.+}} : f32) outs(%[[OUT]] : memref<4x16xf32>)
// LIR-NEXT:      linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[X]], %[[WG]] : memref<4x8xf32>, memref<8x16xf32>) outs(%[[OUT]] : memref<4x16xf32>)
// LIR-NEXT:      %[[TILE:.+]] = memref.alloca() : memref<4x16xf32>
// LIR:           scf.for
// LIR:             scf.for
// LIR:               %[[UP:.+]] = memref.subview %[[TILE]][0, 0] [%{{.+}}, %{{.+}}] [1, 1]
// LIR-NEXT:          linalg.fill ins(%{{.+}} : f32) outs(%[[UP]] :
// LIR-NEXT:          %[[XR:.+]] = memref.subview %[[X]][%{{.+}}, 0] [%{{.+}}, 8] [1, 1]
// LIR-NEXT:          %[[WC:.+]] = memref.subview %[[WU]][0, %{{.+}}] [8, %{{.+}}] [1, 1]
// LIR-NEXT:          linalg.matmul {rlx.library_call = "cblas_sgemm"} ins(%[[XR]], %[[WC]] : {{.*}}) outs(%[[UP]] : {{.*}})
// LIR-NEXT:          %[[OT:.+]] = memref.subview %[[OUT]]
// LIR-NEXT:          linalg.generic {{.*}} ins(%[[UP]] : {{.*}}) outs(%[[OT]] : {{.*}})
// LIR:                 math.exp
// CALL:         call @cblas_sgemm(
// CALL:         %[[TILE:.+]] = memref.alloca() : memref<4x16xf32>
// CALL:         %[[TI:.+]] = memref.extract_aligned_pointer_as_index %[[TILE]]
// CALL-NEXT:    %[[TI64:.+]] = arith.index_cast %[[TI]] : index to i64
// CALL-NEXT:    %[[TP:.+]] = llvm.inttoptr %[[TI64]] : i64 to !llvm.ptr
// CALL-NEXT:    call @cblas_sgemm(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[TP]], %{{.+}})
// CALL-NEXT:    linalg.generic {{.*}} ins(%[[TILE]] :
func.func @swiglu(%x: tensor<4x8xf32>, %wg: tensor<8x16xf32>, %wu: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %h = mir.swiglu %x, %wg, %wu : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %h : tensor<4x16xf32>
}
