"""harness.py — run convert-mir-to-lir output without the rlx backend.

A stand-in executor for checking kernel semantics before convert-lir-to-llvm
exists: each lir.kernel is rewritten (textually) into a func.func taking the
workgroup id; @main allocates the arena, writes inputs, params and constants
at their slots, runs every dispatch over its whole grid in schedule order,
and prints each output as f32. mlir-opt lowers it with upstream passes and
mlir-cpu-runner runs it. Tests compare against pure-Python references.

Environment: RLX_BUILD_DIR (default <repo>/build); M2L, extra arguments
replacing -convert-mir-to-lir (e.g. "'-convert-mir-to-lir=workgroup-elements=1'").
"""
import re, subprocess, sys, math, os

import shlex
EXTRA = shlex.split(os.environ.get("M2L", ""))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RLX = os.path.join(os.environ.get("RLX_BUILD_DIR", os.path.join(ROOT, "build")), "bin", "rlx-opt")
OPT = "/usr/lib/llvm-19/bin/mlir-opt"
RUN = "/usr/lib/llvm-19/bin/mlir-cpu-runner"
LIBS = "/usr/lib/llvm-19/lib/libmlir_runner_utils.so,/usr/lib/llvm-19/lib/libmlir_c_runner_utils.so"

def sh(cmd, inp):
    p = subprocess.run(cmd, input=inp, capture_output=True, text=True)
    if p.returncode:
        sys.stderr.write(p.stderr[-4000:])
        raise SystemExit("failed: " + " ".join(cmd[:2]))
    return p.stdout

def lower_to_lir(mir, extra=()):
    passes = list(extra) + EXTRA or ["-convert-mir-to-lir"]
    return sh([RLX, "-", *passes, "--mlir-print-local-scope"], mir)

def parse(lir):
    lines = lir.splitlines()
    prog = {"io": [], "kernels": {}, "views": {}, "dispatches": []}
    i = 0
    while i < len(lines):
        l = lines[i]
        m = re.match(r'\s*lir.program @(\S+) arena_size = (\d+)', l)
        if m: prog["arena"] = int(m.group(2))
        m = re.match(r'\s*lir.io (\w+) "([^"]+)" at (\d+) : (memref<[^>]*>)(?: = (.*))?$', l)
        if m:
            prog["io"].append(dict(kind=m.group(1), name=m.group(2), off=int(m.group(3)), type=m.group(4), value=m.group(5)))
        m = re.match(r'(\s*)lir.kernel @(\S+) grid = \[([\d, ]+)\]', l)
        if m:
            ind = m.group(1); name = m.group(2); grid = [int(x) for x in m.group(3).split(",")]
            body = []
            i += 1
            while lines[i] != ind + "}":
                body.append(lines[i]); i += 1
            prog["kernels"][name] = (grid, body)
        m = re.match(r'\s*(%\S+) = lir.view at (\d+) : (memref<[^>]*>)', l)
        if m: prog["views"][m.group(1)] = (int(m.group(2)), m.group(3))
        m = re.match(r'\s*lir.dispatch @(\S+)\(([^)]*)\)', l)
        if m:
            args = [a.strip() for a in m.group(2).split(",") if a.strip()]
            prog["dispatches"].append((m.group(1), args))
        i += 1
    return prog

def elt(memref):
    return memref[len("memref<"):-1].split("x")[-1]

def shape(memref):
    parts = memref[len("memref<"):-1].split("x")[:-1]
    return [int(p) for p in parts]

def kernel_func(name, grid, body):
    head = body[0].strip()
    m = re.match(r'\^bb0\((.*)\):$', head)
    args = m.group(1) if m else ""
    out = [f"func.func @{name}({args}{', ' if args else ''}%wgid: index) {{", "  %wgzero = arith.constant 0 : index"]
    for l in body[1:]:
        l = re.sub(r'lir.workgroup_id 0', 'arith.addi %wgid, %wgzero : index', l)
        if l.strip() == "lir.return":
            l = l.replace("lir.return", "return")
        out.append(l)
    out.append("}")
    return "\n".join(out)

def fmt(v, t):
    if t.startswith("i"):
        return str(int(v)) if t != "i1" else ("true" if v else "false")
    if math.isnan(v): return "0x7FC00000" if t == "f32" else ("0x7E00" if t == "f16" else ("0x7FC0" if t == "bf16" else "0x7FF8000000000000"))
    if math.isinf(v):
        return {"f32": "0x7F800000" if v > 0 else "0xFF800000", "f16": "0x7C00" if v > 0 else "0xFC00",
                "bf16": "0x7F80" if v > 0 else "0xFF80", "f64": "0x7FF0000000000000" if v > 0 else "0xFFF0000000000000"}[t]
    return repr(float(v))

def build_main(prog, data):
    g = []
    body = ["func.func @main() {", f"  %arena = memref.alloc() {{alignment = 64 : i64}} : memref<{prog['arena']}xi8>"]
    # zero the arena so stray reads are visible
    body.append("  %z8 = arith.constant 0 : i8")
    body.append(f"  linalg.fill ins(%z8 : i8) outs(%arena : memref<{prog['arena']}xi8>)")
    vid = [0]
    def view(off, t):
        vid[0] += 1
        n = f"%v{vid[0]}"
        body.append(f"  %o{vid[0]} = arith.constant {off} : index")
        body.append(f"  {n} = memref.view %arena[%o{vid[0]}][] : memref<{prog['arena']}xi8> to {t}")
        return n
    for k, io in enumerate(prog["io"]):
        if io["kind"] == "output": continue
        t = io["type"]
        if io["kind"] == "constant":
            val = re.sub(r'\s*:\s*tensor<[^>]*>\s*$', '', io["value"])
        else:
            vals = data[io["name"]]
            val = "dense<[" + ", ".join(fmt(v, elt(t)) for v in vals) + "]>"
            if shape(t):
                pass
        # memref.global needs a shaped dense literal; use a flat global then reshape via copy of a 1-D view
        n = 1
        for s in shape(t): n *= s
        flat = f"memref<{n}x{elt(t)}>" if True else t
        if io["kind"] == "constant":
            g.append(f'memref.global "private" constant @g{k} : {t} = {val}')
            src = f"%g{k}"
            body.append(f"  {src} = memref.get_global @g{k} : {t}")
            dst = view(io["off"], t)
        else:
            g.append(f'memref.global "private" constant @g{k} : {flat} = {val}')
            src = f"%g{k}"
            body.append(f"  {src} = memref.get_global @g{k} : {flat}")
            dst = view(io["off"], flat)
        body.append(f"  memref.copy {src}, {dst} : {flat if io['kind'] != 'constant' else t} to {flat if io['kind'] != 'constant' else t}")
    names = {}
    for v, (off, t) in prog["views"].items():
        names[v] = (view(off, t), t)
    for kname, args in prog["dispatches"]:
        grid, _ = prog["kernels"][kname]
        a = ", ".join(names[x][0] for x in args)
        ts = ", ".join(names[x][1] for x in args)
        body.append(f"  %gub_{kname} = arith.constant {grid[0]} : index")
        body.append(f"  %c0_{kname} = arith.constant 0 : index")
        body.append(f"  %c1_{kname} = arith.constant 1 : index")
        body.append(f"  scf.for %wg_{kname} = %c0_{kname} to %gub_{kname} step %c1_{kname} {{")
        body.append(f"    func.call @{kname}({a}{', ' if a else ''}%wg_{kname}) : ({ts}{', ' if ts else ''}index) -> ()")
        body.append("  }")
    for k, io in enumerate(prog["io"]):
        if io["kind"] != "output": continue
        t = io["type"]; e = elt(t); sh_ = shape(t)
        n = 1
        for s in sh_: n *= s
        src = view(io["off"], f"memref<{n}x{e}>")
        f32 = f"memref<{n}xf32>"
        body.append(f"  %p{k} = memref.alloc() : {f32}")
        if e == "f32": conv = "%x"
        elif e in ("f16", "bf16"): conv = None
        body.append(f"  linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]}} ins({src} : memref<{n}x{e}>) outs(%p{k} : {f32}) {{")
        body.append(f"  ^bb0(%x: {e}, %y: f32):")
        if e == "f32": body.append("    linalg.yield %x : f32")
        elif e in ("f16", "bf16"): body.append(f"    %r = arith.extf %x : {e} to f32\n    linalg.yield %r : f32")
        elif e == "f64": body.append(f"    %r = arith.truncf %x : f64 to f32\n    linalg.yield %r : f32")
        elif e == "i1": body.append(f"    %r = arith.uitofp %x : i1 to f32\n    linalg.yield %r : f32")
        else: body.append(f"    %r = arith.sitofp %x : {e} to f32\n    linalg.yield %r : f32")
        body.append("  }")
        body.append(f"  %u{k} = memref.cast %p{k} : {f32} to memref<*xf32>")
        body.append(f"  call @printMemrefF32(%u{k}) : (memref<*xf32>) -> ()")
    body.append("  return\n}")
    return "\n".join(g), "\n".join(body)

PIPE = ["-convert-linalg-to-loops", "-lower-affine", "-convert-scf-to-cf", "-arith-expand=include-bf16=true",
        "-convert-math-to-libm", "-expand-strided-metadata", "-lower-affine", "-finalize-memref-to-llvm",
        "-convert-math-to-llvm", "-convert-arith-to-llvm", "-convert-index-to-llvm", "-convert-func-to-llvm",
        "-convert-cf-to-llvm", "-reconcile-unrealized-casts"]

def execute(mir, data, extra=()):
    lir = lower_to_lir(mir, extra)
    prog = parse(lir)
    funcs = [kernel_func(n, g, b) for n, (g, b) in prog["kernels"].items()]
    globs, main = build_main(prog, data)
    mod = "module {\n" + globs + "\nfunc.func private @printMemrefF32(memref<*xf32>)\n" + "\n".join(funcs) + "\n" + main + "\n}\n"
    if os.environ.get("M2L_KEEP"):
        open(os.environ["M2L_KEEP"], "w").write(mod)
    low = sh([OPT, *PIPE], mod)
    out = sh([RUN, "-e", "main", "-entry-point-result=void", "-shared-libs=" + LIBS], low)
    results = []
    for chunk in out.split("Unranked Memref")[1:]:
        d = chunk.split("data =", 1)[1]
        toks = re.findall(r'-?nan|-?inf|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?', d)
        results.append([float(t) for t in toks])
    outs = [io["name"] for io in prog["io"] if io["kind"] == "output"]
    return dict(zip(outs, results)), prog

def close(a, b, rtol=1e-5, atol=1e-6):
    if len(a) != len(b): return False
    for x, y in zip(a, b):
        if math.isnan(x) or math.isnan(y):
            if not (math.isnan(x) and math.isnan(y)): return False
            continue
        if math.isinf(x) or math.isinf(y):
            if x != y: return False
            continue
        if abs(x - y) > atol + rtol * abs(y): return False
    return True

def check(name, got, want, **kw):
    ok = close(got, want, **kw)
    print(("PASS " if ok else "FAIL ") + name)
    if not ok:
        print("  got ", [round(x, 5) for x in got[:40]])
        print("  want", [round(x, 5) for x in want[:40]])
    return ok
