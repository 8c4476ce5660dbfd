#!/usr/bin/env python3
"""Checks a compiled ONNX model against a TorchScript fixture's reference run.

    check_fixture.py FIXTURE MODEL.onnx [FIXTURE MODEL.onnx ...]
    check_fixture.py --print-flags FIXTURE

FIXTURE is a fixture's NAME.json or its NAME.pt (the .json beside it is
read); see test/fixtures/torch-1.13/README.md for the format. MODEL.onnx is
what torch-onnx-compile made of NAME.pt.

The model runs in onnxruntime on the inputs of every step of the fixture, in
order. A stateful model (metadata property `torch_onnx.state`, a JSON map
from state input to state output) starts from the initializers of its state
inputs, and each step's state outputs are fed back as the next step's state
inputs. After each step the model's outputs are compared with the recorded
ones, and each entry of the step's recorded `state` with its counterpart in
the model: the state output of the state input with that attribute path or,
for state that `forward` only reads (a parameter), the initializer of that
name. A recorded state entry with no counterpart is a mismatch.

Floating-point values match when the largest absolute error is at most
--atol plus --rtol times the largest magnitude of the reference; integer and
bool values must be equal. One line per fixture is printed, ending in `: ok`
or `: MISMATCH`, after a line for each failed comparison. The exit code is 0
when every fixture matches, 1 on a mismatch and 2 on bad usage or unreadable
files.

With --print-flags, prints the --input-shape flags that torch-onnx-compile
needs for the fixture: one per tensor argument of `forward`, in order, taken
from the first step's inputs (Python scalar arguments need none). The output
can be passed to torch-onnx-compile as a response file, `@FILE`.
"""
import argparse
import json
import math
import os
import re
import sys

import numpy as np
import onnx
import onnx.numpy_helper

import input_shape


class FixtureError(Exception):
    """The files cannot be read or do not have the expected format."""


def load_fixture(path):
    base, ext = os.path.splitext(path)
    if ext not in (".json", ".pt"):
        raise FixtureError(f"{path}: expected a fixture's .json or .pt")
    json_path = base + ".json"
    try:
        with open(json_path) as f:
            fixture = json.load(f)
    except (OSError, ValueError) as e:
        raise FixtureError(f"{json_path}: {e}")
    if not isinstance(fixture.get("steps"), list) or not fixture["steps"]:
        raise FixtureError(f"{json_path}: no steps")
    return os.path.basename(base), fixture


def is_scalar(value):
    return isinstance(value, dict) and "scalar" in value


def numpy_dtype(value, where):
    """The numpy dtype that fixture tensor `value` names: one that numpy has
    and that has an --input-shape element type."""
    try:
        input_shape.element_type(value.get("dtype"))
        return np.dtype(value["dtype"])
    except (TypeError, ValueError):
        raise FixtureError(f"{where}: unsupported dtype {value.get('dtype')!r}")


def to_array(value, where):
    """A fixture tensor as a numpy array."""
    dtype = numpy_dtype(value, where)
    try:
        array = np.array(value["data"], dtype=dtype)
        return array.reshape(value["shape"])
    except (KeyError, TypeError, ValueError) as e:
        raise FixtureError(f"{where}: not a tensor ({e!r})")


def input_shape_flag(value, where):
    return input_shape.format_shape(value["shape"], numpy_dtype(value, where))


def print_flags(path):
    _, fixture = load_fixture(path)
    flags = []
    for i, value in enumerate(fixture["steps"][0]["inputs"]):
        if not is_scalar(value):
            flags += ["--input-shape", input_shape_flag(value, f"input {i}")]
    print(" ".join(flags))


def normalize(name):
    """An attribute path with separators unified and `self.` dropped."""
    parts = [p for p in re.split(r"[^0-9A-Za-z_]+", name) if p]
    if parts and parts[0] == "self":
        parts = parts[1:]
    return ".".join(parts)


def find_counterpart(path, names):
    """The one name among `names` that denotes attribute path `path`: the
    same name, else the same after normalize(), else the one whose
    normalized name ends with the path's (or the reverse) at a `.`."""
    if path in names:
        return path
    key = normalize(path)
    same = [n for n in names if normalize(n) == key]
    if len(same) == 1:
        return same[0]
    if len(same) > 1:
        raise FixtureError(f"state '{path}' matches several names: {same}")
    suffix = [n for n in names
              if normalize(n).endswith("." + key) or
              key.endswith("." + normalize(n))]
    if len(suffix) > 1:
        raise FixtureError(f"state '{path}' matches several names: {suffix}")
    return suffix[0] if suffix else None


def compare(expected, actual, rtol, atol):
    """Returns (ok, absolute error, reason or None)."""
    if expected.shape != actual.shape:
        return False, float("inf"), (f"shape {list(actual.shape)}, expected "
                                     f"{list(expected.shape)}")
    if expected.size == 0:
        return True, 0.0, None
    exact = expected.dtype == np.bool_ or np.issubdtype(expected.dtype,
                                                         np.integer)
    if exact:
        if actual.dtype.kind not in "biu":
            return False, float("inf"), (f"dtype {actual.dtype}, expected "
                                         f"{expected.dtype}")
        error = float(np.max(np.abs(expected.astype(np.int64) -
                                    actual.astype(np.int64))))
        return error == 0, error, None
    if actual.dtype.kind != "f":
        return False, float("inf"), (f"dtype {actual.dtype}, expected "
                                     f"{expected.dtype}")
    difference = np.abs(expected.astype(np.float64) -
                        actual.astype(np.float64))
    if np.isnan(difference).any():
        return False, float("nan"), "NaN where the reference has a number"
    error = float(np.max(difference))
    scale = float(np.max(np.abs(expected.astype(np.float64))))
    return error <= atol + rtol * scale, error, None


class Checker:
    def __init__(self, name, rtol, atol, verbose):
        self.name = name
        self.rtol = rtol
        self.atol = atol
        self.verbose = verbose
        self.ok = True
        self.worst = 0.0
        self.count = 0

    def fail(self, message):
        print(f"{self.name}: {message}")
        self.ok = False

    def check(self, label, expected, actual):
        good, error, reason = compare(expected, actual, self.rtol, self.atol)
        self.count += 1
        if not math.isnan(self.worst) and (math.isnan(error) or
                                           error > self.worst):
            self.worst = error
        if not good:
            self.fail(f"{label}: {reason or f'max error {error:.3g}'}")
        elif self.verbose:
            print(f"{self.name}: {label}: max error {error:.3g}")


def onnx_dtype(value_info):
    return onnx.helper.tensor_dtype_to_np_dtype(
        value_info.type.tensor_type.elem_type)


def check_model(fixture_path, model_path, args):
    import onnxruntime as ort

    name, fixture = load_fixture(fixture_path)
    checker = Checker(name, args.rtol, args.atol, args.v)
    try:
        model = onnx.load(model_path)
    except Exception as e:  # onnx raises several kinds.
        raise FixtureError(f"{model_path}: {e}")
    metadata = {p.key: p.value for p in model.metadata_props}
    try:
        state = json.loads(metadata.get("torch_onnx.state", "{}"))
    except ValueError as e:
        raise FixtureError(f"{model_path}: bad torch_onnx.state: {e}")
    initializers = {init.name: init for init in model.graph.initializer}
    graph_inputs = {i.name: i for i in model.graph.input}
    for state_input, state_output in state.items():
        if state_input not in graph_inputs:
            raise FixtureError(f"{model_path}: state input '{state_input}' "
                               f"is not a graph input")
        if state_input not in initializers:
            raise FixtureError(f"{model_path}: state input '{state_input}' "
                               f"has no initializer (initial value)")
        if state_output not in [o.name for o in model.graph.output]:
            raise FixtureError(f"{model_path}: state output '{state_output}' "
                               f"is not a graph output")
    user_inputs = [i for i in model.graph.input
                   if i.name not in state and i.name not in initializers]
    state_outputs = set(state.values())
    user_outputs = [o.name for o in model.graph.output
                    if o.name not in state_outputs]

    # The state inputs lose their initializers and are always fed, so that
    # no runtime can treat them as constants; the initializers are the
    # state before the first step.
    current = {}
    for state_input in state:
        current[state_input] = onnx.numpy_helper.to_array(
            initializers[state_input])
    kept = [init for init in model.graph.initializer if init.name not in state]
    del model.graph.initializer[:]
    model.graph.initializer.extend(kept)
    options = ort.SessionOptions()
    options.log_severity_level = 3
    try:
        session = ort.InferenceSession(model.SerializeToString(), options,
                                       providers=["CPUExecutionProvider"])
    except Exception as e:  # onnxruntime's exceptions have no common base.
        checker.fail(f"onnxruntime cannot load the model: {e}")
        return checker

    # Where each recorded state entry is found in the model.
    recorded = []
    for step in fixture["steps"]:
        for path in step.get("state", {}):
            if path not in recorded:
                recorded.append(path)
    counterparts = {}
    read_only = {}
    for path in recorded:
        state_input = find_counterpart(path, list(state))
        if state_input is not None:
            counterparts[path] = state_input
            continue
        # State that forward never writes stays an initializer; a linear
        # layer's weight may be stored transposed for MatMul, as NAME.T.
        constants = [n for n in initializers if n not in state]
        init = find_counterpart(path, constants)
        if init is not None:
            read_only[path] = onnx.numpy_helper.to_array(initializers[init])
            continue
        init = find_counterpart(path + ".T", constants)
        if init is not None and init.endswith(".T"):
            read_only[path] = onnx.numpy_helper.to_array(
                initializers[init]).T
            continue
        checker.fail(f"recorded state '{path}' has no state input or "
                     f"initializer in the model (state inputs: "
                     f"{sorted(state) or 'none'})")
    if args.v:
        for path, state_input in counterparts.items():
            print(f"{name}: state '{path}' is model state '{state_input}'")
        for path in read_only:
            print(f"{name}: state '{path}' is a constant of the model")

    for index, step in enumerate(fixture["steps"]):
        inputs = step.get("inputs", [])
        if len(inputs) != len(user_inputs):
            checker.fail(f"step {index}: the fixture has {len(inputs)} "
                         f"inputs, the model {len(user_inputs)}: "
                         f"{[i.name for i in user_inputs]}")
            break
        feeds = dict(current)
        for value, info in zip(inputs, user_inputs):
            where = f"step {index} input '{info.name}'"
            if is_scalar(value):
                # int, float and bool arguments are 0-d tensors in ONNX.
                array = np.array(value["scalar"], dtype=onnx_dtype(info))
            else:
                array = to_array(value, where)
                if array.dtype != onnx_dtype(info):
                    checker.fail(f"{where}: the fixture has "
                                 f"{array.dtype}, the model {onnx_dtype(info)}")
                    return checker
            feeds[info.name] = array
        try:
            results = session.run(None, feeds)
        except Exception as e:  # onnxruntime's exceptions have no common base.
            checker.fail(f"step {index}: onnxruntime failed: {e}")
            break
        results = dict(zip([o.name for o in session.get_outputs()], results))
        current = {i: results[o] for i, o in state.items()}

        outputs = step.get("outputs", [])
        if len(outputs) != len(user_outputs):
            checker.fail(f"step {index}: the fixture has {len(outputs)} "
                         f"outputs, the model {len(user_outputs)}: "
                         f"{user_outputs}")
            break
        for value, output in zip(outputs, user_outputs):
            checker.check(f"step {index} output '{output}'",
                          to_array(value, f"step {index} output"),
                          results[output])
        for path, value in step.get("state", {}).items():
            expected = to_array(value, f"step {index} state '{path}'")
            if path in counterparts:
                checker.check(f"step {index} state '{path}'", expected,
                              current[counterparts[path]])
            elif path in read_only:
                checker.check(f"step {index} state '{path}' (constant)",
                              expected, read_only[path])
    if checker.ok and checker.count == 0:
        checker.fail("the fixture records nothing to compare")
    return checker


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="FIXTURE MODEL.onnx pairs, or one FIXTURE "
                             "with --print-flags")
    parser.add_argument("--print-flags", action="store_true",
                        help="print the fixture's torch-onnx-compile flags")
    parser.add_argument("--rtol", type=float, default=1e-4,
                        help="allowed error relative to the reference's "
                             "largest magnitude (default 1e-4)")
    parser.add_argument("--atol", type=float, default=1e-6,
                        help="allowed absolute error besides (default 1e-6)")
    parser.add_argument("-v", action="store_true",
                        help="print every comparison")
    args = parser.parse_args(argv)
    if args.print_flags and len(args.files) != 1:
        parser.error("--print-flags takes one FIXTURE")
    if not args.print_flags and len(args.files) % 2:
        parser.error("expected FIXTURE MODEL.onnx pairs")
    return args


def main(argv):
    args = parse_args(argv)
    try:
        if args.print_flags:
            print_flags(args.files[0])
            return 0
        all_ok = True
        for fixture, model in zip(args.files[::2], args.files[1::2]):
            checker = check_model(fixture, model, args)
            steps = len(load_fixture(fixture)[1]["steps"])
            print(f"{checker.name}: {checker.count} values over {steps} "
                  f"step(s), largest error {checker.worst:.3g}: "
                  f"{'ok' if checker.ok else 'MISMATCH'}")
            all_ok &= checker.ok
    except FixtureError as e:
        print(f"check_fixture.py: error: {e}", file=sys.stderr)
        return 2
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
