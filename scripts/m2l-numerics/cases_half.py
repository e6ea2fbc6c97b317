"""cases_half.py — f16 and bf16 kernels (f32 accumulation) against Python references."""
import os, sys, math, struct
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness
from harness import check
def vals(n, seed=0, scale=8.0):
    return [(((i * 37 + seed * 11) % 29) - 14) / scale for i in range(n)]
def f16(x): return struct.unpack('e', struct.pack('e', x))[0]
def bf16(x):
    b = struct.unpack('I', struct.pack('f', x))[0]
    r = ((b >> 16) & 1) + 0x7FFF
    return struct.unpack('f', struct.pack('I', ((b + r) >> 16) << 16))[0]
ok = True
for T, rnd, tol in (("f16", f16, 2e-3), ("bf16", bf16, 1.6e-2)):
    mir = f'''
func.func @f(%x: tensor<4x16x{T}> {{mir.name = "x"}}, %g: tensor<16x{T}> {{mir.name = "g"}}, %p: tensor<1x2x4x4x{T}> {{mir.name = "p"}}, %w: tensor<2x2x3x3x{T}> {{mir.name = "w"}})
  -> (tensor<4x16x{T}> {{mir.name = "sm"}}, tensor<4x16x{T}> {{mir.name = "ln"}}, tensor<16x{T}> {{mir.name = "sum"}}, tensor<1x2x2x2x{T}> {{mir.name = "pa"}}, tensor<1x2x4x4x{T}> {{mir.name = "cv"}}, tensor<4x16x{T}> {{mir.name = "cs"}}, tensor<4x16x{T}> {{mir.name = "rs"}}) {{
  %sm = mir.softmax %x axis = 1 : tensor<4x16x{T}>
  %ln = mir.layer_norm %x, %g eps = 1.0e-05 : (tensor<4x16x{T}>, tensor<16x{T}>) -> tensor<4x16x{T}>
  %s = mir.reduce sum %x axes = [0] : tensor<4x16x{T}> -> tensor<16x{T}>
  %pa = mir.pool avg %p kernel = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : tensor<1x2x4x4x{T}> -> tensor<1x2x2x2x{T}>
  %cv = mir.conv2d %p, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : (tensor<1x2x4x4x{T}>, tensor<2x2x3x3x{T}>) -> tensor<1x2x4x4x{T}>
  %cs = mir.cumsum %x axis = 1 : tensor<4x16x{T}>
  %rs = mir.unary rsqrt %x : tensor<4x16x{T}>
  return %sm, %ln, %s, %pa, %cv, %cs, %rs : tensor<4x16x{T}>, tensor<4x16x{T}>, tensor<16x{T}>, tensor<1x2x2x2x{T}>, tensor<1x2x4x4x{T}>, tensor<4x16x{T}>, tensor<4x16x{T}>
}}'''
    x = vals(64, 1); g = vals(16, 2); p = vals(32, 3); w = vals(36, 4)
    got, _ = harness.execute(mir, {"x": x, "g": g, "p": p, "w": w})
    sm, ln, cs = [], [], []
    for r in range(4):
        xs = x[r*16:(r+1)*16]; m = max(xs); e = [math.exp(v-m) for v in xs]; t = sum(e)
        sm += [rnd(v/t) for v in e]
        mu = sum(xs)/16; var = sum((v-mu)**2 for v in xs)/16
        ln += [rnd((v-mu)/math.sqrt(var+1e-5)*g[i]) for i, v in enumerate(xs)]
        acc = 0.0
        for v in xs: acc += v; cs.append(rnd(acc))
    ok &= check(T + " softmax", got["sm"], sm, rtol=tol, atol=1e-3)
    ok &= check(T + " layer_norm", got["ln"], ln, rtol=tol, atol=1e-2)
    ok &= check(T + " reduce sum", got["sum"], [rnd(sum(x[r*16+c] for r in range(4))) for c in range(16)], rtol=tol)
    P = lambda c, h, ww: p[c*16+h*4+ww]
    ok &= check(T + " pool avg", got["pa"], [rnd(sum(P(c, 2*oh+a, 2*ow+b) for a in range(2) for b in range(2))/4) for c in range(2) for oh in range(2) for ow in range(2)], rtol=tol)
    ref = []
    for o in range(2):
        for oh in range(4):
            for ow in range(4):
                s = 0.0
                for c in range(2):
                    for kh in range(3):
                        for kw in range(3):
                            ih, iw = oh-1+kh, ow-1+kw
                            if 0 <= ih < 4 and 0 <= iw < 4: s += P(c, ih, iw)*w[o*18+c*9+kh*3+kw]
                ref.append(rnd(s))
    ok &= check(T + " conv", got["cv"], ref, rtol=tol, atol=1e-2)
    ok &= check(T + " cumsum", got["cs"], cs, rtol=tol)
    ok &= check(T + " rsqrt", got["rs"], [rnd(1/math.sqrt(v)) if v > 0 else (float('inf') if v == 0 else float('nan')) for v in x], rtol=tol)
print("ALL OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
