// Mixed precision: one RUN per policy. The input is an f32 model, so
// always-f32 must print it unchanged (compared with diff), and every policy
// must be idempotent on its own output.
// RUN: rlx-opt %s -split-input-file > %t.in
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=always-f32 > %t.f32
// RUN: diff %t.in %t.f32
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=always-f16 | FileCheck %s --check-prefix=F16
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed | FileCheck %s --check-prefix=AUTO
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative | FileCheck %s --check-prefix=CONS
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-bf16 | FileCheck %s --check-prefix=BF16
// RUN: rlx-opt %s -split-input-file '-mir-mixed-precision=policy=custom custom=mir.matmul=f16,mir.softmax=f32,mir.unary=bf16' | FileCheck %s --check-prefix=CUSTOM
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed > %t.auto
// RUN: rlx-opt %t.auto -split-input-file -mir-mixed-precision=policy=auto-mixed > %t.auto2
// RUN: diff %t.auto %t.auto2
// RUN: rlx-opt %s -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative > %t.cons
// RUN: rlx-opt %t.cons -split-input-file -mir-mixed-precision=policy=auto-mixed-conservative > %t.cons2
// RUN: diff %t.cons %t.cons2

// matmul -> add(bias) -> relu, weights and bias from params.
func.func @mlp_chain(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = mir.param "w" : tensor<8x16xf32>
  %b = mir.param "b" : tensor<16xf32>
  %mm = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %add = mir.binary add %mm, %b : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %relu = mir.unary relu %add : tensor<4x16xf32>
  return %relu : tensor<4x16xf32>
}

// F16-LABEL: func.func @mlp_chain(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// F16: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// F16: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// F16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// F16-NEXT: %[[BH:.+]] = mir.cast %[[B]] : tensor<16xf32> to tensor<16xf16>
// F16-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[BH]] : (tensor<4x16xf16>, tensor<16xf16>) -> tensor<4x16xf16>
// F16-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf16>
// F16-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xf16> to tensor<4x16xf32>
// F16-NEXT: return %[[OUT]] : tensor<4x16xf32>

// AUTO-LABEL: func.func @mlp_chain(
// AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// AUTO: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// AUTO: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// AUTO-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// AUTO-NEXT: %[[BH:.+]] = mir.cast %[[B]] : tensor<16xf32> to tensor<16xf16>
// AUTO-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[BH]] : (tensor<4x16xf16>, tensor<16xf16>) -> tensor<4x16xf16>
// AUTO-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf16>
// AUTO-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xf16> to tensor<4x16xf32>
// AUTO-NEXT: return %[[OUT]] : tensor<4x16xf32>

// CONS-LABEL: func.func @mlp_chain(
// CONS-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CONS: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// CONS: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CONS-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CONS-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CONS-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CONS-NEXT: %[[ADD:.+]] = mir.binary add %[[MMF]], %[[B]] : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CONS-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xf32>
// CONS-NEXT: return %[[RELU]] : tensor<4x16xf32>

// BF16-LABEL: func.func @mlp_chain(
// BF16-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// BF16: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// BF16: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// BF16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xbf16>
// BF16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// BF16-NEXT: %[[BH:.+]] = mir.cast %[[B]] : tensor<16xf32> to tensor<16xbf16>
// BF16-NEXT: %[[ADD:.+]] = mir.binary add %[[MM]], %[[BH]] : (tensor<4x16xbf16>, tensor<16xbf16>) -> tensor<4x16xbf16>
// BF16-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADD]] : tensor<4x16xbf16>
// BF16-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xbf16> to tensor<4x16xf32>
// BF16-NEXT: return %[[OUT]] : tensor<4x16xf32>

// Custom map: matmul f16, unary bf16; the unlisted add keeps f32.
// CUSTOM-LABEL: func.func @mlp_chain(
// CUSTOM-SAME: %[[X:.+]]: tensor<4x8xf32>) -> tensor<4x16xf32>
// CUSTOM: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// CUSTOM: %[[B:.+]] = mir.param "b" : tensor<16xf32>
// CUSTOM-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CUSTOM-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CUSTOM-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CUSTOM-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CUSTOM-NEXT: %[[ADD:.+]] = mir.binary add %[[MMF]], %[[B]] : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CUSTOM-NEXT: %[[ADDB:.+]] = mir.cast %[[ADD]] : tensor<4x16xf32> to tensor<4x16xbf16>
// CUSTOM-NEXT: %[[RELU:.+]] = mir.unary relu %[[ADDB]] : tensor<4x16xbf16>
// CUSTOM-NEXT: %[[OUT:.+]] = mir.cast %[[RELU]] : tensor<4x16xbf16> to tensor<4x16xf32>
// CUSTOM-NEXT: return %[[OUT]] : tensor<4x16xf32>

// -----

// softmax of a matmul: the f32-only op after a matmul-like one.
func.func @softmax(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %mm = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %p = mir.softmax %mm axis = -1 : tensor<4x16xf32>
  return %p : tensor<4x16xf32>
}

// F16-LABEL: func.func @softmax(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// F16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// F16-NEXT: %[[P:.+]] = mir.softmax %[[MM]] axis = -1 : tensor<4x16xf16>
// F16-NEXT: %[[OUT:.+]] = mir.cast %[[P]] : tensor<4x16xf16> to tensor<4x16xf32>
// F16-NEXT: return %[[OUT]]

// AUTO-LABEL: func.func @softmax(
// AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// AUTO-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// AUTO-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// AUTO-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// AUTO-NEXT: return %[[P]] : tensor<4x16xf32>

// CONS-LABEL: func.func @softmax(
// CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CONS-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CONS-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CONS-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CONS-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CONS-NEXT: return %[[P]] : tensor<4x16xf32>

// BF16-LABEL: func.func @softmax(
// BF16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// BF16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xbf16>
// BF16-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// BF16-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xbf16> to tensor<4x16xf32>
// BF16-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// BF16-NEXT: return %[[P]] : tensor<4x16xf32>

// CUSTOM-LABEL: func.func @softmax(
// CUSTOM-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[W:.+]]: tensor<8x16xf32>)
// CUSTOM-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CUSTOM-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CUSTOM-NEXT: %[[MM:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// CUSTOM-NEXT: %[[MMF:.+]] = mir.cast %[[MM]] : tensor<4x16xf16> to tensor<4x16xf32>
// CUSTOM-NEXT: %[[P:.+]] = mir.softmax %[[MMF]] axis = -1 : tensor<4x16xf32>
// CUSTOM-NEXT: return %[[P]] : tensor<4x16xf32>

// -----

// layer_norm of a residual add; gamma and beta are params.
func.func @layer_norm(%x: tensor<4x8xf32>, %r: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %g = mir.param "ln.gamma" : tensor<8xf32>
  %be = mir.param "ln.beta" : tensor<8xf32>
  %sum = mir.binary add %x, %r : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = mir.layer_norm %sum, %g, %be eps = 1.0e-05 : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// F16-LABEL: func.func @layer_norm(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// F16: %[[G:.+]] = mir.param "ln.gamma" : tensor<8xf32>
// F16: %[[BE:.+]] = mir.param "ln.beta" : tensor<8xf32>
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[RH:.+]] = mir.cast %[[R]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[SUM:.+]] = mir.binary add %[[XH]], %[[RH]] : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
// F16-NEXT: %[[GH:.+]] = mir.cast %[[G]] : tensor<8xf32> to tensor<8xf16>
// F16-NEXT: %[[BH:.+]] = mir.cast %[[BE]] : tensor<8xf32> to tensor<8xf16>
// F16-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUM]], %[[GH]], %[[BH]] {{.*}} : (tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<4x8xf16>
// F16-NEXT: %[[OUT:.+]] = mir.cast %[[Y]] : tensor<4x8xf16> to tensor<4x8xf32>
// F16-NEXT: return %[[OUT]]

// AUTO-LABEL: func.func @layer_norm(
// AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// AUTO: %[[G:.+]] = mir.param "ln.gamma" : tensor<8xf32>
// AUTO: %[[BE:.+]] = mir.param "ln.beta" : tensor<8xf32>
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[RH:.+]] = mir.cast %[[R]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[SUM:.+]] = mir.binary add %[[XH]], %[[RH]] : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
// AUTO-NEXT: %[[SUMF:.+]] = mir.cast %[[SUM]] : tensor<4x8xf16> to tensor<4x8xf32>
// AUTO-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUMF]], %[[G]], %[[BE]] {{.*}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// AUTO-NEXT: return %[[Y]] : tensor<4x8xf32>

// CONS-LABEL: func.func @layer_norm(
// CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[R:.+]]: tensor<4x8xf32>)
// CONS-NOT: mir.cast
// CONS: %[[SUM:.+]] = mir.binary add %[[X]], %[[R]] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CONS-NEXT: %[[Y:.+]] = mir.layer_norm %[[SUM]], {{.*}} -> tensor<4x8xf32>
// CONS-NEXT: return %[[Y]] : tensor<4x8xf32>

// CUSTOM-LABEL: func.func @layer_norm(
// CUSTOM-NOT: mir.cast
// CUSTOM: mir.layer_norm {{.*}} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CUSTOM-NEXT: return

// -----

// reduce sum stays f32 under auto-mixed, reduce max does not.
func.func @reduce(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = mir.reduce sum %x axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %m = mir.reduce max %x axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s, %m : tensor<4xf32>, tensor<4xf32>
}

// F16-LABEL: func.func @reduce(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>)
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[S:.+]] = mir.reduce sum %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// F16-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// F16-NEXT: %[[SF:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xf32>
// F16-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xf16> to tensor<4xf32>
// F16-NEXT: return %[[SF]], %[[MF]]

// AUTO-LABEL: func.func @reduce(
// AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>)
// AUTO-NEXT: %[[S:.+]] = mir.reduce sum %[[X]] axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xf16> -> tensor<4xf16>
// AUTO-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xf16> to tensor<4xf32>
// AUTO-NEXT: return %[[S]], %[[MF]]

// CONS-LABEL: func.func @reduce(
// CONS-NOT: mir.cast
// CONS: mir.reduce sum {{.*}} : tensor<4x8xf32> -> tensor<4xf32>
// CONS-NEXT: mir.reduce max {{.*}} : tensor<4x8xf32> -> tensor<4xf32>
// CONS-NEXT: return

// BF16-LABEL: func.func @reduce(
// BF16-SAME: %[[X:.+]]: tensor<4x8xf32>)
// BF16-NEXT: %[[S:.+]] = mir.reduce sum %[[X]] axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
// BF16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xbf16>
// BF16-NEXT: %[[M:.+]] = mir.reduce max %[[XH]] axes = [1] : tensor<4x8xbf16> -> tensor<4xbf16>
// BF16-NEXT: %[[MF:.+]] = mir.cast %[[M]] : tensor<4xbf16> to tensor<4xf32>
// BF16-NEXT: return %[[S]], %[[MF]]

// -----

// compare gives i1 whatever the policy; select on i32 is an integer op.
func.func @compare_select(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %m = mir.compare lt %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %f = mir.select %m, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = mir.select %m, %i, %j : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %f, %n : tensor<4xf32>, tensor<4xi32>
}

// F16-LABEL: func.func @compare_select(
// F16-SAME: %[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>, %[[J:.+]]: tensor<4xi32>)
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// F16-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<4xf32> to tensor<4xf16>
// F16-NEXT: %[[M:.+]] = mir.compare lt %[[XH]], %[[YH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
// F16-NEXT: %[[F:.+]] = mir.select %[[M]], %[[XH]], %[[YH]] : (tensor<4xi1>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// F16-NEXT: %[[N:.+]] = mir.select %[[M]], %[[I]], %[[J]] : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// F16-NEXT: %[[FF:.+]] = mir.cast %[[F]] : tensor<4xf16> to tensor<4xf32>
// F16-NEXT: return %[[FF]], %[[N]]

// AUTO-LABEL: func.func @compare_select(
// AUTO-SAME: %[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[I:.+]]: tensor<4xi32>, %[[J:.+]]: tensor<4xi32>)
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// AUTO-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<4xf32> to tensor<4xf16>
// AUTO-NEXT: %[[M:.+]] = mir.compare lt %[[XH]], %[[YH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
// AUTO-NEXT: %[[F:.+]] = mir.select %[[M]], %[[XH]], %[[YH]] : (tensor<4xi1>, tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// AUTO-NEXT: %[[N:.+]] = mir.select %[[M]], %[[I]], %[[J]] : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// AUTO-NEXT: %[[FF:.+]] = mir.cast %[[F]] : tensor<4xf16> to tensor<4xf32>
// AUTO-NEXT: return %[[FF]], %[[N]]

// CONS-LABEL: func.func @compare_select(
// CONS-NOT: mir.cast
// CONS: mir.compare lt {{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CONS-NEXT: mir.select {{.*}} : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CONS-NEXT: mir.select {{.*}} : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CONS-NEXT: return

// -----

// one param feeding two matmuls is cast once.
func.func @param_matmul(%x: tensor<4x8xf32>, %y: tensor<2x8xf32>) -> (tensor<4x16xf32>, tensor<2x16xf32>) {
  %w = mir.param "w" : tensor<8x16xf32>
  %a = mir.matmul %x, %w : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %b = mir.matmul %y, %w : (tensor<2x8xf32>, tensor<8x16xf32>) -> tensor<2x16xf32>
  return %a, %b : tensor<4x16xf32>, tensor<2x16xf32>
}

// F16-LABEL: func.func @param_matmul(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<2x8xf32>)
// F16-NEXT: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// F16-NEXT: %[[A:.+]] = mir.matmul %[[XH]], %[[WH]] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
// F16-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<2x8xf32> to tensor<2x8xf16>
// F16-NEXT: %[[B:.+]] = mir.matmul %[[YH]], %[[WH]] : (tensor<2x8xf16>, tensor<8x16xf16>) -> tensor<2x16xf16>
// F16-NEXT: %[[AF:.+]] = mir.cast %[[A]] : tensor<4x16xf16> to tensor<4x16xf32>
// F16-NEXT: %[[BF:.+]] = mir.cast %[[B]] : tensor<2x16xf16> to tensor<2x16xf32>
// F16-NEXT: return %[[AF]], %[[BF]]

// AUTO-LABEL: func.func @param_matmul(
// AUTO-COUNT-1: mir.cast {{.*}} : tensor<8x16xf32> to tensor<8x16xf16>
// AUTO-NOT: tensor<8x16xf32> to

// Conservative still runs matmuls in f16: both share one cast of the param.
// CONS-LABEL: func.func @param_matmul(
// CONS-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<2x8xf32>)
// CONS-NEXT: %[[W:.+]] = mir.param "w" : tensor<8x16xf32>
// CONS-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// CONS-NEXT: %[[WH:.+]] = mir.cast %[[W]] : tensor<8x16xf32> to tensor<8x16xf16>
// CONS-NEXT: %[[A:.+]] = mir.matmul %[[XH]], %[[WH]]
// CONS-NEXT: %[[YH:.+]] = mir.cast %[[Y]] : tensor<2x8xf32> to tensor<2x8xf16>
// CONS-NEXT: %[[B:.+]] = mir.matmul %[[YH]], %[[WH]]

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

// F16-LABEL: func.func @elementwise_region(
// F16-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// F16-NEXT: %[[T:.+]] = mir.unary tanh %[[XH]] : tensor<4x8xf16>
// F16-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4x8xf16> to tensor<4x8xf32>
// F16-NEXT: %[[Y:.+]] = mir.elementwise %[[TF]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// F16-NEXT: ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32):
// F16-NEXT: %[[S:.+]] = mir.binary mul %[[E]], %[[F]] : (f32, f32) -> f32
// F16-NEXT: mir.yield %[[S]] : f32
// F16-NEXT: }
// F16-NEXT: return %[[Y]] : tensor<4x8xf32>

// AUTO-LABEL: func.func @elementwise_region(
// AUTO-SAME: %[[X:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
// AUTO-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4x8xf32> to tensor<4x8xf16>
// AUTO-NEXT: %[[T:.+]] = mir.unary tanh %[[XH]] : tensor<4x8xf16>
// AUTO-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4x8xf16> to tensor<4x8xf32>
// AUTO-NEXT: %[[Y:.+]] = mir.elementwise %[[TF]], %[[B]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32> {
// AUTO-NEXT: ^bb0(%[[E:.+]]: f32, %[[F:.+]]: f32):
// AUTO-NEXT: %[[S:.+]] = mir.binary mul %[[E]], %[[F]] : (f32, f32) -> f32
// AUTO-NEXT: mir.yield %[[S]] : f32
// AUTO-NEXT: }
// AUTO-NEXT: return %[[Y]] : tensor<4x8xf32>

// CONS-LABEL: func.func @elementwise_region(
// CONS-NOT: mir.cast
// CONS: mir.unary tanh {{.*}} : tensor<4x8xf32>
// CONS-NEXT: mir.elementwise {{.*}} : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>

// -----

// exp and pow stay f32 under auto-mixed, tanh does not.
func.func @exp_pow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = mir.unary exp %x : tensor<4xf32>
  %t = mir.unary tanh %e : tensor<4xf32>
  %p = mir.binary pow %t, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// F16-LABEL: func.func @exp_pow(
// F16-SAME: %[[X:.+]]: tensor<4xf32>)
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// F16-NEXT: %[[E:.+]] = mir.unary exp %[[XH]] : tensor<4xf16>
// F16-NEXT: %[[T:.+]] = mir.unary tanh %[[E]] : tensor<4xf16>
// F16-NEXT: %[[P:.+]] = mir.binary pow %[[T]], %[[XH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// F16-NEXT: %[[OUT:.+]] = mir.cast %[[P]] : tensor<4xf16> to tensor<4xf32>
// F16-NEXT: return %[[OUT]]

// AUTO-LABEL: func.func @exp_pow(
// AUTO-SAME: %[[X:.+]]: tensor<4xf32>)
// AUTO-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<4xf32>
// AUTO-NEXT: %[[EH:.+]] = mir.cast %[[E]] : tensor<4xf32> to tensor<4xf16>
// AUTO-NEXT: %[[T:.+]] = mir.unary tanh %[[EH]] : tensor<4xf16>
// AUTO-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xf16> to tensor<4xf32>
// AUTO-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// AUTO-NEXT: return %[[P]] : tensor<4xf32>

// CONS-LABEL: func.func @exp_pow(
// CONS-NOT: mir.cast
// CONS: return

// BF16-LABEL: func.func @exp_pow(
// BF16-SAME: %[[X:.+]]: tensor<4xf32>)
// BF16-NEXT: %[[E:.+]] = mir.unary exp %[[X]] : tensor<4xf32>
// BF16-NEXT: %[[EH:.+]] = mir.cast %[[E]] : tensor<4xf32> to tensor<4xbf16>
// BF16-NEXT: %[[T:.+]] = mir.unary tanh %[[EH]] : tensor<4xbf16>
// BF16-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xbf16> to tensor<4xf32>
// BF16-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// BF16-NEXT: return %[[P]] : tensor<4xf32>

// The custom map names mir.unary: every unary kind follows it, even exp.
// CUSTOM-LABEL: func.func @exp_pow(
// CUSTOM-SAME: %[[X:.+]]: tensor<4xf32>)
// CUSTOM-NEXT: %[[XB:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xbf16>
// CUSTOM-NEXT: %[[E:.+]] = mir.unary exp %[[XB]] : tensor<4xbf16>
// CUSTOM-NEXT: %[[T:.+]] = mir.unary tanh %[[E]] : tensor<4xbf16>
// CUSTOM-NEXT: %[[TF:.+]] = mir.cast %[[T]] : tensor<4xbf16> to tensor<4xf32>
// CUSTOM-NEXT: %[[P:.+]] = mir.binary pow %[[TF]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CUSTOM-NEXT: return %[[P]] : tensor<4xf32>

// -----

// a model's own mir.cast keeps its output type and takes any input type.
func.func @existing_cast(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %c = mir.cast %i : tensor<4xi32> to tensor<4xf32>
  %s = mir.binary add %c, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = mir.cast %s : tensor<4xf32> to tensor<4xi32>
  return %s, %k : tensor<4xf32>, tensor<4xi32>
}

// F16-LABEL: func.func @existing_cast(
// F16-SAME: %[[I:.+]]: tensor<4xi32>, %[[X:.+]]: tensor<4xf32>)
// F16-NEXT: %[[C:.+]] = mir.cast %[[I]] : tensor<4xi32> to tensor<4xf32>
// F16-NEXT: %[[CH:.+]] = mir.cast %[[C]] : tensor<4xf32> to tensor<4xf16>
// F16-NEXT: %[[XH:.+]] = mir.cast %[[X]] : tensor<4xf32> to tensor<4xf16>
// F16-NEXT: %[[S:.+]] = mir.binary add %[[CH]], %[[XH]] : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// F16-NEXT: %[[K:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xi32>
// F16-NEXT: %[[SF:.+]] = mir.cast %[[S]] : tensor<4xf16> to tensor<4xf32>
// F16-NEXT: return %[[SF]], %[[K]] : tensor<4xf32>, tensor<4xi32>

// CONS-LABEL: func.func @existing_cast(
// CONS-SAME: %[[I:.+]]: tensor<4xi32>, %[[X:.+]]: tensor<4xf32>)
// CONS-NEXT: %[[C:.+]] = mir.cast %[[I]] : tensor<4xi32> to tensor<4xf32>
// CONS-NEXT: %[[S:.+]] = mir.binary add %[[C]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CONS-NEXT: %[[K:.+]] = mir.cast %[[S]] : tensor<4xf32> to tensor<4xi32>
// CONS-NEXT: return %[[S]], %[[K]] : tensor<4xf32>, tensor<4xi32>
