// The precision policies choose among f16, bf16 and f32: an f64 op is left
// in f64 by every one of them (no cast, no change), and only the custom
// policy, which names a type per op, changes it.
// RUN: rlx-opt %s > %t.in
// RUN: rlx-opt %s -mir-mixed-precision=policy=always-f32 > %t.f32
// RUN: diff %t.in %t.f32
// RUN: rlx-opt %s -mir-mixed-precision=policy=always-f16 > %t.f16
// RUN: diff %t.in %t.f16
// RUN: rlx-opt %s -mir-mixed-precision=policy=auto-mixed > %t.auto
// RUN: diff %t.in %t.auto
// RUN: rlx-opt %s -mir-mixed-precision=policy=auto-mixed-bf16 > %t.bf16
// RUN: diff %t.in %t.bf16
// RUN: rlx-opt %s '-mir-mixed-precision=policy=custom custom=mir.binary=f32' | FileCheck %s --check-prefix=CUSTOM

// CUSTOM-LABEL: func.func @f64_add
// CUSTOM: mir.cast %arg0 : tensor<4xf64> to tensor<4xf32>
// CUSTOM: mir.binary add {{.*}} -> tensor<4xf32>
// CUSTOM: mir.cast {{.*}} : tensor<4xf32> to tensor<4xf64>
func.func @f64_add(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %s = mir.binary add %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %s : tensor<4xf64>
}
