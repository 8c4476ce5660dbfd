#!/usr/bin/env python3
"""Peak memory of the ONNX emitter on a model with 2.5 GB of weights.

Makes an ONNX model whose weights (float32 initializers, 2.5 GB in all by
default) live in external data, imports it to MLIR bytecode, then measures
the peak RSS of two runs of torch-onnx-translate on that bytecode:

  baseline  --export-onnx-text: parses the module and builds the model, but
            never touches the bytes of the large weights;
  export    --export-onnx --external-data-threshold 1024: the same, and
            streams every weight into <out>.onnx.data.

The exporter's overhead is (export - baseline) / weights; the target is at
most 0.25. torch-onnx-translate maps a bytecode input and references its
weights in place, so reading a weight faults in clean, file-backed pages of
that mapping; the emitter drops them again once the weight is written, so
the total peak stays near one weight above the baseline. The verdict is on
the total peak RSS; the anonymous part, where a copy of the weights would
show, is reported beside it. The written side file is checked to hold
exactly the weights.

  external_data_rss.py --translate build/bin/torch-onnx-translate \\
                       --work-dir /tmp/rss [--gigabytes 2.5]
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

import numpy as np
import onnx
from onnx import TensorProto, helper

TARGET = 0.25
CHUNK_ELEMENTS = 1 << 24  # 64 MiB of float32 per initializer at most


def make_model(work_dir, total_bytes):
    """Writes model.onnx and its weights.bin; returns the weight bytes."""
    count = max(1, -(-total_bytes // (4 * CHUNK_ELEMENTS)))
    elements = total_bytes // 4 // count
    inits, nodes, outputs = [], [], []
    offset = 0
    with open(os.path.join(work_dir, "weights.bin"), "wb") as f:
        for i in range(count):
            np.full(elements, float(i), dtype=np.float32).tofile(f)
            tensor = TensorProto(name=f"w{i}", data_type=TensorProto.FLOAT,
                                 dims=[elements])
            tensor.data_location = TensorProto.EXTERNAL
            for key, value in (("location", "weights.bin"),
                               ("offset", str(offset)),
                               ("length", str(4 * elements))):
                entry = tensor.external_data.add()
                entry.key, entry.value = key, value
            offset += 4 * elements
            inits.append(tensor)
            nodes.append(helper.make_node("Add", ["x", f"w{i}"], [f"y{i}"]))
            outputs.append(helper.make_tensor_value_info(
                f"y{i}", TensorProto.FLOAT, [elements]))
    graph = helper.make_graph(
        nodes, "weights",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
        outputs, inits)
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, os.path.join(work_dir, "model.onnx"))
    return offset


def read_status(pid):
    """RssAnon and RssFile of `pid` in bytes, or None once it has exited."""
    try:
        with open(f"/proc/{pid}/status") as f:
            fields = dict(line.split(":", 1) for line in f)
        return tuple(int(fields[key].split()[0]) * 1024
                     for key in ("RssAnon", "RssFile"))
    except (OSError, KeyError, ValueError):
        return None


def measure(command):
    """Runs `command`; returns (peak RSS, peak anonymous RSS, peak
    file-backed RSS, seconds). Peak RSS comes from the kernel; the split
    into anonymous memory and mapped file pages is sampled."""
    start = time.time()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    peak_anon = peak_file = 0
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        sample = read_status(process.pid)
        if sample:
            peak_anon = max(peak_anon, sample[0])
            peak_file = max(peak_file, sample[1])
        time.sleep(0.005)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return (usage.ru_maxrss * 1024, peak_anon, peak_file,
            time.time() - start)


def main(argv):
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--translate", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument("--gigabytes", type=float, default=2.5)
    parser.add_argument("--keep", action="store_true",
                        help="keep the work directory")
    args = parser.parse_args(argv)

    shutil.rmtree(args.work_dir, ignore_errors=True)
    os.makedirs(args.work_dir)
    work = lambda name: os.path.join(args.work_dir, name)
    try:
        weights = make_model(args.work_dir, int(args.gigabytes * 1e9))
        subprocess.run([args.translate, "--import-onnx", work("model.onnx"),
                        "--emit-bytecode", "-o", work("model.mlirbc")],
                       check=True)
        # The input file is no longer needed; drop it from the page cache.
        os.remove(work("weights.bin"))

        baseline = measure([args.translate, "--export-onnx-text",
                            work("model.mlirbc"), "-o", os.devnull])
        export = measure([args.translate, "--export-onnx", work("model.mlirbc"),
                          "-o", work("out.onnx"),
                          "--external-data-threshold", "1024"])
        written = os.path.getsize(work("out.onnx.data"))
        model = onnx.load(work("out.onnx"), load_external_data=False)
        stored = sum(int({e.key: e.value for e in t.external_data}["length"])
                     for t in model.graph.initializer)
        if stored != weights:
            raise SystemExit(f"the side file holds {stored} bytes of weights, "
                             f"expected {weights}")
    finally:
        if not args.keep:
            shutil.rmtree(args.work_dir, ignore_errors=True)

    ratio = (export[0] - baseline[0]) / weights
    anon_ratio = (export[1] - baseline[1]) / weights
    gb = lambda n: f"{n / 1e9:.2f} GB"
    print(f"weights:               {gb(weights)} in "
          f"{len(model.graph.initializer)} initializers")
    print(f"side file:             {gb(written)}")
    for name, (rss, anon, mapped, seconds) in (("baseline", baseline),
                                               ("export", export)):
        print(f"peak RSS, {name + ':':9}   {gb(rss)} (anonymous {gb(anon)}, "
              f"mapped files {gb(mapped)}; {seconds:.1f}s)")
    print(f"export above baseline: {(export[0] - baseline[0]) / 1e6:.0f} MB, "
          f"{ratio:.3f} x weights in all, "
          f"{anon_ratio:.3f} x in anonymous memory (target <= {TARGET})")
    ok = ratio <= TARGET and anon_ratio <= TARGET
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
