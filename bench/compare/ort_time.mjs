// ort_time.mjs — time one ONNX model in ONNX Runtime (onnxruntime-node) for
// bench/compare/compare.py.
//
//   node ort_time.mjs --prefix DIR --model M.onnx --input NAME=FILE.npy ...
//        --threads T --runs N [--warmup W] [--output-dir DIR]
//
// --prefix is the npm prefix onnxruntime-node was installed into (run.sh
// puts it in the build tree, not in the repository). Loads the model with T
// intra-op threads, one inter-op thread, sequential execution and every
// graph optimization, runs W warm-up runs, then times N runs one by one and
// prints one JSON line: {"median_us", "min_us", "max_us", "runs", "version"}.
// With --output-dir, the last run's outputs are written there as NAME.npy.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function parseArgs(argv) {
  const args = { inputs: {}, warmup: 10 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--prefix': args.prefix = value; break;
      case '--model': args.model = value; break;
      case '--threads': args.threads = Number(value); break;
      case '--runs': args.runs = Number(value); break;
      case '--warmup': args.warmup = Number(value); break;
      case '--output-dir': args.outputDir = value; break;
      case '--input': {
        const eq = value.indexOf('=');
        if (eq <= 0) throw new Error(`--input '${value}' is not NAME=FILE.npy`);
        args.inputs[value.slice(0, eq)] = value.slice(eq + 1);
        break;
      }
      default: throw new Error(`unknown option '${flag}'`);
    }
  }
  for (const need of ['prefix', 'model', 'threads', 'runs'])
    if (args[need] === undefined) throw new Error(`--${need} is required`);
  if (!(args.threads >= 1 && args.runs >= 1 && args.warmup >= 0))
    throw new Error('--threads and --runs must be >= 1, --warmup >= 0');
  return args;
}

// A little-endian float32, C-order .npy (what numpy.save writes for the
// driver's arrays): the only kind this benchmark passes around.
function readNpy(path) {
  const bytes = readFileSync(path);
  if (bytes.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${path}: not .npy`);
  const major = bytes[6];
  const headerLen = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = bytes.toString('latin1', start, start + headerLen);
  if (!/'descr':\s*'<f4'/.test(header) || /'fortran_order':\s*True/.test(header))
    throw new Error(`${path}: not a C-order float32 array: ${header.trim()}`);
  const shape = header.match(/'shape':\s*\(([^)]*)\)/)[1]
    .split(',').map((s) => s.trim()).filter((s) => s).map(Number);
  // Copied so the Float32Array is 4-byte aligned whatever the header length.
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start + headerLen,
                                                   bytes.byteOffset + bytes.length));
  return { shape, data };
}

function writeNpy(path, shape, data) {
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${dims}), }`;
  // Pad so the data starts on a 64-byte boundary, as numpy does.
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  writeFileSync(path, Buffer.concat([prefix, Buffer.from(header, 'latin1'),
                                     Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const require = createRequire(join(args.prefix, 'package.json'));
  const ort = require('onnxruntime-node');

  const session = await ort.InferenceSession.create(args.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: args.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const feeds = {};
  for (const [name, path] of Object.entries(args.inputs)) {
    const { shape, data } = readNpy(path);
    feeds[name] = new ort.Tensor('float32', data, shape);
  }

  let results;
  for (let i = 0; i < args.warmup; ++i) results = await session.run(feeds);
  const micros = [];
  for (let i = 0; i < args.runs; ++i) {
    const start = process.hrtime.bigint();
    results = await session.run(feeds);
    micros.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  micros.sort((a, b) => a - b);

  if (args.outputDir)
    for (const [name, tensor] of Object.entries(results))
      writeNpy(join(args.outputDir, `${name}.npy`), tensor.dims, tensor.data);
  console.log(JSON.stringify({
    median_us: micros[Math.floor(args.runs / 2)],
    min_us: micros[0],
    max_us: micros[args.runs - 1],
    runs: args.runs,
    version: ort.env.versions?.node ?? 'unknown',
  }));
}

main().catch((e) => {
  console.error(`ort_time.mjs: ${e.message ?? e}`);
  process.exit(1);
});
