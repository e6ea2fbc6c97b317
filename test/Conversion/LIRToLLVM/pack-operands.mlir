// RUN: rlx-opt %s -split-input-file -rlx-cpu-pack-operands="lanes=16" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-cpu-pack-operands="lanes=8" | FileCheck %s --check-prefix=AVX

// Two row workgroups each read all of B (an intermediate): B is packed once
// per run by a pack_panels dispatch (one 64-column strip per workgroup; 16
// columns with AVX) into a scratch region where the params began (81920),
// and the matmul reads the panels. The second matmul's B is packed into the
// same region (the scratch is live only between a pack and its matmul), so
// the arena grows by the larger of the two, 128 x 128 x 4 bytes, and the
// param "p" and its view move up by as much, still trailing the rest.
// CHECK-LABEL: lir.program @rows arena_size = 151552
// CHECK:         lir.io param "p" at 147456 : memref<16x64xf32>
// CHECK:         lir.kernel @pack_panels grid = [2] {
// CHECK-NEXT:    ^bb0(%[[SRC:.*]]: memref<128x128xf32>, %[[DST:.*]]: memref<2x128x64xf32>):
// CHECK-NEXT:      %[[WG:.*]] = lir.workgroup_id 0
// CHECK-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[COL:.*]] = arith.muli %[[WG]], %[[C64]] : index
// CHECK-NEXT:      %[[IN:.*]] = memref.subview %[[SRC]][0, %[[COL]]] [128, 64] [1, 1]
// CHECK-NEXT:      %[[OUT:.*]] = memref.subview %[[DST]][%[[WG]], 0, 0] [1, 128, 64] [1, 1, 1]
// CHECK-NEXT:      linalg.copy ins(%[[IN]] : {{.*}}) outs(%[[OUT]] :
// CHECK-NEXT:      lir.return
// CHECK:         lir.kernel @mm grid = [2]
// CHECK-NEXT:    ^bb0(%{{.*}}: memref<16x128xf32>, %[[P:.*]]: memref<2x128x64xf32>, %{{.*}}: memref<16x128xf32>):
// CHECK:           linalg.generic {{.*}} ins(%{{.*}}, %[[P]] : memref<8x128xf32, {{.*}}>, memref<2x128x64xf32>)
// CHECK-NOT:       linalg.matmul
// CHECK:         lir.kernel @pack_panels_0 grid = [1] {
// CHECK:         lir.kernel @mm_narrow grid = [2]
// CHECK:         lir.schedule
// CHECK-NEXT:      %[[A:.*]] = lir.view at 0 : memref<16x128xf32>
// CHECK-NEXT:      %[[B:.*]] = lir.view at 8192 : memref<128x128xf32>
// CHECK-NEXT:      %[[C:.*]] = lir.view at 73728 : memref<16x128xf32>
// CHECK-NEXT:      %[[S:.*]] = lir.view at 81920 : memref<2x128x64xf32>
// CHECK-NEXT:      lir.dispatch @pack_panels(%[[B]], %[[S]])
// CHECK-NEXT:      lir.dispatch @mm(%[[A]], %[[S]], %[[C]])
// CHECK:           %[[S2:.*]] = lir.view at 81920 : memref<1x128x64xf32>
// CHECK-NEXT:      lir.dispatch @pack_panels_0(%{{.*}}, %[[S2]])
// CHECK-NEXT:      lir.dispatch @mm_narrow(%{{.*}}, %[[S2]], %{{.*}})
// CHECK-NEXT:      %[[PV:.*]] = lir.view at 147456 : memref<16x64xf32>
// CHECK-NEXT:      lir.dispatch @copy(%[[PV]], %{{.*}})
// AVX-LABEL: lir.program @rows arena_size = 151552
// AVX:         lir.kernel @pack_panels grid = [8] {
// AVX-NEXT:    ^bb0(%{{.*}}: memref<128x128xf32>, %{{.*}}: memref<8x128x16xf32>):
// AVX:           lir.view at 81920 : memref<8x128x16xf32>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @rows arena_size = 86016 alignment = 64 {
    lir.io input "a" at 0 : memref<16x128xf32>
    lir.io output "c" at 73728 : memref<16x128xf32>
    lir.io output "d" at 40960 : memref<16x64xf32>
    lir.io param "p" at 81920 : memref<16x64xf32>
    lir.kernel @mm grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      %wg = lir.workgroup_id 0
      %c8 = arith.constant 8 : index
      %row = arith.muli %wg, %c8 : index
      %as = memref.subview %a[%row, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
      %cs = memref.subview %c[%row, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
      linalg.matmul ins(%as, %b : memref<8x128xf32, strided<[128, 1], offset: ?>>, memref<128x128xf32>) outs(%cs : memref<8x128xf32, strided<[128, 1], offset: ?>>)
      lir.return
    }
    lir.kernel @mm_narrow grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x64xf32>, %d: memref<16x64xf32>):
      %wg = lir.workgroup_id 0
      %c8 = arith.constant 8 : index
      %row = arith.muli %wg, %c8 : index
      %as = memref.subview %a[%row, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
      %ds = memref.subview %d[%row, 0] [8, 64] [1, 1] : memref<16x64xf32> to memref<8x64xf32, strided<[64, 1], offset: ?>>
      linalg.matmul ins(%as, %b : memref<8x128xf32, strided<[128, 1], offset: ?>>, memref<128x64xf32>) outs(%ds : memref<8x64xf32, strided<[64, 1], offset: ?>>)
      lir.return
    }
    lir.kernel @copy grid = [1] {
    ^bb0(%p: memref<16x64xf32>, %d: memref<16x64xf32>):
      linalg.copy ins(%p : memref<16x64xf32>) outs(%d : memref<16x64xf32>)
      lir.return
    }
    lir.schedule {
      %a = lir.view at 0 : memref<16x128xf32>
      %b = lir.view at 8192 : memref<128x128xf32>
      %c = lir.view at 73728 : memref<16x128xf32>
      lir.dispatch @mm(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      %b2 = lir.view at 8192 : memref<128x64xf32>
      %d = lir.view at 40960 : memref<16x64xf32>
      lir.dispatch @mm_narrow(%a, %b2, %d) : memref<16x128xf32>, memref<128x64xf32>, memref<16x64xf32>
      %p = lir.view at 81920 : memref<16x64xf32>
      lir.dispatch @copy(%p, %d) : memref<16x64xf32>, memref<16x64xf32>
    }
  }
}

// -----

// Left as they are: one workgroup ("one"); a column slice per workgroup,
// which packs only its own columns ("cols"); a column count that is not a
// multiple of the panel width ("n10"); B also read elementwise ("both"); B
// read as A ("asA"); B overlapping the output ("alias"); a kernel
// dispatched twice ("twice").
// CHECK-LABEL: lir.program @misses arena_size = 262144
// CHECK-NOT:     pack_panels
// CHECK-NOT:     linalg.generic
// CHECK:         lir.schedule
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @misses arena_size = 262144 alignment = 64 {
    lir.io input "a" at 0 : memref<16x128xf32>
    lir.io output "c" at 8192 : memref<16x128xf32>
    lir.kernel @one grid = [1] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x128xf32>) outs(%c : memref<16x128xf32>)
      lir.return
    }
    lir.kernel @cols grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      %wg = lir.workgroup_id 0
      %c64 = arith.constant 64 : index
      %col = arith.muli %wg, %c64 : index
      %bs = memref.subview %b[0, %col] [128, 64] [1, 1] : memref<128x128xf32> to memref<128x64xf32, strided<[128, 1], offset: ?>>
      %cs = memref.subview %c[0, %col] [16, 64] [1, 1] : memref<16x128xf32> to memref<16x64xf32, strided<[128, 1], offset: ?>>
      linalg.matmul ins(%a, %bs : memref<16x128xf32>, memref<128x64xf32, strided<[128, 1], offset: ?>>) outs(%cs : memref<16x64xf32, strided<[128, 1], offset: ?>>)
      lir.return
    }
    lir.kernel @n10 grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x10xf32>, %c: memref<16x10xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x10xf32>) outs(%c : memref<16x10xf32>)
      lir.return
    }
    lir.kernel @both grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x128xf32>) outs(%c : memref<16x128xf32>)
      %row = memref.subview %b[0, 0] [16, 128] [1, 1] : memref<128x128xf32> to memref<16x128xf32, strided<[128, 1]>>
      linalg.copy ins(%row : memref<16x128xf32, strided<[128, 1]>>) outs(%c : memref<16x128xf32>)
      lir.return
    }
    lir.kernel @asA grid = [2] {
    ^bb0(%a: memref<128x128xf32>, %b: memref<128x128xf32>, %c: memref<128x128xf32>):
      linalg.matmul ins(%a, %b : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>)
      lir.return
    }
    lir.kernel @alias grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x128xf32>) outs(%c : memref<16x128xf32>)
      lir.return
    }
    lir.kernel @twice grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x128xf32>) outs(%c : memref<16x128xf32>)
      lir.return
    }
    lir.schedule {
      %a = lir.view at 0 : memref<16x128xf32>
      %b = lir.view at 65536 : memref<128x128xf32>
      %c = lir.view at 8192 : memref<16x128xf32>
      lir.dispatch @one(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      lir.dispatch @cols(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      %b10 = lir.view at 65536 : memref<128x10xf32>
      %c10 = lir.view at 8192 : memref<16x10xf32>
      lir.dispatch @n10(%a, %b10, %c10) : memref<16x128xf32>, memref<128x10xf32>, memref<16x10xf32>
      lir.dispatch @both(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      %sq = lir.view at 131072 : memref<128x128xf32>
      %sq2 = lir.view at 196608 : memref<128x128xf32>
      lir.dispatch @asA(%sq, %sq, %sq2) : memref<128x128xf32>, memref<128x128xf32>, memref<128x128xf32>
      %inB = lir.view at 69632 : memref<16x128xf32>
      lir.dispatch @alias(%a, %b, %inB) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      lir.dispatch @twice(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      lir.dispatch @twice(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
    }
  }
}

// -----

// Params that do not trail the other buffers (LIR written by hand: the
// output after the param): nothing moves, and the scratch goes after the
// arena (90112).
// CHECK-LABEL: lir.program @untrailing arena_size = 155648
// CHECK:         lir.io param "p" at 8192 : memref<16x64xf32>
// CHECK:         lir.io output "c" at 77824 : memref<16x128xf32>
// CHECK:         lir.schedule
// CHECK:           lir.view at 90112 : memref<2x128x64xf32>
// CHECK:           lir.view at 8192 : memref<16x64xf32>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @untrailing arena_size = 90112 alignment = 64 {
    lir.io input "a" at 0 : memref<16x128xf32>
    lir.io param "p" at 8192 : memref<16x64xf32>
    lir.io output "c" at 77824 : memref<16x128xf32>
    lir.kernel @mm grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      %wg = lir.workgroup_id 0
      %c8 = arith.constant 8 : index
      %row = arith.muli %wg, %c8 : index
      %as = memref.subview %a[%row, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
      %cs = memref.subview %c[%row, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
      linalg.matmul ins(%as, %b : memref<8x128xf32, strided<[128, 1], offset: ?>>, memref<128x128xf32>) outs(%cs : memref<8x128xf32, strided<[128, 1], offset: ?>>)
      lir.return
    }
    lir.kernel @copy grid = [1] {
    ^bb0(%p: memref<16x64xf32>, %d: memref<16x64xf32>):
      linalg.copy ins(%p : memref<16x64xf32>) outs(%d : memref<16x64xf32>)
      lir.return
    }
    lir.schedule {
      %a = lir.view at 0 : memref<16x128xf32>
      %b = lir.view at 12288 : memref<128x128xf32>
      %c = lir.view at 77824 : memref<16x128xf32>
      lir.dispatch @mm(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
      %p = lir.view at 8192 : memref<16x64xf32>
      %d = lir.view at 86016 : memref<16x64xf32>
      lir.dispatch @copy(%p, %d) : memref<16x64xf32>, memref<16x64xf32>
    }
  }
}

// -----

// Not a CPU target: nothing changes.
// CHECK-LABEL: lir.program @gpu arena_size = 81920
// CHECK-NOT:     pack_panels
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
  lir.program @gpu arena_size = 81920 alignment = 64 {
    lir.io input "a" at 0 : memref<16x128xf32>
    lir.io output "c" at 73728 : memref<16x128xf32>
    lir.kernel @mm grid = [2] {
    ^bb0(%a: memref<16x128xf32>, %b: memref<128x128xf32>, %c: memref<16x128xf32>):
      linalg.matmul ins(%a, %b : memref<16x128xf32>, memref<128x128xf32>) outs(%c : memref<16x128xf32>)
      lir.return
    }
    lir.schedule {
      %a = lir.view at 0 : memref<16x128xf32>
      %b = lir.view at 8192 : memref<128x128xf32>
      %c = lir.view at 73728 : memref<16x128xf32>
      lir.dispatch @mm(%a, %b, %c) : memref<16x128xf32>, memref<128x128xf32>, memref<16x128xf32>
    }
  }
}
