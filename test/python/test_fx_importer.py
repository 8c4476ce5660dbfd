"""IR written by torch-mlir's FX importer through torch-onnx-compile.

Each model is exported with torch.export.export, functionalized or
decomposed to Core ATen with run_decompositions, imported by the FX importer
that iree-base-compiler ships (iree.compiler.extras.fx_importer, pinned in
utils/requirements.txt) into Torch-dialect MLIR (func.func @main, weights as
torch.vtensor.literal), written to tmp_path, compiled by the
torch-onnx-compile binary, and run in onnxruntime against eager PyTorch, at
the example's size and, where an axis is dynamic, at a second size.

The models: small transformers models from configs with random weights, the
seed documents' modules and small modules of the model zoo
(utils/zoo_modules.py). Each case names how it is imported: the decomposition
(run_decompositions({}) only functionalizes, "core" is the default Core ATen
table; torch.export's training IR itself is not functional, and the importer
writes its in-place ops on value tensors) and the import
(import_frozen_program, or import_program, which also freezes the weights
without hooks; import_frozen_program fails on non-persistent buffers, such as
BERT's and Llama's, and on the list of weights of nn.LSTM and nn.GRU).

Cases that torch-onnx-compile cannot compile yet are strict xfails that
expect the compile error they name.
"""
import functools
import os
import subprocess
import sys
from typing import Callable, NamedTuple, Optional

import pytest
import torch
from torch import nn
from torch.export import Dim
from torch.export.graph_signature import OutputKind

from conftest import assert_close, copy_module, graph_io, ort_session
from test_seed_examples import AlexNet
from test_torch_export import (COMPILER, SMALL, bert, flatten, gpt2, llama,
                               token_inputs)
from test_torch_export import Logits as TextLogits

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils"))
import zoo_modules as zoo  # noqa: E402
from transformers_zoo import LastHidden  # noqa: E402
from zoo_image_models import Logits as ImageLogits  # noqa: E402

fx_importer = pytest.importorskip("iree.compiler.extras.fx_importer")


class CompileError(Exception):
    """torch-onnx-compile failed with the error a case expects."""


# --- The models --------------------------------------------------------------
#
# Each builder returns (model, example arguments, dynamic_shapes, further
# arguments to run at other sizes).

BATCH = Dim("batch", min=1, max=16)
SEQUENCE = Dim("sequence", min=2, max=32)


def transformers_module():
    transformers = pytest.importorskip("transformers")
    transformers.logging.set_verbosity_error()
    return transformers


def text_model(build, with_mask):
    def make():
        model = TextLogits(build(transformers_module()))
        names = ["input_ids", "attention_mask"] if with_mask else ["input_ids"]
        dynamic = {name: {0: BATCH, 1: SEQUENCE} for name in names}
        return (model, token_inputs(2, 8, with_mask), dynamic,
                [token_inputs(3, 11, with_mask)])
    return make


def t5_encoder():
    t = transformers_module()
    model = LastHidden(t.T5EncoderModel(t.T5Config(
        vocab_size=SMALL["vocab_size"], d_model=64, d_kv=16, d_ff=128,
        num_layers=2, num_heads=4)))
    dynamic = {"args": ({0: BATCH, 1: SEQUENCE}, {0: BATCH, 1: SEQUENCE})}
    return (model, token_inputs(2, 8, True), dynamic,
            [token_inputs(3, 11, True)])


def whisper_encoder():
    t = transformers_module()
    config = t.WhisperConfig(
        vocab_size=128, d_model=64, encoder_layers=2, decoder_layers=1,
        encoder_attention_heads=4, decoder_attention_heads=4,
        encoder_ffn_dim=128, decoder_ffn_dim=128, num_mel_bins=16,
        max_source_positions=32, pad_token_id=0, bos_token_id=0,
        eos_token_id=0, decoder_start_token_id=0)
    # 16 mel bins by 2 * max_source_positions frames.
    model = LastHidden(t.WhisperModel(config).get_encoder())
    return (model, (torch.randn(2, 16, 64),), {"args": ({0: BATCH},)},
            [(torch.randn(3, 16, 64),)])


def image_model(make_config):
    """A transformers image classifier on 32x32 images, dynamic batch."""
    def make():
        model = ImageLogits(make_config(transformers_module()))
        return (model, (torch.randn(2, 3, 32, 32),),
                {"pixel_values": {0: BATCH}}, [(torch.randn(3, 3, 32, 32),)])
    return make


def vit(t):
    return t.ViTForImageClassification(t.ViTConfig(
        image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2,
        num_attention_heads=4, intermediate_size=128, num_labels=10))


def resnet(t):
    return t.ResNetForImageClassification(t.ResNetConfig(
        embedding_size=16, hidden_sizes=[16, 32, 64, 128],
        depths=[1, 1, 1, 1], layer_type="basic", num_labels=10))


def convnext(t):
    return t.ConvNextForImageClassification(t.ConvNextConfig(
        hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1], num_labels=10))


def batch_dynamic(module, shape, name="x", sizes=(3,)):
    """`module` on a batch of 2 of `shape`, the batch dynamic, and run at
    each of `sizes` too."""
    def make():
        return (module(), (torch.randn(2, *shape),), {name: {0: BATCH}},
                [(torch.randn(size, *shape),) for size in sizes])
    return make


def static(module, *args):
    def make():
        return module(), tuple(a() for a in args), None, []
    return make


def language_model():
    tokens = Dim("tokens", min=2, max=16)
    return (zoo.LanguageModel(), (torch.randint(0, 100, (2, 6)),),
            {"tokens": {0: BATCH, 1: tokens}},
            [(torch.randint(0, 100, (3, 9)),)])


def self_attention():
    return (zoo.SelfAttention(), (torch.randn(2, 5, 16),),
            {"x": {0: BATCH, 1: SEQUENCE}}, [(torch.randn(3, 9, 16),)])


def transformer_encoder():
    return (zoo.encoder("gelu", True), (torch.randn(2, 6, 32),),
            ({0: BATCH, 1: SEQUENCE},), [(torch.randn(3, 9, 32),)])


def tensor_ops():
    dynamic = {"x": {0: BATCH}, "y": {0: BATCH}}
    return (zoo.TensorOps(), (torch.randn(2, 4, 4), torch.randn(2, 4, 4)),
            dynamic, [(torch.randn(3, 4, 4), torch.randn(3, 4, 4))])


def type_promotion():
    length = Dim("length", min=2, max=64)
    return (zoo.TypePromotion(), (torch.randint(0, 10, (6,)), torch.randn(6)),
            {"i": {0: length}, "f": {0: length}},
            [(torch.randint(0, 10, (9,)), torch.randn(9))])


# --- The cases ---------------------------------------------------------------


class Case(NamedTuple):
    build: Callable
    # None: run_decompositions({}); "core": run_decompositions().
    decompose: Optional[str] = None
    importer: str = "frozen"  # or "program"
    symbolic_shapes: bool = False
    # The torch-onnx-compile error that a strict xfail expects.
    error: Optional[str] = None


# What each expected error comes from; empty while every case passes.
CAUSES: dict = {}


CASES = {
    # transformers models with random weights.
    "bert": Case(text_model(bert, True), importer="program"),
    "gpt2": Case(text_model(gpt2, False), "core"),
    "llama": Case(text_model(llama, False), "core", "program"),
    "t5_encoder": Case(t5_encoder),
    "whisper_encoder": Case(whisper_encoder),
    "vit": Case(image_model(vit)),
    "convnext": Case(image_model(convnext)),
    "resnet": Case(image_model(resnet)),
    # The seed documents' modules.
    "seed_alexnet": Case(batch_dynamic(lambda: AlexNet(num_classes=10),
                                       (3, 224, 224))),
    "seed_embedding": Case(static(lambda: zoo.EmbeddingSubmodule(10, 100),
                                  lambda: torch.randint(0, 100, (1,)))),
    # The buffer update is one more output; the frozen import keeps the
    # initial buffer as a constant.
    "seed_running_average": Case(static(
        lambda: zoo.RunningAverageSubmodule(5), lambda: torch.randn(5))),
    "seed_partial": Case(batch_dynamic(lambda: zoo.BadModule(2.0),
                                       (3, 16, 16))),
    "seed_lstm": Case(static(lambda: zoo.LSTMSubmodule(10, 20),
                             lambda: torch.randn(5, 10)),
                      importer="program"),
    # Small modules of the model zoo.
    "small_convnet": Case(batch_dynamic(zoo.SmallConvNet, (3, 32, 32))),
    "conv_ops": Case(batch_dynamic(zoo.ConvOps, (4, 10, 10))),
    "gru": Case(batch_dynamic(zoo.GRUModule, (5, 8)), importer="program"),
    "language_model": Case(language_model),
    "self_attention": Case(self_attention),
    "transformer_encoder": Case(transformer_encoder),
    "tensor_ops": Case(tensor_ops),
    "type_promotion": Case(type_promotion),
    # torch.symbolic_int and torch.bind_symbolic_shape.
    "self_attention_symbolic_shapes": Case(
        self_attention, symbolic_shapes=True),
}


@functools.lru_cache(maxsize=None)
def imported(name):
    """Case `name`'s model, arguments and program, and the MLIR text of the
    program as imported."""
    case = CASES[name]
    torch.manual_seed(0)
    model, args, dynamic, more_args = case.build()
    model.eval()
    program = torch.export.export(model, args, dynamic_shapes=dynamic)
    program = (program.run_decompositions() if case.decompose == "core"
               else program.run_decompositions({}))
    return (model, [args] + more_args, dynamic, program,
            import_text(program, case))


def import_text(program, case):
    importer = fx_importer.FxImporter()
    imported_by = (importer.import_frozen_program if case.importer == "frozen"
                   else importer.import_program)
    imported_by(program,
                import_symbolic_shape_expressions=case.symbolic_shapes)
    return importer.module.operation.get_asm()


def compile_mlir(path, expected_error):
    """torch-onnx-compile PATH; the ONNX path. A failure with
    `expected_error` in its message is a CompileError, any other failure an
    AssertionError."""
    output = path.with_suffix(".onnx")
    run = subprocess.run([str(COMPILER), str(path), "-o", str(output)],
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        errors = [line for line in run.stderr.splitlines() if "error:" in line]
        first = errors[0] if errors else run.stderr
        if expected_error and expected_error in first:
            raise CompileError(first)
        raise AssertionError(run.stderr)
    return output


def expected_outputs(program, model, args):
    """What the imported program returns: the buffers that it mutates (the
    frozen import returns their new values), then the user outputs, in the
    program's order, from a copy of `model` called on `args`."""
    model = copy_module(model)
    with torch.no_grad():
        results = iter(flatten(model(*args)))
    buffers = dict(model.named_buffers())
    expected = []
    for spec in program.graph_signature.output_specs:
        if spec.kind == OutputKind.BUFFER_MUTATION:
            expected.append(buffers[spec.target])
        elif spec.kind == OutputKind.USER_OUTPUT:
            expected.append(next(results))
    assert next(results, None) is None
    return expected


def check(tmp_path, name, expected_error=None):
    model, all_args, dynamic, program, text = imported(name)
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    onnx_path = compile_mlir(path, expected_error)

    inputs, _ = graph_io(onnx_path)
    dims = list(inputs.values())
    example = all_args[0]
    assert len(dims) == len(example)
    # The dynamic dims stay dynamic: another size runs.
    if dynamic is not None:
        assert any(isinstance(d, str) for d in sum(dims, []))
    session = ort_session(onnx_path)
    names = [i.name for i in session.get_inputs()]
    for args in all_args:
        actual = session.run(None, {n: a.numpy() for n, a in zip(names, args)})
        expected = expected_outputs(program, model, args)
        assert len(actual) == len(expected)
        for a, e in zip(actual, expected):
            assert_close(a, e)


def params():
    """A parameter for each case; those with an expected error are strict
    xfails that only that error satisfies."""
    result = []
    for name, case in CASES.items():
        marks = []
        if case.error:
            marks.append(pytest.mark.xfail(
                strict=True, raises=CompileError,
                reason=f"torch-onnx-compile: {case.error}: "
                       f"{CAUSES[case.error]}"))
        result.append(pytest.param(name, id=name, marks=marks))
    return result


@pytest.mark.parametrize("name", params())
def test_fx_importer_ir(tmp_path, name):
    """The FX importer's IR compiles and matches eager PyTorch."""
    check(tmp_path, name, CASES[name].error)
