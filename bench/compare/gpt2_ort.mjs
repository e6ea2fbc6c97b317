// gpt2_ort.mjs — ONNX Runtime's side of the GPT-2-small decode benchmark.
//
//   node gpt2_ort.mjs --prefix DIR --model gpt2_decoder.onnx [--threads T]
//        [--tokens N] [--prompt P] [--warmup W] [--dump-logits FILE.npy]
//
// --prefix is the npm prefix onnxruntime-node was installed into (run.sh
// puts it in build/compare). The model is gpt2_export_onnx.py's: ids and
// pos_ids [1, s] int64, past_k/past_v [layers, 1, past, dim] in; logits
// [1, s, vocab] and present_k/present_v [layers, 1, past + s, dim] out.
// Loads it with T intra-op threads, one inter-op thread, sequential
// execution and every graph optimization, then does what rlx-gpt2 does:
// prefills the fixed prompt (ids (464 + 97 i) % vocab, positions i; past of
// length 0), then generates greedily, feeding each run's presents back as the
// next run's past. Prints, like rlx-gpt2 and gpt2_torch.py:
//
//   generated: <ids>
//   prefill of 8 tokens: X ms; decode: Y tokens/s (S steps, Z ms each; median step M ms)
//
// The timing definitions are gpt2_torch.py's: prefill = one run of the
// prompt; decode = the N - 1 steps after the first generated token (argmax
// + one run), tokens/s = steps / their total time (the mean); W warm-up
// generations (default 1: a prefill and 2 steps) are not timed. A run is one
// `await session.run(feeds)`: it includes onnxruntime-node's hop through the
// event loop and the copy of the outputs (logits and the whole presents)
// into JS tensors. --dump-logits writes the first generated token's logits
// ([vocab] f32) as .npy.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

function parseArgs(argv) {
  const args = { threads: 1, tokens: 32, prompt: 8, warmup: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--prefix': args.prefix = value; break;
      case '--model': args.model = value; break;
      case '--threads': args.threads = Number(value); break;
      case '--tokens': args.tokens = Number(value); break;
      case '--prompt': args.prompt = Number(value); break;
      case '--warmup': args.warmup = Number(value); break;
      case '--dump-logits': args.dumpLogits = value; break;
      default: throw new Error(`unknown option '${flag}'`);
    }
  }
  for (const need of ['prefix', 'model'])
    if (args[need] === undefined) throw new Error(`--${need} is required`);
  if (!(args.threads >= 1 && args.tokens >= 1 && args.prompt >= 1 && args.warmup >= 0))
    throw new Error('--threads, --tokens and --prompt must be >= 1, --warmup >= 0');
  return args;
}

function writeNpy(path, shape, data) {
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${dims}), }`;
  header += ' '.repeat(63 - ((10 + header.length) % 64)) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  writeFileSync(path, Buffer.concat([prefix, Buffer.from(header, 'latin1'),
                                     Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

function dimsOf(session, name) {
  // [layers, 1, past, dim] from the model's input metadata.
  const meta = session.inputMetadata.find((m) => m.name === name);
  return meta.shape;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const require = createRequire(join(resolve(args.prefix), 'package.json'));
  const ort = require('onnxruntime-node');

  let start = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(args.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: args.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const loadS = Number(process.hrtime.bigint() - start) / 1e9;
  const [layers, , , dim] = dimsOf(session, 'past_k');
  const vocabDim = session.outputMetadata.find((m) => m.name === 'logits').shape[2];
  const vocab = Number(vocabDim);
  if (!(Number.isInteger(layers) && Number.isInteger(dim) && Number.isInteger(vocab)))
    throw new Error(`unexpected model dims: layers ${layers}, dim ${dim}, vocab ${vocabDim}`);
  console.log(`GPT-2 (ONNX Runtime ${ort.env.versions?.common ?? ort.env.versions?.node ?? '?'}, ` +
              `${args.threads} threads): ${layers} layers, d ${dim}, vocab ${vocab}; ` +
              `session created in ${loadS.toFixed(2)} s`);

  const promptIds = [];
  for (let i = 0; i < args.prompt; ++i) promptIds.push((464 + 97 * i) % vocab);

  const argmaxLast = (logits) => {
    const s = logits.dims[1];
    const x = logits.data.subarray((s - 1) * vocab, s * vocab);
    let best = 0;
    for (let v = 1; v < vocab; ++v) if (x[v] > x[best]) best = v;
    return best;
  };
  const ids64 = (ids) => new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]);

  // One greedy generation of `tokens`, as rlx-gpt2 does it.
  async function generate(tokens) {
    const empty = new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, dim]);
    const pos = promptIds.map((_, i) => i);
    let t0 = process.hrtime.bigint();
    let out = await session.run({ ids: ids64(promptIds), pos_ids: ids64(pos),
                                  past_k: empty, past_v: empty });
    const prefillS = Number(process.hrtime.bigint() - t0) / 1e9;
    const first = out.logits.data.slice((out.logits.dims[1] - 1) * vocab,
                                        out.logits.dims[1] * vocab);
    const generated = [];
    const steps = [];
    let length = promptIds.length;
    for (let t = 0; t < tokens; ++t) {
      t0 = process.hrtime.bigint();
      const next = argmaxLast(out.logits);
      generated.push(next);
      if (t + 1 === tokens) break;
      out = await session.run({ ids: ids64([next]), pos_ids: ids64([length]),
                                past_k: out.present_k, past_v: out.present_v });
      length += 1;
      steps.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    return { generated, prefillS, steps, first };
  }

  for (let i = 0; i < args.warmup; ++i) await generate(Math.min(3, args.tokens));
  const { generated, prefillS, steps, first } = await generate(args.tokens);
  if (args.dumpLogits) writeNpy(args.dumpLogits, [vocab], first);
  const total = steps.reduce((a, b) => a + b, 0);
  const sorted = [...steps].sort((a, b) => a - b);
  const median = sorted.length === 0 ? 0
    : sorted.length % 2 ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  console.log(`generated: ${generated.join(' ')}`);
  console.log(`prefill of ${args.prompt} tokens: ${(prefillS * 1e3).toFixed(1)} ms; decode: ` +
              `${(steps.length ? steps.length / total : 0).toFixed(1)} tokens/s ` +
              `(${steps.length} steps, ${(total * 1e3 / Math.max(1, steps.length)).toFixed(2)} ms each; ` +
              `median step ${(median * 1e3).toFixed(2)} ms)`);
}

main().catch((e) => {
  console.error(`gpt2_ort.mjs: ${e.message ?? e}`);
  process.exit(1);
});
