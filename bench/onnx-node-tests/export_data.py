#!/usr/bin/python3
"""export_data.py NODE_DIR OUT -- ONNX node test data for ONNX Runtime.

For each test folder of NODE_DIR (test/ONNX/generate-node-tests.py), writes
OUT/<test>/meta.json and one .bin per tensor of test_data_set_0: the raw
little-endian elements of each input and expected output, with its numpy
dtype and shape, so ort_node_tests.mjs needs no protobuf reader. Tensors
numpy cannot hold (strings, sequences, optionals) are recorded with dtype
"unsupported".
"""
import json
import os
import sys

import numpy as np

for name, value in (("float", float), ("object", object)):
    if name not in np.__dict__:
        setattr(np, name, value)

import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402


def tensor_entry(path, out_dir, stem):
    t = onnx.TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    try:
        a = numpy_helper.to_array(t)
    except Exception:  # noqa: BLE001 - any tensor numpy cannot hold
        return {"name": t.name, "dtype": "unsupported"}
    if a.dtype.kind in "OUS":
        return {"name": t.name, "dtype": "unsupported"}
    shape = list(a.shape)  # ascontiguousarray makes a 0-d array 1-d
    np.ascontiguousarray(a).tofile(os.path.join(out_dir, stem + ".bin"))
    return {"name": t.name, "dtype": str(a.dtype), "shape": shape,
            "file": stem + ".bin",
            "onnx_type": onnx.TensorProto.DataType.Name(t.data_type)}


def main(node_dir, out):
    for test in sorted(os.listdir(node_dir)):
        src = os.path.join(node_dir, test)
        data = os.path.join(src, "test_data_set_0")
        if not os.path.isdir(data):
            continue
        dst = os.path.join(out, test)
        os.makedirs(dst, exist_ok=True)
        model = onnx.load(os.path.join(src, "model.onnx"), load_external_data=False)
        inits = {i.name for i in model.graph.initializer}
        in_names = [i.name for i in model.graph.input if i.name not in inits]
        out_names = [o.name for o in model.graph.output]
        meta = {"model": os.path.abspath(os.path.join(src, "model.onnx")),
                "inputs": [], "outputs": []}
        for kind, names in (("input", in_names), ("output", out_names)):
            for i, name in enumerate(names):
                path = os.path.join(data, "%s_%d.pb" % (kind, i))
                if not os.path.exists(path):
                    meta[kind + "s"].append({"name": name, "dtype": "unsupported"})
                    continue
                entry = tensor_entry(path, dst, "%s_%d" % (kind, i))
                entry["name"] = name
                meta[kind + "s"].append(entry)
        with open(os.path.join(dst, "meta.json"), "w") as f:
            json.dump(meta, f)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: export_data.py NODE_DIR OUT")
    main(sys.argv[1], sys.argv[2])
