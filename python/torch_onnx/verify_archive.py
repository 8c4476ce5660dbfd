"""Compares an ONNX model with the archive it was compiled from.

    python -m torch_onnx.verify_archive MODEL.pt MODEL.onnx [options]
    python -m torch_onnx.verify_archive MODEL.pt2 MODEL.onnx [options]

A `.pt` archive is loaded with torch.jit.load, a `.pt2` one (torch.export.save)
with torch.export.load and run as its module.

torch-onnx-compile --verify runs this with the Python of the environment it
is installed in.

Both run on the same random inputs: the module in PyTorch, the model in
onnxruntime (CPU). Stateful models (metadata `torch_onnx.state`) run several
steps with their state fed back, and their final state is compared with the
module's attributes too.

Arguments may come from a response file, @FILE, one a line, as
utils/model_zoo.py writes them; of two --dim for one symbol, the later wins.

Exit code 0 when every output is within the tolerance, 1 when one is not,
3 when PyTorch itself rejects the inputs (then the model cannot be judged).
"""
import argparse
import json
import sys
import zipfile

import numpy as np
import onnx
import onnxruntime
import torch

from ._verify import _flatten, _read_attribute

ONNX_TO_NUMPY = {
    onnx.TensorProto.FLOAT: np.float32,
    onnx.TensorProto.DOUBLE: np.float64,
    onnx.TensorProto.FLOAT16: np.float16,
    onnx.TensorProto.INT64: np.int64,
    onnx.TensorProto.INT32: np.int32,
    onnx.TensorProto.INT16: np.int16,
    onnx.TensorProto.INT8: np.int8,
    onnx.TensorProto.UINT8: np.uint8,
    onnx.TensorProto.BOOL: np.bool_,
}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__,
                                     fromfile_prefix_chars="@")
    parser.add_argument("torchscript")
    parser.add_argument("onnx_model")
    parser.add_argument("--input-shape", action="append", default=[],
                        help="unused; shapes come from the ONNX model")
    parser.add_argument("--dim", action="append", default=[],
                        help="SYMBOL=N: size of a dynamic dim (default 2)")
    parser.add_argument("--steps", type=int, default=None,
                        help="calls to make (default 3 for stateful models)")
    parser.add_argument("--int-low", type=int, default=0,
                        help="inclusive lower bound of random int inputs")
    parser.add_argument("--int-high", type=int, default=10,
                        help="exclusive upper bound of random int inputs")
    parser.add_argument("--bool-value", choices=["random", "true", "false"],
                        default="random")
    parser.add_argument("--tolerance", type=float, default=1e-4,
                        help="allowed error relative to the largest magnitude")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--print-io", action="store_true",
                        help="print the graph's inputs and outputs first")
    parser.add_argument("-v", action="store_true")
    return parser.parse_args(argv)


def tensor_shape(value_info, dims):
    shape = []
    for dim in value_info.type.tensor_type.shape.dim:
        if dim.HasField("dim_value"):
            shape.append(dim.dim_value)
        else:
            shape.append(dims.get(dim.dim_param, 2))
    return shape


def random_input(value_info, dims, rng, args):
    dtype = ONNX_TO_NUMPY[value_info.type.tensor_type.elem_type]
    shape = tensor_shape(value_info, dims)
    if dtype == np.bool_:
        if args.bool_value == "random":
            return rng.integers(0, 2, size=shape).astype(np.bool_)
        return np.full(shape, args.bool_value == "true", dtype=np.bool_)
    if np.issubdtype(dtype, np.integer):
        return rng.integers(args.int_low, args.int_high, size=shape).astype(dtype)
    return rng.standard_normal(size=shape).astype(dtype)


def flatten(value):
    return _flatten(value)


def read_attribute(module, path):
    value = _read_attribute(module, path)
    return value if isinstance(value, torch.Tensor) else _flatten(value)[0]


def run_onnxruntime(model_path, steps, state):
    """Runs the model in onnxruntime once per element of `steps` (a list of
    (name, array) feeds); returns each step's outputs by name.

    From the second step on, each state input is fed the state output it is
    bound to in the previous step; the first step feeds none, so the state
    starts from the inputs' initializers.
    """
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    # Not the warning that a state input's initializer is not a constant.
    options.log_severity_level = 3
    session = onnxruntime.InferenceSession(
        model_path, options, providers=["CPUExecutionProvider"])
    names = [o.name for o in session.get_outputs()]
    outputs = []
    carried = {}
    for inputs in steps:
        feeds = dict(carried)
        feeds.update(inputs)
        results = dict(zip(names, session.run(names, feeds)))
        outputs.append(results)
        carried = {i: results[o] for i, o in state.items()}
    return outputs


def compare(label, expected, actual, tolerance, verbose):
    expected = expected.detach().cpu().numpy()
    if expected.shape != actual.shape:
        print(f"{label}: shape {actual.shape} differs from PyTorch's "
              f"{expected.shape}")
        return False, float("inf")
    if expected.dtype == np.bool_ or np.issubdtype(expected.dtype, np.integer):
        error = float(np.max(np.abs(expected.astype(np.int64) -
                                    actual.astype(np.int64)), initial=0))
        scale = 1.0
        ok = error == 0
    else:
        error = float(np.max(np.abs(expected.astype(np.float64) -
                                    actual.astype(np.float64)), initial=0))
        scale = max(float(np.max(np.abs(expected), initial=0)), 1e-6)
        ok = error <= tolerance * scale
    if verbose or not ok:
        print(f"{label}: max error {error:.3g} "
              f"(largest magnitude {scale:.3g}){'' if ok else '  FAIL'}")
    return ok, error / scale


def is_torch_export_archive(path):
    """Whether `path` is a .pt2 archive: a zip with an archive_format."""
    if not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as archive:
        return any(name == "archive_format" or
                   name.endswith("/archive_format")
                   for name in archive.namelist())


def load_module(path, dims):
    """The module of archive `path`, and the types of its forward's
    arguments (None when all are tensors). A .pt2 program's dynamic dims
    that `dims` does not size get the size nearest 2 in their range."""
    if is_torch_export_archive(path):
        program = torch.export.load(path)
        for symbol, bounds in program.range_constraints.items():
            lower = int(bounds.lower)
            try:
                upper = int(bounds.upper)
            except Exception:  # unbounded: int_oo
                upper = lower + 2
            dims.setdefault(str(symbol), max(lower, min(2, upper)))
        return program.module(), None
    module = torch.jit.load(path)
    return module, [str(arg.type)
                    for arg in module.forward.schema.arguments[1:]]


def run_module(module, arg_types, inputs):
    """The module's flattened outputs for each step's inputs."""
    expected = []
    for step_inputs in inputs:
        values = []
        for index, (_, array) in enumerate(step_inputs):
            value = torch.from_numpy(array.copy())
            # int, float and bool arguments are 0-d tensors in ONNX.
            if arg_types and index < len(arg_types) and \
                    arg_types[index] in ("int", "float", "bool"):
                value = value.item()
            values.append(value)
        expected.append(flatten(module(*values)))
    return expected


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    dims = {}
    for spec in args.dim:
        name, _, size = spec.partition("=")
        dims[name] = int(size)

    model = onnx.load(args.onnx_model, load_external_data=False)
    metadata = {p.key: p.value for p in model.metadata_props}
    state = json.loads(metadata.get("torch_onnx.state", "{}"))
    state_outputs = set(state.values())
    initializers = {init.name for init in model.graph.initializer}
    user_inputs = [i for i in model.graph.input
                   if i.name not in state and i.name not in initializers]
    user_outputs = [o.name for o in model.graph.output
                    if o.name not in state_outputs]
    steps = args.steps or (3 if state else 1)
    if args.print_io:
        for kind, values in (("input", model.graph.input),
                             ("output", model.graph.output)):
            for value in values:
                shape = [d.dim_param or str(d.dim_value)
                         for d in value.type.tensor_type.shape.dim]
                print(f"{kind} {value.name}: [{', '.join(shape)}]")

    module, arg_types = load_module(args.torchscript, dims)
    inputs = [[(i.name, random_input(i, dims, rng, args)) for i in user_inputs]
              for _ in range(steps)]
    with torch.no_grad():
        try:
            expected = run_module(module, arg_types, inputs)
        except Exception as error:  # PyTorch's own checks, any kind.
            message = str(error).strip().splitlines()
            print(f"PyTorch rejects these inputs, so the model cannot be "
                  f"compared with it: {type(error).__name__}: "
                  f"{message[0] if message else ''}")
            return 3
    final_state = {name: read_attribute(module, name) for name in state}

    actual = run_onnxruntime(args.onnx_model, inputs, state)

    ok = True
    worst = 0.0
    for step in range(steps):
        if len(expected[step]) != len(user_outputs):
            print(f"step {step}: PyTorch returned {len(expected[step])} "
                  f"tensors, the model has {len(user_outputs)} outputs")
            return 1
        for name, tensor in zip(user_outputs, expected[step]):
            good, error = compare(f"step {step} output {name}", tensor,
                                  actual[step][name], args.tolerance, args.v)
            ok &= good
            worst = max(worst, error)
    for name, out_name in state.items():
        good, error = compare(f"final state {name}", final_state[name],
                              actual[-1][out_name], args.tolerance, args.v)
        ok &= good
        worst = max(worst, error)
    print(f"largest relative error {worst:.3g} over {steps} step(s): "
          f"{'ok' if ok else 'MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
