#!/usr/bin/env python3
"""Op-by-op test of the ONNX exporters on PyTorch's OpInfo samples.

    PYTHONPATH=build/python_packages .venv/bin/python utils/opinfo_suite.py \\
        [--ops a,b,c | --composites] [--max-samples N] \\
        [--tools ours,torchscript,dynamo] [--write docs/op-coverage.md] \\
        [--json FILE] [--keep-from FILE]

The ops are the OpInfos of PyTorch's op database
(torch.testing._internal.common_methods_invocations.op_db) whose aten op is
in the Core ATen opset (an overload tagged torch.Tag.core) or has a function
in onnxscript's torchlib, the op library of torch.onnx.export(dynamo=True).
An OpInfo's aten op is found by name: its aten_name, or its name with dots
as underscores, or the name's last component. --composites selects the
other OpInfos instead (composite ops, which decompositions keep out of both
sets, and ops of neither), for docs/op-coverage-composites.md.

Each of the first --max-samples float32 CPU samples of an op (int64 or
bool ones for the ops without float32) becomes a module whose forward takes
the sample's tensors (of the input, the positional and the keyword
arguments, in that order) and bakes in the other arguments. Each tool
exports the module to ONNX on those tensors:

    ours         torch_onnx.export (traced, its default opset unless --opset)
    torchscript  torch.onnx.export(..., dynamo=False)
    dynamo       torch.onnx.export(..., dynamo=True)

The model runs in onnxruntime (CPU) and its outputs are compared with
eager PyTorch: the number of outputs, each one's shape and dtype, and its
values, within 1e-3 of each element plus 1e-4 (and 1e-5 of the output's
largest magnitude); NaNs must be at the same places. The values of random
ops (tagged nondeterministic_seeded, the `empty` family, or two eager runs
that differ) are not compared. A (sample, tool) pair passes or fails with
one of the reasons "export error: <first line>", "ort error: <first line>",
"mismatch: <what>", "timeout" and "crash" (the process died).

Samples that eager PyTorch rejects, that return no tensor, or whose
tensors are complex are skipped and not counted. Each attempt has
--time-limit seconds (signal.alarm). The attempts run in one worker
process, whose output is discarded (--log keeps it); when it hangs in native
code or crashes, it is killed or restarted and the run goes on with the next
attempt.
"""
import argparse
import collections
import datetime
import glob
import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

TOOLS = ("ours", "torchscript", "dynamo")
DEFAULT_MAX_SAMPLES = 3
DEFAULT_TIME_LIMIT = 60
# The worker is killed when it reports nothing for the time limit plus this.
HARD_LIMIT_GRACE = 60
# Samples looked at per op to find --max-samples usable ones.
SCAN_FACTOR = 4

# The value tolerances of the comparison: |actual - expected| must be at
# most ATOL + RTOL * |expected| + SCALE_RTOL * max|expected|.
RTOL = 1e-3
ATOL = 1e-4
SCALE_RTOL = 1e-5

# The op sets of the report, in its order: (key, title).
OP_SETS = [
    ("core", "Core ATen"),
    ("ours", "ours' ops"),
    ("torchscript", "torchscript's ops"),
    ("dynamo", "dynamo's ops (torchlib)"),
    ("all", "all selected"),
]
# Those of the --composites report, whose ops are in neither Core ATen nor
# torchlib.
COMPOSITE_OP_SETS = [
    ("decomposed", "decomposed by ours"),
    ("ours", "ours' ops"),
    ("torchscript", "torchscript's ops"),
    ("all", "all selected"),
]
SET_LETTERS = {"core": "C", "ours": "O", "torchscript": "T", "dynamo": "D",
               "decomposed": "X"}


#===----------------------------------------------------------------------===#
# The op database and the op sets
#===----------------------------------------------------------------------===#

def load_op_db():
    """PyTorch's OpInfo list. Its module imports expecttest, a test-only
    package that is not a dependency here, for a TestCase base class."""
    if "expecttest" not in sys.modules:
        try:
            import expecttest  # noqa: F401
        except ImportError:
            stub = types.ModuleType("expecttest")
            stub.TestCase = unittest.TestCase
            stub.ACCEPT = False
            sys.modules["expecttest"] = stub
    from torch.testing._internal.common_methods_invocations import op_db
    return op_db


def op_key(opinfo):
    """'name' or 'name.variant', unique in op_db."""
    if opinfo.variant_test_name:
        return f"{opinfo.name}.{opinfo.variant_test_name}"
    return opinfo.name


def aten_name(opinfo):
    """The base name of the OpInfo's aten op, or None."""
    import torch
    candidates = [opinfo.aten_name or "", opinfo.name.replace(".", "_"),
                  opinfo.name.split(".")[-1]]
    for candidate in candidates:
        candidate = re.sub(r"^torch\.ops\.aten\.", "", candidate)
        candidate = candidate.split(".")[0]
        if candidate and isinstance(getattr(torch.ops.aten, candidate, None),
                                    torch._ops.OpOverloadPacket):
            return candidate
    return None


def _packet(name):
    import torch
    return getattr(torch.ops.aten, name)


def core_aten_ops(names):
    """Those of `names` with an overload tagged torch.Tag.core."""
    import torch
    return {n for n in names
            if any(torch.Tag.core in getattr(_packet(n), o).tags
                   for o in _packet(n).overloads())}


def is_random(name):
    """Whether the aten op draws random numbers or returns uninitialized
    memory."""
    import torch
    if name is None:
        return False
    if name.startswith(("empty", "new_empty")):
        return True
    packet = _packet(name)
    return any(torch.Tag.nondeterministic_seeded in getattr(packet, o).tags
               for o in packet.overloads())


def torchlib_ops():
    """Base names of the aten ops with a torchlib function."""
    import onnxscript.function_libs.torch_lib.ops  # noqa: F401 (registers)
    from onnxscript.function_libs.torch_lib import registration
    return {key[len("aten::"):].split(".")[0]
            for key, _ in registration.default_registry.items()
            if key.startswith("aten::")}


def torchscript_ops(opset):
    """Base names of the aten ops with a symbolic function of the TorchScript
    exporter at `opset`."""
    import importlib
    from torch.onnx import _constants
    from torch.onnx._internal.torchscript_exporter import registration
    # Importing an opset's module registers its symbolic functions.
    for version in range(_constants.ONNX_BASE_OPSET, opset + 1):
        importlib.import_module(f"torch.onnx._internal.torchscript_exporter."
                                f"symbolic_opset{version}")
    return {name[len("aten::"):] for name in
            registration.registry.all_functions()
            if name.startswith("aten::") and
            registration.registry.is_registered_op(name, opset)}


def our_ops():
    """Base names of the aten ops that torch-onnx lowers: those of
    dialects/Torch/AtenOpAllowlist.txt whose generated op class (named as
    utils/odsgen/aten_odsgen.py names it) a pattern of
    lib/Conversion/TorchToONNX names, and those a pattern matches as a
    `torch.operator` by its name ("aten::addr")."""
    import torch
    sys.path.insert(0, os.path.join(HERE, "odsgen"))
    try:
        from aten_odsgen import base_name, camel_case
    finally:
        sys.path.pop(0)
    allowed = set()
    with open(os.path.join(ROOT, "dialects", "Torch",
                           "AtenOpAllowlist.txt")) as f:
        for line in f:
            allowed.update(line.split("#", 1)[0].split())
    named, operators = set(), set()
    for path in glob.glob(os.path.join(ROOT, "lib", "Conversion",
                                       "TorchToONNX", "*.cpp")):
        with open(path) as f:
            text = f.read()
        named.update(re.findall(r"\bAten(\w+?)Op\b", text))
        operators.update(re.findall(r'"aten::(\w+)[."]', text))
    lowered = set(operators)
    for schema in torch._C._jit_get_all_schemas():
        if not schema.name.startswith("aten::"):
            continue
        name = schema.name[len("aten::"):]
        overload = schema.overload_name
        mnemonic = name + ("." + overload if overload else "")
        if base_name(name) in allowed and camel_case(mnemonic) in named:
            lowered.add(base_name(name))
    return lowered


def decomposed_ops():
    """Base names of the aten ops that torch-decompose-composite-ops
    rewrites: those its table in CompositeDecompositions.cpp names."""
    path = os.path.join(ROOT, "lib", "Dialect", "Torch", "Transforms",
                        "CompositeDecompositions.cpp")
    with open(path) as f:
        return set(re.findall(r'\{"aten::(\w+)[."]', f.read()))


def torchscript_opset():
    from torch.onnx import _constants
    return min(_constants.ONNX_DEFAULT_OPSET,
               _constants.ONNX_TORCHSCRIPT_EXPORTER_MAX_OPSET)


def select_ops(op_db, wanted=None, composites=False):
    """[(key, OpInfo, aten name, set keys)] of the OpInfos in the Core ATen
    opset or in torchlib (with `composites`, of those in neither; with
    `wanted`, of those named there: keys or OpInfo names), with the op sets
    each one is in."""
    names = {op_key(o): aten_name(o) for o in op_db}
    known = {n for n in names.values() if n}
    sets = {"core": core_aten_ops(known), "dynamo": torchlib_ops(),
            "torchscript": torchscript_ops(torchscript_opset()),
            "ours": our_ops(), "decomposed": decomposed_ops()}
    selected = []
    for opinfo in op_db:
        key = op_key(opinfo)
        name = names[key]
        member = [s for s in SET_LETTERS if name in sets[s]]
        in_either = "core" in member or "dynamo" in member
        if wanted is not None:
            if key not in wanted and opinfo.name not in wanted:
                continue
        elif in_either == composites:
            continue
        selected.append((key, opinfo, name, member + ["all"]))
    if wanted is not None:
        found = {s[0] for s in selected} | {s[1].name for s in selected}
        missing = sorted(set(wanted) - found)
        if missing:
            raise SystemExit(f"not in op_db: {', '.join(missing)}")
    return selected


#===----------------------------------------------------------------------===#
# Samples as modules
#===----------------------------------------------------------------------===#

def sample_module(function, sample):
    """(module, tensors) of one sample: forward(*tensors) calls `function`
    on the sample's arguments with its tensors replaced by forward's, and
    returns the tensors of the result (one, or a tuple)."""
    import torch
    from torch.utils import _pytree

    leaves, spec = _pytree.tree_flatten(
        (sample.input, tuple(sample.args), dict(sample.kwargs)))
    positions = [i for i, leaf in enumerate(leaves)
                 if isinstance(leaf, torch.Tensor)]
    constants = [None if i in positions else leaf
                 for i, leaf in enumerate(leaves)]

    class Sample(torch.nn.Module):
        def forward(self, *tensors):
            values = list(constants)
            for position, tensor in zip(positions, tensors):
                values[position] = tensor
            first, args, kwargs = _pytree.tree_unflatten(values, spec)
            result = function(first, *args, **kwargs)
            outputs = tuple(leaf for leaf in _pytree.tree_leaves(result)
                            if isinstance(leaf, torch.Tensor))
            return outputs[0] if len(outputs) == 1 else outputs

    return Sample().eval(), [leaves[i].detach() for i in positions]


def describe(sample):
    """A short text of a sample's arguments: f32[3,4] for a tensor."""
    import torch
    from torch.utils import _pytree

    def text(value):
        if isinstance(value, torch.Tensor):
            dtype = str(value.dtype).replace("torch.", "")
            dtype = {"float32": "f32", "int64": "i64", "bool": "b"}.get(
                dtype, dtype)
            return f"{dtype}[{','.join(map(str, value.shape))}]"
        return None

    parts = [_pytree.tree_map(lambda v: text(v) or v, sample.input)]
    parts += [_pytree.tree_map(lambda v: text(v) or v, a)
              for a in sample.args]
    parts += [f"{k}={_pytree.tree_map(lambda v: text(v) or v, v)}"
              for k, v in sample.kwargs.items()]
    result = ", ".join(str(p) if isinstance(p, str) else repr(p)
                       for p in parts).replace("'", "")
    return result if len(result) <= 120 else result[:117] + "..."


def _tensor_leaves(value):
    import torch
    from torch.utils import _pytree
    return [leaf for leaf in _pytree.tree_leaves(value)
            if isinstance(leaf, torch.Tensor)]


def _outputs(module, tensors, seed):
    import warnings
    import torch
    torch.manual_seed(seed)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = module(*[t.clone() for t in tensors])
    return [t.detach().clone() for t in _tensor_leaves(result)]


class Case:
    """One usable sample of an op: the module, its input tensors, the eager
    outputs, and whether values are compared."""

    def __init__(self, index, description, module, tensors, expected,
                 random):
        self.index = index
        self.description = description
        self.module = module
        self.tensors = tensors
        self.expected = expected
        self.random = random


def sample_dtype(opinfo):
    """float32, or for ops without it (the bitwise ones) int64 or bool."""
    import torch
    supported = opinfo.supported_dtypes("cpu")
    for dtype in (torch.float32, torch.int64, torch.bool):
        if dtype in supported:
            return dtype
    raise ValueError("no float32, int64 or bool samples")


def make_cases(opinfo, name, max_samples):
    """The first `max_samples` usable samples of `opinfo` as Cases, and the
    reasons the skipped ones were skipped."""
    import itertools
    import torch
    usable = (torch.float32, torch.float64, torch.float16, torch.bfloat16,
              torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8,
              torch.bool)
    dtype = sample_dtype(opinfo)
    torch.manual_seed(0)
    cases, skipped = [], []
    samples = opinfo.sample_inputs("cpu", dtype, requires_grad=False)
    for index, sample in enumerate(itertools.islice(
            samples, SCAN_FACTOR * max_samples + 8)):
        if len(cases) == max_samples:
            break
        module, tensors = sample_module(opinfo.op, sample)
        if any(t.dtype not in usable for t in tensors):
            skipped.append("input dtype")
            continue
        try:
            expected = _outputs(module, tensors, 1)
            again = _outputs(module, tensors, 2)
        except Exception as error:
            skipped.append(f"eager: {type(error).__name__}")
            continue
        if not expected:
            skipped.append("no tensor output")
            continue
        if any(t.dtype not in usable for t in expected):
            skipped.append("output dtype")
            continue
        random = is_random(name) or not all(
            _same(a, b) for a, b in zip(expected, again))
        cases.append(Case(index, describe(sample), module, tensors, expected,
                          random))
    return cases, skipped


def _same(a, b):
    import torch
    return a.shape == b.shape and a.dtype == b.dtype and bool(
        torch.equal(a, b) if not a.is_floating_point()
        else torch.allclose(a, b, rtol=0, atol=0, equal_nan=True))


#===----------------------------------------------------------------------===#
# One attempt: export, run, compare
#===----------------------------------------------------------------------===#

class Timeout(BaseException):
    """The time limit of an attempt passed (a BaseException, so that the
    exporters' `except Exception` does not take it for an error of theirs)."""


def _alarm(signum, frame):
    raise Timeout()


def export(tool, module, tensors, path, opset=None):
    """Exports `module` on `tensors` to `path` with `tool`; the inputs are
    named in0, in1, ..."""
    import torch
    names = [f"in{i}" for i in range(len(tensors))]
    if tool == "ours":
        import torch_onnx
        options = {} if opset is None else {"opset_version": opset}
        torch_onnx.export(module, tuple(tensors), path, input_names=names,
                          **options)
    elif tool == "torchscript":
        torch.onnx.export(module, tuple(tensors), path, input_names=names,
                          dynamo=False)
    elif tool == "dynamo":
        torch.onnx.export(module, tuple(tensors), path, input_names=names,
                          dynamo=True)
    else:
        raise ValueError(f"unknown tool {tool}")


def run_onnx(path, tensors):
    """The outputs of the model at `path` in onnxruntime; inputs that the
    exporter dropped (named in<i>) are not fed."""
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4
    session = onnxruntime.InferenceSession(
        path, options, providers=["CPUExecutionProvider"])
    feeds = {}
    for spec in session.get_inputs():
        index = int(spec.name[2:]) if re.fullmatch(r"in\d+", spec.name) \
            else None
        if index is None or index >= len(tensors):
            raise RuntimeError(f"unexpected model input '{spec.name}'")
        feeds[spec.name] = tensors[index].contiguous().numpy()
    return session.run(None, feeds)


def compare(expected, actual, random=False):
    """None when `actual` (numpy arrays) matches `expected` (tensors), else
    (reason, detail)."""
    import numpy as np
    import torch
    if len(actual) != len(expected):
        return (f"mismatch: {len(actual)} outputs, expected "
                f"{len(expected)}", "")
    for index, (want, got) in enumerate(zip(expected, actual)):
        got = np.asarray(got)
        if tuple(got.shape) != tuple(want.shape):
            return ("mismatch: shape",
                    f"output {index}: {tuple(got.shape)}, expected "
                    f"{tuple(want.shape)}")
        want_dtype = torch.empty(0, dtype=want.dtype).numpy().dtype
        if got.dtype != want_dtype:
            return (f"mismatch: dtype {got.dtype}, expected {want_dtype}",
                    f"output {index}")
        if random:
            continue
        want = want.numpy()
        if not np.issubdtype(want.dtype, np.floating):
            if not np.array_equal(got, want):
                return "mismatch: values", f"output {index}: not equal"
            continue
        want64, got64 = want.astype(np.float64), got.astype(np.float64)
        nan = np.isnan(want64)
        if not np.array_equal(nan, np.isnan(got64)):
            return "mismatch: values", f"output {index}: NaNs differ"
        want64, got64 = want64[~nan], got64[~nan]
        infinite = np.isinf(want64)
        if not np.array_equal(want64[infinite], got64[infinite]):
            return "mismatch: values", f"output {index}: infinities differ"
        want64, got64 = want64[~infinite], got64[~infinite]
        scale = float(np.max(np.abs(want64), initial=0.0))
        error = np.abs(got64 - want64)
        allowed = ATOL + RTOL * np.abs(want64) + SCALE_RTOL * scale
        if not np.all(error <= allowed):  # NaN in got64 fails here too
            worst = float(np.max(np.where(np.isnan(error), np.inf, error)))
            return ("mismatch: values",
                    f"output {index}: max error {worst:.3g}, largest "
                    f"magnitude {scale:.3g}")
    return None


def _first_line(text):
    for line in str(text).splitlines():
        line = line.strip()
        if line:
            return line
    return ""


def _clean(text, directory=None):
    """`text` without what varies between runs: temporary paths, addresses,
    the module's source locations."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    if directory:
        text = text.replace(directory + os.sep, "").replace(directory, "")
    text = re.sub(r"/tmp/\S+?\.onnx", "<model>", text)
    text = re.sub(r"0x[0-9a-fA-F]{6,}", "0x...", text)
    text = re.sub(r"\S*opinfo_suite\.py:\d+(:\d+)?:?\s*", "", text)
    text = re.sub(r"^\[ONNXRuntimeError\] : \d+ : ", "", text)
    text = text.strip()
    return text if len(text) <= 160 else text[:157] + "..."


def _message_line(error):
    """The first line of an error's message; a tracer error prints the
    tensor it is about over many lines, which are left out."""
    text = re.sub(r"(output \d+) \(.*?\)( of traced region)", r"\1\2",
                  str(error), flags=re.S)
    return _first_line(text)


def export_reason(tool, error):
    """The first informative line of an exporter's error."""
    if tool == "ours":
        errors = [d.message for d in getattr(error, "diagnostics", [])
                  if d.severity == "error"]
        return errors[0] if errors else _message_line(error)
    # torch.onnx wraps the error that says what went wrong: take the
    # innermost one that has a message.
    chain = [error]
    while chain[-1].__cause__ is not None and len(chain) < 10:
        chain.append(chain[-1].__cause__)
    for inner in reversed(chain):
        line = _message_line(inner)
        if line:
            return f"{type(inner).__name__}: {line}"
    return type(error).__name__


def attempt(tool, case, directory, time_limit, opset=None):
    """(result, detail, seconds) of exporting and running `case` with `tool`:
    result is "pass" or the failure reason."""
    import warnings
    path = os.path.join(directory, f"{tool}.onnx")
    for leftover in (path, path + ".data"):
        if os.path.exists(leftover):
            os.remove(leftover)
    start = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(time_limit)
    stage = "export"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # Tracing runs forward, and an in-place op would change the
            # inputs that onnxruntime and the next tool get.
            export(tool, case.module, [t.clone() for t in case.tensors],
                   path, opset)
            stage = "ort"
            actual = run_onnx(path, case.tensors)
        stage = "compare"
        problem = compare(case.expected, actual, case.random)
        result, detail = problem if problem else ("pass", "")
    except Timeout:
        result, detail = "timeout", f"during {stage}"
    except Exception as error:
        if stage == "export":
            result = "export error: " + _clean(export_reason(tool, error),
                                               directory)
        else:
            result = "ort error: " + _clean(_first_line(error), directory)
        detail = _clean(str(error), directory)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return result, detail, time.monotonic() - start


#===----------------------------------------------------------------------===#
# The worker: runs the attempts and reports events as JSON lines
#===----------------------------------------------------------------------===#

def worker(args):
    import warnings
    warnings.simplefilter("ignore")
    import logging
    logging.disable(logging.WARNING)
    events = os.fdopen(args.event_fd, "w", buffering=1)

    def emit(**event):
        events.write(json.dumps(event) + "\n")

    with open(args.work) as f:
        work = json.load(f)
    done = {tuple(d) for d in work["done"]}
    by_key = {op_key(o): o for o in load_op_db()}
    directory = tempfile.mkdtemp(prefix="opinfo_")
    for key, name in work["ops"]:
        emit(event="prepare", op=key)
        try:
            cases, skipped = make_cases(by_key[key], name, args.max_samples)
        except Exception as error:
            emit(event="op", op=key, error=_clean(
                f"sample inputs: {type(error).__name__}: "
                f"{_first_line(error)}"))
            continue
        emit(event="op", op=key, skipped=skipped,
             samples=[{"index": c.index, "description": c.description,
                       "random": c.random} for c in cases])
        for case in cases:
            for tool in args.tools:
                if (key, case.index, tool) in done:
                    continue
                emit(event="start", op=key, sample=case.index, tool=tool)
                result, detail, seconds = attempt(
                    tool, case, directory, args.time_limit, args.opset)
                emit(event="result", op=key, sample=case.index, tool=tool,
                     result=result, detail=detail,
                     seconds=round(seconds, 3))
        emit(event="op_done", op=key)
    emit(event="done")
    return 0


#===----------------------------------------------------------------------===#
# The driver: starts the worker, restarts it after a hang or a crash
#===----------------------------------------------------------------------===#

def run_all(selected, args):
    """{op key: {"samples": [...], "skipped": [...], "error": ...}} with
    each sample's results {tool: result}."""
    ops = {key: {"samples": {}, "skipped": [], "error": None}
           for key, _, _, _ in selected}
    pending = [(key, name) for key, _, name, _ in selected]
    done = set()
    log = open(args.log, "a") if args.log else subprocess.DEVNULL
    work_file = tempfile.NamedTemporaryFile("w", suffix=".json",
                                            delete=False)
    work_file.close()
    hard_limit = args.time_limit + HARD_LIMIT_GRACE
    total = len(pending)
    try:
        while pending:
            with open(work_file.name, "w") as f:
                json.dump({"ops": pending, "done": sorted(done)}, f)
            read_fd, write_fd = os.pipe()
            command = [sys.executable, os.path.abspath(__file__), "--worker",
                       "--work", work_file.name, "--event-fd", str(write_fd),
                       "--max-samples", str(args.max_samples),
                       "--time-limit", str(args.time_limit),
                       "--tools", ",".join(args.tools)]
            if args.opset is not None:
                command += ["--opset", str(args.opset)]
            process = subprocess.Popen(command, pass_fds=(write_fd,),
                                       stdin=subprocess.DEVNULL, stdout=log,
                                       stderr=log)
            os.close(write_fd)
            current, running, finished = None, None, False
            buffer = b""
            with os.fdopen(read_fd, "rb", buffering=0) as events:
                while True:
                    ready, _, _ = select.select([events], [], [], hard_limit)
                    if not ready:
                        os.kill(process.pid, signal.SIGKILL)
                        outcome = "timeout"
                        break
                    chunk = events.read(65536)
                    if not chunk:
                        outcome = "crash"
                        break
                    buffer += chunk
                    *lines, buffer = buffer.split(b"\n")
                    for line in lines:
                        event = json.loads(line)
                        kind = event["event"]
                        if kind == "prepare":
                            current, running = event["op"], None
                        elif kind == "op":
                            entry = ops[event["op"]]
                            entry["error"] = event.get("error")
                            entry["skipped"] = event.get("skipped", [])
                            for sample in event.get("samples", []):
                                entry["samples"].setdefault(
                                    sample["index"], dict(sample,
                                                          results={}))
                        elif kind == "start":
                            running = (event["op"], event["sample"],
                                       event["tool"])
                        elif kind == "result":
                            ops[event["op"]]["samples"][event["sample"]][
                                "results"][event["tool"]] = {
                                    "result": event["result"],
                                    "detail": event["detail"],
                                    "seconds": event["seconds"]}
                            done.add((event["op"], event["sample"],
                                      event["tool"]))
                            running = None
                        elif kind == "op_done":
                            pending = [p for p in pending
                                       if p[0] != event["op"]]
                            current = None
                            if args.progress:
                                print(f"[{total - len(pending)}/{total}] "
                                      f"{event['op']}", file=sys.stderr,
                                      flush=True)
                        elif kind == "done":
                            finished = True
                    if finished:
                        break
            code = process.wait()
            if finished:
                break
            if outcome == "crash" and code < 0:
                outcome = f"crash ({signal.Signals(-code).name})"
            elif outcome == "crash":
                outcome = f"crash (exit code {code})"
            if running is not None:
                op, sample, tool = running
                ops[op]["samples"][sample]["results"][tool] = {
                    "result": outcome, "detail": "", "seconds": None}
                done.add(running)
            elif current is not None:
                ops[current]["error"] = f"{outcome} while preparing samples"
                pending = [p for p in pending if p[0] != current]
            else:
                raise SystemExit(f"the worker stopped ({outcome}) outside "
                                 f"an op; see --log")
    finally:
        os.unlink(work_file.name)
        if args.log:
            log.close()
    for entry in ops.values():
        entry["samples"] = [entry["samples"][i]
                            for i in sorted(entry["samples"])]
    return ops


#===----------------------------------------------------------------------===#
# The report
#===----------------------------------------------------------------------===#

def _result(sample, tool):
    value = sample["results"].get(tool)
    return value["result"] if value else None


def tally(ops, keys, tool):
    """(passed, total) pairs of `tool` over the ops `keys`."""
    passed = total = 0
    for key in keys:
        for sample in ops[key]["samples"]:
            result = _result(sample, tool)
            if result is not None:
                total += 1
                passed += result == "pass"
    return passed, total


def _share(passed, total):
    if not total:
        return "-"
    return f"{passed} / {total} ({100.0 * passed / total:.1f}%)"


def failure_causes(ops, tool):
    """Counter of (reason, [op keys]) of `tool`'s failures."""
    counts = collections.Counter()
    where = collections.defaultdict(list)
    for key, entry in ops.items():
        for sample in entry["samples"]:
            result = _result(sample, tool)
            if result not in (None, "pass"):
                counts[result] += 1
                if key not in where[result]:
                    where[result].append(key)
    return counts, where


def _shown_command(command):
    """The command without the options that do not change the figures."""
    words, shown = shlex.split(command), []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--json", "--log", "--from-json", "--keep-from"):
            skip = True
        elif word != "--quiet" and not word.startswith(
                ("--json=", "--log=", "--from-json=", "--keep-from=")):
            shown.append(word)
    return " ".join(shlex.quote(w) for w in shown)


def report(rows, ops, meta):
    """The markdown of docs/op-coverage.md; `rows` are the ops' (key, aten
    name, op sets)."""
    tools = meta["tools"]
    members = {key: sets for key, _, sets in rows}
    composites = meta.get("composites", False)
    if composites:
        title = "# Composite op coverage on PyTorch's OpInfo samples"
        scope = ("Each OpInfo of PyTorch's op database whose aten op is in "
                 "neither the Core ATen opset nor torchlib (the op library "
                 "of `dynamo=True`), with `--composites`")
        aside = (" These are mostly composite ops (kron, cosine_similarity, "
                 "cdist, ...): `torch.jit.trace` and `torch.export` keep "
                 "them whole, `dynamo=True` decomposes them before its "
                 "torchlib, and ours decomposes those it knows in "
                 "torch-decompose-composite-ops. docs/op-coverage.md has "
                 "the Core ATen and torchlib ops.")
    else:
        title = "# Op coverage on PyTorch's OpInfo samples"
        scope = ("Each OpInfo of PyTorch's op database whose aten op is in "
                 "the Core ATen opset or in torchlib (the op library of "
                 "`dynamo=True`)")
        aside = (" Composite ops (outer, hstack, cosine_similarity, kron, "
                 "...) are in neither set, since decompositions keep them "
                 "out of both; docs/op-coverage-composites.md has them "
                 "(`--composites`).")
    op_sets = COMPOSITE_OP_SETS if composites else OP_SETS
    lines = [
        title, "",
        f"Made by `{_shown_command(meta['command'])}`: {meta['date']}, torch "
        f"{meta['torch']}, onnxruntime {meta['onnxruntime']}, onnxscript "
        f"{meta['onnxscript']}, {meta['seconds'] / 60:.1f} minutes."
        + (f" The results of {' and '.join(meta['kept']['tools'])} are those "
           f"of the run of {meta['kept']['date']} "
           f"(`{_shown_command(meta['kept']['command'])}`), kept by "
           f"`--keep-from`." + _differing(meta['kept'].get('differing'))
           if meta.get("kept") else ""), "",
        f"{scope} gives "
        f"its first {meta['max_samples']} float32 CPU samples (int64 or "
        f"bool for ops without float32); each sample "
        f"is a module exported by each tool and run in onnxruntime against "
        f"eager PyTorch (shapes, dtypes, and values within 1e-3 relative; "
        f"random ops by shape and dtype only). See "
        f"`utils/opinfo_suite.py` for the details. Opsets: "
        + ", ".join(f"{t} {meta['opsets'].get(t, '?')}" for t in tools)
        + "." + aside, "",
        "## Totals", "",
        "Passed (sample, tool) pairs. Each exporter's own ops are the aten "
        "ops it has a conversion for: ours, those that a pattern of "
        "`lib/Conversion/TorchToONNX` names; torchscript, those with a "
        "symbolic function at its opset; dynamo, those with a torchlib "
        "function. Decomposed by ours: the ops that "
        "torch-decompose-composite-ops rewrites.", "",
        "| op set | OpInfos | " + " | ".join(tools) + " |",
        "|---|---|" + "---|" * len(tools)]
    for set_key, set_title in op_sets:
        keys = [k for k in ops if set_key in members[k]]
        lines.append(f"| {set_title} | {len(keys)} | " + " | ".join(
            _share(*tally(ops, keys, t)) for t in tools) + " |")
    lines += ["", "## Failures of ours by cause", ""]
    if "ours" in tools:
        counts, where = failure_causes(ops, "ours")
        kinds = collections.Counter()
        for reason, count in counts.items():
            kinds[reason.split(":")[0].split(" (")[0]] += count
        lines += ["Failed pairs by kind: " + ", ".join(
            f"{kind} {count}" for kind, count in kinds.most_common()) + ".",
            "", "| pairs | reason | ops |", "|---|---|---|"]
        for reason, count in counts.most_common():
            names = where[reason]
            shown = ", ".join(names[:6]) + (
                f" and {len(names) - 6} more" if len(names) > 6 else "")
            lines.append(f"| {count} | {_cell(reason)} | {_cell(shown)} |")
    lines += [
        "", "## Per op", "",
        "Sets: C Core ATen, O ours, T torchscript, D dynamo (torchlib), "
        "X decomposed by ours. "
        "Ops without samples: their sample inputs failed, or every sample "
        "was skipped (eager PyTorch rejects it, or it has complex or no "
        "tensor inputs or outputs).", "",
        "| op | aten | sets | samples | " + " | ".join(tools)
        + " | ours' most common failure |",
        "|---|---|---|---|" + "---|" * len(tools) + "---|"]
    for key, name, sets in sorted(rows):
        entry = ops[key]
        samples = entry["samples"]
        cells = []
        for tool in tools:
            passed, total = tally(ops, [key], tool)
            cells.append(f"{passed}/{total}" if total else "-")
        reasons = collections.Counter(
            _result(s, "ours") for s in samples
            if _result(s, "ours") not in (None, "pass"))
        common = reasons.most_common(1)[0][0] if reasons else ""
        if entry["error"]:
            common = entry["error"]
        set_text = "".join(SET_LETTERS[s] for s in sets if s in SET_LETTERS)
        lines.append(f"| {key} | {name or '-'} | {set_text} | {len(samples)} "
                     f"| " + " | ".join(cells) + f" | {_cell(common)} |")
    return "\n".join(lines) + "\n"


def _differing(keys):
    """The sentence on the OpInfos that have no kept results."""
    if not keys:
        return ""
    shown = ", ".join(keys[:4]) + (", ..." if len(keys) > 4 else "")
    return (f" {len(keys)} OpInfos whose samples differ from that run's "
            f"({shown}) have none.")


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def keep_results(ops, meta, path):
    """Adds to `ops` and `meta` the results of the tools that this run left
    out from the --json file at `path`, an earlier run of the same versions
    on the same ops, so that a change of ours reruns ours alone. An op whose
    samples differ from that run's (some draw their inputs at random) gets
    none."""
    with open(path) as f:
        saved = json.load(f)
    kept = [t for t in saved["meta"]["tools"] if t not in meta["tools"]]
    for key in ("torch", "onnxruntime", "onnxscript", "max_samples"):
        if saved["meta"].get(key) != meta.get(key):
            raise SystemExit(f"{path}: its {key} differs from this run's")
    differing = []
    for key, entry in ops.items():
        old = saved["ops"].get(key)
        if old is None or [s["description"] for s in old["samples"]] != [
                s["description"] for s in entry["samples"]]:
            differing.append(key)
            continue
        for sample, old_sample in zip(entry["samples"], old["samples"]):
            for tool in kept:
                if tool in old_sample["results"]:
                    sample["results"][tool] = old_sample["results"][tool]
    meta["tools"] = [t for t in TOOLS if t in meta["tools"] or t in kept]
    meta["opsets"].update({t: saved["meta"]["opsets"].get(t) for t in kept})
    meta["kept"] = {"tools": kept, "date": saved["meta"]["date"],
                    "command": saved["meta"]["command"],
                    "differing": differing}


def versions(tools, opset):
    import onnxruntime
    import onnxscript
    import torch
    opsets = {"torchscript": torchscript_opset(), "dynamo": None,
              "ours": opset}
    if "ours" in tools and opset is None:
        import inspect
        import torch_onnx
        opsets["ours"] = inspect.signature(
            torch_onnx.export).parameters["opset_version"].default
    if "dynamo" in tools:
        from torch.onnx import _constants
        opsets["dynamo"] = _constants.ONNX_DEFAULT_OPSET
    return {"torch": torch.__version__, "onnxruntime": onnxruntime.__version__,
            "onnxscript": onnxscript.__version__,
            "opsets": {t: opsets[t] for t in tools}}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", help="comma-separated OpInfo names or "
                        "name.variant keys (default: the Core ATen and "
                        "torchlib ops)")
    parser.add_argument("--composites", action="store_true",
                        help="the OpInfos in neither Core ATen nor torchlib "
                        "instead (for docs/op-coverage-composites.md)")
    parser.add_argument("--max-samples", type=int,
                        default=DEFAULT_MAX_SAMPLES,
                        help="samples per op (default %(default)s)")
    parser.add_argument("--tools", default=",".join(TOOLS),
                        help="comma-separated, of %(default)s")
    parser.add_argument("--opset", type=int,
                        help="ours' opset (default: torch_onnx.export's)")
    parser.add_argument("--time-limit", type=int, default=DEFAULT_TIME_LIMIT,
                        help="seconds per attempt (default %(default)s)")
    parser.add_argument("--write", metavar="MD", help="write the report here")
    parser.add_argument("--json", metavar="FILE",
                        help="write every result here")
    parser.add_argument("--keep-from", metavar="FILE",
                        help="take the other tools' results from this --json "
                        "file of an earlier run")
    parser.add_argument("--log", help="append the worker's output here")
    parser.add_argument("--from-json", metavar="FILE",
                        help="write the report of a --json file instead of "
                        "running")
    parser.add_argument("--quiet", dest="progress", action="store_false",
                        help="no progress lines on stderr")
    parser.add_argument("--worker", action="store_true",
                        help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    parser.add_argument("--event-fd", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.tools = [t for t in args.tools.split(",") if t]
    unknown = [t for t in args.tools if t not in TOOLS]
    if unknown:
        parser.error(f"unknown tools: {', '.join(unknown)}")
    if args.worker:
        return worker(args)

    if args.from_json:
        with open(args.from_json) as f:
            saved = json.load(f)
        meta, ops = saved["meta"], saved["ops"]
        rows = [(key, entry["aten"], entry["sets"])
                for key, entry in ops.items()]
    else:
        start = time.monotonic()
        wanted = [o for o in args.ops.split(",") if o] if args.ops else None
        selected = select_ops(load_op_db(), wanted, args.composites)
        ops = run_all(selected, args)
        rows = [(key, name, sets) for key, _, name, sets in selected]
        meta = dict(versions(args.tools, args.opset),
                    command=" ".join(["utils/opinfo_suite.py"] +
                                     [shlex.quote(a) for a in argv]),
                    date=datetime.date.today().isoformat(),
                    tools=args.tools, max_samples=args.max_samples,
                    composites=args.composites,
                    seconds=round(time.monotonic() - start, 1))
        if args.keep_from:
            keep_results(ops, meta, args.keep_from)
    members = {key: sets for key, _, sets in rows}
    op_sets = COMPOSITE_OP_SETS if meta.get("composites") else OP_SETS
    for set_key, title in op_sets:
        keys = [k for k in ops if set_key in members[k]]
        print(f"{title:26} " + "  ".join(
            f"{t} {_share(*tally(ops, keys, t))}" for t in meta["tools"]))
    print(f"{meta['seconds']:.0f} s")
    if args.write:
        with open(args.write, "w") as f:
            f.write(report(rows, ops, meta))
    if args.json and not args.from_json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "ops": {
                key: dict(ops[key], aten=name, sets=sets)
                for key, name, sets in rows}}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
