// RUN: rlx-opt %s -split-input-file -rlx-cpu-pack-params="lanes=16" | FileCheck %s
// RUN: rlx-opt %s -split-input-file -rlx-cpu-pack-params="lanes=8" | FileCheck %s --check-prefix=AVX

// A weight read only as B, in column slices of the workgroup: stored in
// panels of 4 x 16 columns (2 x 8 with AVX); its view and the kernel
// argument take the panels' type, the slice selects whole panels
// (256 / 64 = 4 per workgroup), and the matmul becomes the panel matmul on
// C expanded to [M, n / 64, 64], the expansion before the fill.
// CHECK-LABEL: lir.program @slices
// CHECK:         lir.io param "w" at 20480 panels 64 : memref<128x512xf32>
// CHECK:         lir.io param "b" at 282624 : memref<512xf32>
// CHECK:         ^bb0(%[[A:.*]]: memref<8x128xf32>, %[[W:.*]]: memref<8x128x64xf32>, %{{.*}}: memref<512xf32>, %[[C:.*]]: memref<8x512xf32>):
// CHECK:           %[[WG:.*]] = lir.workgroup_id 0
// CHECK:           %[[C4:.*]] = arith.constant 4 : index
// CHECK:           %[[STRIP:.*]] = arith.muli %[[WG]], %[[C4]] : index
// CHECK:           %[[PANELS:.*]] = memref.subview %[[W]][%[[STRIP]], 0, 0] [4, 128, 64] [1, 1, 1]
// CHECK:           %[[CS:.*]] = memref.subview %[[C]]
// CHECK:           %[[C3:.*]] = memref.expand_shape %[[CS]] {{\[\[}}0], [1, 2]] output_shape [8, 4, 64]
// CHECK-NEXT:      linalg.fill ins(%{{.*}} : f32) outs(%[[CS]]
// CHECK-NEXT:      linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[A]], %[[PANELS]] : {{.*}}) outs(%[[C3]] :
// CHECK:             arith.mulf
// CHECK-NEXT:        arith.addf
// CHECK-NOT:       linalg.matmul
// CHECK:         lir.schedule
// CHECK:           lir.view at 20480 : memref<8x128x64xf32>
// AVX-LABEL: lir.program @slices
// AVX:         lir.io param "w" at 20480 panels 16 : memref<128x512xf32>
// AVX:         ^bb0(%{{.*}}: memref<8x128xf32>, %{{.*}}: memref<32x128x16xf32>,
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @slices arena_size = 284672 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xf32>
    lir.io param "w" at 20480 : memref<128x512xf32>
    lir.io param "b" at 282624 : memref<512xf32>
    lir.io output "y" at 4096 : memref<8x512xf32>
    lir.kernel @fused_matmul_0 grid = [2] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x512xf32>, %bias: memref<512xf32>, %c: memref<8x512xf32>):
      %wg = lir.workgroup_id 0
      %c256 = arith.constant 256 : index
      %off = arith.muli %wg, %c256 : index
      %ws = memref.subview %w[0, %off] [128, 256] [1, 1] : memref<128x512xf32> to memref<128x256xf32, strided<[512, 1], offset: ?>>
      %cs = memref.subview %c[0, %off] [8, 256] [1, 1] : memref<8x512xf32> to memref<8x256xf32, strided<[512, 1], offset: ?>>
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%cs : memref<8x256xf32, strided<[512, 1], offset: ?>>)
      linalg.matmul ins(%a, %ws : memref<8x128xf32>, memref<128x256xf32, strided<[512, 1], offset: ?>>) outs(%cs : memref<8x256xf32, strided<[512, 1], offset: ?>>)
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xf32>
      %w = lir.view at 20480 : memref<128x512xf32>
      %b = lir.view at 282624 : memref<512xf32>
      %y = lir.view at 4096 : memref<8x512xf32>
      lir.dispatch @fused_matmul_0(%x, %w, %b, %y) : memref<8x128xf32>, memref<128x512xf32>, memref<512xf32>, memref<8x512xf32>
    }
  }
}

// -----

// Two weights behind a select (the shared matmul's loop): both in panels,
// the select on the panels.
// CHECK-LABEL: lir.program @select
// CHECK:         lir.io param "w1" at 8192 panels 64 : memref<128x128xf32>
// CHECK:         lir.io param "w2" at 73728 panels 64 : memref<128x128xf32>
// CHECK:         %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : memref<2x128x64xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[S]] : memref<8x128xf32>, memref<2x128x64xf32>)
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @select arena_size = 139264 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xf32>
    lir.io param "w1" at 8192 : memref<128x128xf32>
    lir.io param "w2" at 73728 : memref<128x128xf32>
    lir.io output "y" at 4096 : memref<8x128xf32>
    lir.kernel @shared grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w1: memref<128x128xf32>, %w2: memref<128x128xf32>, %c: memref<8x128xf32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %c2 step %c1 {
        %second = arith.cmpi eq, %i, %c1 : index
        %w = arith.select %second, %w2, %w1 : memref<128x128xf32>
        linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x128xf32>) outs(%c : memref<8x128xf32>)
      }
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xf32>
      %w1 = lir.view at 8192 : memref<128x128xf32>
      %w2 = lir.view at 73728 : memref<128x128xf32>
      %y = lir.view at 4096 : memref<8x128xf32>
      lir.dispatch @shared(%x, %w1, %w2, %y) : memref<8x128xf32>, memref<128x128xf32>, memref<128x128xf32>, memref<8x128xf32>
    }
  }
}

// -----

// Left row-major: a column count that is not a multiple of the panel width
// ("n10"); a weight also read elementwise ("both"); a weight read as A
// ("asA"); a select whose other operand is an input ("mixed", and so the
// weight beside it too); a weight viewed in part ("part"); a weight whose
// kernel runs twice ("twice").
// CHECK-LABEL: lir.program @misses
// CHECK-NOT:     panels
// CHECK:         lir.schedule
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @misses arena_size = 284160 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xf32>
    lir.io param "n10" at 12800 : memref<128x10xf32>
    lir.io param "both" at 17920 : memref<128x64xf32>
    lir.io param "asA" at 50688 : memref<8x128xf32>
    lir.io param "mixed" at 54784 : memref<128x128xf32>
    lir.io input "other" at 120320 : memref<128x128xf32>
    lir.io param "part" at 185856 : memref<128x128xf32>
    lir.io param "twice" at 251392 : memref<128x64xf32>
    lir.io output "y" at 4096 : memref<8x64xf32>
    lir.io output "z" at 8192 : memref<8x128xf32>
    lir.io output "u" at 12288 : memref<8x10xf32>
    lir.kernel @k_n10 grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x10xf32>, %c: memref<8x10xf32>):
      linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x10xf32>) outs(%c : memref<8x10xf32>)
      lir.return
    }
    lir.kernel @k_both grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x64xf32>, %c: memref<8x64xf32>):
      linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x64xf32>) outs(%c : memref<8x64xf32>)
      linalg.copy ins(%w : memref<128x64xf32>) outs(%w : memref<128x64xf32>)
      lir.return
    }
    lir.kernel @k_asA grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x128xf32>, %c: memref<8x128xf32>):
      linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x128xf32>) outs(%c : memref<8x128xf32>)
      lir.return
    }
    lir.kernel @k_mixed grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x128xf32>, %o: memref<128x128xf32>, %c: memref<8x128xf32>):
      %true = arith.constant true
      %s = arith.select %true, %w, %o : memref<128x128xf32>
      linalg.matmul ins(%a, %s : memref<8x128xf32>, memref<128x128xf32>) outs(%c : memref<8x128xf32>)
      lir.return
    }
    lir.kernel @k_part grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<64x128xf32>, %c: memref<8x128xf32>):
      %as = memref.subview %a[0, 0] [8, 64] [1, 1] : memref<8x128xf32> to memref<8x64xf32, strided<[128, 1]>>
      linalg.matmul ins(%as, %w : memref<8x64xf32, strided<[128, 1]>>, memref<64x128xf32>) outs(%c : memref<8x128xf32>)
      lir.return
    }
    lir.kernel @k_twice grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x64xf32>, %c: memref<8x64xf32>):
      linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x64xf32>) outs(%c : memref<8x64xf32>)
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xf32>
      %n10 = lir.view at 12800 : memref<128x10xf32>
      %u = lir.view at 12288 : memref<8x10xf32>
      lir.dispatch @k_n10(%x, %n10, %u) : memref<8x128xf32>, memref<128x10xf32>, memref<8x10xf32>
      %both = lir.view at 17920 : memref<128x64xf32>
      %y = lir.view at 4096 : memref<8x64xf32>
      lir.dispatch @k_both(%x, %both, %y) : memref<8x128xf32>, memref<128x64xf32>, memref<8x64xf32>
      %asA = lir.view at 50688 : memref<8x128xf32>
      %mixed = lir.view at 54784 : memref<128x128xf32>
      %z = lir.view at 8192 : memref<8x128xf32>
      lir.dispatch @k_asA(%asA, %mixed, %z) : memref<8x128xf32>, memref<128x128xf32>, memref<8x128xf32>
      %other = lir.view at 120320 : memref<128x128xf32>
      lir.dispatch @k_mixed(%x, %mixed, %other, %z) : memref<8x128xf32>, memref<128x128xf32>, memref<128x128xf32>, memref<8x128xf32>
      %part = lir.view at 185856 : memref<64x128xf32>
      lir.dispatch @k_part(%x, %part, %z) : memref<8x128xf32>, memref<64x128xf32>, memref<8x128xf32>
      %twice = lir.view at 251392 : memref<128x64xf32>
      lir.dispatch @k_twice(%x, %twice, %y) : memref<8x128xf32>, memref<128x64xf32>, memref<8x64xf32>
      lir.dispatch @k_twice(%x, %twice, %y) : memref<8x128xf32>, memref<128x64xf32>, memref<8x64xf32>
    }
  }
}

// -----

// Not a CPU target: nothing changes.
// CHECK-LABEL: lir.program @gpu
// CHECK-NOT:     panels
module attributes {rlx.target = #rlx.vulkan<#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>>} {
  lir.program @gpu arena_size = 282624 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xf32>
    lir.io param "w" at 20480 : memref<128x512xf32>
    lir.io output "y" at 4096 : memref<8x512xf32>
    lir.kernel @k grid = [1] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x512xf32>, %c: memref<8x512xf32>):
      linalg.matmul ins(%a, %w : memref<8x128xf32>, memref<128x512xf32>) outs(%c : memref<8x512xf32>)
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xf32>
      %w = lir.view at 20480 : memref<128x512xf32>
      %y = lir.view at 4096 : memref<8x512xf32>
      lir.dispatch @k(%x, %w, %y) : memref<8x128xf32>, memref<128x512xf32>, memref<8x512xf32>
    }
  }
}

// -----

// bf16 params given in f32 on an AVX512-BF16 target (16 lanes): stored in
// pair panels [N/W][K/2][2W] ("w"), the column slice selecting whole pair
// panels and the matmul becoming the pair panel generic on bf16 A. An odd
// row count ("odd") stays row-major, as does every bf16 param at 8 lanes
// (no pairs with AVX).
// CHECK-LABEL: lir.program @pairs
// CHECK:         lir.io param "w" at 8192 panels 64 given f32 : memref<128x128xbf16>
// CHECK:         lir.io param "odd" at 40960 given f32 : memref<127x128xbf16>
// CHECK:         ^bb0(%[[A:.*]]: memref<8x128xbf16>, %[[W:.*]]: memref<2x64x128xbf16>, %{{.*}}: memref<8x128xf32>):
// CHECK:           %[[PS:.*]] = memref.subview %[[W]][%{{.*}}, 0, 0] [1, 64, 128] [1, 1, 1]
// CHECK:           linalg.generic {indexing_maps = [#{{.*}}, #[[PAIRS:.*]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[A]], %[[PS]] : memref<8x128xbf16>, memref<1x64x128xbf16, {{.*}}>)
// CHECK:             arith.extf
// CHECK-NEXT:        arith.extf
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        arith.addf
// CHECK:         ^bb0(%{{.*}}: memref<8x127xbf16>, %{{.*}}: memref<127x128xbf16>,
// CHECK:           linalg.matmul
// CHECK:         lir.schedule
// CHECK:           lir.view at 8192 : memref<2x64x128xbf16>
// AVX-LABEL: lir.program @pairs
// AVX-NOT:     panels
// AVX:         lir.schedule
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "+avx512f,+avx512bf16", vector_bits = 512>} {
  lir.program @pairs arena_size = 73728 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xbf16>
    lir.io param "w" at 8192 given f32 : memref<128x128xbf16>
    lir.io input "x2" at 2048 : memref<8x127xbf16>
    lir.io param "odd" at 40960 given f32 : memref<127x128xbf16>
    lir.io output "y" at 4096 : memref<8x128xf32>
    lir.kernel @k grid = [2] {
    ^bb0(%a: memref<8x128xbf16>, %w: memref<128x128xbf16>, %c: memref<8x128xf32>):
      %wg = lir.workgroup_id 0
      %c64 = arith.constant 64 : index
      %off = arith.muli %wg, %c64 : index
      %ws = memref.subview %w[0, %off] [128, 64] [1, 1] : memref<128x128xbf16> to memref<128x64xbf16, strided<[128, 1], offset: ?>>
      %cs = memref.subview %c[0, %off] [8, 64] [1, 1] : memref<8x128xf32> to memref<8x64xf32, strided<[128, 1], offset: ?>>
      linalg.matmul ins(%a, %ws : memref<8x128xbf16>, memref<128x64xbf16, strided<[128, 1], offset: ?>>) outs(%cs : memref<8x64xf32, strided<[128, 1], offset: ?>>)
      lir.return
    }
    lir.kernel @k_odd grid = [1] {
    ^bb0(%a: memref<8x127xbf16>, %w: memref<127x128xbf16>, %c: memref<8x128xf32>):
      linalg.matmul ins(%a, %w : memref<8x127xbf16>, memref<127x128xbf16>) outs(%c : memref<8x128xf32>)
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xbf16>
      %w = lir.view at 8192 : memref<128x128xbf16>
      %y = lir.view at 4096 : memref<8x128xf32>
      lir.dispatch @k(%x, %w, %y) : memref<8x128xbf16>, memref<128x128xbf16>, memref<8x128xf32>
      %x2 = lir.view at 2048 : memref<8x127xbf16>
      %odd = lir.view at 40960 : memref<127x128xbf16>
      lir.dispatch @k_odd(%x2, %odd, %y) : memref<8x127xbf16>, memref<127x128xbf16>, memref<8x128xf32>
    }
  }
}

// -----

// A permuted weight (mir-fold-param-layouts') is packed as any other: it
// keeps `permuted` and gains `panels` (the runtime permutes, then packs).
// CHECK-LABEL: lir.program @permuted
// CHECK:         lir.io param "w" at 20480 panels 64 permuted [1, 0] : memref<128x512xf32>
// CHECK:         ^bb0(%{{.*}}: memref<8x128xf32>, %{{.*}}: memref<8x128x64xf32>, %{{.*}}: memref<8x512xf32>):
// AVX-LABEL: lir.program @permuted
// AVX:         lir.io param "w" at 20480 panels 16 permuted [1, 0] : memref<128x512xf32>
module attributes {rlx.target = #rlx.cpu<triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 512>} {
  lir.program @permuted arena_size = 284672 alignment = 64 {
    lir.io input "x" at 0 : memref<8x128xf32>
    lir.io param "w" at 20480 permuted [1, 0] : memref<128x512xf32>
    lir.io output "y" at 4096 : memref<8x512xf32>
    lir.kernel @matmul_0 grid = [2] {
    ^bb0(%a: memref<8x128xf32>, %w: memref<128x512xf32>, %c: memref<8x512xf32>):
      %wg = lir.workgroup_id 0
      %c256 = arith.constant 256 : index
      %off = arith.muli %wg, %c256 : index
      %ws = memref.subview %w[0, %off] [128, 256] [1, 1] : memref<128x512xf32> to memref<128x256xf32, strided<[512, 1], offset: ?>>
      %cs = memref.subview %c[0, %off] [8, 256] [1, 1] : memref<8x512xf32> to memref<8x256xf32, strided<[512, 1], offset: ?>>
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%cs : memref<8x256xf32, strided<[512, 1], offset: ?>>)
      linalg.matmul ins(%a, %ws : memref<8x128xf32>, memref<128x256xf32, strided<[512, 1], offset: ?>>) outs(%cs : memref<8x256xf32, strided<[512, 1], offset: ?>>)
      lir.return
    }
    lir.schedule {
      %x = lir.view at 0 : memref<8x128xf32>
      %w = lir.view at 20480 : memref<128x512xf32>
      %y = lir.view at 4096 : memref<8x512xf32>
      lir.dispatch @matmul_0(%x, %w, %y) : memref<8x128xf32>, memref<128x512xf32>, memref<8x512xf32>
    }
  }
}
