#!/usr/bin/env node
//===- ort_run.js - Run an ONNX model for several steps in onnxruntime ----===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Usage: node ort_run.js SPEC.json
//
// SPEC: {"model": "m.onnx", "out_dir": "dir", "state": {"in": "out", ...},
//        "steps": [[{"name": "x", "dtype": "float32", "dims": [2, 3],
//                    "file": "x.bin"}, ...], ...]}
//
// Runs the model once per step. From the second step on, each state input
// receives the state output it is bound to in the previous step (the first
// step uses the input's initializer). Writes every output of every step as
// raw little-endian bytes and lists them in out_dir/outputs.json:
// [[{"name": "y", "dtype": "float32", "dims": [2, 3], "file": "..."}]].
//
//===----------------------------------------------------------------------===//

'use strict';

const fs = require('fs');
const path = require('path');

function loadOnnxRuntime() {
  try {
    return require('onnxruntime-node');
  } catch (error) {
    return require(path.join(__dirname, '..', 'third_party', 'node',
                             'node_modules', 'onnxruntime-node'));
  }
}
const ort = loadOnnxRuntime();

const kArrays = {
  float32: Float32Array,
  float64: Float64Array,
  float16: Uint16Array,
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
  bool: Uint8Array,
};

function readTensor(input) {
  const ArrayType = kArrays[input.dtype];
  if (!ArrayType)
    throw new Error(`unsupported dtype ${input.dtype}`);
  const bytes = fs.readFileSync(input.file);
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return new ort.Tensor(input.dtype, new ArrayType(buffer), input.dims);
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const session = await ort.InferenceSession.create(spec.model);
  const state = spec.state || {};
  fs.mkdirSync(spec.out_dir, {recursive: true});
  const meta = [];
  let carried = {};
  for (const [step, inputs] of spec.steps.entries()) {
    const feeds = Object.assign({}, carried);
    for (const input of inputs)
      feeds[input.name] = readTensor(input);
    const results = await session.run(feeds);
    const outputs = session.outputNames.map((name, index) => {
      const tensor = results[name];
      const data = tensor.data;
      const file = path.join(spec.out_dir, `out${step}_${index}.bin`);
      fs.writeFileSync(file, Buffer.from(data.buffer, data.byteOffset,
                                         data.byteLength));
      return {name, dtype: tensor.type, dims: Array.from(tensor.dims), file};
    });
    meta.push(outputs);
    carried = {};
    for (const [input, output] of Object.entries(state))
      carried[input] = results[output];
  }
  fs.writeFileSync(path.join(spec.out_dir, 'outputs.json'),
                   JSON.stringify(meta));
}

main().catch((error) => {
  console.error(`error: ${error && error.message || error}`);
  process.exit(1);
});
