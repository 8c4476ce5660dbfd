#!/usr/bin/env python3
"""Makes and inspects ONNX models for the emitter and importer tests.

  onnx_models.py make KIND OUT.onnx     writes a test model
  onnx_models.py check MODEL.onnx       loads, checks and summarizes a model
  onnx_models.py text MODEL.onnx        checks a model and prints it, its
                                        local functions included
  onnx_models.py compare A.onnx B.onnx  compares two models' graphs and data
  onnx_models.py values MODEL.onnx NAME prints an initializer's dims and
                                        values (as integers)
  onnx_models.py run A.onnx B.onnx      runs both in onnxruntime on the same
                                        random inputs and compares outputs
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def make_small():
    """A small model with dynamic dims, initializers, a Constant and
    metadata."""
    rng = np.random.default_rng(0)
    w = numpy_helper.from_array(rng.standard_normal((4, 3)).astype(np.float32),
                                "fc.weight")
    b = numpy_helper.from_array(rng.standard_normal((3,)).astype(np.float32),
                                "fc.bias")
    shape = numpy_helper.from_array(np.array([-1, 3], dtype=np.int64), "shape")
    nodes = [
        helper.make_node("MatMul", ["x", "fc.weight"], ["mm"], name="fc/MatMul"),
        helper.make_node("Add", ["mm", "fc.bias"], ["add"], name="fc/Add"),
        helper.make_node("Constant", [], ["two"], name="two",
                         value=numpy_helper.from_array(np.array(2.0, np.float32))),
        helper.make_node("Mul", ["add", "two"], ["mul"], name="scale"),
        helper.make_node("Relu", ["mul"], ["relu"], name="relu"),
        helper.make_node("Reshape", ["relu", "shape"], ["y"], name="reshape"),
    ]
    # A name longer than std::string's small buffer.
    graph = helper.make_graph(
        nodes, "small_graph_with_a_long_name",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 3])],
        [w, b, shape])
    model = helper.make_model(graph, producer_name="test-producer",
                              opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    helper.set_model_props(model, {"author": "tests"})
    return model


def make_control_flow():
    """If and Loop whose bodies use a value of the outer graph."""
    outer = numpy_helper.from_array(np.array([1.0, 2.0], np.float32), "outer")
    then_graph = helper.make_graph(
        [helper.make_node("Add", ["x", "outer"], ["then_out"])], "then_body", [],
        [helper.make_tensor_value_info("then_out", TensorProto.FLOAT, [2])])
    else_graph = helper.make_graph(
        [helper.make_node("Sub", ["x", "outer"], ["else_out"])], "else_body", [],
        [helper.make_tensor_value_info("else_out", TensorProto.FLOAT, [2])])
    body = helper.make_graph(
        [helper.make_node("Identity", ["cond_in"], ["cond_out"]),
         helper.make_node("Add", ["acc_in", "outer"], ["acc_out"])],
        "loop_body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
         helper.make_tensor_value_info("acc_in", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         helper.make_tensor_value_info("acc_out", TensorProto.FLOAT, [2])])
    trip = numpy_helper.from_array(np.array(3, np.int64), "trip")
    nodes = [
        helper.make_node("If", ["c"], ["branch"], then_branch=then_graph,
                         else_branch=else_graph),
        helper.make_node("Loop", ["trip", "", "branch"], ["looped"], body=body),
    ]
    # An unnamed graph.
    graph = helper.make_graph(
        nodes, "",
        [helper.make_tensor_value_info("c", TensorProto.BOOL, []),
         helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
        [helper.make_tensor_value_info("looped", TensorProto.FLOAT, [2])],
        [outer, trip])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
    model.ir_version = 8
    return model


def make_external(location, payload=None):
    """One initializer stored in external data at `location`."""
    tensor = TensorProto(name="w", data_type=TensorProto.FLOAT, dims=[4])
    tensor.data_location = TensorProto.EXTERNAL
    for key, value in (("location", location), ("offset", "0"),
                       ("length", str(16 if payload is None else payload))):
        entry = tensor.external_data.add()
        entry.key, entry.value = key, value
    graph = helper.make_graph(
        [helper.make_node("Add", ["x", "w"], ["y"])], "external",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [4])], [tensor])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model


def make(kind, out):
    folder = os.path.dirname(os.path.abspath(out))
    weights = np.arange(4, dtype=np.float32).tobytes()
    if kind == "small":
        onnx.save(make_small(), out)
    elif kind == "control-flow":
        onnx.save(make_control_flow(), out)
    elif kind == "external":
        with open(os.path.join(folder, "weights.bin"), "wb") as f:
            f.write(weights)
        onnx.save(make_external("weights.bin"), out)
    elif kind == "external-dotdot":
        onnx.save(make_external("../weights.bin"), out)
    elif kind == "external-absolute":
        onnx.save(make_external(os.path.join(folder, "weights.bin")), out)
    elif kind == "external-symlink":
        with open(os.path.join(folder, "real.bin"), "wb") as f:
            f.write(weights)
        link = os.path.join(folder, "link.bin")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink("real.bin", link)
        onnx.save(make_external("link.bin"), out)
    elif kind == "external-truncated":
        with open(os.path.join(folder, "short.bin"), "wb") as f:
            f.write(weights[:8])
        onnx.save(make_external("short.bin"), out)
    elif kind == "malformed":
        with open(out, "wb") as f:
            f.write(b"\x0a\xff\xff\xff\xff\x0fthis is not a model")
    else:
        raise SystemExit(f"unknown model kind {kind}")


def check(path):
    """Loads `path` with its external data, runs the full checker and prints
    a summary for FileCheck."""
    model = onnx.load(path)
    onnx.checker.check_model(model, full_check=True)
    print(f"ir_version {model.ir_version}")
    for opset in model.opset_import:
        print(f"opset '{opset.domain}' {opset.version}")
    raw = onnx.load(path, load_external_data=False)
    for tensor in raw.graph.initializer:
        if tensor.data_location == TensorProto.EXTERNAL:
            info = {e.key: e.value for e in tensor.external_data}
            offset = int(info.get("offset", 0))
            print(f"initializer {tensor.name} external {info['location']} "
                  f"offset {offset} length {info['length']} "
                  f"aligned {offset % 4096 == 0}")
        else:
            print(f"initializer {tensor.name} inline")
    print("checked")


def summarize(model):
    graph = model.graph
    return {
        "inputs": [(v.name, str(v.type)) for v in graph.input],
        "outputs": [(v.name, str(v.type)) for v in graph.output],
        "nodes": [(n.op_type, n.domain) for n in graph.node],
        "initializers": {t.name: numpy_helper.to_array(t)
                         for t in graph.initializer},
        "opsets": {o.domain: o.version for o in model.opset_import},
    }


def compare(a_path, b_path):
    a, b = summarize(onnx.load(a_path)), summarize(onnx.load(b_path))
    ok = True
    for key in ("inputs", "outputs", "nodes", "opsets"):
        if a[key] != b[key]:
            print(f"{key} differ:\n  {a[key]}\n  {b[key]}")
            ok = False
    for name, value in a["initializers"].items():
        other = b["initializers"].get(name)
        if other is None or other.dtype != value.dtype or \
                not np.array_equal(other, value):
            print(f"initializer {name} differs")
            ok = False
    print("same" if ok else "different")


def run(a_path, b_path):
    """Runs both models on one random input set in onnxruntime."""
    import onnxruntime
    model = onnx.load(a_path)
    initializers = {t.name for t in model.graph.initializer}
    rng = np.random.default_rng(0)
    feeds = {}
    for value in model.graph.input:
        if value.name in initializers:
            continue
        tensor_type = value.type.tensor_type
        shape = [d.dim_value if d.HasField("dim_value") else 2
                 for d in tensor_type.shape.dim]
        dtype = helper.tensor_dtype_to_np_dtype(tensor_type.elem_type)
        if dtype == np.bool_:
            feeds[value.name] = rng.integers(0, 2, size=shape).astype(np.bool_)
        else:
            feeds[value.name] = rng.standard_normal(size=shape).astype(dtype)
    results = []
    for path in (a_path, b_path):
        try:
            session = onnxruntime.InferenceSession(
                path, providers=["CPUExecutionProvider"])
            names = [o.name for o in session.get_outputs()]
            results.append((names, session.run(names, feeds)))
        except Exception as error:
            print(f"onnxruntime failed on {path}: {error}")
            return
    (a_names, a_outputs), (b_names, b_outputs) = results
    if a_names != b_names:
        print(f"outputs differ: {a_names} and {b_names}")
        return
    for name, x, y in zip(a_names, a_outputs, b_outputs):
        if x.shape != y.shape or x.dtype != y.dtype or \
                not np.allclose(x, y, rtol=1e-5):
            print(f"output {name} differs")
            return
    print("outputs match")


def values(path, name):
    model = onnx.load(path)
    for tensor in model.graph.initializer:
        if tensor.name == name:
            array = numpy_helper.to_array(tensor)
            print(name, list(array.shape),
                  " ".join(str(int(v)) for v in array.ravel()))
            return 0
    print(f"no initializer {name}")
    return 1


def main(argv):
    if len(argv) == 3 and argv[0] == "make":
        make(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "check":
        check(argv[1])
    elif len(argv) == 2 and argv[0] == "text":
        model = onnx.load(argv[1])
        onnx.checker.check_model(model, full_check=True)
        print(onnx.printer.to_text(model))
    elif len(argv) == 3 and argv[0] == "compare":
        compare(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "run":
        run(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "values":
        sys.exit(values(argv[1], argv[2]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
