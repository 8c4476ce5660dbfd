"""verify=True: the exported model in onnxruntime against the module in
PyTorch, on the example arguments.

A model with lifted state runs STATEFUL_STEPS steps, its state fed back by
StatefulSession, and its final state is compared with the module's
attributes. Steps after the first draw their inputs from the example
arguments' own values (shuffled), so that indices stay valid indices and
values stay in the domain the example was in.

A model with dynamic dims also runs once more, from its initial state, with
each dynamic dim one larger than in the example: a size baked into the
graph shows there. When PyTorch itself rejects those sizes, that run is
skipped.
"""
import numpy as np
import torch

from ._export import ExportError, _copy_module
from ._session import StatefulSession

STATEFUL_STEPS = 3
# Allowed error: RELATIVE_TOLERANCE[dtype] times the output's largest
# magnitude, plus ABSOLUTE_TOLERANCE for outputs that are all near zero.
RELATIVE_TOLERANCE = {torch.float16: 1e-2, torch.bfloat16: 2e-2}
DEFAULT_RELATIVE_TOLERANCE = 1e-4
ABSOLUTE_TOLERANCE = 1e-6


def verify_export(path, reference, tensors, call, result):
    """Raises ExportError when the model at `path` and `reference` (the
    module, in PyTorch) disagree on `tensors`, the model's user inputs in
    order; `call(module, tensors)` calls forward with the arguments that
    hold them."""
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4  # failures become the error's message
    session = StatefulSession(path, options)
    if len(session.input_names) != len(tensors):
        raise ExportError(
            f"verify: the model has {len(session.input_names)} inputs "
            f"({', '.join(session.input_names)}), forward took "
            f"{len(tensors)} tensors")
    generator = torch.Generator().manual_seed(0)
    sizes, resized = _other_sizes(session, tensors, generator)
    spare = _copy_module(reference) if resized else None

    steps = STATEFUL_STEPS if session.state_bindings else 1
    problems = []
    for step in range(steps):
        inputs = tensors if step == 0 else [
            _drawn_from(t, t.shape, generator) for t in tensors]
        where = f"step {step + 1}: " if steps > 1 else ""
        try:
            problems += _run_step(reference, session, inputs, call, where)
        except _PyTorchRejected as error:
            raise ExportError(f"verify: {where}the module failed in PyTorch: "
                              f"{error.__cause__}") from error.__cause__
    for binding in result.state:
        want = _flatten(_read_attribute(reference, binding.attribute))
        problem = _compare(want[0], session.state[binding.input]) \
            if want else "the module has no such attribute"
        if problem:
            problems.append(f"state '{binding.attribute}' after {steps} "
                            f"steps: {problem}")

    if resized:
        session.reset()
        where = f"at {', '.join(f'{s}={n}' for s, n in sizes.items())}: "
        try:
            problems += _run_step(spare, session, resized, call, where)
        except _PyTorchRejected:
            pass  # the module does not take those sizes either
    if problems:
        raise ExportError("verify: the ONNX model (in onnxruntime) differs "
                          "from the module (in PyTorch), so it was not "
                          "kept:\n  " + "\n  ".join(problems))


class _PyTorchRejected(Exception):
    """The module raised in PyTorch; the error is the __cause__."""


def _run_step(reference, session, inputs, call, where):
    """Runs one step in both; returns the problems found."""
    clones = [t.clone() for t in inputs]
    try:
        with torch.no_grad():
            outputs = call(reference, clones)
    except Exception as error:
        raise _PyTorchRejected() from error
    expected = _flatten(outputs)
    try:
        actual = session.run(*inputs)
    except Exception as error:
        return [f"{where}onnxruntime failed: {error}"]
    if len(expected) != len(actual):
        return [f"{where}PyTorch returned {len(expected)} tensors, the model "
                f"has {len(actual)} outputs "
                f"({', '.join(session.output_names)})"]
    problems = []
    for name, want, got in zip(session.output_names, expected, actual):
        problem = _compare(want, got)
        if problem:
            problems.append(f"{where}output '{name}': {problem}")
    return problems


def _other_sizes(session, tensors, generator):
    """({symbol: size}, inputs) with each dynamic dim of the model's user
    inputs one larger than in the example, or ({}, None) when there are no
    dynamic dims."""
    sizes = {}
    for spec, tensor in zip(session.session.get_inputs(), tensors):
        for axis, dim in enumerate(spec.shape):
            if isinstance(dim, str) and axis < tensor.dim():
                sizes.setdefault(dim, tensor.shape[axis] + 1)
    if not sizes:
        return {}, None
    inputs = []
    for spec, tensor in zip(session.session.get_inputs(), tensors):
        shape = [sizes[d] if isinstance(d, str) else tensor.shape[axis]
                 for axis, d in enumerate(spec.shape)]
        inputs.append(_drawn_from(tensor, shape, generator))
    return sizes, inputs


def _drawn_from(tensor, shape, generator):
    """A tensor of `shape` whose elements are drawn from `tensor`'s."""
    values = tensor.detach().reshape(-1)
    if values.numel() == 0:
        return torch.zeros(shape, dtype=tensor.dtype)
    picks = torch.randint(0, values.numel(), tuple(shape),
                          generator=generator)
    return values[picks]


def _flatten(value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _flatten(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _flatten(v)]
    if isinstance(value, (bool, int, float)):
        return [torch.tensor(value)]
    if value is None:
        return []
    raise ExportError(f"verify: forward returned a {type(value).__name__}, "
                      f"which has no ONNX counterpart")


def _read_attribute(module, path):
    value = module
    for part in path.split("."):
        # Tuple state is lifted element by element: `hidden.0`.
        value = value[int(part)] if isinstance(value, (tuple, list)) \
            else getattr(value, part)
    return value


def _compare(expected, actual):
    """None when `actual` (numpy) matches `expected` (a tensor), else what
    differs."""
    expected = expected.detach().cpu()
    tolerance = RELATIVE_TOLERANCE.get(expected.dtype,
                                       DEFAULT_RELATIVE_TOLERANCE)
    if expected.dtype == torch.bfloat16:
        expected = expected.float()
    expected = expected.numpy()
    actual = np.asarray(actual)
    if expected.shape != actual.shape:
        return f"shape {list(actual.shape)}, PyTorch's {list(expected.shape)}"
    if not np.issubdtype(expected.dtype, np.floating):
        wrong = int(np.count_nonzero(expected != actual))
        return f"{wrong} of {expected.size} elements differ" if wrong else None
    want = expected.astype(np.float64)
    got = actual.astype(np.float64)
    nan = np.isnan(want)
    if not np.array_equal(nan, np.isnan(got)):
        return "NaN where PyTorch has none, or the other way round"
    want, got = want[~nan], got[~nan]
    infinite = np.isinf(want) | np.isinf(got)
    if not np.array_equal(want[infinite], got[infinite]):
        return "infinities differ"
    want, got = want[~infinite], got[~infinite]
    error = float(np.max(np.abs(want - got), initial=0.0))
    scale = float(np.max(np.abs(want), initial=0.0))
    if error <= tolerance * scale + ABSOLUTE_TOLERANCE:
        return None
    return (f"max error {error:.3g} (largest magnitude {scale:.3g}, allowed "
            f"{tolerance:g} of it)")
