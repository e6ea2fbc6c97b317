"""cases_edge.py — NaN, infinities, signed zeros, integer wrap-around, f16 sums past 2048."""
import os, sys, math
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
from harness import check
nan, inf = float('nan'), float('inf')
mir = '''
func.func @f(%x: tensor<6xf32> {mir.name = "x"}, %y: tensor<6xf32> {mir.name = "y"}, %i: tensor<6xi32> {mir.name = "i"}, %h: tensor<4096xf16> {mir.name = "h"}, %t: tensor<3x2xi32> {mir.name = "t"})
  -> (tensor<6xf32> {mir.name = "relu"}, tensor<6xf32> {mir.name = "max"}, tensor<6xf32> {mir.name = "min"}, tensor<6xi1> {mir.name = "ne"}, tensor<6xi1> {mir.name = "lt"}, tensor<6xi1> {mir.name = "tobool"}, tensor<6xi8> {mir.name = "toi8"}, tensor<6xi32> {mir.name = "neg"}, tensor<6xi32> {mir.name = "abs"}, tensor<f16> {mir.name = "hsum"}, tensor<2x2xi32> {mir.name = "tv"}, tensor<2x2xi64> {mir.name = "ti"}, tensor<6xf32> {mir.name = "sm"}, tensor<f32> {mir.name = "rmax"}) {
  %r = mir.unary relu %x : tensor<6xf32>
  %mx = mir.binary max %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %mn = mir.binary min %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %ne = mir.compare ne %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %lt = mir.compare lt %x, %y : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %b = mir.cast %x : tensor<6xf32> to tensor<6xi1>
  %yy = mir.cast %y : tensor<6xf32> to tensor<6xi8>
  %n = mir.unary neg %i : tensor<6xi32>
  %a = mir.unary abs %i : tensor<6xi32>
  %hs = mir.reduce sum %h axes = [0] : tensor<4096xf16> -> tensor<f16>
  %tv, %ti = mir.topk %t k = 2 axis = 0 : tensor<3x2xi32> -> tensor<2x2xi32>, tensor<2x2xi64>
  %sm = mir.softmax %y axis = 0 : tensor<6xf32>
  %rm = mir.reduce max %x axes = [0] : tensor<6xf32> -> tensor<f32>
  return %r, %mx, %mn, %ne, %lt, %b, %yy, %n, %a, %hs, %tv, %ti, %sm, %rm : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi8>, tensor<6xi32>, tensor<6xi32>, tensor<f16>, tensor<2x2xi32>, tensor<2x2xi64>, tensor<6xf32>, tensor<f32>
}'''
x = [nan, -1.0, 2.0, -0.0, 3.0, inf]
y = [1.0, nan, -2.7, 0.0, 2.9, -inf]
i = [-5, 0, 7, -2147483647, 3, -1]
t = [4, 9, 4, 9, 7, 1]
got, _ = harness.execute(mir, {"x": x, "y": y, "i": i, "h": [1.0]*4096, "t": t})
ok = True
ok &= check("relu nan", got["relu"], [nan, 0.0, 2.0, 0.0, 3.0, inf])
ok &= check("max nan", got["max"], [nan, nan, 2.0, 0.0, 3.0, inf])
ok &= check("min nan", got["min"], [nan, nan, -2.7, -0.0, 2.9, -inf], rtol=1e-6)
ok &= check("ne nan", got["ne"], [1, 1, 1, 0, 1, 1])
ok &= check("lt nan", got["lt"], [0, 0, 0, 0, 0, 0])
ok &= check("to i1", got["tobool"], [1, 1, 1, 0, 1, 1])
ok &= check("to i8", [got["toi8"][0]] + got["toi8"][2:5], [1, -2, 0, 2])  # NaN and -inf: undefined
ok &= check("neg int", got["neg"], [5, 0, -7, 2147483647, -3, 1])
ok &= check("abs int", got["abs"], [5, 0, 7, 2147483647, 3, 1])
ok &= check("f16 sum in f32", got["hsum"], [4096.0])
ok &= check("topk axis 0 values", got["tv"], [7, 9, 4, 9])
ok &= check("topk axis 0 indices", got["ti"], [2, 0, 0, 1])
ok &= check("softmax with nan", got["sm"], [nan]*6)
ok &= check("reduce max nan", got["rmax"], [nan])
print("ALL OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
