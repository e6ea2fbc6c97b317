"""cases_f32.py — every op family in f32 / integers against Python references."""
import os, sys, math, itertools
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import execute, check

def vals(n, seed=0, scale=8.0):
    return [(((i * 37 + seed * 11) % 29) - 14) / scale for i in range(n)]

def idx(shape):
    return list(itertools.product(*[range(s) for s in shape]))

def flat(shape, ix):
    o = 0
    for s, i in zip(shape, ix): o = o * s + i
    return o

def f16(x):
    import struct
    return struct.unpack('e', struct.pack('e', x))[0]

ok = True
# 1. elementwise
mir = '''
func.func @f(%x: tensor<4x8xf32> {mir.name = "x"}, %b: tensor<8xf32> {mir.name = "b"}, %c: tensor<4x1xf32> {mir.name = "c"}, %i: tensor<4x8xi32> {mir.name = "i"}, %j: tensor<8xi32> {mir.name = "j"})
  -> (tensor<4x8xf32> {mir.name = "add"}, tensor<4x8xf32> {mir.name = "sel"}, tensor<4x8xf32> {mir.name = "gelu"}, tensor<4x8xf32> {mir.name = "silu"}, tensor<4x8xf32> {mir.name = "round"}, tensor<4x8xi32> {mir.name = "div"}, tensor<4x8xf32> {mir.name = "region"}, tensor<4x8xf16> {mir.name = "h"}) {
  %a = mir.binary add %x, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %s = mir.binary sub %x, %c : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %m = mir.compare gt %s, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xi1>
  %sel = mir.select %m, %x, %c : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %g = mir.unary gelu %x : tensor<4x8xf32>
  %si = mir.unary silu %x : tensor<4x8xf32>
  %half = mir.constant dense<2.0> : tensor<f32>
  %x2 = mir.binary mul %x, %half : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %r = mir.unary round %x2 : tensor<4x8xf32>
  %d = mir.binary div %i, %j : (tensor<4x8xi32>, tensor<8xi32>) -> tensor<4x8xi32>
  %e = mir.elementwise %x, %b, %half : (tensor<4x8xf32>, tensor<8xf32>, tensor<f32>) -> tensor<4x8xf32> {
  ^bb0(%a0: f32, %a1: f32, %a2: f32):
    %t = mir.binary max %a0, %a1 : (f32, f32) -> f32
    %u = mir.binary pow %t, %a2 : (f32, f32) -> f32
    %k = mir.constant -1.0 : f32
    %v = mir.binary add %u, %k : (f32, f32) -> f32
    mir.yield %v : f32
  }
  %h = mir.cast %x : tensor<4x8xf32> to tensor<4x8xf16>
  return %a, %sel, %g, %si, %r, %d, %e, %h : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xf32>, tensor<4x8xf16>
}'''
x = vals(32, 1); b = vals(8, 2); c = vals(4, 3)
i = [k * 7 - 100 for k in range(32)]; j = [0, 1, -1, 3, -7, 5, 0, 2]
got, _ = execute(mir, {"x": x, "b": b, "c": c, "i": i, "j": j})
I = idx([4, 8])
ok &= check("add", got["add"], [x[r*8+q] + b[q] for r, q in I])
ok &= check("sel", got["sel"], [x[r*8+q] if (x[r*8+q] - c[r]) > b[q] else c[r] for r, q in I])
ok &= check("gelu", got["gelu"], [0.5*v*(1+math.erf(v/math.sqrt(2))) for v in x])
ok &= check("silu", got["silu"], [v/(1+math.exp(-v)) for v in x])
def rte(v):
    f = math.floor(v); d = v - f
    if d > 0.5 or (d == 0.5 and f % 2 == 1): return f + 1
    return f
ok &= check("round", got["round"], [rte(2*v) for v in x])
def idiv(a, b):
    if b == 0: return 0
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q
ok &= check("div", got["div"], [idiv(i[r*8+q], j[q]) for r, q in I])
ok &= check("region", got["region"], [max(x[r*8+q], b[q])**2 - 1 for r, q in I])
ok &= check("h", got["h"], [f16(v) for v in x])

# 2. matmuls
M, K, N = 256, 128, 64
mir = f'''
func.func @f(%a: tensor<{M}x{K}xf32> {{mir.name = "a"}}, %w: tensor<{K}x{N}xf32> {{mir.name = "w"}}, %bias: tensor<{N}xf32> {{mir.name = "bias"}})
  -> (tensor<{M}x{N}xf32> {{mir.name = "y"}}) {{
  %y = mir.fused_matmul %a, %w, %bias act = gelu : (tensor<{M}x{K}xf32>, tensor<{K}x{N}xf32>, tensor<{N}xf32>) -> tensor<{M}x{N}xf32>
  return %y : tensor<{M}x{N}xf32>
}}'''
a = vals(M*K, 4); w = vals(K*N, 5); bias = vals(N, 6)
got, prog = execute(mir, {"a": a, "w": w, "bias": bias})
print("grid", [g for g, _ in prog["kernels"].values()])
ref = []
for r in range(M):
    for q in range(N):
        s = sum(a[r*K+k]*w[k*N+q] for k in range(K)) + bias[q]
        ref.append(0.5*s*(1+math.erf(s/math.sqrt(2))))
ok &= check("fused_matmul split", got["y"], ref, rtol=1e-4, atol=1e-4)

mir = '''
func.func @f(%a: tensor<2x3x4x8xf32> {mir.name = "a"}, %b: tensor<3x8x5xf32> {mir.name = "b"}, %h: tensor<3x8xf16> {mir.name = "h"}, %hw: tensor<2x8x5xf16> {mir.name = "hw"})
  -> (tensor<2x3x4x5xf32> {mir.name = "y"}, tensor<2x3x5xf16> {mir.name = "yh"}, tensor<2x3x4x5xf32> {mir.name = "z"}) {
  %y = mir.matmul %a, %b : (tensor<2x3x4x8xf32>, tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32>
  %yh = mir.matmul %h, %hw : (tensor<3x8xf16>, tensor<2x8x5xf16>) -> tensor<2x3x5xf16>
  %bb = mir.broadcast %b : tensor<3x8x5xf32> to tensor<2x3x8x5xf32>
  %z = mir.matmul %a, %bb : (tensor<2x3x4x8xf32>, tensor<2x3x8x5xf32>) -> tensor<2x3x4x5xf32>
  return %y, %yh, %z : tensor<2x3x4x5xf32>, tensor<2x3x5xf16>, tensor<2x3x4x5xf32>
}'''
a = vals(2*3*4*8, 7); bm = vals(3*8*5, 8); h = [f16(v) for v in vals(24, 9)]; hw = [f16(v) for v in vals(80, 10)]
got, _ = execute(mir, {"a": a, "b": bm, "h": h, "hw": hw})
ref = [sum(a[flat([2,3,4,8],[p,q,r,k])]*bm[flat([3,8,5],[q,k,s])] for k in range(8)) for p,q,r,s in idx([2,3,4,5])]
ok &= check("batched broadcast matmul", got["y"], ref, rtol=1e-5)
ok &= check("batched matmul (batch_matmul path)", got["z"], ref, rtol=1e-5)
ref = [f16(sum(h[r*8+k]*hw[flat([2,8,5],[p,k,s])] for k in range(8))) for p,r,s in idx([2,3,5])]
ok &= check("f16 matmul", got["yh"], ref, rtol=2e-3, atol=1e-3)

# 3. softmax, norms
R, D = 256, 128
mir = f'''
func.func @f(%x: tensor<{R}x{D}xf32> {{mir.name = "x"}}, %r: tensor<{R}x{D}xf32> {{mir.name = "r"}}, %g: tensor<{D}xf32> {{mir.name = "g"}}, %be: tensor<{D}xf32> {{mir.name = "be"}}, %y3: tensor<3x5x4xf32> {{mir.name = "y3"}})
  -> (tensor<{R}x{D}xf32> {{mir.name = "sm"}}, tensor<{R}x{D}xf32> {{mir.name = "ln"}}, tensor<{R}x{D}xf32> {{mir.name = "rms"}}, tensor<{R}x{D}xf32> {{mir.name = "rn"}}, tensor<{R}x{D}xf32> {{mir.name = "rs"}}, tensor<3x5x4xf32> {{mir.name = "sm1"}}, tensor<3x5x4xf32> {{mir.name = "cs"}}) {{
  %sm = mir.softmax %x axis = -1 : tensor<{R}x{D}xf32>
  %ln = mir.layer_norm %x, %g, %be eps = 1.0e-05 : (tensor<{R}x{D}xf32>, tensor<{D}xf32>, tensor<{D}xf32>) -> tensor<{R}x{D}xf32>
  %rms = mir.rms_norm %x, %g eps = 1.0e-06 : (tensor<{R}x{D}xf32>, tensor<{D}xf32>) -> tensor<{R}x{D}xf32>
  %n, %s = mir.residual_norm layer %x, %r bias(%be) gamma(%g) beta(%be) eps = 1.0e-05 : (tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>, tensor<{D}xf32>, tensor<{D}xf32>, tensor<{D}xf32>) -> (tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>)
  %sm1 = mir.softmax %y3 axis = 1 : tensor<3x5x4xf32>
  %cs = mir.cumsum %y3 axis = 1 : tensor<3x5x4xf32>
  return %sm, %ln, %rms, %n, %s, %sm1, %cs : tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>, tensor<{R}x{D}xf32>, tensor<3x5x4xf32>, tensor<3x5x4xf32>
}}'''
x = vals(R*D, 11); rr = vals(R*D, 12); g = vals(D, 13); be = vals(D, 14); y3 = vals(60, 15)
got, prog = execute(mir, {"x": x, "r": rr, "g": g, "be": be, "y3": y3})
print("grid", {n: gr for n, (gr, _) in prog["kernels"].items()})
sm, ln, rms, rn, rs = [], [], [], [], []
for row in range(R):
    xs = x[row*D:(row+1)*D]
    m = max(xs); e = [math.exp(v-m) for v in xs]; t = sum(e)
    sm += [v/t for v in e]
    mean = sum(xs)/D; var = sum((v-mean)**2 for v in xs)/D
    ln += [(v-mean)/math.sqrt(var+1e-5)*g[q]+be[q] for q, v in enumerate(xs)]
    ms = sum(v*v for v in xs)/D
    rms += [v/math.sqrt(ms+1e-6)*g[q] for q, v in enumerate(xs)]
    ss = [xs[q] + rr[row*D+q] + be[q] for q in range(D)]
    rs += ss
    mean = sum(ss)/D; var = sum((v-mean)**2 for v in ss)/D
    rn += [(v-mean)/math.sqrt(var+1e-5)*g[q]+be[q] for q, v in enumerate(ss)]
ok &= check("softmax", got["sm"], sm, rtol=1e-5, atol=1e-7)
ok &= check("layer_norm", got["ln"], ln, rtol=1e-4, atol=1e-5)
ok &= check("rms_norm", got["rms"], rms, rtol=1e-4, atol=1e-5)
ok &= check("residual_norm normed", got["rn"], rn, rtol=1e-4, atol=1e-5)
ok &= check("residual_norm sum", got["rs"], rs, rtol=1e-6)
ref = []
for p, q, r in idx([3,5,4]):
    col = [y3[flat([3,5,4],[p,k,r])] for k in range(5)]
    m = max(col); t = sum(math.exp(v-m) for v in col)
    ref.append(math.exp(y3[flat([3,5,4],[p,q,r])]-m)/t)
ok &= check("softmax axis 1", got["sm1"], ref, rtol=1e-5)
ok &= check("cumsum", got["cs"], [sum(y3[flat([3,5,4],[p,k,r])] for k in range(q+1)) for p,q,r in idx([3,5,4])], rtol=1e-5)

# 4. reduce, topk
mir = '''
func.func @f(%x: tensor<3x4x5xf32> {mir.name = "x"}, %i: tensor<3x4xi32> {mir.name = "i"}, %t: tensor<2x7xf32> {mir.name = "t"})
  -> (tensor<4xf32> {mir.name = "s"}, tensor<3x1x1xf32> {mir.name = "mean"}, tensor<3x4xf32> {mir.name = "max"}, tensor<3xi32> {mir.name = "prod"}, tensor<2x3xf32> {mir.name = "tv"}, tensor<2x3xi64> {mir.name = "ti"}, tensor<f32> {mir.name = "all"}) {
  %s = mir.reduce sum %x axes = [0, 2] : tensor<3x4x5xf32> -> tensor<4xf32>
  %mean = mir.reduce mean %x axes = [2, 1] keep_dim : tensor<3x4x5xf32> -> tensor<3x1x1xf32>
  %max = mir.reduce max %x axes = [-1] : tensor<3x4x5xf32> -> tensor<3x4xf32>
  %prod = mir.reduce prod %i axes = [1] : tensor<3x4xi32> -> tensor<3xi32>
  %tv, %ti = mir.topk %t k = 3 axis = 1 : tensor<2x7xf32> -> tensor<2x3xf32>, tensor<2x3xi64>
  %all = mir.reduce min %x axes = [0, 1, 2] : tensor<3x4x5xf32> -> tensor<f32>
  return %s, %mean, %max, %prod, %tv, %ti, %all : tensor<4xf32>, tensor<3x1x1xf32>, tensor<3x4xf32>, tensor<3xi32>, tensor<2x3xf32>, tensor<2x3xi64>, tensor<f32>
}'''
x = vals(60, 16); iv = [k % 5 - 2 for k in range(12)]
t = [1.0, 3.0, 3.0, float('nan'), -1.0, 3.0, 2.0,   5.0, 5.0, 4.0, 5.0, -0.0, 0.0, 9.0]
got, _ = execute(mir, {"x": x, "i": iv, "t": t})
X = lambda p, q, r: x[flat([3,4,5],[p,q,r])]
ok &= check("reduce sum [0,2]", got["s"], [sum(X(p,q,r) for p in range(3) for r in range(5)) for q in range(4)], rtol=1e-5)
ok &= check("reduce mean keep", got["mean"], [sum(X(p,q,r) for q in range(4) for r in range(5))/20 for p in range(3)], rtol=1e-5)
ok &= check("reduce max", got["max"], [max(X(p,q,r) for r in range(5)) for p, q in idx([3,4])])
ok &= check("reduce prod int", got["prod"], [math.prod(iv[p*4+q] for q in range(4)) for p in range(3)])
ok &= check("reduce min all", got["all"], [min(x)])
ok &= check("topk values", got["tv"], [float('nan'), 3.0, 3.0, 9.0, 5.0, 5.0])
ok &= check("topk indices", got["ti"], [3, 1, 2, 6, 0, 1])

# 5. gather, conv, pool, movement
mir = '''
func.func @f(%t: tensor<5x3xf32> {mir.name = "t"}, %ids: tensor<2x3xi64> {mir.name = "ids"}, %x: tensor<2x4x6x6xf32> {mir.name = "x"}, %w: tensor<4x2x3x3xf32> {mir.name = "w"}, %wb: tensor<4xf32> {mir.name = "wb"}, %w1: tensor<3x4x2x2xf32> {mir.name = "w1"})
  -> (tensor<2x3x3xf32> {mir.name = "g"}, tensor<5x2xf32> {mir.name = "g1"}, tensor<2x4x3x2xf32> {mir.name = "conv"}, tensor<2x3x5x5xf32> {mir.name = "convn"}, tensor<2x4x4x4xf32> {mir.name = "pmax"}, tensor<2x4x4x4xf32> {mir.name = "pavg"}, tensor<3x5xf32> {mir.name = "tr"}, tensor<2x2xf32> {mir.name = "sl"}, tensor<5x6xf32> {mir.name = "cc"}) {
  %g = mir.gather %t[%ids] axis = 0 : (tensor<5x3xf32>, tensor<2x3xi64>) -> tensor<2x3x3xf32>
  %i1 = mir.constant dense<[2, -1]> : tensor<2xi64>
  %g1 = mir.gather %t[%i1] axis = 1 : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<5x2xf32>
  %conv = mir.conv2d %x, %w, %wb strides = [2, 2] padding = [1, 0, 1, 2] dilations = [1, 2] groups = 2 : (tensor<2x4x6x6xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<2x4x3x2xf32>
  %convn = mir.conv2d %x, %w1 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : (tensor<2x4x6x6xf32>, tensor<3x4x2x2xf32>) -> tensor<2x3x5x5xf32>
  %pmax = mir.pool max %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 2, 2] : tensor<2x4x6x6xf32> -> tensor<2x4x4x4xf32>
  %pavg = mir.pool avg %x kernel = [3, 3] strides = [2, 2] padding = [1, 1, 2, 2] : tensor<2x4x6x6xf32> -> tensor<2x4x4x4xf32>
  %tr = mir.transpose %t permutation = [1, 0] : tensor<5x3xf32> -> tensor<3x5xf32>
  %sl = mir.slice %t offsets = [1, 0] sizes = [2, 2] strides = [2, 2] : tensor<5x3xf32> -> tensor<2x2xf32>
  %cc = mir.concat %t, %t axis = 1 : (tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x6xf32>
  return %g, %g1, %conv, %convn, %pmax, %pavg, %tr, %sl, %cc : tensor<2x3x3xf32>, tensor<5x2xf32>, tensor<2x4x3x2xf32>, tensor<2x3x5x5xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<3x5xf32>, tensor<2x2xf32>, tensor<5x6xf32>
}'''
t = vals(15, 17); ids = [0, 4, 5, -1, 2, 2]; x = vals(2*4*36, 18); w = vals(4*2*9, 19); wb = vals(4, 20); w1 = vals(3*4*4, 21)
got, _ = execute(mir, {"t": t, "ids": ids, "x": x, "w": w, "wb": wb, "w1": w1})
ok &= check("gather axis 0", got["g"], [t[ids[p*3+q]*3+r] if 0 <= ids[p*3+q] < 5 else 0.0 for p, q, r in idx([2,3,3])])
ok &= check("gather axis 1 (constant ids)", got["g1"], [t[p*3+[2,-1][q]] if q == 0 else 0.0 for p, q in idx([5,2])])
X = lambda n, c, h, ww: x[flat([2,4,6,6],[n,c,h,ww])]
ref = []
for n, o, oh, ow in idx([2,4,3,2]):
    gidx = o // 2; s = wb[o]
    for ci in range(2):
        for kh in range(3):
            for kw in range(3):
                ih = oh*2 - 1 + kh; iw = ow*2 - 0 + kw*2
                if 0 <= ih < 6 and 0 <= iw < 6:
                    s += X(n, gidx*2+ci, ih, iw) * w[flat([4,2,3,3],[o,ci,kh,kw])]
    ref.append(s)
ok &= check("conv2d pad/stride/dilation/groups/bias", got["conv"], ref, rtol=1e-5, atol=1e-5)
ref = [sum(X(n,c,oh+kh,ow+kw)*w1[flat([3,4,2,2],[o,c,kh,kw])] for c in range(4) for kh in range(2) for kw in range(2)) for n,o,oh,ow in idx([2,3,5,5])]
ok &= check("conv2d named", got["convn"], ref, rtol=1e-5, atol=1e-5)
pm, pa = [], []
for n, c, oh, ow in idx([2,4,4,4]):
    win = [X(n,c,oh*2-1+kh,ow*2-1+kw) for kh in range(3) for kw in range(3) if 0 <= oh*2-1+kh < 6 and 0 <= ow*2-1+kw < 6]
    pm.append(max(win)); pa.append(sum(win)/len(win))
ok &= check("pool max", got["pmax"], pm)
ok &= check("pool avg", got["pavg"], pa, rtol=1e-6)
ok &= check("transpose", got["tr"], [t[q*3+p] for p, q in idx([3,5])])
ok &= check("slice", got["sl"], [t[(1+2*p)*3+2*q] for p, q in idx([2,2])])
ok &= check("concat", got["cc"], [t[p*3+(q%3)] for p, q in idx([5,6])])
print("ALL OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
