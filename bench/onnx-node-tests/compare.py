#!/usr/bin/python3
"""compare.py RLX_CPU RLX_VULKAN ORT -- the node-test table of docs/ONNX.md.

Reads the outputs of `rlx-onnx-node-tests --verbose` on the CPU and on
Vulkan and of ort_node_tests.mjs, and prints in Markdown, for the tests
owned by the ops issue 24 names (the op a test is named after, as the rlx
runner reports it), passes per op for rlx on each device and for ONNX
Runtime, the totals, and every test where they differ.
"""
import re
import sys

OPS = """Gemm MatMul Conv BatchNormalization MaxPool AveragePool
GlobalAveragePool Flatten Relu LeakyRelu Sigmoid Tanh Erf Softmax LogSoftmax
LayerNormalization Add Sub Mul Div Pow Sqrt Reciprocal Neg Exp Log Abs Where
Equal Less Greater Not Cast Constant ConstantOfShape Identity Reshape
Transpose Squeeze Unsqueeze Concat Split Slice Gather Expand ReduceMean
ReduceSum ReduceMax Shape Range Clip Min Max""".split()


def read_rlx(path):
    results, owners = {}, {}
    for line in open(path):
        m = re.match(r"(PASS|FAIL|SKIP) (\S+) \[([^\]]+)\](?:: (.*))?", line)
        if m:
            results[m.group(2)] = (m.group(1), m.group(4) or "")
            owners[m.group(2)] = m.group(3)
    return results, owners


def read_ort(path):
    results = {}
    for line in open(path):
        m = re.match(r"(PASS|FAIL) ([^:\s]+)(?:: (.*))?", line.strip())
        if m:
            results[m.group(2)] = (m.group(1), m.group(3) or "")
    return results


def main(cpu_path, vk_path, ort_path):
    cpu, owners = read_rlx(cpu_path)
    vk, _ = read_rlx(vk_path)
    ort = read_ort(ort_path)
    owned = sorted(t for t in cpu if owners[t] in OPS)
    passes = lambda res, ts: sum(res.get(t, ("",))[0] == "PASS" for t in ts)
    print("| op | tests | rlx CPU | rlx Vulkan | ONNX Runtime |")
    print("|---|---:|---:|---:|---:|")
    for op in OPS:
        ts = [t for t in owned if owners[t] == op]
        print("| %s | %d | %d | %d | %d |" % (op, len(ts), passes(cpu, ts),
                                             passes(vk, ts), passes(ort, ts)))
    print("| **all** | **%d** | **%d** | **%d** | **%d** |" % (
        len(owned), passes(cpu, owned), passes(vk, owned), passes(ort, owned)))
    print()
    print("Tests of these ops that do not pass everywhere:")
    print()
    for t in owned:
        row = [cpu.get(t, ("-", "")), vk.get(t, ("-", "")), ort.get(t, ("-", ""))]
        if all(r[0] == "PASS" for r in row):
            continue
        why = next((r[1] for r in row if r[0] != "PASS" and r[1]), "")
        print("- `%s` (%s): rlx CPU %s, rlx Vulkan %s, ORT %s -- %s" % (
            t, owners[t], row[0][0], row[1][0], row[2][0], why[:160]))
    every = [t for t in cpu if cpu[t][0] != "SKIP"]
    print()
    print("All node tests rlx runs (ops it imports): %d; passing on the CPU %d, "
          "on Vulkan %d; ONNX Runtime passes %d of them." % (
              len(every), passes(cpu, every), passes(vk, every),
              passes(ort, every)))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: compare.py RLX_CPU RLX_VULKAN ORT")
    main(*sys.argv[1:])
