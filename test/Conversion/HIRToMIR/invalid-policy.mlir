// RUN: rlx-opt %s -verify-diagnostics -convert-hir-to-mir="policy=fused"

// The policy option accepts only fusable and direct; the error names the
// value given. (A file of its own: every module of a split file would fail.)
// expected-error@+1 {{convert-hir-to-mir: unknown policy 'fused'; expected 'fusable' or 'direct'}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = hir.activation relu %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
