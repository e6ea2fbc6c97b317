// RUN: not rlx-opt %s -convert-hir-to-mir="policy=fused" 2>&1 | FileCheck %s

// The policy option accepts only fusable and direct (its parser is the one
// table of policy names, passes/Common/PolicyOptions.h); the error names the
// value given and nothing runs.
// CHECK: Cannot find option named 'fused'!
// CHECK-NOT: hir.activation
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = hir.activation relu %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
