"""custom_translation_table: PyTorch ops lowered to ONNX functions.

The seed's custom-op examples with torch_onnx.export: a symbolic function
for an aten op (its onnxscript Selu), and a C++ op exported as
custom_domain::Foo with two attributes; and a torch.library custom op.
"""
import onnx
import onnxscript
import pytest
import torch
from onnx import helper
from onnxscript.onnx_opset import opset15, opset17

import torch_onnx
from torch_onnx import ExportError, _C
from torch_onnx._custom_ops import lower_translation_table

from conftest import assert_close, run_ort

needs_custom_ops = pytest.mark.skipif(
    "custom_ops" not in (_C.compile.__doc__ or ""),
    reason="this build of torch_onnx._C has no custom_ops argument")


# --- Ops and functions ------------------------------------------------------------

@torch.library.custom_op("mylib::foo", mutates_args=())
def foo(x: torch.Tensor, y: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    return x * alpha + y


@foo.register_fake
def _(x, y, alpha=1.0):
    return torch.empty_like(x)


@torch.library.custom_op("mylib::foo_forward", mutates_args=())
def foo_forward(input1: torch.Tensor, input2: torch.Tensor, attr1: float,
                attr2: int) -> torch.Tensor:
    return input1 * attr1 + input2 * attr2


@foo_forward.register_fake
def _(input1, input2, attr1, attr2):
    return torch.empty_like(input1)


mylib = onnxscript.values.Opset(domain="mylib", version=1)


@onnxscript.script(mylib)
def Foo(x, y, alpha: float = 1.0):
    return opset17.Add(opset17.Mul(x, opset17.CastLike(alpha, x)), y)


@onnxscript.script(mylib)
def ScaledElu(x, alpha: float):
    # Elu written by hand: alpha * (exp(x) - 1) below zero.
    zero = opset17.CastLike(0, x)
    one = opset17.CastLike(1, x)
    negative = opset17.Mul(opset17.CastLike(alpha, x),
                           opset17.Sub(opset17.Exp(x), one))
    return opset17.Where(opset17.Less(x, zero), negative, x)


# The seed's symbolic function for aten::selu, as it wrote it.
custom_opset = onnxscript.values.Opset(domain="onnx-script", version=1)


@onnxscript.script(custom_opset)
def Selu(X):
    alpha = 1.67326  # auto wrapped as Constants
    gamma = 1.0507
    alphaX = opset15.CastLike(alpha, X)
    gammaX = opset15.CastLike(gamma, X)
    neg = gammaX * (alphaX * opset15.Exp(X) - alphaX)
    pos = gammaX * X
    zero = opset15.CastLike(0, X)
    return opset15.Where(X <= zero, neg, pos)


def foo_function_proto():
    """custom_domain::Foo(input1, input2) with attributes attr1 (float) and
    attr2 (int): input1 * attr1 + input2 * attr2, built with onnx.helper."""
    def constant(output, attribute, kind):
        node = helper.make_node("Constant", [], [output])
        reference = helper.make_attribute_ref(
            "value_float" if kind == onnx.AttributeProto.FLOAT
            else "value_int", kind)
        reference.ref_attr_name = attribute
        node.attribute.append(reference)
        return node

    nodes = [
        constant("a1", "attr1", onnx.AttributeProto.FLOAT),
        constant("a2", "attr2", onnx.AttributeProto.INT),
        helper.make_node("CastLike", ["a1", "input1"], ["s1"]),
        helper.make_node("CastLike", ["a2", "input2"], ["s2"]),
        helper.make_node("Mul", ["input1", "s1"], ["p1"]),
        helper.make_node("Mul", ["input2", "s2"], ["p2"]),
        helper.make_node("Add", ["p1", "p2"], ["output"]),
    ]
    return helper.make_function(
        "custom_domain", "Foo", ["input1", "input2"], ["output"], nodes,
        [helper.make_opsetid("", 17)], attributes=["attr1", "attr2"])


class FooModule(torch.nn.Module):
    def forward(self, x, y):
        return torch.ops.mylib.foo(x, y, 2.5) + 1


class FooModel(torch.nn.Module):
    """The seed's FooModel, calling its op from torch.ops.mylib."""

    def __init__(self, attr1, attr2):
        super().__init__()
        self.attr1 = attr1
        self.attr2 = attr2

    def forward(self, input1, input2):
        # Calling custom op
        return torch.ops.mylib.foo_forward(input1, input2, self.attr1,
                                           self.attr2)


def custom_nodes(model, domain):
    return [n for n in model.graph.node if n.domain == domain]


def attributes(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


# --- The trace ---------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_trace_shows_the_custom_op():
    graph = torch.jit.trace(FooModule(), (torch.ones(2, 3),
                                          torch.ones(2, 3))).graph
    assert "mylib::foo" in [n.kind() for n in graph.nodes()]


# --- End to end ----------------------------------------------------------------------

@needs_custom_ops
@pytest.mark.parametrize("key", [
    torch.ops.mylib.foo.default, torch.ops.mylib.foo, "mylib::foo",
    "mylib::foo.default"], ids=["overload", "packet", "name", "name.default"])
def test_torch_library_op(tmp_path, key):
    x, y = torch.randn(2, 3), torch.randn(2, 3)
    path = tmp_path / "foo.onnx"
    torch_onnx.export(FooModule(), (x, y), path, input_names=["x", "y"],
                      custom_translation_table={key: Foo})
    model = onnx.load(path)
    (node,) = custom_nodes(model, "mylib")
    assert node.op_type == "Foo"
    assert attributes(node) == {"alpha": 2.5}
    assert [(f.domain, f.name) for f in model.functions] == [("mylib", "Foo")]
    assert ("mylib", 1) in [(o.domain, o.version) for o in model.opset_import]
    (actual,) = run_ort(path, {"x": x, "y": y})
    assert_close(actual, FooModule()(x, y))


@needs_custom_ops
def test_torch_library_op_verified_in_memory():
    x, y = torch.randn(2, 3), torch.randn(2, 3)
    result = torch_onnx.export(FooModule(), (x, y), None, verify=True,
                               custom_translation_table={"mylib::foo": Foo})
    (node,) = custom_nodes(result.model, "mylib")
    assert node.op_type == "Foo"


@needs_custom_ops
def test_override_of_a_lowered_aten_op(tmp_path):
    """aten::elu has a lowering of its own (ONNX Elu); the table's function
    replaces it and gets elu's alpha as its attribute."""
    model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ELU(0.5))
    x = torch.randn(3, 4)
    path = tmp_path / "elu.onnx"
    torch_onnx.export(model, (x,), path, input_names=["x"],
                      custom_translation_table={
                          torch.ops.aten.elu.default: ScaledElu})
    onnx_model = onnx.load(path)
    assert "Elu" not in [n.op_type for n in onnx_model.graph.node]
    (node,) = custom_nodes(onnx_model, "mylib")
    assert node.op_type == "ScaledElu"
    assert attributes(node) == {"alpha": 0.5}
    (actual,) = run_ort(path, {"x": x})
    assert_close(actual, model(x))


@needs_custom_ops
def test_seed_symbolic_selu(in_tmp_path):
    """The seed's onnxscript Selu, registered there for aten::selu with
    torch.onnx.register_custom_op_symbolic at opset 15."""
    opset_version = 15
    x = torch.randn(1, 2, 3, 4, requires_grad=True)
    model = torch.nn.SELU()
    torch_onnx.export(model, x, "model.onnx", opset_version=opset_version,
                      input_names=["x"],
                      custom_translation_table={"aten::selu": Selu})
    onnx_model = onnx.load("model.onnx")
    (node,) = custom_nodes(onnx_model, "onnx-script")
    assert node.op_type == "Selu"
    assert [f.name for f in onnx_model.functions] == ["Selu"]
    (actual,) = run_ort("model.onnx", {"x": x})
    assert_close(actual, model(x))


@needs_custom_ops
def test_seed_custom_domain_foo(in_tmp_path):
    """The seed's custom_domain::Foo, with attr1 (float) and attr2 (int) as
    attributes, from a FunctionProto built with onnx.helper."""
    attr1, attr2 = 0.75, 3
    model = FooModel(attr1, attr2)
    example_input1 = torch.randn(2, 5)
    example_input2 = torch.randn(2, 5)
    torch_onnx.export(
        model, (example_input1, example_input2), "model.onnx",
        input_names=["input1", "input2"],
        custom_translation_table={
            torch.ops.mylib.foo_forward.default: foo_function_proto()})
    onnx_model = onnx.load("model.onnx")
    (node,) = custom_nodes(onnx_model, "custom_domain")
    assert node.op_type == "Foo"
    values = attributes(node)
    assert values == {"attr1": attr1, "attr2": attr2}
    assert [a.type for a in node.attribute] == [
        onnx.AttributeProto.FLOAT, onnx.AttributeProto.INT]
    (actual,) = run_ort("model.onnx", {"input1": example_input1,
                                       "input2": example_input2})
    assert_close(actual, model(example_input1, example_input2))


def test_int_argument_for_float_attribute(tmp_path):
    """An int constant (ELU's alpha=2) reaches a float attribute as a
    float: onnxruntime refuses an INT where the function declares FLOAT."""
    model = torch.nn.ELU(alpha=2).eval()
    x = torch.randn(2, 3)
    path = tmp_path / "elu.onnx"
    torch_onnx.export(model, (x,), path, verify=True,
                      custom_translation_table={
                          torch.ops.aten.elu.default: ScaledElu})
    (node,) = custom_nodes(onnx.load(path), "mylib")
    assert [a.type for a in node.attribute] == [onnx.AttributeProto.FLOAT]
    (actual,) = run_ort(path, {"input": x})
    assert_close(actual, model(x))


# --- What the compiler gets ----------------------------------------------------------

def test_entries_name_each_schema_argument():
    lowered = lower_translation_table({
        "mylib::foo": Foo,
        torch.ops.mylib.foo_forward.default: foo_function_proto(),
        torch.ops.aten.add.Tensor: Foo}, 17)
    # Single overloads first: the compiler takes the first match, and a bare
    # name matches every overload.
    assert lowered.custom_ops == [
        "aten::add.Tensor=mylib::Foo(,,alpha:float)",
        "mylib::foo=mylib::Foo(,,alpha:float)",
        "mylib::foo_forward=custom_domain::Foo(,,attr1,attr2)",
    ]
    functions = [onnx.FunctionProto.FromString(b)
                 for b in lowered.local_functions]
    assert [(f.domain, f.name) for f in functions] == [
        ("mylib", "Foo"), ("custom_domain", "Foo")]


def test_packet_maps_the_overloads_that_fit():
    # aten::add.Tensor and .Scalar take 2 tensors and 1; Foo has 2 inputs.
    lowered = lower_translation_table({torch.ops.aten.add: Foo}, 17)
    assert "aten::add.Tensor=mylib::Foo(,,alpha:float)" in lowered.custom_ops
    assert not any(e.startswith("aten::add.Scalar=")
                   for e in lowered.custom_ops)


def test_called_onnxscript_functions_come_along():
    @onnxscript.script(mylib)
    def Inner(x):
        return opset17.Relu(x)

    @onnxscript.script(mylib)
    def Outer(x, y):
        return Inner(opset17.Add(x, y))

    lowered = lower_translation_table({"mylib::foo": Outer}, 17)
    names = [onnx.FunctionProto.FromString(b).name
             for b in lowered.local_functions]
    assert sorted(names) == ["Inner", "Outer"]


# --- Errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("table, message", [
    ({"mylib::foo": lambda g, x, y: x},
     r"custom_translation_table\['mylib::foo'\] must be an onnxscript "
     r"function .* not function"),
    ({"mylib::foo": "Foo"}, "must be an onnxscript function .* not str"),
    ({"mylib::foo": [Foo, Foo]}, "a list of functions .* not supported"),
    ({torch.ops.mylib.foo.default: Selu},
     r"Selu has 1 input\(s\), but mylib::foo.default takes 2 tensor\(s\)"),
    ({"mylib::no_such_op": Foo}, "PyTorch has no op 'mylib::no_such_op'"),
    ({"mylib::foo.Tensor": Foo}, "has no overload 'Tensor'"),
    ({"foo": Foo}, "not an op name"),
    ({"mylib::foo": Foo, torch.ops.mylib.foo.default: Foo}, "mapped twice"),
    ([(torch.ops.mylib.foo, Foo)], "must be a dict"),
], ids=["callable", "str", "list", "input-count", "unknown-op",
        "unknown-overload", "bad-name", "twice", "not-a-dict"])
def test_bad_tables(tmp_path, table, message):
    x, y = torch.randn(2, 3), torch.randn(2, 3)
    with pytest.raises(ExportError, match=message):
        torch_onnx.export(FooModule(), (x, y), tmp_path / "never.onnx",
                          custom_translation_table=table)
    assert not (tmp_path / "never.onnx").exists()


def test_required_attribute_without_argument():
    @onnxscript.script(mylib)
    def NeedsBeta(x, y, beta: float):
        return opset17.Add(x, opset17.Mul(y, opset17.CastLike(beta, y)))

    with pytest.raises(ExportError, match="needs the attribute 'beta'"):
        lower_translation_table({"mylib::foo": NeedsBeta}, 17)


def test_function_opset_must_fit_the_model():
    """The seed's Selu uses opset 15's LessOrEqual, which opset 16 changed:
    at opset 17, the ONNX checker would reject the model."""
    with pytest.raises(ExportError,
                       match="written for ONNX opset 15.*LessOrEqual"):
        lower_translation_table({"aten::selu": Selu}, 17)
    lower_translation_table({"aten::selu": Selu}, 15)


def test_function_in_default_domain():
    function = foo_function_proto()
    function.domain = ""
    with pytest.raises(ExportError, match="default ONNX domain"):
        lower_translation_table({"mylib::foo_forward": function}, 17)
