// ort_node_tests.mjs ORT_PREFIX DATA_DIR -- ONNX Runtime on ONNX's node tests.
//
// For each test exported by export_data.py: creates a session from the
// model, runs test_data_set_0 and compares every output with ONNX's rule
// (same element type and shape, |out - ref| <= 1e-7 + 1e-3 |ref|, NaN
// equal to NaN). Prints "PASS name" or "FAIL name: why", one per line.
import fs from "fs";
import path from "path";
import { createRequire } from "module";

const [prefix, dataDir] = process.argv.slice(2);
const require = createRequire(path.join(prefix, "package.json"));
const ort = require("onnxruntime-node");

const arrays = {
  float32: [Float32Array, "float32"], float64: [Float64Array, "float64"],
  int8: [Int8Array, "int8"], uint8: [Uint8Array, "uint8"],
  int16: [Int16Array, "int16"], uint16: [Uint16Array, "uint16"],
  int32: [Int32Array, "int32"], uint32: [Uint32Array, "uint32"],
  int64: [BigInt64Array, "int64"], uint64: [BigUint64Array, "uint64"],
  bool: [Uint8Array, "bool"], float16: [Uint16Array, "float16"],
};

function load(dir, entry) {
  const [Ctor, type] = arrays[entry.dtype] || [];
  if (!Ctor) throw new Error(`input ${entry.name}: ${entry.dtype} is not supported here`);
  const buf = fs.readFileSync(path.join(dir, entry.file));
  const data = new Ctor(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  return new ort.Tensor(type, data, entry.shape);
}

function f16(h) {
  const s = h >> 15 ? -1 : 1, e = (h >> 10) & 31, f = h & 1023;
  if (e === 0) return s * f * 2 ** -24;
  if (e === 31) return f ? NaN : s * Infinity;
  return s * (1 + f / 1024) * 2 ** (e - 15);
}

function compare(out, ref, dir) {
  const [Ctor, type] = arrays[ref.dtype] || [];
  if (!Ctor) return `expected ${ref.dtype}`;
  if (out.type !== type) return `type ${out.type}, expected ${type}`;
  if (JSON.stringify(Array.from(out.dims)) !== JSON.stringify(ref.shape))
    return `shape [${out.dims}], expected [${ref.shape}]`;
  const buf = fs.readFileSync(path.join(dir, ref.file));
  const want = new Ctor(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  for (let i = 0; i < want.length; ++i) {
    let a = out.data[i], b = want[i];
    if (type === "float16") { a = f16(Number(a)); b = f16(Number(b)); }
    a = Number(a); b = Number(b);
    if (Number.isNaN(a) && Number.isNaN(b)) continue;
    if (!Number.isFinite(a) || !Number.isFinite(b)) { if (a === b) continue; }
    else if (Math.abs(a - b) <= 1e-7 + 1e-3 * Math.abs(b)) continue;
    return `element ${i} is ${a}, expected ${b}`;
  }
  return "";
}

for (const test of fs.readdirSync(dataDir).sort()) {
  const dir = path.join(dataDir, test);
  let meta;
  try { meta = JSON.parse(fs.readFileSync(path.join(dir, "meta.json"))); } catch { continue; }
  try {
    const session = await ort.InferenceSession.create(meta.model,
      { intraOpNumThreads: 1, interOpNumThreads: 1 });
    const feeds = {};
    for (const e of meta.inputs) feeds[e.name] = load(dir, e);
    const results = await session.run(feeds);
    let why = "";
    for (const e of meta.outputs) {
      if (!(e.name in results)) { why = `no output ${e.name}`; break; }
      why = compare(results[e.name], e, dir);
      if (why) { why = `output ${e.name}: ${why}`; break; }
    }
    console.log(why ? `FAIL ${test}: ${why}` : `PASS ${test}`);
  } catch (err) {
    console.log(`FAIL ${test}: ${String(err.message || err).split("\n")[0].slice(0, 200)}`);
  }
}
