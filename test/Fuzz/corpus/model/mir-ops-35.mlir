// Elementwise region with scalar compare, select and cast steps, mixed dtypes and a dynamic dim.
func.func @elementwise_mixed(%x: tensor<?x4xf16>, %i: tensor<4xi32>) -> tensor<?x4xi64> {
  %0 = mir.elementwise %x, %i : (tensor<?x4xf16>, tensor<4xi32>) -> tensor<?x4xi64> {
  ^bb0(%e: f16, %j: i32):
    %z = mir.constant 0.000000e+00 : f16
    %c = mir.compare gt %e, %z : (f16, f16) -> i1
    %k = mir.cast %e : f16 to i32
    %t = mir.constant 7 : i32
    %s = mir.select %c, %k, %t : (i1, i32, i32) -> i32
    %n = mir.unary neg %s : i32
    %w = mir.cast %n : i32 to i64
    mir.yield %w : i64
  }
  return %0 : tensor<?x4xi64>
}
