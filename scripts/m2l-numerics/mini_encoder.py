"""mini_encoder.py [fusable|direct] [pass args] — a small encoder layer from HIR
through -rlx-mir-pipeline and convert-mir-to-lir against a Python reference
(B=<batch> in the environment; default 2)."""
import os, sys, math, subprocess
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
from harness import check

def vals(n, seed=0, scale=8.0):
    return [(((i * 37 + seed * 11) % 29) - 14) / scale for i in range(n)]

B, S, D, H, F = int(os.environ.get("B", 2)), 8, 16, 2, 32
hd = D // H
hir = f'''
func.func @enc(%x: tensor<?x{S}x{D}xf32> {{hir.name = "x", hir.dims = ["batch", {S}, {D}]}}) -> (tensor<?x{S}x{D}xf32> {{hir.name = "y"}}) {{
  %wq = hir.param "wq" : tensor<{D}x{D}xf32>
  %bq = hir.param "bq" : tensor<{D}xf32>
  %wk = hir.param "wk" : tensor<{D}x{D}xf32>
  %bk = hir.param "bk" : tensor<{D}xf32>
  %wv = hir.param "wv" : tensor<{D}x{D}xf32>
  %bv = hir.param "bv" : tensor<{D}xf32>
  %wo = hir.param "wo" : tensor<{D}x{D}xf32>
  %bo = hir.param "bo" : tensor<{D}xf32>
  %g1 = hir.param "g1" : tensor<{D}xf32>
  %be1 = hir.param "be1" : tensor<{D}xf32>
  %w1 = hir.param "w1" : tensor<{D}x{F}xf32>
  %b1 = hir.param "b1" : tensor<{F}xf32>
  %w2 = hir.param "w2" : tensor<{F}x{D}xf32>
  %b2 = hir.param "b2" : tensor<{D}xf32>
  %g2 = hir.param "g2" : tensor<{D}xf32>
  %be2 = hir.param "be2" : tensor<{D}xf32>
  %q = hir.linear %x, %wq, %bq : (tensor<?x{S}x{D}xf32>, tensor<{D}x{D}xf32>, tensor<{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %k = hir.linear %x, %wk, %bk : (tensor<?x{S}x{D}xf32>, tensor<{D}x{D}xf32>, tensor<{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %v = hir.linear %x, %wv, %bv : (tensor<?x{S}x{D}xf32>, tensor<{D}x{D}xf32>, tensor<{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %a = hir.attention none %q, %k, %v heads = {H} head_dim = {hd} : (tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %o = hir.linear %a, %wo, %bo : (tensor<?x{S}x{D}xf32>, tensor<{D}x{D}xf32>, tensor<{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %n1, %s1 = hir.residual_norm layer %o, %x, %g1, %be1 eps = 1.0e-05 : (tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>, tensor<{D}xf32>, tensor<{D}xf32>) -> (tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>)
  %h = hir.linear %n1, %w1, %b1 act = relu : (tensor<?x{S}x{D}xf32>, tensor<{D}x{F}xf32>, tensor<{F}xf32>) -> tensor<?x{S}x{F}xf32>
  %f = hir.linear %h, %w2, %b2 : (tensor<?x{S}x{F}xf32>, tensor<{F}x{D}xf32>, tensor<{D}xf32>) -> tensor<?x{S}x{D}xf32>
  %y, %s2 = hir.residual_norm layer %f, %n1, %g2, %be2 eps = 1.0e-05 : (tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>, tensor<{D}xf32>, tensor<{D}xf32>) -> (tensor<?x{S}x{D}xf32>, tensor<?x{S}x{D}xf32>)
  return %y : tensor<?x{S}x{D}xf32>
}}'''
policy = sys.argv[1] if len(sys.argv) > 1 else "fusable"
mir = harness.sh([harness.RLX, "-", f"-rlx-mir-pipeline=bind=batch={B} policy={policy}"], hir)
names = ["wq","bq","wk","bk","wv","bv","wo","bo","g1","be1","w1","b1","w2","b2","g2","be2"]
shapes = {"wq":[D,D],"wk":[D,D],"wv":[D,D],"wo":[D,D],"w1":[D,F],"w2":[F,D],"b1":[F]}
data = {"x": vals(B*S*D, 1, 4.0)}
for i, n in enumerate(names):
    sz = 1
    for s in shapes.get(n, [D]): sz *= s
    data[n] = vals(sz, 10 + i, 16.0)
if len(sys.argv) > 2:
    harness.EXTRA = sys.argv[2:]
got, prog = harness.execute(mir, data)
print({n: g for n, (g, _) in prog["kernels"].items()})

def mat(a, rows, k, w, n, bias=None):
    out = []
    for r in range(rows):
        for c in range(n):
            s = sum(a[r*k+i]*w[i*n+c] for i in range(k))
            out.append(s + (bias[c] if bias else 0.0))
    return out
def ln(x, rows, d, g, b):
    out = []
    for r in range(rows):
        xs = x[r*d:(r+1)*d]; m = sum(xs)/d; v = sum((t-m)**2 for t in xs)/d
        out += [(t-m)/math.sqrt(v+1e-5)*g[i]+b[i] for i, t in enumerate(xs)]
    return out
x = data["x"]; P = data
rows = B*S
q = mat(x, rows, D, P["wq"], D, P["bq"]); k = mat(x, rows, D, P["wk"], D, P["bk"]); v = mat(x, rows, D, P["wv"], D, P["bv"])
att = [0.0]*(rows*D)
for b in range(B):
    for hh in range(H):
        for i in range(S):
            sc = [sum(q[(b*S+i)*D+hh*hd+t]*k[(b*S+j)*D+hh*hd+t] for t in range(hd))/math.sqrt(hd) for j in range(S)]
            m = max(sc); e = [math.exp(s-m) for s in sc]; z = sum(e)
            for t in range(hd):
                att[(b*S+i)*D+hh*hd+t] = sum(e[j]/z*v[(b*S+j)*D+hh*hd+t] for j in range(S))
o = mat(att, rows, D, P["wo"], D, P["bo"])
n1 = ln([a+b for a, b in zip(o, x)], rows, D, P["g1"], P["be1"])
h = [max(t, 0.0) for t in mat(n1, rows, D, P["w1"], F, P["b1"])]
f = mat(h, rows, F, P["w2"], D, P["b2"])
y = ln([a+b for a, b in zip(f, n1)], rows, D, P["g2"], P["be2"])
ok = check("mini encoder " + policy, got["y"], y, rtol=1e-4, atol=1e-4)
sys.exit(0 if ok else 1)
