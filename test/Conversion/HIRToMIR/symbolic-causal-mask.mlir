// RUN: rlx-opt %s -split-input-file -convert-hir-to-mir | FileCheck %s --check-prefix=SYMBOLIC
// RUN: rlx-opt %s -split-input-file -pass-pipeline='builtin.module(convert-hir-to-mir,func.func(mir-specialize{bind="seq=2,kv_seq=3"}))' | FileCheck %s --check-prefix=BOUND

// A causal or sliding-window attention whose lengths are symbolic lowers to
// a mir.causal_mask (SYMBOLIC); binding seq = S = 2 and kv_seq = T = 3 makes
// it the dense constant the static lowering builds (BOUND): query i sees
// key j when j <= i + (T - S) = i + 1, with a window only the last ones.

// Causal, S = 2 and T = 3 independent symbols.
// SYMBOLIC-LABEL: func.func @causal
// SYMBOLIC:       %[[SS:.+]] = mir.binary mul {{.*}} -> tensor<1x2x?x?xf32>
// SYMBOLIC:       %[[MASK:.+]] = mir.causal_mask causal %[[SS]] : tensor<1x2x?x?xf32> -> tensor<?x?xf32>
// SYMBOLIC:       mir.binary add %[[SS]], %[[MASK]]
// BOUND-LABEL:    func.func @causal
// BOUND-NOT:      mir.causal_mask
// BOUND:          %[[SS:.+]] = mir.binary mul {{.*}} -> tensor<1x2x2x3xf32>
// BOUND:          %[[MASK:.+]] = mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0xFF800000], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// BOUND:          %[[M:.+]] = mir.binary add %[[SS]], %[[MASK]] : (tensor<1x2x2x3xf32>, tensor<2x3xf32>) -> tensor<1x2x2x3xf32>
// BOUND:          mir.softmax %[[M]] axis = -1 : tensor<1x2x2x3xf32>
// BOUND-NOT:      mir.causal_mask
func.func @causal(%q: tensor<1x?x8xf32> {hir.dims = [1, "seq", 8]},
                  %k: tensor<1x?x8xf32> {hir.dims = [1, "kv_seq", 8]},
                  %v: tensor<1x?x8xf32> {hir.dims = [1, "kv_seq", 8]}) -> tensor<1x?x8xf32> {
  %o = hir.attention causal %q, %k, %v heads = 2 head_dim = 4 : (tensor<1x?x8xf32>, tensor<1x?x8xf32>, tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  return %o : tensor<1x?x8xf32>
}

// -----

// Sliding window 2: query 0 sees keys 0 and 1, query 1 keys 1 and 2.
// SYMBOLIC-LABEL: func.func @window2
// SYMBOLIC:       mir.causal_mask sliding_window %{{.+}} window = 2 : tensor<1x2x?x?xf32> -> tensor<?x?xf32>
// BOUND-LABEL:    func.func @window2
// BOUND:          mir.constant dense<{{\[}}[0.000000e+00, 0.000000e+00, 0xFF800000], [0xFF800000, 0.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>
// BOUND-NOT:      mir.causal_mask
func.func @window2(%q: tensor<1x?x8xf32> {hir.dims = [1, "seq", 8]},
                   %k: tensor<1x?x8xf32> {hir.dims = [1, "kv_seq", 8]},
                   %v: tensor<1x?x8xf32> {hir.dims = [1, "kv_seq", 8]}) -> tensor<1x?x8xf32> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 4 window = 2 : (tensor<1x?x8xf32>, tensor<1x?x8xf32>, tensor<1x?x8xf32>) -> tensor<1x?x8xf32>
  return %o : tensor<1x?x8xf32>
}

// -----

// Window 1 in f16, only T symbolic: each query sees its diagonal key only.
// SYMBOLIC-LABEL: func.func @window1_f16
// SYMBOLIC:       mir.causal_mask sliding_window %{{.+}} window = 1 : tensor<1x2x2x?xf16> -> tensor<2x?xf16>
// BOUND-LABEL:    func.func @window1_f16
// BOUND:          mir.constant dense<{{\[}}[0xFC00, 0.000000e+00, 0xFC00], [0xFC00, 0xFC00, 0.000000e+00]]> : tensor<2x3xf16>
// BOUND-NOT:      mir.causal_mask
func.func @window1_f16(%q: tensor<1x2x8xf16>,
                       %k: tensor<1x?x8xf16> {hir.dims = [1, "kv_seq", 8]},
                       %v: tensor<1x?x8xf16> {hir.dims = [1, "kv_seq", 8]}) -> tensor<1x2x8xf16> {
  %o = hir.attention sliding_window %q, %k, %v heads = 2 head_dim = 4 window = 1 : (tensor<1x2x8xf16>, tensor<1x?x8xf16>, tensor<1x?x8xf16>) -> tensor<1x2x8xf16>
  return %o : tensor<1x2x8xf16>
}
