// RUN: rlx-opt %s -convert-mir-to-lir | rlx-opt | FileCheck %s
// RUN: rlx-opt %s -convert-mir-to-lir=alignment=16 | rlx-opt | FileCheck %s --check-prefix=ALIGN16

// The memory plan: slots (inputs, outputs, constants) first, each aligned and
// never reused; intermediates above them, placed best-fit among the buffers
// alive during their lifetime [writing step, last reading step]; params
// last, above everything (the CPU keeps them outside its arena).

// A chain: the third buffer reuses the first one's bytes (dead after step 1),
// and no kernel writes the buffer it reads.
// CHECK-LABEL: lir.program @chain arena_size = 256 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<16xf32>
// CHECK-NEXT:    lir.io output "output0" at 64 : memref<16xf32>
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[A:.+]] = lir.view at 128 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0(%[[X]], %[[A]])
// CHECK-NEXT:      %[[B:.+]] = lir.view at 192 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_log_1(%[[A]], %[[B]])
// CHECK-NEXT:      lir.dispatch @unary_sin_2(%[[B]], %[[A]])
// CHECK-NEXT:      %[[OUT:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_cos_3(%[[A]], %[[OUT]])
// CHECK-NEXT:    }
func.func @chain(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = mir.unary exp %x : tensor<16xf32>
  %b = mir.unary log %a : tensor<16xf32>
  %c = mir.unary sin %b : tensor<16xf32>
  %d = mir.unary cos %c : tensor<16xf32>
  return %d : tensor<16xf32>
}

// A diamond: %a lives until its second reader, so %b and %c are alive
// together and get distinct bytes.
// CHECK-LABEL: lir.program @diamond arena_size = 320 alignment = 64 {
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[A:.+]] = lir.view at 128 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0(%[[X]], %[[A]])
// CHECK-NEXT:      %[[B:.+]] = lir.view at 192 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_log_1(%[[A]], %[[B]])
// CHECK-NEXT:      %[[C:.+]] = lir.view at 256 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_sin_2(%[[A]], %[[C]])
// CHECK-NEXT:      %[[OUT:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @binary_add_3(%[[B]], %[[C]], %[[OUT]])
// CHECK-NEXT:    }
func.func @diamond(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = mir.unary exp %x : tensor<16xf32>
  %b = mir.unary log %a : tensor<16xf32>
  %c = mir.unary sin %a : tensor<16xf32>
  %d = mir.binary add %b, %c : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %d : tensor<16xf32>
}

// Views: a reshape (and a cast to the same type) is a view at its source's
// offset with its own type, and no kernel. The reshape is read at step 2,
// so %a stays alive through it: %b may not take %a's bytes.
// CHECK-LABEL: lir.program @alias arena_size = 256 alignment = 64 {
// CHECK-NOT:     lir.kernel @reshape
// CHECK-NOT:     lir.kernel @cast
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<4x4xf32>
// CHECK-NEXT:      %[[A:.+]] = lir.view at 128 : memref<4x4xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0(%[[X]], %[[A]])
// CHECK-NEXT:      %[[B:.+]] = lir.view at 192 : memref<4x4xf32>
// CHECK-NEXT:      lir.dispatch @unary_log_1(%[[X]], %[[B]])
// CHECK-NEXT:      %[[AFLAT:.+]] = lir.view at 128 : memref<16xf32>
// CHECK-NEXT:      %[[BFLAT:.+]] = lir.view at 192 : memref<16xf32>
// CHECK-NEXT:      %[[OUT:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @binary_add_2(%[[AFLAT]], %[[BFLAT]], %[[OUT]])
// CHECK-NEXT:    }
func.func @alias(%x: tensor<4x4xf32>) -> tensor<16xf32> {
  %a = mir.unary exp %x : tensor<4x4xf32>
  %r = mir.reshape %a : tensor<4x4xf32> to tensor<16xf32>
  %b = mir.unary log %x : tensor<4x4xf32>
  %br = mir.reshape %b : tensor<4x4xf32> to tensor<16xf32>
  %bc = mir.cast %br : tensor<16xf32> to tensor<16xf32>
  %c = mir.binary add %r, %bc : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %c : tensor<16xf32>
}

// Slots are pinned: the input and param are last read at step 0 and the
// "early" output is written at step 0, yet the intermediates of steps 1 and
// 2 go above every slot but the param, which trails them all.
// CHECK-LABEL: lir.program @pinned arena_size = 384 alignment = 64 {
// CHECK-NEXT:    lir.io input "x" at 0 : memref<16xf32>
// CHECK-NEXT:    lir.io param "w" at 320 : memref<16xf32>
// CHECK-NEXT:    lir.io output "early" at 64 : memref<16xf32>
// CHECK-NEXT:    lir.io output "late" at 128 : memref<16xf32>
// CHECK:         lir.schedule {
// CHECK-NEXT:      %[[X:.+]] = lir.view at 0 : memref<16xf32>
// CHECK-NEXT:      %[[W:.+]] = lir.view at 320 : memref<16xf32>
// CHECK-NEXT:      %[[EARLY:.+]] = lir.view at 64 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @binary_mul_0(%[[X]], %[[W]], %[[EARLY]])
// CHECK-NEXT:      %[[T:.+]] = lir.view at 192 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_1(%[[EARLY]], %[[T]])
// CHECK-NEXT:      %[[U:.+]] = lir.view at 256 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_log_2(%[[T]], %[[U]])
// CHECK-NEXT:      %[[LATE:.+]] = lir.view at 128 : memref<16xf32>
// CHECK-NEXT:      lir.dispatch @unary_sin_3(%[[U]], %[[LATE]])
// CHECK-NEXT:    }
func.func @pinned(%x: tensor<16xf32> {mir.name = "x"}) -> (tensor<16xf32> {mir.name = "early"}, tensor<16xf32> {mir.name = "late"}) {
  %w = mir.param "w" : tensor<16xf32>
  %e = mir.binary mul %x, %w : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %t = mir.unary exp %e : tensor<16xf32>
  %u = mir.unary log %t : tensor<16xf32>
  %l = mir.unary sin %u : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// Best fit: when %y is placed (step 2), %r#0 (256 bytes at 1856) and %r#2
// (64 bytes at 2176) are dead; %y takes the 64-byte gap, not the first one.
// Slots end at 1856; the four results of step 0 are placed in order.
// CHECK-LABEL: lir.program @best_fit arena_size = 2624 alignment = 64 {
// CHECK:         lir.io output "output0" at 1344 : memref<1x128xf32>
// CHECK:         lir.schedule {
// CHECK:           %[[R0:.+]] = lir.view at 1856 : memref<1x64xf32>
// CHECK-NEXT:      %[[R1:.+]] = lir.view at 2112 : memref<1x16xf32>
// CHECK-NEXT:      %[[R2:.+]] = lir.view at 2176 : memref<1x16xf32>
// CHECK-NEXT:      %[[R3:.+]] = lir.view at 2240 : memref<1x16xf32>
// CHECK-NEXT:      lir.dispatch @shared_matmul_0({{.*}}, %[[R0]], %[[R1]], %[[R2]], %[[R3]])
// CHECK-NEXT:      %[[C:.+]] = lir.view at 2304 : memref<1x80xf32>
// CHECK-NEXT:      lir.dispatch @concat_1(%[[R0]], %[[R2]], %[[C]])
// CHECK-NEXT:      lir.dispatch @unary_exp_2(%[[R1]], %[[R2]])
// CHECK-NEXT:      %[[OUT:.+]] = lir.view at 1344 : memref<1x128xf32>
// CHECK-NEXT:      lir.dispatch @concat_3(%[[C]], %[[R1]], %[[R3]], %[[R2]], %[[OUT]])
// CHECK-NEXT:    }
func.func @best_fit(%x: tensor<1x4xf32>, %w64: tensor<4x64xf32>, %w16: tensor<4x16xf32>) -> tensor<1x128xf32> {
  %r:4 = mir.shared_matmul %x, %w64, %w16, %w16, %w16 : (tensor<1x4xf32>, tensor<4x64xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) -> (tensor<1x64xf32>, tensor<1x16xf32>, tensor<1x16xf32>, tensor<1x16xf32>)
  %c = mir.concat %r#0, %r#2 axis = 1 : (tensor<1x64xf32>, tensor<1x16xf32>) -> tensor<1x80xf32>
  %y = mir.unary exp %r#1 : tensor<1x16xf32>
  %out = mir.concat %c, %r#1, %r#3, %y axis = 1 : (tensor<1x80xf32>, tensor<1x16xf32>, tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x128xf32>
  return %out : tensor<1x128xf32>
}

// Sizes that are not a multiple of the alignment: every slot and buffer
// starts on an alignment boundary; the arena ends at the last byte in use.
// With 64: slots at 0, 64, 128; %a at 192; %b (alive with %a) at 256 + 10.
// With 16: slots at 0, 16, 32; %a at 48; %b at 64 + 10.
// CHECK-LABEL: lir.program @odd arena_size = 266 alignment = 64 {
// CHECK-NEXT:    lir.io input "input0" at 0 : memref<3xf32>
// CHECK-NEXT:    lir.io input "input1" at 64 : memref<5xf16>
// CHECK-NEXT:    lir.io output "output0" at 128 : memref<3xf32>
// CHECK:         lir.schedule {
// CHECK-NEXT:      lir.view at 0 : memref<3xf32>
// CHECK-NEXT:      lir.view at 192 : memref<3xf32>
// CHECK-NEXT:      lir.dispatch @unary_exp_0
// CHECK-NEXT:      lir.view at 64 : memref<5xf16>
// CHECK-NEXT:      lir.view at 256 : memref<5xf16>
// CHECK-NEXT:      lir.dispatch @unary_neg_1
// ALIGN16-LABEL: lir.program @odd arena_size = 74 alignment = 16 {
// ALIGN16-NEXT:    lir.io input "input0" at 0 : memref<3xf32>
// ALIGN16-NEXT:    lir.io input "input1" at 16 : memref<5xf16>
// ALIGN16-NEXT:    lir.io output "output0" at 32 : memref<3xf32>
// ALIGN16:         lir.schedule {
// ALIGN16-NEXT:      lir.view at 0 : memref<3xf32>
// ALIGN16-NEXT:      lir.view at 48 : memref<3xf32>
// ALIGN16-NEXT:      lir.dispatch @unary_exp_0
// ALIGN16-NEXT:      lir.view at 16 : memref<5xf16>
// ALIGN16-NEXT:      lir.view at 64 : memref<5xf16>
// ALIGN16-NEXT:      lir.dispatch @unary_neg_1
func.func @odd(%x: tensor<3xf32>, %h: tensor<5xf16>) -> tensor<3xf32> {
  %a = mir.unary exp %x : tensor<3xf32>
  %b = mir.unary neg %h : tensor<5xf16>
  %c = mir.unary log %a : tensor<3xf32>
  return %c : tensor<3xf32>
}
