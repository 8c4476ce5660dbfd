#!/usr/bin/env python3
"""ONNX backend conformance round trip of the ONNX importer and emitter.

The node tests of ONNX's backend test suite are made first, with the onnx
package, from the test generators of the same onnx release (which
utils/install-deps.sh takes from its source distribution; the wheel leaves
them out). For each node test (model.onnx and
test_data_set_0/{input,output}_*.pb), this runs

    torch-onnx-translate --import-onnx model.onnx -o model.mlir
    torch-onnx-translate --export-onnx model.mlir -o roundtrip.onnx

(with the emitter's checker and shape inference on), then runs both the
original and the round-tripped model in onnxruntime (CPU, in a worker
process per job slot) and compares their outputs with the expected ones.

The pass rate is counted over the tests whose original model onnxruntime
runs correctly. A tool crash is a signal, an abort or any exit code other
than 0 and 1; a clean error (exit code 1) only fails the test. Tests whose
inputs or outputs are not tensors (sequences, optionals) are left out of the
count, as are those onnxruntime gets wrong on the original model.

The last line is the verdict:

    conformance: PASS (853 of 859 = 99.3%, required 95.0%; 0 crashes, 0 timeouts)

and the exit code is 0 for PASS, 1 for FAIL.
"""
import argparse
import concurrent.futures
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import threading
import time

import numpy as np
import onnx
from onnx import numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CASES = os.path.join(ROOT, ".deps", f"onnx-{onnx.__version__}", "share",
                             "backend-test-cases", "node")


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--translate", required=True,
                        help="path of torch-onnx-translate")
    parser.add_argument("--cases", default=DEFAULT_CASES,
                        help="folder of onnx's node test generators "
                             "(onnx/backend/test/case/node of its sources)")
    parser.add_argument("--data-dir",
                        help="folder of node tests made before; by default "
                             "they are made from --cases in the work folder")
    parser.add_argument("--work-dir", required=True,
                        help="scratch folder (emptied first)")
    parser.add_argument("--filter", default="",
                        help="only tests whose name matches this regex")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--rtol", type=float, default=1e-3)
    parser.add_argument("--atol", type=float, default=1e-5)
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds per tool run")
    parser.add_argument("--min-pass-rate", type=float, default=0.99)
    parser.add_argument("--report", help="write per-test results as JSON")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list every failing test with its reason")
    return parser.parse_args(argv)


# Signs in a tool's stderr that it died rather than failed cleanly.
CRASH_PATTERNS = ("PLEASE submit a bug report", "Stack dump:", "LLVM ERROR:",
                  "Assertion `", "terminate called")


def serve_onnxruntime(connection):
    """The worker process: runs each (model, inputs) it receives and answers
    with ("ok", outputs) or ("error", message)."""
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    # Errors are part of the answer; onnxruntime need not log them too.
    options.log_severity_level = 4
    while True:
        try:
            model, inputs = connection.recv()
        except EOFError:
            return
        try:
            session = onnxruntime.InferenceSession(
                model, options, providers=["CPUExecutionProvider"])
            names = [i.name for i in session.get_inputs()]
            feeds = {}
            for index, (name, array) in enumerate(inputs):
                if name not in names and index < len(names):
                    name = names[index]
                feeds[name] = array
            answer = ("ok", session.run(None, feeds))
        except Exception as error:
            answer = ("error", str(error).strip().splitlines()[0]
                      if str(error).strip() else type(error).__name__)
        connection.send(answer)


class OrtWorker:
    """One onnxruntime process that runs jobs one after the other, so that
    a crash or a hang of onnxruntime fails one test, not the whole run."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.process = None
        self.connection = None

    def start(self):
        # Spawned rather than forked: the parent runs threads.
        context = multiprocessing.get_context("spawn")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=serve_onnxruntime,
                                       args=(child,), daemon=True)
        self.process.start()
        child.close()

    def stop(self):
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()
        self.process = None

    def run(self, model, inputs):
        """Runs `model` on the (name, array) list `inputs`; returns
        (outputs, None) or (None, error). Inputs whose name the model does
        not have are bound in order."""
        if self.process is None or not self.process.is_alive():
            if self.process is not None:
                self.stop()
            self.start()
        try:
            self.connection.send((model, inputs))
            if not self.connection.poll(self.timeout):
                self.stop()
                return None, "onnxruntime timed out"
            status, value = self.connection.recv()
        except (EOFError, OSError):
            # The worker died (onnxruntime crashed on this model).
            self.stop()
            return None, "onnxruntime crashed"
        return (value, None) if status == "ok" else (None, value)

    def close(self):
        if self.process is not None:
            self.connection.close()
            self.process.join(timeout=10)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
            self.process = None


def load_test_data(test_dir, model):
    """The inputs, as (name, array) pairs, and the expected outputs of
    test_data_set_0, or None when they are not all tensors."""
    data_dir = os.path.join(test_dir, "test_data_set_0")
    initializers = {i.name for i in model.graph.initializer}
    graph_inputs = [i for i in model.graph.input if i.name not in initializers]
    outputs = list(model.graph.output)
    if any(not v.type.HasField("tensor_type") for v in graph_inputs + outputs):
        return None

    def read(kind, index):
        tensor = onnx.TensorProto()
        with open(os.path.join(data_dir, f"{kind}_{index}.pb"), "rb") as f:
            tensor.ParseFromString(f.read())
        return tensor

    count = lambda kind: len([f for f in os.listdir(data_dir)
                              if re.fullmatch(kind + r"_\d+\.pb", f)])
    names = [i.name for i in graph_inputs]
    inputs = []
    for index in range(count("input")):
        tensor = read("input", index)
        name = tensor.name or (names[index] if index < len(names) else "")
        inputs.append((name, numpy_helper.to_array(tensor)))
    expected = [numpy_helper.to_array(read("output", i))
                for i in range(count("output"))]
    return inputs, expected


def as_text(array):
    """A string tensor's elements as str."""
    return np.vectorize(lambda v: v.decode() if isinstance(v, bytes) else v,
                        otypes=[object])(array)


def compare(outputs, expected, rtol, atol):
    """None when `outputs` match `expected`, else the reason."""
    if len(outputs) < len(expected):
        return f"{len(outputs)} outputs, expected {len(expected)}"
    for index, (got, want) in enumerate(zip(outputs, expected)):
        if not isinstance(got, np.ndarray):
            return f"output {index} is not a tensor"
        if got.shape != want.shape:
            return f"output {index} has shape {got.shape}, expected {want.shape}"
        if want.dtype.kind in "OSU":
            if not (as_text(got) == as_text(want)).all():
                return f"output {index} differs"
        elif want.dtype.kind in "fc":
            if not np.allclose(got.astype(want.dtype), want, rtol=rtol,
                               atol=atol, equal_nan=True):
                return f"output {index} differs"
        elif not np.array_equal(got.astype(want.dtype), want):
            return f"output {index} differs"
    return None


def run_tool(args, command):
    """Runs torch-onnx-translate; returns (status, message) where status is
    ok, error (exit code 1), crash or timeout."""
    try:
        result = subprocess.run(command, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True,
                                errors="replace", timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "timeout", f"timed out after {args.timeout}s"
    lines = result.stderr.strip().splitlines()
    message = lines[0] if lines else ""
    crashed = any(p in result.stderr for p in CRASH_PATTERNS)
    if result.returncode == 0 and not crashed:
        return "ok", ""
    if result.returncode == 1 and not crashed:
        return "error", message
    return "crash", f"exit code {result.returncode}: {message}"


def run_test(args, name, worker):
    test_dir = os.path.join(args.data_dir, name)
    work_dir = os.path.join(args.work_dir, name)
    os.makedirs(work_dir, exist_ok=True)
    model_path = os.path.join(test_dir, "model.onnx")
    result = {"name": name}

    mlir_path = os.path.join(work_dir, "model.mlir")
    roundtrip_path = os.path.join(work_dir, "roundtrip.onnx")
    status, message = run_tool(args, [args.translate, "--import-onnx",
                                      model_path, "-o", mlir_path])
    result["import"] = status
    if status == "ok":
        status, message = run_tool(args, [args.translate, "--export-onnx",
                                          mlir_path, "-o", roundtrip_path])
        result["export"] = status
    if status != "ok":
        result["tool_error"] = message

    model = onnx.load(model_path)
    data = load_test_data(test_dir, model)
    if data is None:
        result["original"] = "unsupported inputs"
        return result
    inputs, expected = data
    outputs, error = worker.run(model_path, inputs)
    result["original"] = error or compare(outputs, expected, args.rtol,
                                          args.atol) or "pass"
    if result["original"] != "pass" or result.get("export") != "ok":
        return result
    outputs, error = worker.run(roundtrip_path, inputs)
    result["roundtrip"] = error or compare(outputs, expected, args.rtol,
                                           args.atol) or "pass"
    if result["roundtrip"] == "pass":
        shutil.rmtree(work_dir, ignore_errors=True)
    return result


def make_node_tests(cases, output):
    """Writes the node tests of the generators in `cases` to `output`, as
    onnx's `backend-test-tools generate-data` does for its own."""
    import onnx.backend.test.case.node as node
    import warnings
    node.__path__.append(cases)
    with warnings.catch_warnings():
        # The generators compute expected outputs with numpy, warnings and
        # all (a division by zero that makes an inf on purpose).
        warnings.simplefilter("ignore")
        testcases = node.collect_testcases()
    import onnx.backend.test.cmd_tools as tools
    import onnx.backend.test.case.model as model
    saved = model.collect_testcases
    model.collect_testcases = lambda: list(testcases)
    try:
        tools.generate_data(argparse.Namespace(output=output))
    finally:
        model.collect_testcases = saved
    return os.path.join(output, "node")


def main(argv):
    args = parse_args(argv)
    shutil.rmtree(args.work_dir, ignore_errors=True)
    os.makedirs(args.work_dir)
    if not args.data_dir:
        if not os.path.isdir(args.cases):
            print(f"error: no ONNX node test generators in {args.cases}; "
                  "run utils/install-deps.sh")
            return 1
        args.data_dir = make_node_tests(
            args.cases, os.path.join(args.work_dir, "data"))
    if not os.path.isdir(args.data_dir):
        print(f"error: no ONNX backend tests in {args.data_dir}")
        return 1
    tests = sorted(t for t in os.listdir(args.data_dir)
                   if re.search(args.filter, t) and
                   os.path.isfile(os.path.join(args.data_dir, t, "model.onnx")))

    local = threading.local()
    workers = []
    lock = threading.Lock()

    def task(name):
        if not hasattr(local, "worker"):
            local.worker = OrtWorker(args.timeout)
            with lock:
                workers.append(local.worker)
        return run_test(args, name, local.worker)

    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(task, tests))
    for worker in workers:
        worker.close()

    crashes = [r for r in results
               if "crash" in (r.get("import"), r.get("export"))]
    timeouts = [r for r in results
                if "timeout" in (r.get("import"), r.get("export"))]
    baseline = [r for r in results if r["original"] == "pass"]
    passed = [r for r in baseline if r.get("roundtrip") == "pass"]
    failed = [r for r in baseline if r.get("roundtrip") != "pass"]
    imported = [r for r in results if r.get("import") == "ok"]
    exported = [r for r in results if r.get("export") == "ok"]
    rate = len(passed) / len(baseline) if baseline else 0.0

    if args.verbose:
        for r in failed:
            reason = r.get("tool_error") or r.get("roundtrip")
            stage = ("import" if r.get("import") != "ok" else
                     "export" if r.get("export") != "ok" else "onnxruntime")
            print(f"FAIL {r['name']} ({stage}): {reason}")
    for r in crashes + timeouts:
        print(f"CRASH {r['name']}: {r.get('tool_error')}")
    if args.report:
        with open(args.report, "w") as f:
            json.dump(results, f, indent=1)

    print(f"ONNX backend node tests:          {len(results)}")
    print(f"imported:                         {len(imported)}")
    print(f"exported (checker on):            {len(exported)}")
    print(f"onnxruntime passes the original:  {len(baseline)}")
    print(f"... and the round trip:           {len(passed)} "
          f"({100 * rate:.1f}%, required {100 * args.min_pass_rate:.1f}%)")
    print(f"tool crashes:                     {len(crashes)}")
    print(f"tool timeouts:                    {len(timeouts)}")
    print(f"time:                             {time.time() - start:.0f}s")
    ok = (bool(baseline) and rate >= args.min_pass_rate and not crashes and
          not timeouts)
    print(f"conformance: {'PASS' if ok else 'FAIL'} ({len(passed)} of "
          f"{len(baseline)} = {100 * rate:.1f}%, required "
          f"{100 * args.min_pass_rate:.1f}%; {len(crashes)} crashes, "
          f"{len(timeouts)} timeouts)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
