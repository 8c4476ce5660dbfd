#!/usr/bin/env python3
"""Result dtype rules of aten ops, learned from PyTorch itself.

Runs the samples of PyTorch's OpInfo database (the same samples that
utils/opinfo_suite.py exports), traces each into a TorchScript graph, and
records, for every aten node of every graph, the dtypes and sizes of its
operands and results. Each sample also runs with one tensor operand at a
time cast to another dtype, so that PyTorch's type promotion shows which
operands take part; variants that PyTorch rejects are dropped.

For each overload and tensor result:
- a result that the schema's alias annotations make a view of an argument,
  or that the op writes in place, has that argument's dtype;
- else the first rule that every observation fits is kept: the promoted
  dtype of a set of operands (all tensor and scalar operands if they fit,
  else the smallest set that does; one operand means "the dtype of that
  operand"), maybe turned into the default float dtype, or into int64, when
  integral or bool; else a fixed dtype.
Promotion follows torch.result_type, or for a few ops (addr) treats 0-d
tensors as dimensioned ones. An op whose schema has a `ScalarType? dtype`
argument learns from the observations where it is None, and the argument
wins where it is given. Overloads whose observations fit no rule are left
out. The output is a C++ table, one row per overload and tensor result,
that the shape inference compiles in.

Usage: opinfo_rules.py [-o FILE] [--ops a,b]
"""

import argparse
import collections
import itertools
import os
import sys
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import torch  # noqa: E402
from opinfo_suite import load_op_db, sample_module  # noqa: E402

# TorchScript's scalar type names and their dtypes.
SCALAR_TYPES = {
    "Float": torch.float32, "Double": torch.float64, "Half": torch.float16,
    "BFloat16": torch.bfloat16, "Long": torch.int64, "Int": torch.int32,
    "Short": torch.int16, "Char": torch.int8, "Byte": torch.uint8,
    "Bool": torch.bool,
}
# c10::ScalarType codes, as the dialect's dtype operands hold them.
SCALAR_TYPE_CODES = {
    torch.uint8: 0, torch.int8: 1, torch.int16: 2, torch.int32: 3,
    torch.int64: 4, torch.float16: 5, torch.float32: 6, torch.float64: 7,
    torch.bool: 11, torch.bfloat16: 15,
}
BASE_DTYPES = (torch.float32, torch.float64, torch.int64, torch.bool)
VARIANT_DTYPES = (torch.float64, torch.int64, torch.bool, torch.float32,
                  torch.float16)
SAMPLES_PER_DTYPE = 2
# With more tensor and scalar operands than this, only the whole set and
# single operands are tried, not every subset.
MAX_SUBSET_OPERANDS = 5


class Operand:
    """What a trace knows about one operand of a node."""

    def __init__(self, kind, dtype=None, sizes=None):
        self.kind = kind  # "tensor", "int", "float", "bool", "none", other
        self.dtype = dtype
        self.sizes = sizes

    def representative(self, dimensioned):
        """A value that torch's type promotion treats as this operand."""
        if self.kind == "tensor":
            shape = () if self.sizes == [] and not dimensioned else (1,)
            return torch.empty(shape, dtype=self.dtype)
        return {"int": 1, "float": 1.0, "bool": True}.get(self.kind)


def describe_operand(value):
    kind = value.type().kind()
    if kind == "TensorType":
        dtype = SCALAR_TYPES.get(value.type().scalarType())
        sizes = value.type().sizes()
        if dtype is None or sizes is None:
            return None
        # A trace records a Python scalar as a 0-d f64, int64 or bool
        # literal, which promotes as the number it was; the compiler reads
        # such literals the same way.
        if value.node().kind() == "prim::Constant" and not sizes:
            number = {torch.float64: "float", torch.int64: "int",
                      torch.bool: "bool"}.get(dtype)
            if number:
                return Operand(number)
        return Operand("tensor", dtype, list(sizes))
    return Operand({"IntType": "int", "FloatType": "float",
                    "BoolType": "bool", "NoneType": "none"}.get(kind, kind))


def observe_graph(graph, schemas, observations):
    for node in graph.nodes():
        if not node.kind().startswith("aten::"):
            continue
        try:
            text = node.schema()
        except RuntimeError:
            continue
        if text == "(no schema)":
            continue
        schema = schemas.get(text)
        if schema is None:
            schema = schemas[text] = torch._C.parse_schema(text)
        operands = [describe_operand(v) for v in node.inputs()]
        results = [describe_operand(v) for v in node.outputs()]
        if None in operands or None in results or len(operands) != len(
                schema.arguments):
            continue
        dtype_arg = dtype_argument(schema)
        constant = None
        if dtype_arg is not None:
            value = list(node.inputs())[dtype_arg]
            constant = value.toIValue() if value.node().kind() == \
                "prim::Constant" else "unknown"
        name = schema.name + ("." + schema.overload_name
                              if schema.overload_name else "")
        observations[name].append((schema, operands, results, constant))


def dtype_argument(schema):
    for index, argument in enumerate(schema.arguments):
        if argument.name == "dtype" and str(argument.type) in (
                "Optional[int]", "int", "ScalarType?", "ScalarType"):
            return index
    return None


def trace_sample(module, tensors, schemas, observations):
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        try:
            module(*[t.clone() for t in tensors])
            traced = torch.jit.trace(module, tuple(tensors), check_trace=False,
                                     strict=False)
        except Exception:
            return
    observe_graph(traced.inlined_graph, schemas, observations)


def collect(op_db, wanted):
    schemas, observations = {}, collections.defaultdict(list)
    for opinfo in op_db:
        if wanted and opinfo.name not in wanted:
            continue
        supported = opinfo.supported_dtypes("cpu")
        for dtype in BASE_DTYPES:
            if dtype not in supported:
                continue
            torch.manual_seed(0)
            try:
                samples = list(itertools.islice(
                    opinfo.sample_inputs("cpu", dtype, requires_grad=False),
                    SAMPLES_PER_DTYPE))
            except Exception:
                continue
            for sample in itertools.chain(samples, *map(scalar_variants,
                                                        samples)):
                module, tensors = sample_module(opinfo.op, sample)
                if any(t.is_complex() for t in tensors):
                    continue
                trace_sample(module, tensors, schemas, observations)
                for position, other in itertools.product(
                        range(len(tensors)), VARIANT_DTYPES):
                    if tensors[position].dtype == other:
                        continue
                    variant = list(tensors)
                    variant[position] = variant[position].to(other)
                    trace_sample(module, variant, schemas, observations)
    return observations


def scalar_variants(sample):
    """The sample with one Python int argument at a time made a float, and
    one float an int, which shows whether the scalar takes part in
    promotion."""
    from torch.utils import _pytree
    leaves, spec = _pytree.tree_flatten(
        (sample.input, tuple(sample.args), dict(sample.kwargs)))
    for position, leaf in enumerate(leaves):
        if isinstance(leaf, bool) or not isinstance(leaf, (int, float)) or \
                leaf != leaf or abs(leaf) == float("inf"):
            continue
        changed = list(leaves)
        changed[position] = leaf + 0.5 if isinstance(leaf, int) else \
            int(leaf)
        first, args, kwargs = _pytree.tree_unflatten(changed, spec)
        yield types.SimpleNamespace(input=first, args=args, kwargs=kwargs)


# What a promoted integral or bool dtype becomes.
CATEGORIES = ("Keep", "Float", "Long")


def promote(operands, category, dimensioned):
    values = [o.representative(dimensioned) for o in operands]
    values = [v for v in values if v is not None]
    if not values:
        return None
    try:
        dtype = torch.result_type(values[0], values[0]) if len(values) == 1 \
            else _result_type(values)
    except Exception:
        return None
    if dtype.is_floating_point or category == "Keep":
        return dtype
    return torch.float32 if category == "Float" else torch.int64


def _result_type(values):
    from torch._prims_common import (ELEMENTWISE_TYPE_PROMOTION_KIND,
                                     elementwise_dtypes)
    return elementwise_dtypes(
        *values,
        type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)[1]


def candidate_masks(schema):
    """Sets of operand indices that may take part in promotion: all tensor
    and scalar operands, as in most of PyTorch's ops, then the smaller sets,
    smallest first. Where the samples cannot tell them apart, the whole set
    is taken."""
    indices = [i for i, a in enumerate(schema.arguments)
               if str(a.type) in ("Tensor", "Optional[Tensor]", "number",
                                  "Optional[number]")]
    if not indices:
        return
    yield tuple(indices)
    if len(indices) <= MAX_SUBSET_OPERANDS:
        for size in range(1, len(indices)):
            yield from itertools.combinations(indices, size)
    else:
        yield from ((i,) for i in indices)


def aliased_argument(schema, result):
    """The argument that result `result` aliases, per the schema's alias
    annotations (`Tensor(a!) self -> Tensor(a!)`), or None."""
    alias = schema.returns[result].alias_info
    if alias is None:
        return None
    for index, argument in enumerate(schema.arguments):
        if argument.alias_info is not None and \
                argument.alias_info.before_set & alias.before_set:
            return index
    return None


def learn_dtype(observations, result):
    schema = observations[0][0]
    aliased = aliased_argument(schema, result)
    if aliased is not None:
        # A view or an in-place result is its argument's tensor.
        return ("Promote", (aliased,), "Keep", False, None)
    usable = [o for o in observations if o[3] is None]
    if not usable:
        return None
    for dimensioned, mask, category in itertools.product(
            (False, True), candidate_masks(schema), CATEGORIES):
        if all(promote([ops[i] for i in mask], category, dimensioned) ==
               results[result].dtype for _, ops, results, _ in usable):
            return ("Promote", mask, category, dimensioned, None)
    dtypes = {results[result].dtype for _, _, results, _ in usable}
    if len(dtypes) == 1:
        dtype = dtypes.pop()
        if dtype in SCALAR_TYPE_CODES:
            return ("Fixed", (), "Keep", False, SCALAR_TYPE_CODES[dtype])
    return None


HEADER = """\
//===- OpInfoRules.inc - Result types learned from PyTorch ------*- C++ -*-===//
//
// Generated by utils/odsgen/opinfo_rules.py from the OpInfo samples of
// PyTorch {version}; do not edit. One row per overload and tensor result:
// name, result, rule, promoted operands (a bit mask), what an integral
// result becomes, whether 0-d tensors count as dimensioned ones, the fixed
// dtype (a c10::ScalarType code, or -1) and the dtype argument (or -1).
//
//===----------------------------------------------------------------------===//

"""


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--ops", help="only these OpInfos, comma-separated")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    wanted = set(args.ops.split(",")) if args.ops else None
    observations = collect(load_op_db(), wanted)
    rows = []
    for name in sorted(observations):
        seen = observations[name]
        schema = seen[0][0]
        dtype_arg = dtype_argument(schema)
        for result in range(len(schema.returns)):
            if seen[0][2][result].kind != "tensor":
                continue
            rule = learn_dtype(seen, result)
            if rule is None:
                continue
            kind, mask, category, dimensioned, fixed = rule
            rows.append('{"%s", %d, LearnedDtype::%s, 0x%x, '
                        'IntegralResult::%s, %s, %d, %d},' % (
                            name, result, kind, sum(1 << i for i in mask),
                            category, "true" if dimensioned else "false",
                            -1 if fixed is None else fixed,
                            -1 if dtype_arg is None else dtype_arg))
    text = HEADER.format(version=torch.__version__.split("+")[0])
    text += "\n".join(rows) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as out:
            out.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
