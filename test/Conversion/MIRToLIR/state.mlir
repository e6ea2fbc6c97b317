// RUN: rlx-opt %s -split-input-file -convert-mir-to-lir | rlx-opt --mlir-print-local-scope | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir | FileCheck %s --check-prefix=VULKAN
// RUN: rlx-opt %s -split-input-file -rlx-attach-target=target=vulkan -convert-mir-to-lir -rlx-lir-to-spirv -o /dev/null

// Decoding state: a mir.state is a param slot marked `state`; a
// mir.cache_write's result is the state's own buffer (the write happens in
// place), and its kernel takes only the update, the position and the cache.

// A cache written at a run-time i32 position, then read. The kernel loads
// p once, at its entry (not per element), walks the update and stores
// element (0, i, j) at row p + i of the cache when 0 <= p + i < 8; the
// reader's dispatch views the state's bytes, not a copy.
// CHECK-LABEL: lir.program @write_then_read
// CHECK-NEXT:    lir.io input "new" at 0 : memref<1x2x4xf32>
// CHECK-NEXT:    lir.io input "pos" at 64 : memref<1xi32>
// CHECK-NEXT:    lir.io param "layers.0.k_cache" at [[STATE:[0-9]+]] state : memref<1x8x4xf32>
// CHECK-NEXT:    lir.io output "out" at [[OUT:[0-9]+]] : memref<1x8x4xf32>
// CHECK-NEXT:    lir.kernel @cache_write_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%[[UPD:.+]]: memref<1x2x4xf32>, %[[POS:.+]]: memref<1xi32>, %[[CACHE:[^:]+]]: memref<1x8x4xf32>):
// CHECK:           %[[RAW:.+]] = memref.load %[[POS]][%{{.+}}] : memref<1xi32>
// CHECK-NEXT:      %[[P:.+]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK:               %[[ROW:.+]] = arith.addi %[[P]], %[[I]] : index
// CHECK-NEXT:          %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT:          %[[GE:.+]] = arith.cmpi sge, %[[ROW]], %[[ZERO]] : index
// CHECK-NEXT:          %[[CAP:.+]] = arith.constant 8 : index
// CHECK-NEXT:          %[[LT:.+]] = arith.cmpi slt, %[[ROW]], %[[CAP]] : index
// CHECK-NEXT:          %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:          scf.if %[[IN]] {
// CHECK-NEXT:            %[[X:.+]] = memref.load %[[UPD]][%{{.+}}, %[[I]], %[[J]]] : memref<1x2x4xf32>
// CHECK-NEXT:            memref.store %[[X]], %[[CACHE]][%{{.+}}, %[[ROW]], %[[J]]] : memref<1x8x4xf32>
// CHECK-NEXT:          }
// CHECK:           lir.return
// CHECK:         lir.kernel @unary_neg_1
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[VU:.+]] = lir.view at 0 : memref<1x2x4xf32>
// CHECK-NEXT:      %[[VP:.+]] = lir.view at 64 : memref<1xi32>
// CHECK-NEXT:      %[[VS:.+]] = lir.view at [[STATE]] : memref<1x8x4xf32>
// CHECK-NEXT:      lir.dispatch @cache_write_0(%[[VU]], %[[VP]], %[[VS]]) : memref<1x2x4xf32>, memref<1xi32>, memref<1x8x4xf32>
// CHECK-NEXT:      %[[VO:.+]] = lir.view at [[OUT]] : memref<1x8x4xf32>
// CHECK-NEXT:      lir.dispatch @unary_neg_1(%[[VS]], %[[VO]]) : memref<1x8x4xf32>, memref<1x8x4xf32>
// CHECK-NEXT:    }
// On Vulkan each invocation writes one element of the update (8 of them),
// under the same bound.
// VULKAN-LABEL: lir.program @write_then_read
// VULKAN:         lir.io param "layers.0.k_cache" at {{[0-9]+}} state : memref<1x8x4xf32>
// VULKAN:         lir.kernel @cache_write_0 grid = [1] workgroup_size = [128, 1, 1] {
// VULKAN-NEXT:    ^bb0(%{{.+}}: memref<1x2x4xf32>, %[[POS:.+]]: memref<1xi32>, %{{[^:]+}}: memref<1x8x4xf32>):
// VULKAN:           memref.load %[[POS]]
// VULKAN:           gpu.thread_id x
// VULKAN:           scf.for %{{.+}} = %{{.+}} to %c8 step %c128
// VULKAN:             scf.if
// VULKAN:               memref.store
func.func @write_then_read(%new: tensor<1x2x4xf32> {mir.name = "new"}, %pos: tensor<1xi32> {mir.name = "pos"}) -> (tensor<1x8x4xf32> {mir.name = "out"}) {
  %c = mir.state "layers.0.k_cache" : tensor<1x8x4xf32>
  %k = mir.cache_write %c, %new, %pos axis = 1 : (tensor<1x8x4xf32>, tensor<1x2x4xf32>, tensor<1xi32>) -> tensor<1x8x4xf32>
  %r = mir.unary neg %k : tensor<1x8x4xf32>
  return %r : tensor<1x8x4xf32>
}

// -----

// The cache write's result returned: the state is a param, so it is copied
// into the output slot after the write (a state and an output may share a
// name). A rank-0 position is loaded with no index.
// CHECK-LABEL: lir.program @returned
// CHECK-NEXT:    lir.io input "new" at 0 : memref<1x4xf32>
// CHECK-NEXT:    lir.io input "pos" at 64 : memref<i32>
// CHECK-NEXT:    lir.io param "cache" at [[STATE:[0-9]+]] state : memref<8x4xf32>
// CHECK-NEXT:    lir.io output "cache" at [[OUT:[0-9]+]] : memref<8x4xf32>
// CHECK-NEXT:    lir.kernel @cache_write_0 grid = [1] {
// CHECK-NEXT:    ^bb0(%{{.+}}: memref<1x4xf32>, %[[POS:.+]]: memref<i32>, %{{[^:]+}}: memref<8x4xf32>):
// CHECK:           %[[RAW:.+]] = memref.load %[[POS]][] : memref<i32>
// CHECK-NEXT:      %{{.+}} = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           scf.if
// CHECK:         lir.kernel @copy_1
// CHECK:         lir.schedule {
// CHECK:           %[[VS:.+]] = lir.view at [[STATE]] : memref<8x4xf32>
// CHECK-NEXT:      lir.dispatch @cache_write_0(%{{.+}}, %{{.+}}, %[[VS]])
// CHECK-NEXT:      %[[VO:.+]] = lir.view at [[OUT]] : memref<8x4xf32>
// CHECK-NEXT:      lir.dispatch @copy_1(%[[VS]], %[[VO]])
// CHECK-NEXT:    }
func.func @returned(%new: tensor<1x4xf32> {mir.name = "new"}, %pos: tensor<i32> {mir.name = "pos"}) -> (tensor<8x4xf32> {mir.name = "cache"}) {
  %c = mir.state "cache" : tensor<8x4xf32>
  %k = mir.cache_write %c, %new, %pos axis = 0 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>) -> tensor<8x4xf32>
  return %k : tensor<8x4xf32>
}
