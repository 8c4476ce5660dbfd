"""torch.export archives (.pt2) through torch-onnx-compile: each model is
exported with torch.export.export at test time, saved with
torch.export.save, compiled by the torch-onnx-compile binary, and run in
onnxruntime against PyTorch: the archive's own module
(torch.export.load(path).module()), or the eager module where the .pt2 is
compiled to take inputs the archive's guards refuse.

Stateful models run 3 steps with their state fed back through the
torch_onnx.state metadata, and their final buffers are compared too.
"""
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import onnx
import pytest
import torch
from torch import nn

import torch_onnx
from conftest import assert_close, graph_io, line_of, ort_session
from test_seed_examples import EmbeddingSubmodule, RunningAverageSubmodule
import transformers_zoo as zoo

REPO = Path(__file__).resolve().parents[2]


def find_compiler():
    """torch-onnx-compile of the build whose torch_onnx package is imported
    (<build>/python_packages/torch_onnx next to <build>/bin), else the one
    next to sys.executable, else <repo>/build/bin's."""
    package = Path(torch_onnx.__file__).resolve().parent
    candidates = [package.parents[1] / "bin",
                  Path(sys.executable).parent,
                  REPO / "build" / "bin"]
    for folder in candidates:
        tool = folder / "torch-onnx-compile"
        if os.access(tool, os.X_OK):
            return tool
    pytest.skip("torch-onnx-compile is not built", allow_module_level=True)


COMPILER = find_compiler()
# The environment of a subprocess that imports the same torch_onnx.
PACKAGE_ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [str(Path(torch_onnx.__file__).resolve().parents[1])] +
    [p for p in [os.environ.get("PYTHONPATH")] if p]))


def export(tmp_path, model, args, dynamic_shapes=None, decompose=False,
           name="model"):
    """Exports `model` on `args`, after run_decompositions when `decompose`,
    and saves it as tmp_path/NAME.pt2, whose path it returns."""
    program = torch.export.export(model, args, dynamic_shapes=dynamic_shapes)
    if decompose:
        program = program.run_decompositions()
    path = tmp_path / f"{name}.pt2"
    torch.export.save(program, path)
    return path


def compile_pt2(path, *options, output=None):
    """torch-onnx-compile PATH -o OUTPUT OPTIONS, by default to PATH.onnx;
    the ONNX path."""
    output = output or path.with_suffix(".onnx")
    run = subprocess.run([str(COMPILER), str(path), "-o", str(output),
                          *options], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    assert output.exists()
    return output


def state_bindings(onnx_path):
    """The torch_onnx.state metadata of the model: {input: output}."""
    model = onnx.load(str(onnx_path), load_external_data=False)
    metadata = {p.key: p.value for p in model.metadata_props}
    return json.loads(metadata.get("torch_onnx.state", "{}"))


def flatten(value):
    if isinstance(value, torch.Tensor):
        return [value]
    return [t for v in value for t in flatten(v)]


def run_steps(onnx_path, expected_module, steps, input_names=None):
    """Runs the model at `onnx_path` in onnxruntime for each of `steps` (a
    list of argument tuples), feeding each step's state outputs to the next
    step's state inputs (the first step takes the initializers), and checks
    the user outputs against `expected_module` called on the same steps.
    Returns the state after the last step: {state input: array}."""
    bindings = state_bindings(onnx_path)
    session = ort_session(onnx_path)
    inputs = [i.name for i in session.get_inputs() if i.name not in bindings]
    if input_names is not None:
        assert inputs == input_names
    outputs = [o.name for o in session.get_outputs()]
    assert set(bindings.values()) <= set(outputs)
    user_outputs = [o for o in outputs if o not in bindings.values()]
    state = {}
    for args in steps:
        assert len(args) == len(inputs), (args, inputs)
        feeds = dict(state)
        feeds.update({name: arg.numpy() for name, arg in zip(inputs, args)})
        results = dict(zip(outputs, session.run(None, feeds)))
        with torch.no_grad():
            expected = flatten(expected_module(*args))
        assert len(user_outputs) == len(expected), (user_outputs, expected)
        for name, value in zip(user_outputs, expected):
            assert_close(results[name], value)
        state = {i: results[o] for i, o in bindings.items()}
    return state


# --- Stateful modules ---------------------------------------------------------


class BufferAverage(nn.Module):
    """The seed's running average with its count as a buffer, updated in
    place: both become state."""

    def __init__(self, dim):
        super().__init__()
        self.register_buffer("running_avg", torch.zeros(dim))
        self.register_buffer("count", torch.zeros((), dtype=torch.long))

    def forward(self, input):
        self.count += 1
        self.running_avg.copy_(
            (self.running_avg * (self.count - 1) + input) / self.count)
        return self.running_avg.clone()


# name: (the module and its example input, the inputs of the 3 steps, the
# state bindings). RunningAverageSubmodule's count is a Python int, which
# export takes as 1: only running_avg is state. EmbeddingSubmodule's state
# is a plain tensor attribute, which export makes a constant: no state.
STATEFUL = {
    "running_average": (
        lambda: (RunningAverageSubmodule(5), torch.randn(5)),
        lambda: [torch.randn(5) for _ in range(3)],
        {"running_avg": "running_avg.out"}),
    "embedding": (
        lambda: (EmbeddingSubmodule(10, 100), torch.randint(0, 100, (1,))),
        lambda: [torch.tensor([7]), torch.tensor([42]), torch.tensor([3])],
        {}),
    "buffer_average": (
        lambda: (BufferAverage(5), torch.randn(5)),
        lambda: [torch.randn(5) for _ in range(3)],
        {"running_avg": "running_avg.out", "count": "count.out"}),
}


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
@pytest.mark.parametrize("name", list(STATEFUL))
def test_stateful_over_3_steps(tmp_path, name, decompose):
    """3 steps with the state fed back match the archive's module over the
    same 3 steps, and the final state outputs match its final buffers."""
    make, make_steps, expected_bindings = STATEFUL[name]
    model, example = make()
    path = export(tmp_path, model, (example,), decompose=decompose)
    onnx_path = compile_pt2(path)

    assert state_bindings(onnx_path) == expected_bindings
    module = torch.export.load(path).module()
    buffers = dict(module.named_buffers())
    # Each state input's initializer is the buffer's value as saved.
    initializers = {t.name: t for t in
                    onnx.load(str(onnx_path)).graph.initializer}
    for state_input in expected_bindings:
        assert_close(onnx.numpy_helper.to_array(initializers[state_input]),
                     buffers[state_input])

    steps = [(step,) for step in make_steps()]
    state = run_steps(onnx_path, module, steps)
    assert set(state) == set(expected_bindings)
    buffers = dict(module.named_buffers())
    for state_input, value in state.items():
        assert_close(value, buffers[state_input])
    if name == "buffer_average":
        # The average of the 3 steps, and a count of 3.
        assert int(state["count"]) == 3
        assert_close(state["running_avg"],
                     torch.stack([s for (s,) in steps]).mean(0))


# --- LSTM with a dynamic sequence length --------------------------------------


def test_lstm_dynamic_dim(tmp_path):
    """torch.export specializes nn.LSTM's sequence length to the example's
    (5); --dynamic-dim input:0=seq makes it a dim again, and the model
    matches the eager LSTM at 3 lengths, output and final states."""
    lstm = nn.LSTM(10, 20).eval()
    path = export(tmp_path, lstm, (torch.randn(5, 10),))

    fixed = compile_pt2(path)
    assert graph_io(fixed)[0] == {"input": [5, 10]}

    onnx_path = compile_pt2(path, "--dynamic-dim", "input:0=seq",
                            output=tmp_path / "dynamic.onnx")
    inputs, outputs = graph_io(onnx_path)
    assert inputs == {"input": ["seq", 10]}
    assert list(outputs.values())[1:] == [[1, 20], [1, 20]]
    output_dims = list(outputs.values())[0]
    assert isinstance(output_dims[0], str) and output_dims[1] == 20

    session = ort_session(onnx_path)
    for length in (3, 5, 9):
        x = torch.randn(length, 10)
        actual = session.run(None, {"input": x.numpy()})
        with torch.no_grad():
            expected = flatten(lstm(x))
        assert len(actual) == len(expected) == 3
        for a, e in zip(actual, expected):
            assert_close(a, e)


# --- functools.partial, torch.cond, a Dim with a range ------------------------


class Partial(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)
        self.act = functools.partial(nn.functional.leaky_relu,
                                     negative_slope=0.3)

    def forward(self, x):
        return self.act(self.linear(x))


class Cond(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: self.linear(t).sin(),
                          lambda t: t.cos() * 2, (x,))


class Rows(nn.Module):
    def forward(self, x):
        return x.reshape(x.shape[0] * 2, -1).softmax(-1)


def dynamic_batch(name="x", **range_):
    return {name: {0: torch.export.Dim("batch", **range_)}}


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
def test_partial(tmp_path, decompose):
    """The partial's bound negative_slope (0.3) is kept: negative outputs
    of the linear layer are scaled by it, at two batch sizes."""
    model = Partial().eval()
    path = export(tmp_path, model, (torch.randn(3, 4),), dynamic_batch(),
                  decompose)
    onnx_path = compile_pt2(path)
    batch = graph_io(onnx_path)[0]["x"][0]
    assert isinstance(batch, str)
    module = torch.export.load(path).module()
    steps = [(torch.randn(3, 4),), (torch.randn(7, 4),)]
    run_steps(onnx_path, module, steps, ["x"])
    session = ort_session(onnx_path)
    for (x,) in steps:
        (actual,) = session.run(None, {"x": x.numpy()})
        with torch.no_grad():
            assert_close(actual, nn.functional.leaky_relu(
                model.linear(x), negative_slope=0.3))


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
def test_cond_both_branches(tmp_path, decompose):
    """One model takes either branch by the sign of the input's sum."""
    model = Cond().eval()
    path = export(tmp_path, model, (torch.randn(3, 4),), dynamic_batch(),
                  decompose)
    onnx_path = compile_pt2(path)
    session = ort_session(onnx_path)
    positive = torch.rand(3, 4) + 0.1
    negative = -torch.rand(6, 4) - 0.1
    with torch.no_grad():
        (actual,) = session.run(None, {"x": positive.numpy()})
        assert_close(actual, model.linear(positive).sin())
        (actual,) = session.run(None, {"x": negative.numpy()})
        assert_close(actual, negative.cos() * 2)
    module = torch.export.load(path).module()
    run_steps(onnx_path, module, [(positive,), (negative,)], ["x"])


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
def test_dim_with_range(tmp_path, decompose):
    """A Dim from 3 to 10 stays dynamic (not the example's 4) and the model
    runs at two sizes inside the range; verify_archive, told the size of
    the dim by its symbol, agrees."""
    path = export(tmp_path, Rows(), (torch.randn(4, 6),),
                  dynamic_batch(min=3, max=10), decompose)
    onnx_path = compile_pt2(path)
    rows, width = graph_io(onnx_path)[0]["x"]
    assert isinstance(rows, str) and rows.startswith("s") and width == 6
    module = torch.export.load(path).module()
    run_steps(onnx_path, module, [(torch.randn(3, 6),), (torch.randn(9, 6),)],
              ["x"])
    verify = subprocess.run(
        [sys.executable, "-m", "torch_onnx.verify_archive", str(path),
         str(onnx_path), "--dim", f"{rows}=9"],
        capture_output=True, text=True, timeout=600, env=PACKAGE_ENV)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert verify.stdout.rstrip().endswith(": ok"), verify.stdout


# --- Core ATen IR that TorchScript spells differently --------------------------


class ConvBatchNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.norm = nn.BatchNorm2d(8)
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc(self.norm(self.conv(x)).relu().mean((2, 3)))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, x):
        return self.attention(x, x, x)[0]


class Squeezes(nn.Module):
    def forward(self, x):
        return x.unsqueeze(1).unsqueeze(-1).squeeze((1, -1)) * 2


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
@pytest.mark.parametrize("build, shape", [
    (ConvBatchNorm, (3, 16, 16)), (Attention, (5, 16)), (Squeezes, (5,))],
    ids=["batch_norm", "multihead_attention", "squeeze_dims"])
def test_core_aten_forms(tmp_path, build, shape, decompose):
    """Eval-mode BatchNorm (_native_batch_norm_legit_no_training after
    run_decompositions), nn.MultiheadAttention and squeeze with a list of
    dims (squeeze.dims) match the module at two batch sizes."""
    model = build().eval()
    path = export(tmp_path, model, (torch.randn(2, *shape),),
                  dynamic_batch(min=2, max=16), decompose)
    onnx_path = compile_pt2(path)
    run_steps(onnx_path, model, [(torch.randn(2, *shape),),
                                 (torch.randn(5, *shape),)])


# --- transformers ---------------------------------------------------------------


# The zoo's text models (utils/transformers_zoo.py, reduced size).
SMALL = zoo.SMALL
Logits = zoo.TextLogits


def bert(transformers):
    return transformers.BertForSequenceClassification(
        zoo.bert_config(transformers, "reduced"))


def llama(transformers):
    return transformers.LlamaForCausalLM(
        zoo.llama_config(transformers, "reduced"))


def gpt2(transformers):
    # Eager attention: run_decompositions of GPT-2's SDPA attention with
    # dynamic batch and sequence fails in PyTorch itself (a view of a
    # transposed tensor).
    return transformers.GPT2LMHeadModel(zoo.gpt2_config(
        transformers, "reduced", attn_implementation="eager"))


def token_inputs(batch, sequence, with_mask):
    ids = torch.randint(0, SMALL["vocab_size"], (batch, sequence))
    if not with_mask:
        return (ids,)
    mask = torch.ones(batch, sequence, dtype=torch.long)
    mask[-1, -(sequence // 3):] = 0
    return (ids, mask)


@pytest.mark.parametrize("decompose", [False, True],
                         ids=["exported", "decomposed"])
@pytest.mark.parametrize("build, with_mask", [(bert, True), (llama, False),
                                              (gpt2, False)],
                         ids=["bert", "llama", "gpt2"])
def test_text_model(tmp_path, build, with_mask, decompose):
    """Dynamic batch and sequence: the inputs keep their names and share
    the two dim_params; the logits match the archive's module at the
    example's size and another."""
    transformers = pytest.importorskip("transformers")
    model = Logits(build(transformers)).eval()
    names = ["input_ids", "attention_mask"] if with_mask else ["input_ids"]
    batch = torch.export.Dim("batch", min=1, max=16)
    sequence = torch.export.Dim("sequence", min=2, max=32)
    dynamic = {name: {0: batch, 1: sequence} for name in names}
    path = export(tmp_path, model, token_inputs(2, 8, with_mask), dynamic,
                  decompose)
    onnx_path = compile_pt2(path)

    inputs, outputs = graph_io(onnx_path)
    assert list(inputs) == names
    dims = inputs["input_ids"]
    assert all(isinstance(d, str) for d in dims) and dims[0] != dims[1]
    assert all(inputs[name] == dims for name in names)
    (logits,) = outputs.values()
    assert logits[0] == dims[0]
    assert logits[-1] == (2 if build is bert else SMALL["vocab_size"])
    assert state_bindings(onnx_path) == {}

    module = torch.export.load(path).module()
    run_steps(onnx_path, module, [token_inputs(2, 8, with_mask),
                                  token_inputs(3, 11, with_mask)], names)


# --- The Python API: an ExportedProgram or a .pt2 path as `model` ------------


def test_python_api_takes_exported_program(tmp_path):
    """torch_onnx.export(program): no args needed (the program carries its
    shapes), verify=True runs the example and a larger batch, and the
    program's buffers are not written."""
    class BatchAverage(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("running_avg", torch.zeros(5))
            self.register_buffer("count", torch.zeros((), dtype=torch.long))

        def forward(self, x):
            self.count += 1
            self.running_avg.mul_(0.9).add_(x.mean(0) * 0.1)
            return x - self.running_avg

    program = torch.export.export(BatchAverage(), (torch.randn(3, 5),),
                                  dynamic_shapes=dynamic_batch(min=2, max=8))
    result = torch_onnx.export(program, f=tmp_path / "model.onnx",
                               verify=True)
    assert result.user_input_names == ["x"]
    assert sorted(s.attribute for s in result.state) == ["count",
                                                        "running_avg"]
    inputs, _ = graph_io(tmp_path / "model.onnx")
    assert isinstance(inputs["x"][0], str) and inputs["x"][1] == 5
    assert not program.state_dict["running_avg"].any()
    assert int(program.state_dict["count"]) == 0


def test_python_api_takes_pt2_path_and_dynamic_axes(tmp_path):
    """A saved .pt2 path compiles like the program; dynamic_axes makes the
    dim that torch.export specialized (an LSTM's sequence) dynamic."""
    lstm = nn.LSTM(10, 20).eval()
    path = export(tmp_path, lstm, (torch.randn(5, 10),))
    result = torch_onnx.export(str(path), f=tmp_path / "lstm.onnx",
                               dynamic_axes={"input": {0: "seq"}},
                               verify=True)
    assert result.user_input_names == ["input"]
    assert graph_io(tmp_path / "lstm.onnx")[0]["input"] == ["seq", 10]
    x = torch.randn(7, 10)
    actual = ort_session(tmp_path / "lstm.onnx").run(None,
                                                     {"input": x.numpy()})
    with torch.no_grad():
        assert_close(actual[0], lstm(x)[0])


def test_python_api_reports_errors_at_the_users_line(tmp_path):
    """An op without a lowering is an ExportError at the Python line that
    called it."""

    class Unsupported(nn.Module):
        def forward(self, x):
            return torch.special.zeta(x, x)  # no ONNX lowering

    program = torch.export.export(Unsupported(), (torch.rand(3) + 1,))
    with pytest.raises(torch_onnx.ExportError) as caught:
        torch_onnx.export(program, f=tmp_path / "model.onnx")
    line = line_of(Unsupported.forward, "special.zeta")
    assert f"test_torch_export.py:{line}" in str(caught.value)
    assert "zeta" in str(caught.value)
    assert not (tmp_path / "model.onnx").exists()
