#!/usr/bin/env python3
"""Writes the bad inputs of the tests in test/Tools/bad-input/.

    make_bad_inputs.py archive DIR KIND...
    make_bad_inputs.py onnx DIR KIND

`archive` writes DIR/KIND.pt for each KIND, a TorchScript archive that the
tools must refuse, rewritten with zipfile from the archive of a small
module that torch.jit.save writes (once, for all KINDs). The module takes
one 4xf32 tensor (--input-shape 4xf32). KIND is one of:
  valid             the archive as torch.jit.save wrote it
  future_version    its format version record says 100
  parent_entry      an extra entry named '../evil'
  absolute_entry    an extra entry named '/tmp/evil'
  no_data_pkl       without its data.pkl

`onnx` writes DIR/model.onnx, an ONNX model that the importer must refuse,
with its external data, if any, in DIR/model.onnx.data. KIND is one of:
  valid             a model whose weight is in model.onnx.data
  absolute_location its weight's location is the absolute path of a
                    data file outside DIR (DIR/../outside.data)
  parent_location   its weight's location is '../outside.data'
  symlink_location  its weight's location is 'link.data', a symbolic link
                    in DIR to DIR/../outside.data
  linked_folder_location
                    its weight's location is 'up/outside.data', where 'up'
                    is a symbolic link in DIR to DIR/..
  offset_past_end   its weight's offset is past the end of model.onnx.data
  length_past_end   its weight's length runs past the end of
                    model.onnx.data
  cycle             two nodes that take each other's output
  self_cycle        a node that takes its own output
  duplicate_names   two nodes that write a value of the same name
  duplicate_input   a node that writes a value named as the graph's input
  duplicate_initializer
                    two initializers of the same name
"""
import io
import os
import sys
import zipfile

# The size of the weight of the ONNX models, in floats: 4 KB.
WEIGHT_FLOATS = 1024


# ---------------------------------------------------------------------------
# TorchScript archives.
# ---------------------------------------------------------------------------

def saved_archive():
    """The bytes of a small traced module, as torch.jit.save writes them."""
    import torch

    class Scale(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = torch.nn.Parameter(torch.arange(4.0))

        def forward(self, x):
            return x * self.weight

    buffer = io.BytesIO()
    with torch.no_grad():
        torch.jit.save(torch.jit.trace(Scale().eval(), torch.ones(4)), buffer)
    return buffer.getvalue()


def rewrite_archive(saved, path, keep=lambda name: True, replace=None,
                    extra=None):
    """Writes the archive `saved` (bytes) to `path`, without the entries
    that `keep` refuses, with the payloads that `replace(name, payload)`
    returns, and with the `extra` entries (name to payload) after them."""
    source = zipfile.ZipFile(io.BytesIO(saved))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            if not keep(info.filename):
                continue
            payload = source.read(info.filename)
            if replace:
                payload = replace(info.filename, payload)
            out.writestr(info, payload)
        for name, payload in (extra or {}).items():
            # ZipInfo keeps the name as given; ZipFile.writestr(str) would
            # strip a leading '/'.
            info = zipfile.ZipInfo(name)
            info.filename = name
            out.writestr(info, payload)


ARCHIVE_KINDS = ("valid", "future_version", "parent_entry", "absolute_entry",
                 "no_data_pkl")


def write_archives(folder, kinds):
    """Writes `folder`/KIND.pt for each of `kinds`."""
    unknown = [kind for kind in kinds if kind not in ARCHIVE_KINDS]
    if unknown or not kinds:
        raise SystemExit(f"unknown archive kinds {unknown}\n\n{__doc__}")
    saved = saved_archive()
    for kind in kinds:
        path = os.path.join(folder, kind + ".pt")
        if kind == "valid":
            with open(path, "wb") as f:
                f.write(saved)
        elif kind == "future_version":
            rewrite_archive(saved, path,
                            replace=lambda name, payload: b"100\n"
                            if name.endswith("/version") else payload)
        elif kind == "parent_entry":
            rewrite_archive(saved, path, extra={"../evil": b"outside\n"})
        elif kind == "absolute_entry":
            rewrite_archive(saved, path, extra={"/tmp/evil": b"outside\n"})
        elif kind == "no_data_pkl":
            rewrite_archive(saved, path,
                            keep=lambda name: not name.endswith("/data.pkl"))


# ---------------------------------------------------------------------------
# ONNX models.
# ---------------------------------------------------------------------------

def model(nodes, weight=None):
    """A model of `nodes` from input x to output y, both [1024] f32, with
    the initializer `weight`, if any."""
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        nodes, "bad_input",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [WEIGHT_FLOATS])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [WEIGHT_FLOATS])],
        [weight] if weight is not None else [])
    result = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    result.ir_version = 8
    return result


def external_weight(location, offset=0, length=None):
    """The initializer w, whose data is at `location`, `offset` and
    `length` (by default, its size) in an external file."""
    from onnx import TensorProto

    weight = TensorProto(name="w", data_type=TensorProto.FLOAT,
                         dims=[WEIGHT_FLOATS])
    weight.data_location = TensorProto.EXTERNAL
    for key, value in (("location", location), ("offset", offset),
                       ("length", WEIGHT_FLOATS * 4 if length is None else length)):
        entry = weight.external_data.add()
        entry.key = key
        entry.value = str(value)
    return weight


def write_data(path):
    """Writes the data of the weight w, zeros, to `path`."""
    with open(path, "wb") as f:
        f.write(b"\0" * (WEIGHT_FLOATS * 4))


def write_onnx(folder, kind):
    """Writes the model of `kind` to `folder`/model.onnx."""
    import numpy as np
    from onnx import helper, numpy_helper

    os.makedirs(folder, exist_ok=True)
    model_path = os.path.join(folder, "model.onnx")
    outside = os.path.join(os.path.dirname(os.path.abspath(folder)),
                           "outside.data")
    add = [helper.make_node("Add", ["x", "w"], ["y"])]
    if kind == "valid":
        write_data(model_path + ".data")
        result = model(add, external_weight("model.onnx.data"))
    elif kind == "absolute_location":
        write_data(outside)
        result = model(add, external_weight(outside))
    elif kind == "parent_location":
        write_data(outside)
        result = model(add, external_weight("../outside.data"))
    elif kind == "symlink_location":
        write_data(outside)
        link = os.path.join(folder, "link.data")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(outside, link)
        result = model(add, external_weight("link.data"))
    elif kind == "linked_folder_location":
        write_data(outside)
        link = os.path.join(folder, "up")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.dirname(outside), link)
        result = model(add, external_weight("up/outside.data"))
    elif kind == "offset_past_end":
        write_data(model_path + ".data")
        result = model(add, external_weight("model.onnx.data",
                                            offset=WEIGHT_FLOATS * 4 + 64))
    elif kind == "length_past_end":
        write_data(model_path + ".data")
        result = model(add, external_weight("model.onnx.data", offset=64))
    elif kind == "cycle":
        # a = Relu(b), b = Relu(a), y = x + a: no order of the nodes defines
        # each value before its use.
        result = model([helper.make_node("Relu", ["b"], ["a"], name="first"),
                        helper.make_node("Relu", ["a"], ["b"], name="second"),
                        helper.make_node("Add", ["x", "a"], ["y"], name="add")])
    elif kind == "self_cycle":
        result = model([helper.make_node("Relu", ["a"], ["a"], name="self"),
                        helper.make_node("Add", ["x", "a"], ["y"], name="add")])
    elif kind == "duplicate_names":
        # Two nodes define 'a'.
        result = model([helper.make_node("Relu", ["x"], ["a"], name="first"),
                        helper.make_node("Neg", ["x"], ["a"], name="second"),
                        helper.make_node("Add", ["x", "a"], ["y"], name="add")])
    elif kind == "duplicate_input":
        # A node redefines the graph input 'x'.
        result = model([helper.make_node("Relu", ["x"], ["x"], name="first"),
                        helper.make_node("Neg", ["x"], ["y"], name="second")])
    elif kind == "duplicate_initializer":
        result = model([helper.make_node("Add", ["x", "w"], ["y"])],
                       numpy_helper.from_array(
                           np.ones(WEIGHT_FLOATS, np.float32), "w"))
        result.graph.initializer.append(result.graph.initializer[0])
    else:
        raise SystemExit(f"unknown onnx kind '{kind}'\n\n{__doc__}")
    # The bytes as they are: onnx.save would try to load external data.
    with open(model_path, "wb") as f:
        f.write(result.SerializeToString())


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "archive":
        write_archives(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "onnx":
        write_onnx(sys.argv[2], sys.argv[3])
    else:
        raise SystemExit(__doc__)
