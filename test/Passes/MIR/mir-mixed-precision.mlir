// Mixed precision: one RUN per policy. The input is an f32 model, so
// always-f32 must print it unchanged (compared with diff), and every policy
// must be idempotent on its own output.
// RUN: rlx-opt %s -split-input-file > %t.in
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=always-f32 > %t.f32
// RUN: diff %t.in %t.f32
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=always-f16 | FileCheck %s --check-prefix=CHECK-F16
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed | FileCheck %s --check-prefix=CHECK-AUTO
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative | FileCheck %s --check-prefix=CHECK-CONS
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-bf16 | FileCheck %s --check-prefix=CHECK-BF16
// RUN: rlx-opt %s -split-input-file '-mir-mixed-precision=policy=custom custom=mir.matmul=f16,mir.softmax=f32,mir.unary=bf16' | FileCheck %s --check-prefix=CHECK-CUSTOM
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed > %t.auto
// RUN: rlx-opt %t.auto -split-input-file -mir-mixed-precision=policy=auto-mixed > %t.auto2
// RUN: diff %t.auto %t.auto2
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative > %t.cons
// RUN: rlx-opt %t.cons -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative > %t.cons2
// RUN: diff %t.cons %t.cons2

// matmul -> add(bias) -> relu, weights and bias from params. A param that
// every use casts to one f16 / bf16 type is stored in it, given in f32 (the
// cast runs once, when the param is set); one read in f32 stays f32.
func.func @mlp_chain(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = mir.param "w" : tensor<8x16xf32>
  %b = mir.param "b" : tensor<16xf32>
  %mm = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %add = mir.binary add %mm, %b : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %relu = mir.unary relu %add : tensor<4x16xf32>
  return %relu : tensor<4x16xf32>
}

// CHECK-F16-LABEL: func.func @mlp_chain(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK-F16: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-F16: %[[B:.+]] = mir.param "b" given f32 : tensor<16xf16>
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-F16-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]] : (tensor<4x16xf16>, tensor<16xf16>) -> tensor<4x16xf16>
// CHECK-F16-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf16>
// CHECK-F16-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-F16-NEXT: return %[[OUT]] : tensor<4x16xf32>

// CHECK-AUTO-LABEL: func.func @mlp_chain(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK-AUTO: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-AUTO: %[[B:.+]] = mir.param "b" given f32 : tensor<16xf16>
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-AUTO-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]] : (tensor<4x16xf16>, tensor<16xf16>) -> tensor<4x16xf16>
// CHECK-AUTO-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf16>
// CHECK-AUTO-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-AUTO-NEXT: return %[[OUT]] : tensor<4x16xf32>

// CHECK-CONS-LABEL: func.func @mlp_chain(
// CHECK-CONS-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK-CONS: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-CONS: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// CHECK-CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-CONS-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-CONS-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-CONS-NEXT: %[[ADD:.+]] = mir.binary add %[[MMF]], %[[B]] : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-CONS-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf32>
// CHECK-CONS-NEXT: return %[[RELU]] : tensor<4x16xf32>

// CHECK-BF16-LABEL: func.func @mlp_chain(
// CHECK-BF16-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK-BF16: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xbf16>
// CHECK-BF16: %[[B:.+]] = mir.param "b" given f32 : tensor<16xbf16>
// CHECK-BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// CHECK-BF16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// CHECK-BF16-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[B]] : (tensor<4x16xbf16>, tensor<16xbf16>) -> tensor<4x16xbf16>
// CHECK-BF16-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xbf16>
// CHECK-BF16-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xbf16> to tensor<4x16xf32>
// CHECK-BF16-NEXT: return %[[OUT]] : tensor<4x16xf32>

// Custom map: matmul f16, unary bf16; the unlisted add keeps f32.
// CHECK-CUSTOM-LABEL: func.func @mlp_chain(
// CHECK-CUSTOM-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CHECK-CUSTOM: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-CUSTOM: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// CHECK-CUSTOM-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-CUSTOM-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-CUSTOM-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-CUSTOM-NEXT: %[[ADD:.+]] = mir.binary add %[[MMF]], %[[B]] : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-CUSTOM-NEXT: %[[ADDB:.+]] = mir.cast %[[ADD]] : tensor<4x16xf32> to tensor<4x16xbf16>
// CHECK-CUSTOM-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADDB]] : tensor<4x16xbf16>
// CHECK-CUSTOM-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xbf16> to tensor<4x16xf32>
// CHECK-CUSTOM-NEXT: return %[[OUT]] : tensor<4x16xf32>

// -----

// softmax of a matmul: the f32-only op after a matmul-like one.
func.func @softmax(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %mm = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %p = mir.softmax %mm axis = -1 : tensor<4x16xf32>
  return %p : tensor<4x16xf32>
}

// CHECK-F16-LABEL: func.func @softmax(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CHECK-F16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-F16-NEXT: %[[P:.+]] = mir.softmax %[[MM]] axis = -1 : tensor<4x16xf16>
// CHECK-F16-NEXT: %[[OUT:.+]] = mir.cast %[[P]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-F16-NEXT: return %[[OUT]]

// CHECK-AUTO-LABEL: func.func @softmax(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CHECK-AUTO-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-AUTO-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-AUTO-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CHECK-AUTO-NEXT: return %[[P]] : tensor<4x16xf32>

// CHECK-CONS-LABEL: func.func @softmax(
// CHECK-CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CHECK-CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-CONS-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CHECK-CONS-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-CONS-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-CONS-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CHECK-CONS-NEXT: return %[[P]] : tensor<4x16xf32>

// CHECK-BF16-LABEL: func.func @softmax(
// CHECK-BF16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CHECK-BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// CHECK-BF16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xbf16>
// CHECK-BF16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// CHECK-BF16-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xbf16> to tensor<4x16xf32>
// CHECK-BF16-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CHECK-BF16-NEXT: return %[[P]] : tensor<4x16xf32>

// CHECK-CUSTOM-LABEL: func.func @softmax(
// CHECK-CUSTOM-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CHECK-CUSTOM-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-CUSTOM-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CHECK-CUSTOM-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-CUSTOM-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-CUSTOM-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CHECK-CUSTOM-NEXT: return %[[P]] : tensor<4x16xf32>

// -----

// layer_norm of a residual add; gamma and beta are params.
func.func @layer_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %g = mir.param "ln.gamma" : tensor<8xf32>
  %be = mir.param "ln.beta" : tensor<8xf32>
  %sum = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = mir.layer_norm %sum, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// CHECK-F16-LABEL: func.func @layer_norm(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// CHECK-F16: %[[G:.+]] = mir.param "ln.gamma" given f32 : tensor<8xf16>
// CHECK-F16: %[[BE:.+]] = mir.param "ln.beta" given f32 : tensor<8xf16>
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[RH:.+]] = mir.cast %[[R]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[SUM:.+]] = mir.binary add %[[XH]], %[[RH]] : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
// CHECK-F16-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUM]], %[[G]], %[[BE]] {{.*}} : (tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<4x8xf16>
// CHECK-F16-NEXT: %[[OUT:.+]] = mir.cast %[[Y]] : tensor<4x8xf16> to tensor<4x8xf32>
// CHECK-F16-NEXT: return %[[OUT]]

// CHECK-AUTO-LABEL: func.func @layer_norm(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// CHECK-AUTO: %[[G:.+]] = mir.param "ln.gamma" : tensor<8xf32>
// CHECK-AUTO: %[[BE:.+]] = mir.param "ln.beta" : tensor<8xf32>
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[RH:.+]] = mir.cast %[[R]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[SUM:.+]] = mir.binary add %[[XH]], %[[RH]] : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[SUMF:.+]] = mir.cast %[[SUM]] : tensor<4x8xf16> to tensor<4x8xf32>
// CHECK-AUTO-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUMF]], %[[G]], %[[BE]] {{.*}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-AUTO-NEXT: return %[[Y]] : tensor<4x8xf32>

// CHECK-CONS-LABEL: func.func @layer_norm(
// CHECK-CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// CHECK-CONS-NOT: mir.cast
// CHECK-CONS: %[[SUM:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-CONS-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUM]], {{.*}} -> tensor<4x8xf32>
// CHECK-CONS-NEXT: return %[[Y]] : tensor<4x8xf32>

// CHECK-CUSTOM-LABEL: func.func @layer_norm(
// CHECK-CUSTOM-NOT: mir.cast
// CHECK-CUSTOM: mir.layer_norm {{.*}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-CUSTOM-NEXT: return

// -----

// reduce sum stays f32 under auto-mixed, reduce max does not.
func.func @reduce(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = mir.reduce sum %x axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %m = mir.reduce max %x axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s, %m : tensor<4xf32>, tensor<4xf32>
}

// CHECK-F16-LABEL: func.func @reduce(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>)
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[S:.+]] = mir.reduce sum %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// CHECK-F16-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// CHECK-F16-NEXT: %[[SF:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xf32>
// CHECK-F16-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xf16> to tensor<4xf32>
// CHECK-F16-NEXT: return %[[SF]], %[[MF]]

// CHECK-AUTO-LABEL: func.func @reduce(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>)
// CHECK-AUTO-NEXT: %[[S:.+]] = mir.reduce sum %[[X]] axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// CHECK-AUTO-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xf16> to tensor<4xf32>
// CHECK-AUTO-NEXT: return %[[S]], %[[MF]]

// CHECK-CONS-LABEL: func.func @reduce(
// CHECK-CONS-NOT: mir.cast
// CHECK-CONS: mir.reduce sum {{.*}} : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-CONS-NEXT: mir.reduce max {{.*}} : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-CONS-NEXT: return

// CHECK-BF16-LABEL: func.func @reduce(
// CHECK-BF16-SAME: %[[X:.+]]: tensor<4x8xf32>)
// CHECK-BF16-NEXT: %[[S:.+]] = mir.reduce sum %[[X]] axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
// CHECK-BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// CHECK-BF16-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xbf16> -> tensor<4xbf16>
// CHECK-BF16-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xbf16> to tensor<4xf32>
// CHECK-BF16-NEXT: return %[[S]], %[[MF]]

// -----

// compare gives i1 whatever the policy; select on i32 is an integer op.
func.func @compare_select(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %m = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %f = mir.select %m, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = mir.select %m, %i, %j : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %f, %n : tensor<4xf32>, tensor<4xi32>
}

// CHECK-F16-LABEL: func.func @compare_select(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>, %[[J:.+]]: tensor<4xi32>)
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-F16-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<4xf32> to tensor<4xf16>
// CHECK-F16-NEXT: %[[M:.+]] = mir.compare lt %[[XH]], %[[YH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
// CHECK-F16-NEXT: %[[F:.+]] = mir.select %[[M]], %[[XH]], %[[YH]] : (tensor<4xi1>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-F16-NEXT: %[[N:.+]] = mir.select %[[M]], %[[I]], %[[J]] : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-F16-NEXT: %[[FF:.+]] = mir.cast %[[F]] : tensor<4xf16> to tensor<4xf32>
// CHECK-F16-NEXT: return %[[FF]], %[[N]]

// CHECK-AUTO-LABEL: func.func @compare_select(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>, %[[J:.+]]: tensor<4xi32>)
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-AUTO-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<4xf32> to tensor<4xf16>
// CHECK-AUTO-NEXT: %[[M:.+]] = mir.compare lt %[[XH]], %[[YH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
// CHECK-AUTO-NEXT: %[[F:.+]] = mir.select %[[M]], %[[XH]], %[[YH]] : (tensor<4xi1>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-AUTO-NEXT: %[[N:.+]] = mir.select %[[M]], %[[I]], %[[J]] : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-AUTO-NEXT: %[[FF:.+]] = mir.cast %[[F]] : tensor<4xf16> to tensor<4xf32>
// CHECK-AUTO-NEXT: return %[[FF]], %[[N]]

// CHECK-CONS-LABEL: func.func @compare_select(
// CHECK-CONS-NOT: mir.cast
// CHECK-CONS: mir.compare lt {{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-CONS-NEXT: mir.select {{.*}} : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-CONS-NEXT: mir.select {{.*}} : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-CONS-NEXT: return

// -----

// one param feeding two matmuls is stored once in the matmuls' type: no
// cast is left.
func.func @param_matmul(%x: tensor<4x8xf32>, %y: tensor<2x8xf32>) -> (tensor<4x16xf32>, tensor<2x16xf32>) {
  %w = mir.param "w" : tensor<8x16xf32>
  %a = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = mir.matmul %y, %w : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32>
  return %a, %b : tensor<4x16xf32>, tensor<2x16xf32>
}

// CHECK-F16-LABEL: func.func @param_matmul(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<2x8xf32>)
// CHECK-F16-NEXT: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[A:.+]] = mir.matmul %[[XH]], %[[W]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CHECK-F16-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<2x8xf32> to tensor<2x8xf16>
// CHECK-F16-NEXT: %[[B:.+]] = mir.matmul %[[YH]], %[[W]] : (tensor<2x8xf16>, tensor<8x16xf16>) -> tensor<2x16xf16>
// CHECK-F16-NEXT: %[[AF:.+]] = mir.cast %[[A]] : tensor<4x16xf16> to tensor<4x16xf32>
// CHECK-F16-NEXT: %[[BF:.+]] = mir.cast %[[B]] : tensor<2x16xf16> to tensor<2x16xf32>
// CHECK-F16-NEXT: return %[[AF]], %[[BF]]

// CHECK-AUTO-LABEL: func.func @param_matmul(
// CHECK-AUTO: mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-AUTO-NOT: tensor<8x16xf32>

// Conservative still runs matmuls in f16: both read the f16 param.
// CHECK-CONS-LABEL: func.func @param_matmul(
// CHECK-CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<2x8xf32>)
// CHECK-CONS-NEXT: %[[W:.+]] = mir.param "w" given f32 : tensor<8x16xf16>
// CHECK-CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-CONS-NEXT: %[[A:.+]] = mir.matmul %[[XH]], %[[W]]
// CHECK-CONS-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<2x8xf32> to tensor<2x8xf16>
// CHECK-CONS-NEXT: %[[B:.+]] = mir.matmul %[[YH]], %[[W]]

// -----

// an elementwise region keeps its f32 body; its inputs are cast back.
func.func @elementwise_region(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %t = mir.unary tanh %x : tensor<4x8xf32>
  %y = mir.elementwise %t, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
  ^bb0(%e: f32, %f: f32):
    %s = mir.binary mul %e, %f : (f32, f32) -> f32
    mir.yield %s : f32
  }
  return %y : tensor<4x8xf32>
}

// CHECK-F16-LABEL: func.func @elementwise_region(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-F16-NEXT: %[[T:.+]] = mir.unary tanh %[[XH]] : tensor<4x8xf16>
// CHECK-F16-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4x8xf16> to tensor<4x8xf32>
// CHECK-F16-NEXT: %[[Y:.+]] = mir.elementwise %[[TF]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-F16-NEXT: ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32):
// CHECK-F16-NEXT: %[[S:.+]] = mir.binary mul %[[E]], %[[F]] : (f32, f32) -> f32
// CHECK-F16-NEXT: mir.yield %[[S]] : f32
// CHECK-F16-NEXT: }
// CHECK-F16-NEXT: return %[[Y]] : tensor<4x8xf32>

// CHECK-AUTO-LABEL: func.func @elementwise_region(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// CHECK-AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[T:.+]] = mir.unary tanh %[[XH]] : tensor<4x8xf16>
// CHECK-AUTO-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4x8xf16> to tensor<4x8xf32>
// CHECK-AUTO-NEXT: %[[Y:.+]] = mir.elementwise %[[TF]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-AUTO-NEXT: ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32):
// CHECK-AUTO-NEXT: %[[S:.+]] = mir.binary mul %[[E]], %[[F]] : (f32, f32) -> f32
// CHECK-AUTO-NEXT: mir.yield %[[S]] : f32
// CHECK-AUTO-NEXT: }
// CHECK-AUTO-NEXT: return %[[Y]] : tensor<4x8xf32>

// CHECK-CONS-LABEL: func.func @elementwise_region(
// CHECK-CONS-NOT: mir.cast
// CHECK-CONS: mir.unary tanh {{.*}} : tensor<4x8xf32>
// CHECK-CONS-NEXT: mir.elementwise {{.*}} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>

// -----

// exp and pow stay f32 under auto-mixed, tanh does not.
func.func @exp_pow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = mir.unary exp %x : tensor<4xf32>
  %t = mir.unary tanh %e : tensor<4xf32>
  %p = mir.binary pow %t, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// CHECK-F16-LABEL: func.func @exp_pow(
// CHECK-F16-SAME: %[[X:.+]]: tensor<4xf32>)
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-F16-NEXT: %[[E:.+]] = mir.unary exp %[[XH]] : tensor<4xf16>
// CHECK-F16-NEXT: %[[T:.+]] = mir.unary tanh %[[E]] : tensor<4xf16>
// CHECK-F16-NEXT: %[[P:.+]] = mir.binary pow %[[T]], %[[XH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-F16-NEXT: %[[OUT:.+]] = mir.cast %[[P]] : tensor<4xf16> to tensor<4xf32>
// CHECK-F16-NEXT: return %[[OUT]]

// CHECK-AUTO-LABEL: func.func @exp_pow(
// CHECK-AUTO-SAME: %[[X:.+]]: tensor<4xf32>)
// CHECK-AUTO-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<4xf32>
// CHECK-AUTO-NEXT: %[[EH:.+]] = mir.cast %[[E]] : tensor<4xf32> to tensor<4xf16>
// CHECK-AUTO-NEXT: %[[T:.+]] = mir.unary tanh %[[EH]] : tensor<4xf16>
// CHECK-AUTO-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xf16> to tensor<4xf32>
// CHECK-AUTO-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-AUTO-NEXT: return %[[P]] : tensor<4xf32>

// CHECK-CONS-LABEL: func.func @exp_pow(
// CHECK-CONS-NOT: mir.cast
// CHECK-CONS: return

// CHECK-BF16-LABEL: func.func @exp_pow(
// CHECK-BF16-SAME: %[[X:.+]]: tensor<4xf32>)
// CHECK-BF16-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<4xf32>
// CHECK-BF16-NEXT: %[[EH:.+]] = mir.cast %[[E]] : tensor<4xf32> to tensor<4xbf16>
// CHECK-BF16-NEXT: %[[T:.+]] = mir.unary tanh %[[EH]] : tensor<4xbf16>
// CHECK-BF16-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xbf16> to tensor<4xf32>
// CHECK-BF16-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-BF16-NEXT: return %[[P]] : tensor<4xf32>

// The custom map names mir.unary: every unary kind follows it, even exp.
// CHECK-CUSTOM-LABEL: func.func @exp_pow(
// CHECK-CUSTOM-SAME: %[[X:.+]]: tensor<4xf32>)
// CHECK-CUSTOM-NEXT: %[[XB:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xbf16>
// CHECK-CUSTOM-NEXT: %[[E:.+]] = mir.unary exp %[[XB]] : tensor<4xbf16>
// CHECK-CUSTOM-NEXT: %[[T:.+]] = mir.unary tanh %[[E]] : tensor<4xbf16>
// CHECK-CUSTOM-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xbf16> to tensor<4xf32>
// CHECK-CUSTOM-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-CUSTOM-NEXT: return %[[P]] : tensor<4xf32>

// -----

// a model's own mir.cast keeps its output type and takes any input type.
func.func @existing_cast(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %c = mir.cast %i : tensor<4xi32> to tensor<4xf32>
  %s = mir.binary add %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = mir.cast %s : tensor<4xf32> to tensor<4xi32>
  return %s, %k : tensor<4xf32>, tensor<4xi32>
}

// CHECK-F16-LABEL: func.func @existing_cast(
// CHECK-F16-SAME: %[[I:.+]]: tensor<4xi32>, %[[X:.+]]: tensor<4xf32>)
// CHECK-F16-NEXT: %[[C:.+]] = mir.cast %[[I]] : tensor<4xi32> to tensor<4xf32>
// CHECK-F16-NEXT: %[[CH:.+]] = mir.cast %[[C]] : tensor<4xf32> to tensor<4xf16>
// CHECK-F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// CHECK-F16-NEXT: %[[S:.+]] = mir.binary add %[[CH]], %[[XH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-F16-NEXT: %[[K:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xi32>
// CHECK-F16-NEXT: %[[SF:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xf32>
// CHECK-F16-NEXT: return %[[SF]], %[[K]] : tensor<4xf32>, tensor<4xi32>

// CHECK-CONS-LABEL: func.func @existing_cast(
// CHECK-CONS-SAME: %[[I:.+]]: tensor<4xi32>, %[[X:.+]]: tensor<4xf32>)
// CHECK-CONS-NEXT: %[[C:.+]] = mir.cast %[[I]] : tensor<4xi32> to tensor<4xf32>
// CHECK-CONS-NEXT: %[[S:.+]] = mir.binary add %[[C]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-CONS-NEXT: %[[K:.+]] = mir.cast %[[S]] : tensor<4xf32> to tensor<4xi32>
// CHECK-CONS-NEXT: return %[[S]], %[[K]] : tensor<4xf32>, tensor<4xi32>

// -----

// A param cast to two types (the custom map: matmul f16, unary bf16) stays
// f32, cast for each; so does one whose other use reads it in f32.
func.func @param_two_types(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %w = mir.param "w" : tensor<8x8xf32>
  %a = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
  %r = mir.unary relu %w : tensor<8x8xf32>
  %v = mir.param "v" : tensor<8x8xf32>
  %s = mir.softmax %v axis = -1 : tensor<8x8xf32>
  return %a, %r, %s : tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-CUSTOM-LABEL: func.func @param_two_types(
// CHECK-CUSTOM: %[[W:.+]] = mir.param "w" : tensor<8x8xf32>
// CHECK-CUSTOM-DAG: mir.cast %[[W]] : tensor<8x8xf32> to tensor<8x8xf16>
// CHECK-CUSTOM-DAG: mir.cast %[[W]] : tensor<8x8xf32> to tensor<8x8xbf16>
// CHECK-CUSTOM: %[[V:.+]] = mir.param "v" : tensor<8x8xf32>
// CHECK-CUSTOM-NEXT: mir.softmax %[[V]]

// auto-mixed: the softmax stays f32, so "v" does; "w" is read by the f16
// matmul and relu alike.
// CHECK-AUTO-LABEL: func.func @param_two_types(
// CHECK-AUTO: mir.param "w" given f32 : tensor<8x8xf16>
// CHECK-AUTO: %[[V:.+]] = mir.param "v" : tensor<8x8xf32>
// CHECK-AUTO-NEXT: mir.softmax %[[V]] {{.*}} : tensor<8x8xf32>
