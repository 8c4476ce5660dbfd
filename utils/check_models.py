#!/usr/bin/env python3
"""Compiles a set of models with torch-onnx-compile and checks each one.

Models of utils/model_zoo.py, by default every image classification model
(random weights, eval mode, traced with a 1x3x224x224 input) and those in
DEFAULT_MODELS below, are saved as TorchScript, compiled to ONNX with the
flags that the registry gives them and run in onnxruntime against PyTorch
(torch_onnx.verify_archive). Models whose weights exceed --max-weights-mb are
skipped.

Freshly built models can have degenerate outputs that would make any
comparison pass (see zoo_image_models.make_outputs_informative). So, unless
--raw-weights is given, the image models' weight matrices that are all
zeros get random values and their batch normalizations' running statistics
are computed from two random batches in training mode. The "max|y|" column
shows the largest output magnitude the relative error is measured against.

When a model exceeds the tolerance, its TorchScript also runs in float64:
if the ONNX model's error against float64 is at most 1.5 times PyTorch's own
float32 error, the row says "noise" (float32 rounding in a deep network,
not a wrong lowering) and gives both errors.

With --peer, the same TorchScript file is also exported by torch.onnx.export
(utils/peer_export.py, opset 17 unless --peer-opset says otherwise) to
compare node counts; the column is "-" when the peer refuses the model.

Prints one line per model and a summary; the exit code is 1 when a model
that was not skipped fails.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PYTHON = sys.executable

# The models of utils/model_zoo.py checked by default besides its image
# models: sequence models and the op families of the conversion.
DEFAULT_MODELS = [
    "transformer_encoder", "dynamic_sequence", "lstm", "gru", "decoder",
    "transformer", "attention_masks", "encoder_padding_mask",
    "encoder_padding_ragged", "encoder_padding_short",
    "encoder_gelu_norm_first", "lstm_bidirectional", "rnn_relu",
    "gru_bidirectional", "cell_loop", "language_model", "conv_ops",
    "tensor_ops", "type_promotion", "bool_operators"]


#===----------------------------------------------------------------------===#
# Building one model (runs in a child process to bound its memory)
#===----------------------------------------------------------------------===#

def build_model(name, out, max_weights_mb, raw_weights):
    """Saves model `name` as TorchScript to `out` and writes its example
    input shapes and compile/verify flags to `out`.json. Exit code 3 means
    the model is too big."""
    import torch
    import model_zoo
    from zoo_image_models import IMAGE_MODELS, make_outputs_informative
    torch.manual_seed(0)
    entry = model_zoo.REGISTRY[name]
    info = {"compile_flags": entry.compile_flags(),
            "verify_flags": entry.verify, "shapes": entry.shapes}
    if name in IMAGE_MODELS:
        # The registry's build, with the weights measured first and
        # informative outputs unless --raw-weights.
        build, size = IMAGE_MODELS[name]
        model = build().eval()
        weight_bytes = sum(t.numel() * t.element_size()
                           for t in list(model.parameters()) +
                           list(model.buffers()))
        info["weights_mb"] = weight_bytes / 2**20
        if weight_bytes > max_weights_mb * 2**20:
            with open(out + ".json", "w") as f:
                json.dump(info, f)
            return 3
        if not raw_weights:
            model = make_outputs_informative(model, size)
        module = model_zoo.trace(model, entry.shapes)
    else:
        module = entry.build()
    module.save(out)
    with open(out + ".json", "w") as f:
        json.dump(info, f)
    return 0


def measure_accuracy(pt, onnx_path):
    """Prints, as JSON, the errors of onnxruntime's and of PyTorch's float32
    outputs relative to PyTorch's float64 outputs, on verify_archive's
    inputs, each relative to the largest float64 magnitude."""
    import numpy as np
    import onnx
    import torch
    from torch_onnx import verify_archive as verify_model
    model = onnx.load(onnx_path, load_external_data=False)
    initializers = {init.name for init in model.graph.initializer}
    inputs = [i for i in model.graph.input if i.name not in initializers]
    args = verify_model.parse_args([pt, onnx_path])
    rng = np.random.default_rng(args.seed)
    torch.manual_seed(args.seed)
    feeds = [(i.name, verify_model.random_input(i, {}, rng, args))
             for i in inputs]
    if any(array.dtype != np.float32 for _, array in feeds):
        print(json.dumps({}))
        return 0
    module = torch.jit.load(pt)
    with torch.no_grad():
        single = verify_model.flatten(
            module(*[torch.from_numpy(a.copy()) for _, a in feeds]))
        double = verify_model.flatten(module.double()(
            *[torch.from_numpy(a.astype(np.float64)) for _, a in feeds]))
    actual = verify_model.run_onnxruntime(onnx_path, [feeds], {})[0]
    outputs = [o.name for o in model.graph.output]
    ours = torch_error = 0.0
    for name, reference, torch_single in zip(outputs, double, single):
        reference = reference.numpy()
        scale = max(float(np.max(np.abs(reference), initial=0)), 1e-6)
        ours = max(ours, float(np.max(np.abs(
            actual[name].astype(np.float64) - reference))) / scale)
        torch_error = max(torch_error, float(np.max(np.abs(
            torch_single.numpy().astype(np.float64) - reference))) / scale)
    print(json.dumps({"ours": ours, "torch": torch_error}))
    return 0


#===----------------------------------------------------------------------===#
# Checking one model
#===----------------------------------------------------------------------===#

def count_nodes(path):
    import onnx
    model = onnx.load(path, load_external_data=False)
    return len(model.graph.node)


def find_quality_issues(path):
    """What the graph quality rules flag in the top-level graph: Identity
    nodes, Shape nodes, and nodes that only depend on constants."""
    import onnx
    graph = onnx.load(path, load_external_data=False).graph
    constant = {init.name for init in graph.initializer} | {""}
    counts = {}
    for node in graph.node:
        kind = None
        if node.op_type in ("Identity", "Shape"):
            kind = node.op_type
        elif node.op_type == "Constant" or (
                node.input and all(i in constant for i in node.input)):
            kind = "constant-only " + node.op_type
            constant.update(node.output)
        if kind:
            counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))


def run(cmd, timeout, log):
    start = time.time()
    try:
        result = subprocess.run(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                timeout=timeout)
        output, code = result.stdout, result.returncode
    except subprocess.TimeoutExpired as e:
        output = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) \
            else (e.stdout or "")
        output += f"\ntimed out after {timeout}s"
        code = -1
    log.write(f"$ {' '.join(cmd)}\n{output}\n")
    log.flush()
    return code, output, time.time() - start


def check_model(name, args, workdir, log):
    row = {"name": name, "status": "FAIL", "error": None, "scale": None,
           "nodes": None,
           "peer_nodes": None, "note": ""}
    pt = os.path.join(workdir, name + ".pt")
    onnx_path = os.path.join(workdir, name + ".onnx")
    code, output, _ = run([PYTHON, __file__, "--build", name, pt,
                           "--max-weights-mb", str(args.max_weights_mb)] +
                          (["--raw-weights"] if args.raw_weights else []),
                          args.timeout, log)
    info = {}
    if os.path.exists(pt + ".json"):
        with open(pt + ".json") as f:
            info = json.load(f)
    if code == 3:
        row["status"] = "skip"
        row["note"] = f"weights {info.get('weights_mb', 0):.0f} MB"
        return row
    if code != 0:
        row["note"] = "building the TorchScript model failed"
        return row

    compile_cmd = [args.compiler, pt, "-o", onnx_path,
                   "--opset", str(args.opset)] + info["compile_flags"]
    code, output, seconds = run(compile_cmd, args.timeout, log)
    row["compile_seconds"] = seconds
    if code != 0:
        errors = [l for l in output.splitlines() if "error" in l]
        row["note"] = "compile: " + (errors[-1][:160] if errors else
                                     output.strip()[-160:])
        return row
    row["nodes"] = count_nodes(onnx_path)
    issues = find_quality_issues(onnx_path)
    if issues:
        row["note"] = "graph: " + issues + "; "

    verify_cmd = [PYTHON, "-m", "torch_onnx.verify_archive", pt,
                  onnx_path, "-v", "--tolerance", str(args.tolerance)] + \
        info["verify_flags"]
    code, output, _ = run(verify_cmd, args.timeout, log)
    match = re.search(r"largest relative error (\S+) .*: (ok|MISMATCH)",
                      output)
    if match:
        row["error"] = float(match.group(1))
    scales = [float(m) for m in
              re.findall(r"largest magnitude (\S+?)\)", output)]
    if scales:
        row["scale"] = max(scales)
    if code == 0 and match and match.group(2) == "ok":
        row["status"] = "pass"
    elif match:
        # A mismatch may be float32 rounding that PyTorch's own float32
        # result has as well: compare both against float64.
        code, output, _ = run([PYTHON, __file__, "--accuracy", pt, onnx_path],
                              args.timeout, log)
        errors = json.loads(output.strip().splitlines()[-1]) \
            if code == 0 else {}
        if errors:
            row["note"] += (f"vs float64: ours {errors['ours']:.2e}, "
                           f"PyTorch float32 {errors['torch']:.2e}")
            if errors["ours"] <= 1.5 * errors["torch"]:
                row["status"] = "noise"
        else:
            row["note"] += "verify: mismatch"
    else:
        lines = [l for l in output.splitlines() if l.strip()]
        row["note"] += "verify: " + (lines[-1][:160] if lines else
                                     "no output")

    if args.peer:
        peer_path = os.path.join(workdir, name + ".peer.onnx")
        code, output, _ = run([PYTHON, os.path.join(HERE, "peer_export.py"),
                               pt, peer_path] + info["shapes"] +
                              ["--opset", str(args.peer_opset)],
                              args.timeout, log)
        if code == 0:
            row["peer_nodes"] = count_nodes(peer_path)
        for path in (peer_path, peer_path + ".data"):
            if os.path.exists(path):
                os.remove(path)
    if not args.keep:
        for path in (pt, pt + ".json", onnx_path, onnx_path + ".data"):
            if os.path.exists(path):
                os.remove(path)
    return row


def format_row(row):
    error = "-" if row["error"] is None else f"{row['error']:.2e}"
    scale = "-" if row["scale"] is None else f"{row['scale']:.3g}"
    nodes = "-" if row["nodes"] is None else str(row["nodes"])
    peer = "-" if row["peer_nodes"] is None else str(row["peer_nodes"])
    return (f"{row['name']:<22} {row['status']:<5} {error:>9} {scale:>8} "
            f"{nodes:>6} "
            f"{peer:>6}  {row['note']}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*",
                        help="models to check (default: all)")
    parser.add_argument("--compiler",
                        default=os.path.join(ROOT, "build", "bin",
                                             "torch-onnx-compile"))
    parser.add_argument("--opset", type=int, default=17)
    parser.add_argument("--peer", action="store_true",
                        help="also count the nodes torch.onnx.export makes")
    parser.add_argument("--peer-opset", type=int, default=17)
    parser.add_argument("--tolerance", type=float, default=1e-4)
    parser.add_argument("--raw-weights", action="store_true",
                        help="check the models as their builders make them")
    parser.add_argument("--max-weights-mb", type=float, default=500)
    parser.add_argument("--timeout", type=int, default=1800,
                        help="seconds allowed for each step")
    parser.add_argument("--workdir", help="where models are written "
                        "(default: a temporary directory)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the .pt and .onnx files")
    parser.add_argument("--log", help="write every command's output here")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--list", action="store_true")
    # Internal modes, run in child processes.
    parser.add_argument("--build", nargs=2, metavar=("NAME", "OUT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--accuracy", nargs=2, metavar=("PT", "ONNX"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.build:
        return build_model(args.build[0], args.build[1], args.max_weights_mb,
                           args.raw_weights)
    if args.accuracy:
        return measure_accuracy(*args.accuracy)

    if args.models:
        names = args.models
    else:
        from zoo_image_models import IMAGE_MODELS
        names = list(IMAGE_MODELS) + DEFAULT_MODELS
    if args.list:
        print("\n".join(names))
        return 0
    if not os.path.exists(args.compiler):
        print(f"no compiler at {args.compiler}; pass --compiler",
              file=sys.stderr)
        return 2

    workdir = args.workdir or tempfile.mkdtemp(prefix="check_models")
    os.makedirs(workdir, exist_ok=True)
    log = open(args.log, "w") if args.log else open(os.devnull, "w")
    print(f"{'model':<22} {'state':<5} {'rel.err':>9} {'max|y|':>8} "
          f"{'nodes':>6} "
          f"{'peer':>6}  note", flush=True)
    rows = []
    for name in names:
        row = check_model(name, args, workdir, log)
        rows.append(row)
        print(format_row(row), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
    log.close()

    passed = sum(r["status"] == "pass" for r in rows)
    skipped = sum(r["status"] == "skip" for r in rows)
    noise = sum(r["status"] == "noise" for r in rows)
    failed = [r["name"] for r in rows if r["status"] == "FAIL"]
    print(f"\n{passed} passed, {noise} within float32 rounding, "
          f"{len(failed)} failed, {skipped} skipped of {len(rows)} models "
          f"(opset {args.opset})")
    if noise:
        print("within float32 rounding: the error exceeds the tolerance, but "
              "against float64 the ONNX model is about as accurate as "
              "PyTorch's float32 result")
    if failed:
        print("failed: " + ", ".join(failed))
    if args.peer:
        worse = [r["name"] for r in rows
                 if r["nodes"] is not None and r["peer_nodes"] is not None
                 and r["nodes"] > r["peer_nodes"]]
        if worse:
            print("more nodes than torch.onnx.export: " + ", ".join(worse))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
