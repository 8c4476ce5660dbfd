// Runs an ONNX model in onnxruntime (CPU, one thread) for the test suite,
// the benchmarks and `torch-onnx-compile --verify`.
//
// Usage: node run_onnxruntime.js SPEC.json
// SPEC: {
//   "model": "m.onnx",
//   "steps": [[{"name", "dtype", "dims", "file"}, ...], ...],  // inputs per step
//   "state": {"state_in": "state_out", ...},  // fed back between steps
//   "out_dir": "dir",          // writes s<step>_<i>.bin and outputs.json
//   "bench": {"warmup": 3, "runs": 20,        // optional: prints timings;
//             "min_seconds": 1}                 // runs on until this long
// }
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

const ARRAYS = {
  float32: Float32Array,
  float64: Float64Array,
  float16: Uint16Array,
  int64: BigInt64Array,
  int32: Int32Array,
  int16: Int16Array,
  int8: Int8Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};

function loadTensor(input) {
  const ArrayType = ARRAYS[input.dtype];
  if (!ArrayType) throw new Error(`unsupported dtype ${input.dtype}`);
  const bytes = fs.readFileSync(input.file);
  const data = new ArrayType(bytes.buffer, bytes.byteOffset,
                             bytes.byteLength / ArrayType.BYTES_PER_ELEMENT);
  return new ort.Tensor(input.dtype, data.slice(), input.dims);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const session = await ort.InferenceSession.create(spec.model, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
  });
  const state = spec.state || {};
  const steps = spec.steps || [[]];
  if (spec.bench) {
    const feeds = {};
    for (const input of steps[0]) feeds[input.name] = loadTensor(input);
    for (let i = 0; i < (spec.bench.warmup || 3); ++i) await session.run(feeds);
    const times = [];
    const minMs = (spec.bench.min_seconds || 0) * 1000;
    let totalMs = 0;
    while (times.length < (spec.bench.runs || 20) ||
           (totalMs < minMs && times.length < 100000)) {
      const start = process.hrtime.bigint();
      await session.run(feeds);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      times.push(ms);
      totalMs += ms;
    }
    process.stdout.write(JSON.stringify({median_ms: median(times)}) + '\n');
    return;
  }
  const meta = [];
  let previous = null;
  for (let step = 0; step < steps.length; ++step) {
    const feeds = {};
    for (const input of steps[step]) feeds[input.name] = loadTensor(input);
    if (previous)
      for (const [input, output] of Object.entries(state))
        feeds[input] = previous[output];
    const results = await session.run(feeds);
    const outputs = [];
    session.outputNames.forEach((name, i) => {
      const tensor = results[name];
      const file = path.join(spec.out_dir, `s${step}_${i}.bin`);
      const data = tensor.data;
      fs.writeFileSync(file, Buffer.from(data.buffer, data.byteOffset,
                                         data.byteLength));
      outputs.push({name, dtype: tensor.type, dims: tensor.dims, file});
    });
    meta.push(outputs);
    previous = results;
  }
  fs.writeFileSync(path.join(spec.out_dir, 'outputs.json'),
                   JSON.stringify(meta));
}

main().catch((error) => {
  process.stderr.write(`onnxruntime: ${error.message}\n`);
  process.exit(1);
});
