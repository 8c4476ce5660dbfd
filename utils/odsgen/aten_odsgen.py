#!/usr/bin/env python3
"""ODS for aten ops from PyTorch's operator registry.

Reads every operator schema registered with PyTorch, keeps the aten ops whose
base name is on an allowlist, and writes one ODS definition per overload.
An allowlist entry `ns::name` (or `ns::*` for the whole namespace) keeps the
ops of another namespace, such as `prims` or `quantized_decomposed`, whose
ops are `torch.<ns>.<name>[.<overload>]`. Traits come from each schema's
alias annotations.

The registry is read through the torch package, so the Torch dialect builds
without LibTorch's C++ headers and libraries.

Usage: aten_odsgen.py ALLOWLIST OUT_TD
"""

import re
import sys

import torch

# Schema types and the ODS type constraints of the operands that take them.
OPERAND_CONSTRAINTS = {
    "Tensor": "AnyTorchTensorType",
    "Tensor?": "AnyTorchOptionalTensorType",
    "int": "Torch_IntType",
    "SymInt": "Torch_IntType",
    "int?": "AnyTorchOptionalIntType",
    "SymInt?": "AnyTorchOptionalIntType",
    "ScalarType": "Torch_IntType",
    "ScalarType?": "AnyTorchOptionalIntType",
    "Layout": "Torch_IntType",
    "Layout?": "AnyTorchOptionalIntType",
    "MemoryFormat": "Torch_IntType",
    "MemoryFormat?": "AnyTorchOptionalIntType",
    "float": "Torch_FloatType",
    "float?": "AnyTorchOptionalFloatType",
    "bool": "Torch_BoolType",
    "bool?": "AnyTorchOptionalBoolType",
    "str": "Torch_StringType",
    "str?": "AnyTorchOptionalStringType",
    "Scalar": "AnyTorchScalarType",
    "number": "AnyTorchScalarType",
    "Scalar?": "AnyTorchOptionalScalarType",
    "Device": "AnyTorchOptionalDeviceType",
    "Device?": "AnyTorchOptionalDeviceType",
    "Generator?": "AnyTorchOptionalGeneratorType",
    "Tensor[]": "AnyTorchListType",
    "Tensor?[]": "AnyTorchListType",
    "int[]": "AnyTorchListType",
    "SymInt[]": "AnyTorchListType",
    "int[]?": "AnyTorchOptionalListType",
    "SymInt[]?": "AnyTorchOptionalListType",
    "float[]": "AnyTorchListType",
    "float[]?": "AnyTorchOptionalListType",
    "bool[]": "AnyTorchListType",
    "Scalar[]": "AnyTorchListType",
    "str[]": "AnyTorchListType",
}

RESULT_CONSTRAINTS = {
    "Tensor": "AnyTorchTensorType",
    "Tensor[]": "AnyTorchListType",
    "int": "Torch_IntType",
    "SymInt": "Torch_IntType",
    "float": "Torch_FloatType",
    "bool": "Torch_BoolType",
}

# Names that would clash with accessors every op already has, or with C++.
RESERVED = {
    "type", "loc", "context", "operation", "operands", "results", "name",
    "attributes", "properties", "region", "operator", "default", "template",
    "class", "union", "int", "float", "bool", "char", "struct", "new",
    "delete", "this", "from", "to", "ods", "attrs", "odsState", "builder",
    "state",
}


def read_allowlist(path):
    """Aten base names separated by white space; `#` starts a comment."""
    names = set()
    with open(path) as f:
        for line in f:
            names.update(line.split("#", 1)[0].split())
    return names


def base_name(name):
    """`add_` and `add` share the base name `add`; dunder names keep theirs."""
    if len(name) > 1 and name.endswith("_") and not (
            len(name) > 4 and name.endswith("__")):
        return name[:-1]
    return name


def camel_case(s):
    """`add_.Tensor` becomes `Add_Tensor`, following torch-mlir's names."""
    out = []
    upper = True
    for i, c in enumerate(s):
        if c == ".":
            upper = True
            continue
        if c == "_":
            inner = (0 < i < len(s) - 1 and s[i - 1] != "_" and
                     s[i + 1] not in "_.")
            if inner:
                upper = True
            else:
                out.append(c)
            continue
        out.append(c.upper() if upper else c)
        upper = False
    return "".join(out)


def escape(s):
    return re.sub(r'(["\\])', r"\\\1", s)


def sanitize(name):
    return name + "_" if name in RESERVED else name


def has_varargs(schema):
    """True when the arguments or the results are `...`."""
    text = str(schema)
    args, _, rets = text.partition(") -> ")
    return "..." in args or rets.strip() == "..."


def definition(schema, name, mnemonic, class_name, base_class):
    any_alias = any_write = False
    arg_names = []
    ins = []
    for arg in schema.arguments:
        if arg.alias_info is not None:
            any_alias = True
            any_write |= arg.alias_info.is_write
        arg_name = sanitize(arg.name)
        arg_names.append(arg_name)
        constraint = OPERAND_CONSTRAINTS.get(arg.type.str(), "AnyTorchType")
        ins.append(f"{constraint}:${arg_name}")
    outs = []
    returns = schema.returns
    for index, ret in enumerate(returns):
        if ret.alias_info is not None:
            any_alias = True
        if ret.name:
            ret_name = sanitize(ret.name)
        else:
            ret_name = "result" if len(returns) == 1 else f"result{index}"
        if ret_name in arg_names:
            ret_name += "_result"
        constraint = RESULT_CONSTRAINTS.get(ret.type.str(), "AnyTorchType")
        # A backward op leaves the gradients its output mask does not ask
        # for None, as torch-mlir writes them.
        if name.endswith("_backward") and ret.type.str() == "Tensor":
            constraint = "AnyTorchOptionalTensorType"
        outs.append(f"{constraint}:${ret_name}")

    traits = []
    if not any_alias:
        traits.append("HasValueSemantics")
    if not any_write:
        traits.append("ReadOnly")
    if name.endswith("_") and base_name(name) != name:
        traits.append("IsTrailingUnderscoreInplaceVariant")
    if any_write and "out" in schema.overload_name:
        traits.append("IsOutVariant")

    sep = ",\n    "
    return (f'def Torch_{class_name} : {base_class}<"{mnemonic}", '
            f'[{", ".join(traits)}]> {{\n'
            f'  let summary = "Generated op for `{escape(str(schema))}`";\n'
            f"  let arguments = (ins\n    {sep.join(ins)}\n  );\n"
            f"  let results = (outs\n    {sep.join(outs)}\n  );\n"
            "}\n\n")


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(f"usage: {argv[0]} ALLOWLIST OUT_TD\n")
        return 2
    allow = read_allowlist(argv[1])
    path = argv[2]

    # quantized_decomposed registers its schemas when this module loads.
    import torch.ao.quantization.fx._decomposed  # noqa: F401

    ops_by_mnemonic = {}
    class_names = set()
    seen_bases = set()
    for schema in torch._C._jit_get_all_schemas():
        namespace, _, name = schema.name.partition("::")
        if namespace == "aten":
            key = base_name(name)
            if key not in allow:
                continue
            prefix, base_class = "", "Torch_AtenOp"
        else:
            key = f"{namespace}::{name}"
            if key not in allow and f"{namespace}::*" not in allow:
                continue
            prefix, base_class = namespace + ".", "Torch_RegistryOp"
        if has_varargs(schema):
            continue
        overload = schema.overload_name
        # Named-tensor overloads do not appear in the graphs we lower.
        if ("Dimname" in overload or "names" in overload or
                any("Dimname" in a.type.str() for a in schema.arguments)):
            continue
        mnemonic = prefix + name + ("." + overload if overload else "")
        if mnemonic in ops_by_mnemonic:
            continue
        class_name = (camel_case(namespace) if prefix else "Aten") + \
            camel_case(name + ("." + overload if overload else "")) + "Op"
        while class_name in class_names:
            class_name = class_name[:-2] + "_" + class_name[-2:]
        class_names.add(class_name)
        seen_bases.add(key)
        if prefix:
            seen_bases.add(f"{namespace}::*")
        ops_by_mnemonic[mnemonic] = definition(schema, name, mnemonic,
                                               class_name, base_class)

    for base in sorted(allow - seen_bases):
        sys.stderr.write(f"warning: allowlisted op '{base}' has no "
                         f"schema in torch {torch.__version__}\n")

    text = ("// Generated by aten_odsgen.py from PyTorch's operator "
            "registry. Do not edit.\n\ninclude \"Torch/TorchTypes.td\"\n\n" +
            "".join(ops_by_mnemonic[m] for m in sorted(ops_by_mnemonic)))
    # Leave an unchanged file alone so that TableGen does not rerun.
    try:
        with open(path) as f:
            if f.read() == text:
                return 0
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)
    sys.stderr.write(f"generated {len(ops_by_mnemonic)} registry ops\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
