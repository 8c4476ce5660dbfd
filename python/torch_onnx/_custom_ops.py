"""custom_translation_table: PyTorch ops to ONNX functions.

torch_onnx.export(..., custom_translation_table={op: function}) replaces
each call of `op` by one node that calls `function`, an onnxscript function
or an onnx.FunctionProto, which the model carries as a model-local function.
This module turns the table into what the compiler takes:

- `custom_ops`: one "<op>=<domain>::<name>(<attr0>,<attr1>,...)" entry per
  op (or op overload), with one name per schema argument: the argument's
  name when it is a constant the function declares as an attribute, and ""
  otherwise. Tensor arguments become the node's inputs, in schema order.
- `local_functions`: the serialized FunctionProtos, with the onnxscript
  functions they call.

The compiler takes the first entry whose op matches, and a bare "ns::name"
matches every overload, so entries for single overloads come first.
"""
import math
from collections.abc import Mapping
from typing import Dict, List, NamedTuple, Tuple

import torch

from ._export import ExportError


class CustomOps(NamedTuple):
    """The compiler's arguments for a custom_translation_table."""
    custom_ops: List[str]
    local_functions: List[bytes]


class _Overload(NamedTuple):
    compiler_name: str  # "ns::name" for the default overload
    display_name: str  # "ns::name.overload"
    schema: object  # torch._C.FunctionSchema


def lower_translation_table(table, opset: int) -> CustomOps:
    """The compiler's custom_ops and local_functions for `table`, checked
    against each op's schema and against the model's ONNX `opset`."""
    if not isinstance(table, Mapping):
        raise ExportError(f"custom_translation_table must be a dict "
                          f"{{op: function}}, not {type(table).__name__}")
    specific, bare = [], []
    mapped: Dict[str, str] = {}  # compiler op name -> the key that mapped it
    functions: Dict[Tuple[str, str], object] = {}  # (domain, name) -> proto
    for key, value in table.items():
        what = f"custom_translation_table[{_key_text(key)}]"
        overloads = _resolve_op(key, what)
        proto, called = _function_protos(value, what)
        kinds = _declared_kinds(value, proto)
        for overload, names in _fitting_overloads(overloads, proto, what):
            # NAME:KIND converts a constant to the declared attribute type
            # (an int argument for a float attribute).
            names = [f"{n}:{kinds[n]}" if n in kinds else n for n in names]
            if overload.compiler_name in mapped:
                raise ExportError(
                    f"{what}: {overload.display_name} is mapped twice (also "
                    f"by custom_translation_table"
                    f"[{mapped[overload.compiler_name]}])")
            mapped[overload.compiler_name] = _key_text(key)
            entry = (f"{overload.compiler_name}={proto.domain}::{proto.name}"
                     f"({','.join(names)})")
            (specific if "." in overload.compiler_name else bare).append(entry)
        for function in [proto] + called:
            _add_function(functions, function, what)
            _check_opset(function, opset, what)
    return CustomOps(specific + bare,
                     [f.SerializeToString() for f in functions.values()])


def _fitting_overloads(overloads, proto, what):
    """(overload, attribute names) for each of `overloads` whose tensors fit
    the function's inputs; an error when none does.

    Of a packet's overloads, those that do not fit get no entry; but the
    default overload's entry, a bare "ns::name", matches every overload in
    the compiler.
    """
    usable = [o for o in overloads
              if _tensor_count_fits(o.schema, len(proto.input))]
    if not usable:
        counts = " or ".join(sorted({_tensor_count_text(o.schema)
                                     for o in overloads}))
        raise ExportError(
            f"{what}: the function {proto.domain}::{proto.name} has "
            f"{len(proto.input)} input(s), but "
            f"{', '.join(o.display_name for o in overloads)} "
            f"take{'s' if len(overloads) == 1 else ''} {counts} tensor(s)")
    return [(o, _attribute_names(o, proto, what)) for o in usable]


# --- Keys: ops -----------------------------------------------------------------

def _key_text(key):
    if isinstance(key, str):
        return repr(key)
    if isinstance(key, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return f"torch.ops.{str(key).replace('::', '.')}"
    return repr(key)


def _resolve_op(key, what) -> List[_Overload]:
    """The overloads that `key` names: one, or all of a packet's (or of
    "ns::name")."""
    if isinstance(key, torch._ops.OpOverload):
        return [_overload(key._schema)]
    if isinstance(key, torch._ops.OpOverloadPacket):
        return _packet_overloads(key, what)
    if not isinstance(key, str):
        raise ExportError(
            f"{what}: a key must be an op (torch.ops.mylib.foo.default, "
            f"torch.ops.mylib.foo) or its name ('mylib::foo', "
            f"'aten::add.Tensor'), not {type(key).__name__}")
    namespace, separator, rest = key.partition("::")
    name, _, overload_name = rest.partition(".")
    if not separator or not namespace or not name:
        raise ExportError(f"{what}: '{key}' is not an op name of the form "
                          f"'namespace::name' or 'namespace::name.overload'")
    try:
        packet = getattr(getattr(torch.ops, namespace), name)
    except (AttributeError, RuntimeError):
        packet = None
    if not isinstance(packet, torch._ops.OpOverloadPacket):
        raise ExportError(f"{what}: PyTorch has no op '{namespace}::{name}' "
                          f"(is the library that defines it loaded?)")
    if not overload_name:
        return _packet_overloads(packet, what)
    if overload_name not in packet.overloads():
        raise ExportError(f"{what}: '{namespace}::{name}' has no overload "
                          f"'{overload_name}' (its overloads: "
                          f"{', '.join(packet.overloads())})")
    return [_overload(getattr(packet, overload_name)._schema)]


def _packet_overloads(packet, what):
    overloads = [_overload(getattr(packet, o)._schema)
                 for o in packet.overloads()]
    if not overloads:
        raise ExportError(f"{what}: the op has no overloads")
    return overloads


def _overload(schema):
    overload = schema.overload_name
    return _Overload(
        f"{schema.name}.{overload}" if overload else schema.name,
        f"{schema.name}.{overload or 'default'}", schema)


def _tensor_kind(jit_type):
    """'tensor', 'optional' (Tensor?), 'list' (Tensor[] or Tensor?[]), or
    None for a non-tensor argument."""
    if isinstance(jit_type, torch._C.TensorType):
        return "tensor"
    if isinstance(jit_type, torch._C.OptionalType):
        return "optional" if _tensor_kind(jit_type.getElementType()) \
            == "tensor" else None
    if isinstance(jit_type, torch._C.ListType):
        return "list" if _tensor_kind(jit_type.getElementType()) else None
    return None


def _tensor_count_range(schema):
    """The fewest and most tensors the op passes (math.inf with a list)."""
    kinds = [_tensor_kind(a.type) for a in schema.arguments]
    least = kinds.count("tensor")
    most = math.inf if "list" in kinds else least + kinds.count("optional")
    return least, most


def _tensor_count_fits(schema, count):
    least, most = _tensor_count_range(schema)
    return least <= count <= most


def _tensor_count_text(schema):
    least, most = _tensor_count_range(schema)
    if least == most:
        return str(least)
    return f"{least} or more" if most == math.inf else f"{least} to {most}"


# --- Values: functions ---------------------------------------------------------

def _function_protos(value, what):
    """The FunctionProto of `value`, and those of the onnxscript functions
    it calls."""
    import onnx
    if isinstance(value, (list, tuple)):
        raise ExportError(
            f"{what}: a list of functions (overloads chosen by dtype in the "
            f"dynamo exporter) is not supported; give one function")
    if isinstance(value, onnx.FunctionProto):
        return value, []
    if not callable(getattr(value, "to_function_proto", None)):
        raise ExportError(
            f"{what} must be an onnxscript function (@onnxscript.script) or "
            f"an onnx.FunctionProto, not {type(value).__name__}")
    try:
        proto = value.to_function_proto()
        called = [f.to_function_proto() for f in _called_functions(value)]
    except Exception as error:
        raise ExportError(f"{what}: onnxscript could not make a "
                          f"FunctionProto of it: {error}") from error
    if not isinstance(proto, onnx.FunctionProto):
        raise ExportError(f"{what}: to_function_proto() returned "
                          f"{type(proto).__name__}, not an onnx.FunctionProto")
    return proto, called


def _called_functions(function):
    """The onnxscript functions that `function` calls, transitively."""
    found, pending = {}, [function]
    while pending:
        ir = getattr(pending.pop(), "function_ir", None)
        calls = ir.get_called_functions() if ir is not None and hasattr(
            ir, "get_called_functions") else {}
        for callee in calls.values():
            if id(callee) not in found and callee is not function:
                found[id(callee)] = callee
                pending.append(callee)
    return list(found.values())


def _add_function(functions, proto, what):
    if not proto.domain:
        raise ExportError(
            f"{what}: the function {proto.name} is in the default ONNX "
            f"domain; give it a domain of its own (onnxscript.values.Opset("
            f"domain='mylib', version=1))")
    key = (proto.domain, proto.name)
    known = functions.get(key)
    if known is None:
        functions[key] = proto
    elif known.SerializeToString(deterministic=True) != \
            proto.SerializeToString(deterministic=True):
        raise ExportError(f"{what}: two different functions are named "
                          f"{proto.domain}::{proto.name}")


def _declared_attributes(proto):
    """The function's attribute names: (all, those without a default)."""
    required = list(proto.attribute)
    return required + [a.name for a in proto.attribute_proto], required


# AttributeProto types the compiler converts constants to.
_KINDS = {1: "float", 2: "int", 3: "string", 6: "floats", 7: "ints"}


def _declared_kinds(value, proto):
    """{attribute name: kind} of the attributes whose type the function
    declares: onnxscript's signature, or a FunctionProto's typed defaults."""
    kinds = {a.name: _KINDS[a.type] for a in proto.attribute_proto
             if a.type in _KINDS}
    signature = getattr(value, "op_signature", None)
    for param in getattr(signature, "params", ()):
        kind = _KINDS.get(int(getattr(param, "type", 0) or 0))
        if kind and type(param).__name__ == "AttributeParameter":
            kinds[param.name] = kind
    return kinds


def _attribute_names(overload, proto, what):
    """One name per schema argument: the argument's name when it is not a
    tensor and the function declares an attribute of that name, else ""."""
    declared, required = _declared_attributes(proto)
    names = []
    for argument in overload.schema.arguments:
        is_attribute = _tensor_kind(argument.type) is None and \
            argument.name in declared
        names.append(argument.name if is_attribute else "")
    for name in required:
        if name not in names:
            raise ExportError(
                f"{what}: the function {proto.domain}::{proto.name} needs "
                f"the attribute '{name}', and {overload.display_name} has no "
                f"non-tensor argument of that name (its arguments: "
                f"{', '.join(a.name for a in overload.schema.arguments)})")
    for name in names:
        if any(c in name for c in ",()="):
            raise ExportError(f"{what}: argument name '{name}' cannot be "
                              f"passed to the compiler")
    return names


# --- The ONNX opset ------------------------------------------------------------

def _check_opset(proto, opset, what):
    """The ONNX checker rejects a function whose standard ops differ
    between the function's opset and the model's: say so here, by name."""
    import onnx.defs
    imported = {o.domain: o.version for o in proto.opset_import}
    version = imported.get("", imported.get("ai.onnx"))
    if version is None or version == opset:
        return
    for op_type in sorted(_standard_op_types(proto.node)):
        try:
            theirs = onnx.defs.get_schema(op_type, version, "").since_version
            ours = onnx.defs.get_schema(op_type, opset, "").since_version
        except onnx.defs.SchemaError:
            continue  # the checker names unknown ops itself
        if theirs != ours:
            raise ExportError(
                f"{what}: the function {proto.domain}::{proto.name} is "
                f"written for ONNX opset {version}, and its {op_type} is "
                f"not the same op in opset {opset}, the model's: write it "
                f"with onnxscript.onnx_opset.opset{opset}, or export with "
                f"opset_version={version}")


def _standard_op_types(nodes):
    for node in nodes:
        if node.domain in ("", "ai.onnx"):
            yield node.op_type
        for attribute in node.attribute:
            graphs = list(attribute.graphs)
            if attribute.HasField("g"):
                graphs.append(attribute.g)
            for graph in graphs:
                yield from _standard_op_types(graph.node)
