"""The seed documents' examples, as their users wrote them, with
torch_onnx.export in place of torch.onnx.export; each model is run in
onnxruntime against PyTorch.

Seed 000: stateful submodules (embedding, running average, LSTM).
Seed 001: AlexNet with input_names and verbose=True (a narrow AlexNet
          written here: torchvision is not installed).
Seed 002: basic export, dynamic axes, opset 13.
Seed 003: functools.partial, a parameter, an `if` on a tensor.
"""
import functools
import inspect

import onnx
import pytest
import torch
import torch.nn as nn

import torch_onnx
from conftest import assert_close, copy_module, graph_io, line_of, run_ort
from torch_onnx import StatefulSession

# --- Seed 000: a submodule with extra state ----------------------------------


class EmbeddingSubmodule(nn.Module):
    def __init__(self, embedding_dim, num_embeddings):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim)
        self.state = torch.randn(1, embedding_dim)  # Extra state: Initial embedding

    def forward(self, indices):
        embedded = self.embedding(indices)
        self.state = torch.add(self.state, embedded)  # Modifying the state
        return self.state


class RunningAverageSubmodule(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer('running_avg', torch.zeros(dim))
        self.count = 0

    def forward(self, input):
        self.count += 1
        self.running_avg = (self.running_avg * (self.count - 1) + input) / self.count
        return self.running_avg


class LSTMSubmodule(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size)
        self.hidden = None

    def forward(self, input):
        output, self.hidden = self.lstm(input, self.hidden)
        return output


def embedding_example():
    model = EmbeddingSubmodule(embedding_dim=10, num_embeddings=100)
    dummy_input = torch.randint(0, 100, (1,))
    return model, dummy_input, dict(input_names=['indices'],
                                    output_names=['output'])


def running_average_example():
    model = RunningAverageSubmodule(dim=5)
    dummy_input = torch.randn(5)
    return model, dummy_input, dict(input_names=['input'],
                                    output_names=['output'])


def lstm_example():
    model = LSTMSubmodule(input_size=10, hidden_size=20)
    dummy_input = torch.randn(5, 10)  # Variable sequence length
    model(dummy_input)  # Initialize hidden state
    dynamic_axes = {'input': {0: 'seq_len'}, 'output': {0: 'seq_len'}}
    return model, dummy_input, dict(input_names=['input'],
                                    output_names=['output'],
                                    dynamic_axes=dynamic_axes)


# name: (example, the attributes forward assigns, the state lifted by
# script=True, the inputs of steps 2 and 3)
STATEFUL_SEEDS = {
    "embedding": (embedding_example, ["state"], ["state"],
                  lambda: [torch.tensor([7]), torch.tensor([42])]),
    "running_average": (running_average_example, ["count", "running_avg"],
                        ["count", "running_avg"],
                        lambda: [torch.randn(5), torch.randn(5)]),
    "lstm": (lstm_example, ["hidden"], ["hidden.0", "hidden.1"],
             lambda: [torch.randn(8, 10), torch.randn(3, 10)]),
}


@pytest.mark.parametrize("name", list(STATEFUL_SEEDS))
def test_seed000_traced_as_written(name, in_tmp_path):
    """The example as written traces the module: the export works, the
    model matches the module's first call, and a warning says that the
    trace froze the state that forward assigns."""
    make, assigned, _, _ = STATEFUL_SEEDS[name]
    model, dummy_input, options = make()
    before = copy_module(model)

    result = torch_onnx.export(model, dummy_input, f"{name}.onnx",
                               opset_version=13, **options)

    assert result.state == []
    # Tracing ran forward, but the module is as it was.
    for attribute, value in vars(before).items():
        if isinstance(value, (int, torch.Tensor)):
            assert torch.equal(torch.as_tensor(getattr(model, attribute)),
                               torch.as_tensor(value)), attribute
    for buffer, value in before.named_buffers():
        assert torch.equal(model.get_buffer(buffer), value), buffer
    frozen = [w for w in result.warnings if "forward assigns" in w.message]
    assert len(frozen) == 1, result.warnings
    for attribute in assigned:
        assert attribute in frozen[0].message
    assert frozen[0].location.startswith(inspect.getsourcefile(type(model)))
    (output,) = run_ort(f"{name}.onnx",
                        {options["input_names"][0]: dummy_input})
    with torch.no_grad():
        assert_close(output, before(dummy_input))


@pytest.mark.parametrize("name", list(STATEFUL_SEEDS))
def test_seed000_scripted_state_over_3_steps(name, in_tmp_path):
    """With script=True the state is lifted: StatefulSession feeds it back,
    and three steps match the module in PyTorch, state included."""
    make, _, lifted, later_inputs = STATEFUL_SEEDS[name]
    model, dummy_input, options = make()
    eager = copy_module(model)

    result = torch_onnx.export(model, dummy_input, f"{name}.onnx",
                               opset_version=13, script=True, verify=True,
                               **options)

    assert sorted(s.attribute for s in result.state) == sorted(lifted)
    for binding in result.state:
        assert binding.input == binding.attribute
        assert binding.output == f"{binding.attribute}.out"
    session = StatefulSession(result.path)
    for step_input in [dummy_input] + later_inputs():
        (output,) = session.run(step_input)
        with torch.no_grad():
            assert_close(output, eager(step_input))
        for attribute in lifted:
            value = eager
            for part in attribute.split("."):
                value = value[int(part)] if isinstance(value, tuple) \
                    else getattr(value, part)
            assert_close(session.state[attribute], torch.as_tensor(value))


def test_seed000_lstm_dynamic_seq_len(in_tmp_path):
    """The LSTM example's dynamic_axes make seq_len a dim_param of the input
    and of the output, and the model runs at another length."""
    model, dummy_input, options = lstm_example()
    before = copy_module(model)
    torch_onnx.export(model, dummy_input, "lstm_submodule.onnx",
                      opset_version=13, **options)
    inputs, outputs = graph_io("lstm_submodule.onnx")
    assert inputs["input"] == ["seq_len", 10]
    assert outputs["output"] == ["seq_len", 20]
    longer = torch.randn(9, 10)
    (output,) = run_ort("lstm_submodule.onnx", {"input": longer})
    with torch.no_grad():
        assert_close(output, before(longer))


# --- Seed 001: AlexNet --------------------------------------------------------


class AlexNet(nn.Module):
    """torchvision's AlexNet, with its widths divided by `shrink`."""

    def __init__(self, num_classes=1000, shrink=8):
        super().__init__()
        c = [64 // shrink, 192 // shrink, 384 // shrink, 256 // shrink]
        hidden = 4096 // shrink
        self.features = nn.Sequential(
            nn.Conv2d(3, c[0], kernel_size=11, stride=4, padding=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(c[0], c[1], kernel_size=5, padding=2),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(c[1], c[2], kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(c[2], c[3], kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(c[3], c[3], kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
        )
        self.avgpool = nn.AdaptiveAvgPool2d((6, 6))
        self.classifier = nn.Sequential(
            nn.Dropout(p=0.5),
            nn.Linear(c[3] * 6 * 6, hidden),
            nn.ReLU(inplace=True),
            nn.Dropout(p=0.5),
            nn.Linear(hidden, hidden),
            nn.ReLU(inplace=True),
            nn.Linear(hidden, num_classes),
        )

    def forward(self, x):
        x = self.features(x)
        x = self.avgpool(x)
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x


def test_seed001_alexnet(in_tmp_path, capsys):
    dummy_input = torch.randn(10, 3, 224, 224)
    model = AlexNet()  # in training mode, as torchvision builds it
    input_names = ["actual_input_1"] + ["learned_%d" % i for i in range(16)]
    output_names = ["output1"]

    result = torch_onnx.export(model, dummy_input, "alexnet.onnx",
                               verbose=True, input_names=input_names,
                               output_names=output_names)

    # verbose=True prints the summary.
    assert "alexnet.onnx" in capsys.readouterr().out
    # The sixteen parameter names are ignored, with a remark.
    assert result.input_names == ["actual_input_1"]
    assert any(w.severity == "remark" and "learned_0" in w.message
               for w in result.warnings)
    # Export ran in eval mode (no dropout), and the mode is restored.
    assert model.training and model.classifier[0].training

    onnx_model = onnx.load("alexnet.onnx")
    onnx.checker.check_model(onnx_model)
    assert "actual_input_1" in onnx.helper.printable_graph(onnx_model.graph)
    assert len(onnx_model.graph.node) == result.node_count

    images = torch.randn(10, 3, 224, 224)
    (output,) = run_ort("alexnet.onnx", {"actual_input_1": images})
    with torch.no_grad():
        assert_close(output, model.eval()(images))


# --- Seed 002: saving a model for ONNX conversion -----------------------------


class SmallConvNet(nn.Module):
    """'Assume model is a pre-trained PyTorch model' taking 1x3x224x224."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.BatchNorm2d(8),
            nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1),
            nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.classifier = nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def sequence_model():
    """'A PyTorch model with variable-length input sequences' of width 768."""
    return nn.TransformerEncoder(
        nn.TransformerEncoderLayer(768, 8, 256, batch_first=True), 1)


def test_seed002_basic_export(in_tmp_path):
    model = SmallConvNet().eval()
    dummy_input = torch.randn(1, 3, 224, 224)
    torch_onnx.export(model, dummy_input, "model.onnx", verbose=True,
                      input_names=['input'], output_names=['output'])
    inputs, outputs = graph_io("model.onnx")
    assert inputs == {"input": [1, 3, 224, 224]}
    assert outputs == {"output": [1, 10]}
    (output,) = run_ort("model.onnx", {"input": dummy_input})
    with torch.no_grad():
        assert_close(output, model(dummy_input))


def test_seed002_dynamic_axes(in_tmp_path):
    model = sequence_model().eval()
    dummy_input = torch.randn(1, 10, 768)
    dynamic_axes = {'input': {0: 'batch_size', 1: 'seq_len'},
                    'output': {0: 'batch_size'}}
    result = torch_onnx.export(model, dummy_input, "dynamic_model.onnx",
                               verbose=True, input_names=['input'],
                               output_names=['output'],
                               dynamic_axes=dynamic_axes)
    inputs, outputs = graph_io("dynamic_model.onnx")
    assert inputs["input"] == ["batch_size", "seq_len", 768]
    assert outputs["output"][:2] == ["batch_size", "seq_len"]
    assert not [w for w in result.warnings if "dynamic_axes" in w.message]
    other = torch.randn(2, 7, 768)
    (output,) = run_ort("dynamic_model.onnx", {"input": other})
    with torch.no_grad():
        assert_close(output, model(other))


def test_seed002_opset_13(in_tmp_path):
    model = SmallConvNet().eval()
    dummy_input = torch.randn(1, 3, 224, 224)
    opset_version = 13  # Choose an appropriate opset version
    result = torch_onnx.export(model, dummy_input, "model_opset13.onnx",
                               verbose=True, input_names=['input'],
                               output_names=['output'],
                               opset_version=opset_version)
    assert result.opset == 13
    onnx_model = onnx.load("model_opset13.onnx")
    assert [(o.domain, o.version) for o in onnx_model.opset_import] == \
        [("", 13)]
    (output,) = run_ort("model_opset13.onnx", {"input": dummy_input})
    with torch.no_grad():
        assert_close(output, model(dummy_input))


# --- Seed 003: partial, parameters, conditionals -----------------------------


def scaled_add(tensor, scale):
    return tensor + scale


class BadModule(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.add_partial = functools.partial(scaled_add, scale=self.scale)

    def forward(self, x):
        return self.add_partial(x)


class GoodModule(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(scale))  # Use a Parameter for learnable or constant scale

    def forward(self, x):
        return scaled_add(x, self.scale)


class ConditionalModule(nn.Module):
    def __init__(self, add_val, mult_val):
        super().__init__()
        self.add_val = nn.Parameter(torch.tensor(add_val, dtype=torch.float32))
        self.mult_val = nn.Parameter(torch.tensor(mult_val, dtype=torch.float32))

    def forward(self, x, use_mult):

        if use_mult:
            return x * self.mult_val
        else:
            return x + self.add_val


@pytest.mark.parametrize("make", [lambda: BadModule(2.0),
                                  lambda: GoodModule(2.0)],
                         ids=["partial", "parameter"])
def test_seed003_scaled_add(make, in_tmp_path):
    """Both modules export (the partial is called while tracing) and add
    2 in onnxruntime."""
    model = make()
    dummy_input = torch.randn(1, 3, 224, 224)
    torch_onnx.export(model, dummy_input, "model.onnx", verbose=False)
    (input_name,) = graph_io("model.onnx")[0]
    (output,) = run_ort("model.onnx", {input_name: dummy_input})
    assert_close(output, dummy_input + 2.0)


def test_seed003_conditional_traced_warns(in_tmp_path):
    """Traced as written, each export keeps only the branch its example
    took. The result says so: the tracer's warning, at the `if` line."""
    model = ConditionalModule(add_val=2.0, mult_val=3.0)
    dummy_input = torch.randn(1, 3, 224, 224)
    if_line = line_of(ConditionalModule.forward, "if use_mult:")
    for flag, expected in ((True, dummy_input * 3.0),
                           (False, dummy_input + 2.0)):
        dummy_bool = torch.tensor([flag])
        with pytest.warns(torch.jit.TracerWarning):
            result = torch_onnx.export(
                model, (dummy_input, dummy_bool), "conditional_model.onnx",
                verbose=False, input_names=['input', 'condition'])
        warned = [w for w in result.warnings
                  if "Python boolean" in w.message]
        assert len(warned) == 1
        assert warned[0].location == f"{__file__}:{if_line}"
        assert warned[0].severity == "warning"
        # Whatever the condition, the traced model takes the traced branch.
        for condition in (True, False):
            (output,) = run_ort("conditional_model.onnx", {
                "input": dummy_input, "condition": torch.tensor([condition])})
            assert_close(output, expected)


def test_seed003_conditional_scripted_has_if(in_tmp_path):
    """script=True keeps both branches in an ONNX If."""
    model = ConditionalModule(add_val=2.0, mult_val=3.0)
    dummy_input = torch.randn(1, 3, 224, 224)
    result = torch_onnx.export(
        model, (dummy_input, torch.tensor([True])), "conditional_model.onnx",
        input_names=['input', 'condition'], script=True, verify=True)
    assert not [w for w in result.warnings if w.severity == "warning"]
    onnx_model = onnx.load("conditional_model.onnx")
    assert "If" in [node.op_type for node in onnx_model.graph.node]
    for condition in (True, False):
        (output,) = run_ort("conditional_model.onnx", {
            "input": dummy_input, "condition": torch.tensor([condition])})
        with torch.no_grad():
            assert_close(output, model(dummy_input, torch.tensor([condition])))
