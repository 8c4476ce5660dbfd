"""The lowerings that the OpInfo suite's "dynamo's ops" row asked for:
random distributions (normal, randint_like, multinomial, dropout in
training mode), addr, bilinear, logdet, angle, special.erfcx,
diagonal_copy, grid_sampler_2d, nonzero(as_tuple=True), linspace between
tensors, bincount, histc, and the running statistics that native_batch_norm
and instance_norm update, antialiased bilinear upsampling, stft,
unique_consecutive and attention with dropout. Each runs in onnxruntime against PyTorch: by value
where the op is deterministic, by the distribution's properties where it
draws random numbers. Then PyTorch's own OpInfo samples of the ops."""
import math
import os
import subprocess
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch import nn

import torch_onnx
from conftest import Fn, assert_close, ort_session, run_ort

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils"))
import opinfo_suite  # noqa: E402


def export_and_run(tmp_path, fn, args):
    """The outputs of `fn` on `args`, exported and run in onnxruntime."""
    path = tmp_path / "model.onnx"
    result = torch_onnx.export(Fn(fn), args, path)
    return run_ort(path, dict(zip(result.input_names, args)))


def check(tmp_path, fn, *args):
    """`fn` on `args` in onnxruntime equals PyTorch, its NaNs and infinities
    at the same places."""
    actual = export_and_run(tmp_path, fn, args)
    expected = fn(*args)
    if isinstance(expected, torch.Tensor):
        expected = (expected,)
    assert len(actual) == len(expected)
    for got, want in zip(actual, expected):
        want = want.detach().numpy()
        assert got.dtype == want.dtype, (got.dtype, want.dtype)
        assert got.shape == want.shape, (got.shape, want.shape)
        if np.issubdtype(want.dtype, np.floating):
            finite = np.isfinite(want)
            np.testing.assert_array_equal(got[~finite], want[~finite])
            got, want = got[finite], want[finite]
        assert_close(got, want)


#===----------------------------------------------------------------------===#
# Deterministic ops, by value
#===----------------------------------------------------------------------===#

def test_addr(tmp_path):
    check(tmp_path, lambda s, a, b: torch.addr(s, a, b, beta=0.6, alpha=0.2),
          torch.randn(5, 10), torch.randn(5), torch.randn(10))
    # beta 0 ignores self, NaNs included.
    check(tmp_path, lambda s, a, b: torch.addr(s, a, b, beta=0),
          torch.full((5, 10), math.nan), torch.randn(5), torch.randn(10))
    check(tmp_path, lambda s, a, b: torch.addr(s, a, b, beta=2, alpha=3),
          torch.randint(-5, 5, (3, 4)), torch.randint(-5, 5, (3,)),
          torch.randint(-5, 5, (4,)))


@pytest.mark.parametrize("lead", [(), (0,), (8,), (2, 3)],
                         ids=["unbatched", "empty", "batch", "two_dims"])
def test_bilinear(tmp_path, lead):
    weight, bias = torch.randn(5, 3, 4), torch.randn(5)
    check(tmp_path, lambda a, b: F.bilinear(a, b, weight, bias),
          torch.randn(*lead, 3), torch.randn(*lead, 4))
    check(tmp_path, lambda a, b: F.bilinear(a, b, weight),
          torch.randn(*lead, 3), torch.randn(*lead, 4))


def test_logdet(tmp_path):
    # Positive, negative (NaN) and zero (-inf) determinants, and empty
    # matrices (0).
    positive = torch.randn(4, 4)
    positive = positive @ positive.T + torch.eye(4)
    negative = torch.diag(torch.tensor([-1.0, 2.0, 3.0]))
    singular = torch.zeros(3, 3)
    check(tmp_path, torch.logdet, positive)
    check(tmp_path, torch.logdet, torch.stack([negative, singular,
                                               torch.eye(3)]))
    check(tmp_path, torch.logdet, torch.zeros(0, 0))


def test_angle(tmp_path):
    x = torch.tensor([-2.0, -0.0, 0.0, 3.0, math.nan, -math.inf, math.inf])
    check(tmp_path, torch.angle, x)
    check(tmp_path, torch.angle, torch.tensor([-3, 0, 4]))


def test_special_erfcx(tmp_path):
    x = torch.cat([torch.linspace(-9, 30, 400),
                   torch.tensor([1.999, 2.0, 2.001, 1e4, 1e20, math.inf,
                                 -math.inf, math.nan])])
    actual = export_and_run(tmp_path, torch.special.erfcx, (x,))[0]
    expected = torch.special.erfcx(x.double()).float().numpy()
    finite = np.isfinite(expected)
    np.testing.assert_array_equal(np.isnan(actual), np.isnan(expected))
    np.testing.assert_array_equal(actual[~finite & ~np.isnan(expected)],
                                  expected[~finite & ~np.isnan(expected)])
    np.testing.assert_allclose(actual[finite], expected[finite], rtol=2e-4)


@pytest.mark.parametrize("offset", [0, 2, -1, 7])
def test_diagonal_copy(tmp_path, offset):
    check(tmp_path, lambda x: torch.diagonal_copy(x, offset, 1, 2),
          torch.randn(2, 5, 4))


@pytest.mark.parametrize("mode", [0, 1, 2], ids=["bilinear", "nearest",
                                                 "bicubic"])
@pytest.mark.parametrize("padding", [0, 1, 2], ids=["zeros", "border",
                                                    "reflection"])
@pytest.mark.parametrize("align", [False, True], ids=["", "align"])
def test_grid_sampler_2d(tmp_path, mode, padding, align):
    x = torch.randn(2, 3, 5, 7)
    grid = torch.rand(2, 4, 6, 2) * 2.4 - 1.2
    check(tmp_path, lambda x, g: torch.grid_sampler_2d(x, g, mode, padding,
                                                       align), x, grid)


@pytest.mark.parametrize("shape", [(), (5,), (3, 4)])
def test_nonzero_as_tuple(tmp_path, shape):
    x = (torch.randn(shape) > 0).float() if shape else torch.tensor(1.0)
    check(tmp_path, lambda x: torch.nonzero(x, as_tuple=True), x)


@pytest.mark.parametrize("steps", [0, 1, 2, 7, 10])
def test_linspace_between_tensors(tmp_path, steps):
    start, end = torch.tensor(-1.5), torch.tensor(4)
    check(tmp_path, lambda a, b: torch.linspace(a, b, steps), start, end)
    check(tmp_path, lambda a: torch.linspace(a, 2.5, steps), start)
    check(tmp_path, lambda b: torch.linspace(-2, b, steps), end)


def test_bincount(tmp_path):
    x = torch.tensor([0, 3, 3, 1, 7])
    check(tmp_path, torch.bincount, x)
    check(tmp_path, lambda x: torch.bincount(x, minlength=12), x)
    check(tmp_path, lambda x, w: torch.bincount(x, w), x,
          torch.tensor([0.5, 1.0, 2.0, -1.0, 3.0]))


def test_histc(tmp_path):
    x = torch.tensor([[-1.0, 0.0, 2.5, 9.99], [10.0, 10.5, 4.0, math.nan]])
    for bins in (1, 3, 100):
        check(tmp_path, lambda x: torch.histc(x, bins, 0, 10), x)
    # min == max: the input's range; one value: widened by 1 each way.
    check(tmp_path, lambda x: torch.histc(x, 4), torch.randn(20))
    check(tmp_path, lambda x: torch.histc(x, 4), torch.tensor(3.0))


@pytest.mark.parametrize("size,scale,align", [
    ((3, 5), None, False), (None, (1.7, 0.9), False), ((4, 7), None, True),
    ((13, 31), None, False)])
def test_antialiased_bilinear(tmp_path, size, scale, align):
    check(tmp_path, lambda x: F.interpolate(
        x, size=size, scale_factor=scale, mode="bilinear",
        align_corners=align, antialias=True), torch.randn(2, 3, 10, 20))


@pytest.mark.parametrize("mode,shape,size,scale,align", [
    ("bicubic", (2, 3, 5, 6), (7, 4), None, False),
    ("bicubic", (2, 3, 5, 6), None, (1.5, 2.0), True),
    ("bicubic", (1, 2, 4, 4), (1, 3), None, False),
    ("trilinear", (1, 2, 3, 4, 5), (5, 4, 9), None, False),
    ("trilinear", (1, 2, 3, 4, 5), None, 2.0, True),
    ("nearest", (1, 2, 3, 4, 5), (5, 2, 7), None, None),
    ("nearest-exact", (2, 3, 7), (12,), None, None),
    ("nearest-exact", (2, 3, 5, 6), None, (1.7, 0.6), None),
    ("nearest-exact", (1, 2, 3, 4, 5), (4, 4, 4), None, None),
], ids=["bicubic", "bicubic_corners_scale", "bicubic_to_one", "trilinear",
        "trilinear_corners_scale", "nearest3d", "nearest_exact1d",
        "nearest_exact2d_scale", "nearest_exact3d"])
def test_upsample_modes(tmp_path, mode, shape, size, scale, align):
    """The modes that PyTorch has no generated op for here, each sampled
    at PyTorch's source indices."""
    check(tmp_path, lambda x: F.interpolate(
        x, size=size, scale_factor=scale, mode=mode, align_corners=align),
        torch.randn(*shape))


@pytest.mark.parametrize("self_shape,index", [
    ((5, 5), [[0, 4]]), ((1, 5), [[1, 0]] * 5), ((3, 1, 4), [[[0], [2]]])],
    ids=["index_rows_broadcast", "self_rows_broadcast", "both"])
def test_take_along_dim_broadcasts(tmp_path, self_shape, index):
    """self and the indices broadcast in the dims other than dim."""
    index = torch.tensor(index)
    check(tmp_path, lambda x: torch.take_along_dim(x, index, dim=-1),
          torch.randn(*self_shape))


@pytest.mark.parametrize("window", [None, "hann", "short"])
@pytest.mark.parametrize("batched", [False, True], ids=["1d", "batch"])
def test_stft(tmp_path, window, batched):
    x = torch.randn(2, 100) if batched else torch.randn(100)
    windows = {None: None, "hann": torch.hann_window(16),
               "short": torch.hann_window(10)}
    length = 10 if window == "short" else None

    def fn(x):
        return torch.stft(x, 16, hop_length=3, win_length=length,
                          window=windows[window], center=False,
                          normalized=window == "hann",
                          onesided=window != "short", return_complex=False)

    check(tmp_path, fn, x)


@pytest.mark.parametrize("x", [
    torch.tensor([1.0, 1.0, 2.0, math.nan, math.nan, 2.0, 2.0, 3.0]),
    torch.tensor([[4, 4, 1], [1, 1, 4]]), torch.tensor(5.0),
    torch.zeros(0)], ids=["nan", "2d", "0d", "empty"])
def test_unique_consecutive(tmp_path, x):
    check(tmp_path, lambda x: torch.unique_consecutive(
        x, return_inverse=True, return_counts=True), x)
    check(tmp_path, torch.unique_consecutive, x)


def test_batch_norm_running_stats(tmp_path):
    """native_batch_norm in training mode and instance_norm with input
    statistics normalize with the input's statistics; the running statistics
    they update (forward's arguments here) do not change their output."""
    x = torch.randn(4, 3, 5)

    def native(x, mean, var):
        return torch.native_batch_norm(x, None, None, mean, var, True, 0.5,
                                       1e-5)

    def instance(x, mean, var):
        return F.instance_norm(x, mean, var, momentum=0.5)

    for fn in (native, instance):
        args = (x, torch.zeros(3), torch.ones(3))
        actual = export_and_run(tmp_path, fn, args)
        expected = fn(x, torch.zeros(3), torch.ones(3))
        if isinstance(expected, torch.Tensor):
            expected = (expected,)
        for got, want in zip(actual, expected):
            assert_close(got, want)


class RunningStats(nn.Module):
    """instance_norm whose running statistics are buffers, which the
    export lifts into state."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(3))
        self.register_buffer("var", torch.ones(3))

    def forward(self, x):
        return F.instance_norm(x, self.mean, self.var, momentum=0.25)


def test_instance_norm_updates_running_stats(tmp_path):
    x = torch.randn(4, 3, 5)
    model = RunningStats()
    path = tmp_path / "model.onnx"
    result = torch_onnx.export(model, (x,), path)
    feeds = {name: value for name, value in zip(
        result.input_names, (x, model.mean.clone(), model.var.clone()))}
    outputs = run_ort(path, feeds)
    expected = model(x)
    assert_close(outputs[0], expected)
    assert_close(outputs[1], model.mean)
    assert_close(outputs[2], model.var)


#===----------------------------------------------------------------------===#
# Random ops, by their distributions
#===----------------------------------------------------------------------===#

def test_normal(tmp_path):
    mean = torch.full((200, 100), 3.0)
    std = torch.full((100,), 0.5)
    (a,) = export_and_run(tmp_path, lambda m, s: torch.normal(m, s),
                          (mean, std))
    assert a.shape == (200, 100) and a.dtype == np.float32
    assert abs(a.mean() - 3.0) < 0.02 and abs(a.std() - 0.5) < 0.02
    (b,) = export_and_run(tmp_path, lambda m: torch.normal(m, 2.0), (mean,))
    assert abs(b.mean() - 3.0) < 0.05 and abs(b.std() - 2.0) < 0.05
    (c,) = export_and_run(tmp_path, lambda s: torch.normal(-1.0, s), (std,))
    assert c.shape == (100,)
    (d,) = export_and_run(
        tmp_path, lambda x: x + torch.normal(1.5, 0.25, (300, 100)),
        (torch.zeros(()),))
    assert d.shape == (300, 100)
    assert abs(d.mean() - 1.5) < 0.01 and abs(d.std() - 0.25) < 0.01
    (e,) = export_and_run(tmp_path, lambda x: x.clone().normal_(-2.0, 0.5),
                          (torch.zeros(300, 100),))
    assert abs(e.mean() + 2.0) < 0.01 and abs(e.std() - 0.5) < 0.01


def test_randint_like(tmp_path):
    x = torch.zeros(100, 100)
    (a,) = export_and_run(tmp_path, lambda x: torch.randint_like(x, 10), (x,))
    assert a.dtype == np.float32 and a.shape == (100, 100)
    assert set(np.unique(a)) == set(range(10))
    (b,) = export_and_run(
        tmp_path, lambda x: torch.randint_like(x, 2, 5, dtype=torch.int64),
        (x,))
    assert b.dtype == np.int64 and set(np.unique(b)) == {2, 3, 4}


@pytest.mark.parametrize("replacement", [False, True],
                         ids=["without", "with"])
def test_multinomial(tmp_path, replacement):
    p = torch.tensor([[0.0, 1.0, 2.0, 3.0, 4.0]] * 2000)
    (a,) = export_and_run(
        tmp_path, lambda p: torch.multinomial(p, 3, replacement), (p,))
    assert a.dtype == np.int64 and a.shape == (2000, 3)
    assert (a != 0).all() and (a < 5).all()
    if not replacement:
        assert all(len(set(row)) == 3 for row in a.tolist())
    # The first draw follows the probabilities.
    counts = np.bincount(a[:, 0], minlength=5) / 2000
    np.testing.assert_allclose(counts, [0, 0.1, 0.2, 0.3, 0.4], atol=0.04)
    (b,) = export_and_run(
        tmp_path, lambda p: torch.multinomial(p, 2, replacement),
        (torch.tensor([1.0, 0.0, 1.0]),))
    assert b.shape == (2,) and set(b.tolist()) <= {0, 2}


@pytest.mark.parametrize("p", [0.0, 0.3, 1.0])
def test_dropout_training(tmp_path, p):
    x = torch.rand(200, 100) + 1
    (a,) = export_and_run(
        tmp_path, lambda x: F.dropout(x, p, training=True), (x,))
    x = x.numpy()
    kept = a != 0
    if p < 1:
        np.testing.assert_allclose(a[kept], x[kept] / (1 - p), rtol=1e-6)
    assert abs((~kept).mean() - p) < 0.02


def test_attention_dropout(tmp_path):
    q, k = torch.randn(8, 16, 4), torch.randn(8, 32, 4)
    v = torch.ones(8, 32, 4)
    (a,) = export_and_run(
        tmp_path, lambda q, k, v: F.scaled_dot_product_attention(
            q, k, v, dropout_p=0.25), (q, k, v))
    # Each output is the sum of the kept weights, scaled by 1 / (1 - p).
    assert a.shape == (8, 16, 4)
    assert abs(a.mean() - 1.0) < 0.1 and a.std() > 0.05


#===----------------------------------------------------------------------===#
# PyTorch's OpInfo samples
#===----------------------------------------------------------------------===#

OPINFO_KEYS = [
    "_upsample_bilinear2d_aa", "addr", "angle", "bincount", "diagonal_copy",
    "grid_sampler_2d", "histc", "linspace.tensor_overload", "logdet", "multinomial",
    "native_batch_norm", "_native_batch_norm_legit",
    "nn.functional.bilinear", "nn.functional.dropout",
    "nn.functional.instance_norm", "nonzero", "normal", "normal.in_place",
    "normal.number_mean", "randint_like",
    "nn.functional.scaled_dot_product_attention", "special.erfcx", "stft",
    "unique_consecutive"
]


#===----------------------------------------------------------------------===#
# Saved archives, whose graphs carry no dtypes
#===----------------------------------------------------------------------===#

# A saved TorchScript archive has no types but the ones --input-shape gives;
# these ops have no hand-written dtype rule, so their result dtypes come
# from the rules learned from PyTorch's OpInfo samples. Random ops are
# compared by shape and dtype.
SAVED_CASES = {
    "addr": (lambda s, a, b: torch.addr(s, a, b, beta=0.5),
             lambda: (torch.randn(5, 10), torch.randn(5), torch.randn(10))),
    "logdet": (torch.logdet, lambda: (torch.randn(3, 3) + 3 * torch.eye(3),)),
    "histc": (lambda x: torch.histc(x, bins=4, min=-1, max=1),
              lambda: (torch.randn(10),)),
    "angle": (torch.angle, lambda: (torch.randn(5),)),
    "special_erfcx": (torch.special.erfcx, lambda: (torch.randn(5),)),
    "grid_sampler_2d": (
        lambda x, g: F.grid_sample(x, g, align_corners=False),
        lambda: (torch.randn(1, 2, 4, 4), torch.rand(1, 3, 3, 2) * 2 - 1)),
    "normal": (lambda m: torch.normal(m, 1.0), lambda: (torch.randn(4, 3),)),
    "randint_like": (lambda x: torch.randint_like(x, 10),
                     lambda: (torch.randn(2, 3),)),
}


@pytest.mark.parametrize("name", sorted(SAVED_CASES))
def test_saved_archive(tmp_path, name):
    from test_torch_export import COMPILER
    fn, make_args = SAVED_CASES[name]
    args = make_args()
    path = tmp_path / "model.pt"
    torch.jit.save(torch.jit.trace(Fn(fn), args, check_trace=False), path)
    shapes = []
    for arg in args:
        dims = "x".join(map(str, arg.shape))
        shapes += ["--input-shape", (dims + "x" if dims else "") + "f32"]
    output = tmp_path / "model.onnx"
    run = subprocess.run([str(COMPILER), str(path), "-o", str(output),
                          *shapes], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    session_inputs = [i.name for i in ort_session(output).get_inputs()]
    actual = run_ort(output, dict(zip(session_inputs, args)))
    expected = fn(*args)
    assert len(actual) == 1
    want = expected.numpy()
    assert actual[0].dtype == want.dtype and actual[0].shape == want.shape
    if name not in ("normal", "randint_like"):
        assert_close(actual[0], want)


@pytest.fixture(scope="module")
def opinfos():
    return {opinfo_suite.op_key(o): o for o in opinfo_suite.load_op_db()}


@pytest.mark.parametrize("key", OPINFO_KEYS)
def test_opinfo_samples(key, opinfos, tmp_path):
    opinfo = opinfos[key]
    cases, skipped = opinfo_suite.make_cases(
        opinfo, opinfo_suite.aten_name(opinfo), 3)
    assert cases, f"no usable sample (skipped: {skipped})"
    failures = []
    for case in cases:
        result, detail, _ = opinfo_suite.attempt("ours", case, str(tmp_path),
                                                 60)
        if result != "pass":
            failures.append(f"sample {case.index} ({case.description}): "
                            f"{result}" + (f"; {detail}" if detail else ""))
    assert not failures, "\n".join(failures)
