"""hostile.py KIND N — model text that nests or repeats N times in a way
MLIR's parser or printer recurses on (or parses in super-linear time):

  tuple     tuple<tuple<...<f32>...>> as an argument type
  alias     !t0 = tuple<f32>, !t1 = tuple<!t0>, ... used as an argument type
  shape     tensor<1x1x...x1xf32> of rank N
  affine    affine_map<(d0) -> (d0 + d0 + ... + d0)> as an attribute
  minus     affine_map<(d0) -> (- - ... - d0)> as an attribute
  difference affine_map<(d0) -> (d0 - d0 - ... - d0)> as an attribute
  set-minus affine_set<(d0) : (- - ... - d0 >= 0)> as an attribute
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "tuple":
    t = "tuple<" * n + "f32" + ">" * n
    print("func.func @f(%%x: %s) {\n  return\n}" % t)
elif kind == "alias":
    print("!t0 = tuple<f32>")
    for i in range(1, n):
        print("!t%d = tuple<!t%d>" % (i, i - 1))
    print("func.func @f(%%x: !t%d) {\n  return\n}" % (n - 1))
elif kind == "shape":
    print("func.func @f(%%x: tensor<%sf32>) {\n  return\n}" % ("1x" * n))
elif kind == "affine":
    expr = " + ".join(["d0"] * (n + 1))
    print("func.func @f() attributes {m = affine_map<(d0) -> (%s)>} {\n  return\n}" % expr)
elif kind == "minus":
    print("func.func @f() attributes {m = affine_map<(d0) -> (%sd0)>} {\n  return\n}" % ("- " * n))
elif kind == "difference":
    expr = " - ".join(["d0"] * (n + 1))
    print("func.func @f() attributes {m = affine_map<(d0) -> (%s)>} {\n  return\n}" % expr)
elif kind == "set-minus":
    print("func.func @f() attributes {m = affine_set<(d0) : (%sd0 >= 0)>} {\n  return\n}" % ("- " * n))
else:
    sys.exit("unknown kind " + kind)
