#!/usr/bin/env node
//===- onnx_conformance_ort.js - onnxruntime worker for the conformance run ===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A long-lived worker for utils/onnx_conformance.py: reads one JSON job per
// line on stdin and answers each with one JSON line on stdout, so that one
// process serves many models.
//
//   job:    {"id": 1, "model": "m.onnx", "outDir": "dir",
//            "inputs": [{"name": "x", "type": "float32", "dims": [2, 3],
//                        "file": "x.bin"} |
//                       {"name": "s", "type": "string", "dims": [2],
//                        "values": ["a", "b"]}]}
//   answer: {"id": 1, "ok": true,
//            "outputs": [{"name": "y", "type": "float32", "dims": [2, 3],
//                         "file": "dir/output_0.bin"}]}
//           {"id": 1, "ok": false, "error": "..."}
//
// Inputs whose name the model does not have are bound in order. Outputs come
// in the model's output order, as raw little-endian bytes ("values" for
// strings).
//
// Usage: node onnx_conformance_ort.js NODE_MODULES_DIR
//
//===----------------------------------------------------------------------===//

'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const ort = require(path.join(process.argv[2] || '', 'onnxruntime-node'));

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

function makeTensor(input) {
  if (input.type === 'string')
    return new ort.Tensor('string', input.values, input.dims);
  const ArrayType = kArrays[input.type];
  if (!ArrayType)
    throw new Error(`unsupported input type ${input.type}`);
  const bytes = fs.readFileSync(input.file);
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return new ort.Tensor(input.type, new ArrayType(buffer), input.dims);
}

async function runJob(job) {
  const session = await ort.InferenceSession.create(job.model);
  try {
    const feeds = {};
    const names = session.inputNames;
    job.inputs.forEach((input, index) => {
      const name = names.includes(input.name) ? input.name : names[index];
      feeds[name] = makeTensor(input);
    });
    const results = await session.run(feeds);
    fs.mkdirSync(job.outDir, {recursive: true});
    const outputs = session.outputNames.map((name, index) => {
      const tensor = results[name];
      const output = {name, type: tensor.type, dims: Array.from(tensor.dims)};
      if (tensor.type === 'string') {
        output.values = Array.from(tensor.data);
      } else {
        const data = tensor.data;
        output.file = path.join(job.outDir, `output_${index}.bin`);
        fs.writeFileSync(output.file, Buffer.from(data.buffer, data.byteOffset,
                                                  data.byteLength));
      }
      return output;
    });
    return {id: job.id, ok: true, outputs};
  } finally {
    if (session.release)
      await session.release();
  }
}

const lines = readline.createInterface({input: process.stdin});
let queue = Promise.resolve();
lines.on('line', (line) => {
  if (!line.trim())
    return;
  queue = queue.then(async () => {
    let job = null;
    let answer;
    try {
      job = JSON.parse(line);
      answer = await runJob(job);
    } catch (error) {
      answer = {id: job ? job.id : null, ok: false,
                error: String(error && error.message || error)};
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  });
});
