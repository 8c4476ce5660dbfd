#!/usr/bin/env python3
"""The transformers zoo against today's exporters.

    .venv/bin/python bench/zoo.py [--size reduced|full] [--models a,b]
        [--rounds 3] [--write docs/benchmarks-zoo.md] [--merge OLD.json]
        [--note TEXT]
    .venv/bin/python bench/zoo.py --report-only --merge A.json
        [--merge B.json] --write docs/benchmarks-zoo.md
    .venv/bin/python bench/zoo.py --scale [--scale-models llama_1b]

Each model of utils/transformers_zoo.py is built at `--size` with random
weights in a fresh process, which computes eager PyTorch's outputs (for the
decode steps: 8 steps, and the caches after them), traces the module with
torch.jit.trace and saves it (model.pt), and exports it with
torch.export.export, dynamic axes as Dims, and saves it (model.pt2); none of
that is in any tool's time. Then the tools take turns, `--rounds` rounds of
one run each, every run a fresh process under /usr/bin/time, started after
the page cache is written back:

  ours         torch-onnx-compile model.pt -o ours.onnx, with the example
               shapes, input names and dynamic dims as flags
  ours .pt2    torch-onnx-compile model.pt2 -o ours_pt2.onnx
  dynamo=True  torch.export.load(model.pt2), then torch.onnx.export(ep, (),
               f, dynamo=True) at its defaults (bench/torch_export.py's
               peer worker)
  dynamo=False torch.jit.load(model.pt), then torch.onnx.export(module,
               args, f, dynamo=False, input_names, dynamic_axes)
  floor        torch-onnx-bench-floor model.pt: LibTorch loads the archive
               and writes every weight once

Every tool writes opset OPSET (20), the one dynamo=True writes by default
and the newest dynamo=False can: node counts and latencies then compare
like with like (opset 20 has Gelu, which opset 17 spells as five nodes).

For each tool: success (the first error line when it fails), wall time and
peak RSS (medians over the rounds), the node count of the main graph, and,
in onnxruntime on one thread, correctness against eager PyTorch (largest
|onnx - eager| / max|eager| of the first output at the example size and at
a second size on the dynamic axes; for the decode steps over 8 steps, each
step's state outputs fed back where the model declares them in its
torch_onnx.state metadata, and the final caches) and latency (median of
`--latency-runs` runs at the example size after 3, the tools' sessions
taking turns). Each figure is also given as a ratio to the best peer on
that model, the smaller of dynamo=True's and dynamo=False's among those
that finished. The results go to WORKDIR/zoo-SIZE.json, and with --write to
a Markdown report, with the sections of --merge's earlier results.

--scale builds Llama-architecture models of about 1B, 3B and 7B parameters
(transformers_zoo.LLAMA_SCALE) in bfloat16 and runs every tool on them
(external data where a model passes 2 GiB); it records which tools finish,
their time and their peak RSS, and checks nothing in onnxruntime. It needs
free disk of about four times the weights (the two archives and the
outputs) and memory for the tools; 7B is about 14 GB of weights. It is a
benchmark, never part of a test.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "utils"))

PYTHON = sys.executable
WORKER = os.path.abspath(__file__)

TOOLS = ["ours", "ours_pt2", "dynamo", "torchscript", "floor"]
PEERS = ["dynamo", "torchscript"]
LABELS = {
    "ours": "ours: `torch-onnx-compile model.pt`",
    "ours_pt2": "ours: `torch-onnx-compile model.pt2`",
    "dynamo": "`torch.onnx.export(dynamo=True)`",
    "torchscript": "`torch.onnx.export(dynamo=False)`",
    "floor": "floor: load model.pt, write weights",
}
# A relative error below this is a match.
TOLERANCE = 1e-3
# The opset every tool writes: dynamo=True's default, dynamo=False's newest.
OPSET = 20


# --- Workers, run as `zoo.py --worker KIND ...` ------------------------------


def prepare(name, size, workdir):
    """Builds zoo model `name` at `size` and writes model.pt, model.pt2,
    cases.pt (inputs and eager outputs) and meta.json to `workdir`."""
    import torch

    import input_shape
    import transformers_zoo as zoo

    meta = {"model": name, "size": size, "about": zoo.ZOO[name].about,
            "kind": zoo.ZOO[name].kind}
    start = time.perf_counter()
    built = zoo.example(name, size)
    module = built.module
    meta["build_s"] = time.perf_counter() - start
    tensors = list(module.parameters()) + list(module.buffers())
    meta["params_m"] = zoo.parameter_count(module) / 1e6
    meta["weights_mb"] = sum(t.numel() * t.element_size()
                             for t in tensors) / 2**20
    meta["names"] = built.names
    meta["dynamic_axes"] = built.dynamic_axes
    meta["shapes"] = [input_shape.format_shape(list(a.shape), a.dtype)
                      for a in built.args]
    meta["dtype"] = str(next(module.parameters()).dtype)
    cases = {"args": built.args, "second": built.second}
    initial = {n: b.clone() for n, b in module.named_buffers()}
    check = size in zoo.SIZES
    with torch.no_grad():
        if meta["kind"] == "decode":
            steps = zoo.decode_steps(module.model.config.vocab_size)
            cases["steps"] = steps
            cases["expected_steps"] = [module(*args) for args in steps]
            cases["expected_state"] = {
                n: module.get_buffer(n).clone() for n in module.cache_names()}
        elif check:
            cases["expected"] = [module(*built.args), module(*built.second)]
        restore(module, initial)
        start = time.perf_counter()
        traced = torch.jit.trace(module, built.args, check_trace=False)
        restore(traced, initial)
        traced.save(os.path.join(workdir, "model.pt"))
        meta["trace_save_s"] = time.perf_counter() - start
        del traced
        restore(module, initial)
        start = time.perf_counter()
        # A model that torch.export refuses still goes through the .pt
        # path; the tools that read model.pt2 are recorded as failed.
        try:
            program = torch.export.export(
                module, built.args,
                dynamic_shapes=zoo.export_dynamic_shapes(built))
            torch.export.save(program, os.path.join(workdir, "model.pt2"))
            meta["export_save_s"] = time.perf_counter() - start
        except Exception as error:
            from torch_export import error_line
            meta["export_error"] = error_line(error)
    torch.save(cases, os.path.join(workdir, "cases.pt"))
    with open(os.path.join(workdir, "meta.json"), "w") as file:
        json.dump(meta, file)


def restore(module, initial):
    """Puts back the buffers that a run of forward wrote."""
    for name, buffer in module.named_buffers():
        if name in initial:
            buffer.copy_(initial[name])


def torchscript(pt, cases_path, meta_path, out, stats_path):
    """torch.onnx.export(dynamo=False) of the TorchScript archive `pt`."""
    stats = {}
    try:
        start = time.perf_counter()
        import torch
        stats["import_torch_s"] = time.perf_counter() - start
        start = time.perf_counter()
        module = torch.jit.load(pt)
        stats["load_s"] = time.perf_counter() - start
        cases = torch.load(cases_path)
        with open(meta_path) as file:
            meta = json.load(file)
        start = time.perf_counter()
        torch.onnx.export(module, tuple(cases["args"]), out,
                          input_names=meta["names"],
                          dynamic_axes={k: {int(a): s for a, s in v.items()}
                                        for k, v in
                                        meta["dynamic_axes"].items()} or None,
                          opset_version=OPSET, dynamo=False)
        stats["export_s"] = time.perf_counter() - start
    except BaseException as error:
        from torch_export import error_line
        stats["error"] = error_line(error)
        raise
    finally:
        with open(stats_path, "w") as file:
            json.dump(stats, file)


def dynamo(pt2, out, stats_path):
    """bench/torch_export.py's peer worker (torch.onnx.export(dynamo=True)
    of the loaded .pt2); a failure names its root cause too, which
    ConversionError's first line does not."""
    from torch_export import error_line, worker
    try:
        worker("peer", pt2, out, stats_path)
    except BaseException as error:
        root = error
        while root.__cause__ is not None:
            root = root.__cause__
        if root is not error and os.path.exists(stats_path):
            with open(stats_path) as file:
                stats = json.load(file)
            first = stats["error"].split(" Next steps:")[0]
            stats["error"] = f"{first} Caused by {error_line(root)}"
            with open(stats_path, "w") as file:
                json.dump(stats, file)
        raise


# --- Measuring ---------------------------------------------------------------


def commands(tools, workdir, meta):
    """The command of each tool, and the file or files it writes."""
    pt, pt2 = (os.path.join(workdir, f) for f in ("model.pt", "model.pt2"))
    stats = os.path.join(workdir, "stats.json")
    # Each tool writes into a folder of its own: dynamo=False writes the
    # external data of a model past 2 GiB as one file per initializer.
    outs = {tool: os.path.join(workdir, tool, "model.onnx")
            for tool in TOOLS}
    outs["floor"] = os.path.join(workdir, "floor", "weights.bin")
    flags = [f"--opset={OPSET}"]
    flags += [f for shape in meta["shapes"] for f in ("--input-shape", shape)]
    flags += ["--input-names", ",".join(meta["names"])]
    for name, axes in meta["dynamic_axes"].items():
        flags += [f for axis, symbol in axes.items()
                  for f in ("--dynamic-dim", f"{name}:{axis}={symbol}")]
    return {
        "ours": [tools["compiler"], pt, "-o", outs["ours"]] + flags,
        "ours_pt2": [tools["compiler"], pt2, "-o", outs["ours_pt2"],
                     f"--opset={OPSET}"],
        "dynamo": [PYTHON, WORKER, "--worker", "dynamo", pt2,
                   outs["dynamo"], stats],
        "torchscript": [PYTHON, WORKER, "--worker", "torchscript", pt,
                        os.path.join(workdir, "cases.pt"),
                        os.path.join(workdir, "meta.json"),
                        outs["torchscript"], stats],
        "floor": [tools["floor"], pt, outs["floor"]],
    }, outs, stats


def measure(name, size, options, tools, workdir):
    from torch_export import opset, run
    from run_bench import node_count, weight_bytes
    print(f"\n{name} ({size})", flush=True)
    start = time.perf_counter()
    subprocess.run([PYTHON, WORKER, "--worker", "prepare", name, size,
                    workdir], check=True)
    prepare_s = time.perf_counter() - start
    with open(os.path.join(workdir, "meta.json")) as file:
        row = json.load(file)
    row["prepare_s"] = prepare_s
    print(f"  {row['params_m']:.2f}M parameters, {row['weights_mb']:.1f} MB, "
          f"prepared in {prepare_s:.1f} s", flush=True)
    cmds, outs, stats = commands(tools, workdir, row)
    samples = {tool: [] for tool in TOOLS}
    errors = {tool: None for tool in TOOLS}
    for round_ in range(options.rounds):
        for tool in TOOLS:
            # A run slower than --slow seconds is not repeated.
            if samples[tool] and samples[tool][0]["wall_s"] > options.slow:
                continue
            if "export_error" in row and "model.pt2" in " ".join(cmds[tool]):
                errors[tool] = ("torch.export.export failed: " +
                                row["export_error"])
                continue
            # Each run writes a new file, as the first does.
            shutil.rmtree(os.path.dirname(outs[tool]), ignore_errors=True)
            os.makedirs(os.path.dirname(outs[tool]))
            if os.path.exists(stats):
                os.remove(stats)
            seconds, mb, error = run(cmds[tool], options.timeout)
            inner = {}
            if os.path.exists(stats):
                with open(stats) as file:
                    inner = json.load(file)
            error = inner.pop("error", None) or error
            if error:
                error = re.sub(r"\x1b\[[0-9;]*m", "", error)
            errors[tool] = errors[tool] or error
            samples[tool].append(dict(inner, wall_s=seconds, rss_mb=mb))
            if row["size"] not in ("reduced", "full"):
                # Nothing checks a scale model's output: count its nodes and
                # free the disk for the next tool, which a 7B model's
                # outputs would fill otherwise.
                if not error and tool != "floor":
                    samples[tool][-1]["nodes"] = node_count(outs[tool])
                    samples[tool][-1]["opset"] = opset(outs[tool])
                    samples[tool][-1]["written_mb"] = weight_bytes(
                        outs[tool]) / 2**20
                shutil.rmtree(os.path.dirname(outs[tool]), ignore_errors=True)
            print(f"  round {round_ + 1} {tool:11s} {seconds:8.2f} s "
                  f"{mb:7.0f} MB" + (f"  {error}" if error else ""),
                  flush=True)
    cases = None
    if row["size"] in ("reduced", "full"):
        import torch
        cases = torch.load(os.path.join(workdir, "cases.pt"))
    sessions = {}
    for tool, runs in samples.items():
        result = {"ok": errors[tool] is None, "error": errors[tool],
                  "runs": len(runs)}
        for key in {key for r in runs for key in r}:
            values = [r[key] for r in runs if key in r]
            result[key] = statistics.median(values)
        if tool != "floor" and result["ok"] and cases is not None:
            result["nodes"] = node_count(outs[tool])
            result["opset"] = opset(outs[tool])
            check(outs[tool], row, cases, result, sessions, tool)
        row[tool] = result
    if sessions:
        from torch_export import latencies
        latencies(sessions, runs=3)
        for tool, ms in latencies(sessions, options.latency_runs).items():
            row[tool]["ort_ms"] = ms
    for tool in TOOLS:
        shutil.rmtree(os.path.dirname(outs[tool]), ignore_errors=True)
    return row


def ort_session(path):
    """bench/torch_export.py's one-thread session, without the warnings."""
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.log_severity_level = 3
    return onnxruntime.InferenceSession(path, options,
                                        providers=["CPUExecutionProvider"])


def relative_error(actual, expected):
    import numpy as np
    expected = expected.float().numpy()
    if actual.shape != expected.shape:
        raise ValueError(f"output shape {actual.shape}, expected "
                         f"{expected.shape}")
    scale = float(np.abs(expected).max()) or 1.0
    return float(np.abs(actual - expected).max()) / scale


def check(path, row, cases, result, sessions, tool):
    """Runs the model at `path` in onnxruntime on the cases; records the
    errors (or the first error line) in `result` and the session and the
    example's feed in `sessions`."""
    from torch_export import error_line
    try:
        session = ort_session(path)
        metadata = session.get_modelmeta().custom_metadata_map
        bindings = json.loads(metadata.get("torch_onnx.state", "{}"))
        inputs = [i.name for i in session.get_inputs()
                  if i.name not in bindings]
        outputs = [o.name for o in session.get_outputs()]
        first = next(o for o in outputs if o not in bindings.values())

        def feed(args, state=None):
            values = dict(state or {})
            if len(args) != len(inputs):
                raise ValueError(f"graph inputs {inputs} for "
                                 f"{len(args)} arguments")
            values.update((n, a.numpy()) for n, a in zip(inputs, args))
            return values

        if row["kind"] == "decode":
            state, errors = {}, []
            for args, expected in zip(cases["steps"],
                                      cases["expected_steps"]):
                got = dict(zip(outputs, session.run(None,
                                                    feed(args, state))))
                errors.append(relative_error(got[first], expected))
                state = {i: got[o] for i, o in bindings.items()}
            result["step_errors"] = errors
            result["state"] = sorted(bindings)
            result["cache_error"] = max(
                (relative_error(state[n], v)
                 for n, v in cases["expected_state"].items()),
                default=None) if state else None
            sessions[tool] = (session, feed(cases["steps"][0]))
        else:
            errors = []
            for args, expected in zip((cases["args"], cases["second"]),
                                      cases["expected"]):
                try:
                    errors.append(relative_error(
                        session.run([first], feed(args))[0], expected))
                except Exception as error:
                    if errors:  # the example size ran: the second did not
                        result["second_error"] = error_line(error)
                        break
                    raise
            result["errors"] = errors
            sessions[tool] = (session, feed(cases["args"]))
    except Exception as error:
        result["ort_error"] = error_line(error)


def correct(result):
    """True, False, or None when the model was not checked."""
    if result.get("ort_error") or result.get("second_error"):
        return False
    if "step_errors" in result:
        return (max(result["step_errors"]) < TOLERANCE
                and result["cache_error"] is not None
                and result["cache_error"] < TOLERANCE)
    if "errors" in result:
        return max(result["errors"]) < TOLERANCE
    return None


def correctness(result):
    if result.get("ort_error"):
        return f"onnxruntime: {result['ort_error']}"
    if "step_errors" in result:
        errors = result["step_errors"]
        bad = [i for i, e in enumerate(errors) if e >= TOLERANCE]
        text = f"{len(errors)} steps, largest {max(errors):.1e}"
        if bad:
            text = (f"{len(bad)} of {len(errors)} steps differ, from step "
                    f"{bad[0] + 1} ({errors[bad[0]]:.1e}); step 1 "
                    f"{errors[0]:.1e}")
        if result["cache_error"] is None:
            return text + "; no cache outputs (the cache is a constant)"
        return text + f"; caches {result['cache_error']:.1e} (" + (
            "ok" if correct(result) else "MISMATCH") + ")"
    if "errors" in result:
        text = " / ".join(f"{e:.1e}" for e in result["errors"])
        if result.get("second_error"):
            text += f"; second size: {result['second_error']}"
        return text + (" (ok)" if correct(result) else " (MISMATCH)")
    return "-"


# --- The report --------------------------------------------------------------


def fmt(value, digits=2):
    if value is None or value != value:
        return "-"
    return f"{value:.{digits}f}"


def ratio(a, b):
    if a is None or b is None or not b or a != a or b != b:
        return None
    return a / b


def best_peer(row, key):
    values = [row[p].get(key) for p in PEERS if row[p]["ok"]]
    values = [v for v in values if v is not None and v == v]
    return min(values) if values else None


def model_table(row):
    best = {key: best_peer(row, key)
            for key in ("wall_s", "rss_mb", "nodes", "ort_ms")}
    lines = [
        f"### {row['model']} ({row['size']})",
        "",
        f"{row['about']}: {row['params_m']:.2f}M parameters, "
        f"{row['weights_mb']:.1f} MB of weights ({row['dtype']}), inputs "
        f"{', '.join(row['shapes'])}. Tracing and saving took "
        f"{row['trace_save_s']:.1f} s, " + (
            f"torch.export and saving {row['export_save_s']:.1f} s"
            if "export_save_s" in row else "torch.export failed") +
        ", in no tool's time.",
        "",
        "| tool | ok | time s | x best peer | peak RSS MB | x best peer "
        "| nodes | x best peer | opset | ORT ms | x best peer | max error |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for tool in TOOLS:
        r = row[tool]
        model = tool != "floor"
        lines.append(" | ".join([
            f"| {LABELS[tool]}", "yes" if r["ok"] else "**no**",
            fmt(r.get("wall_s")), fmt(ratio(r.get("wall_s"), best["wall_s"])),
            fmt(r.get("rss_mb"), 0),
            fmt(ratio(r.get("rss_mb"), best["rss_mb"])),
            str(r.get("nodes", "-")) if model else "-",
            fmt(ratio(r.get("nodes"), best["nodes"])) if model else "-",
            str(r.get("opset", "-")) if model else "-",
            fmt(r.get("ort_ms")) if model else "-",
            fmt(ratio(r.get("ort_ms"), best["ort_ms"])) if model else "-",
            correctness(r) if model else "-"]) + " |")
    notes = [f"{LABELS[tool]} failed: `{row[tool]['error']}`."
             for tool in TOOLS if row[tool]["error"]]
    peer = row["dynamo"]
    if peer.get("export_s") is not None:
        notes.append(
            f"dynamo=True's process: import torch "
            f"{fmt(peer.get('import_torch_s'))} s, torch.export.load "
            f"{fmt(peer.get('load_s'))} s, imports of the exporter "
            f"{fmt(peer.get('import_exporter_s'))} s, export call "
            f"{fmt(peer.get('export_s'))} s.")
    if notes:
        lines += [""] + [" ".join(notes)]
    return lines + [""]


def summary_table(rows):
    """One line per model: our figures against the issue's targets."""
    lines = [
        "| model | size | params M | ours time / best peer (target 0.1) | "
        "(ours RSS - floor) / weights (target 0.25) | nodes / best peer "
        "(target 1) | ORT / best peer (target 1.0) | ours correct | "
        "peers that finished (correct) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        ours = row["ours"]
        if not ours["ok"] and row["ours_pt2"]["ok"]:
            ours = row["ours_pt2"]
        extra = None
        if ours["ok"] and row["floor"]["ok"]:
            extra = (ours["rss_mb"] - row["floor"]["rss_mb"]) / \
                row["weights_mb"]
        peers = ", ".join(
            p.replace("dynamo", "dynamo=True").replace(
                "torchscript", "dynamo=False")
            + {True: " (yes)", False: " (no)", None: ""}[correct(row[p])]
            for p in PEERS if row[p]["ok"]) or "none"
        verdict = correct(ours)
        lines.append(" | ".join([
            f"| {row['model']}", row["size"], fmt(row["params_m"]),
            fmt(ratio(ours.get("wall_s"), best_peer(row, "wall_s"))),
            fmt(extra),
            fmt(ratio(ours.get("nodes"), best_peer(row, "nodes"))),
            fmt(ratio(ours.get("ort_ms"), best_peer(row, "ort_ms"))),
            {True: "yes", False: "**no**", None: "not checked"}[verdict]
            if ours["ok"] else "**failed**", peers]) + " |")
    return lines


def write_report(path, sections):
    lines = [
        "# Benchmarks: the transformers zoo against today's exporters",
        "",
        "Made by `bench/zoo.py` (see its docstring for what each tool "
        "runs). Each model of `utils/transformers_zoo.py` is built from a "
        "transformers config with random weights, traced and saved as "
        "model.pt, exported with `torch.export.export` (dynamic axes as "
        "Dims) and saved as model.pt2, outside any tool's time. The tools "
        "take turns, one run each per round, each a fresh process started "
        "after the page cache is written back; time and peak RSS are "
        f"medians over the rounds. Every tool writes opset {OPSET}, "
        "dynamo=True's default. Ratios are to the best peer on that "
        "model: the smaller figure of `torch.onnx.export(dynamo=True)` and "
        "`torch.onnx.export(dynamo=False)` among those that finished. "
        "*max error* is max|onnxruntime - eager| / max|eager| of the first "
        "output at the example size / at a second size on the dynamic "
        f"axes (ok below {TOLERANCE:g}); the decode steps run 8 steps in "
        "one session, feeding back the state outputs that the model's "
        "torch_onnx.state metadata names, and compare each step's logits "
        "and the final caches. ORT ms is onnxruntime on one thread at the "
        "example size, the tools' sessions taking turns. "
        "`bench/zoo.py --scale` runs the Llama-architecture models of 1B, "
        "3B and 7B parameters in bfloat16 through every tool; its results "
        "are a section of their own, here only once that run is merged "
        "(`--merge`).",
        "",
    ]
    for section in sections:
        lines += [f"## {section['title']}", "", section["setup"], "",
                  "Against the issue's targets (ours is the .pt path, or "
                  "the .pt2 path where the .pt path failed):", ""]
        lines += summary_table(section["rows"]) + [""]
        for row in section["rows"]:
            lines += model_table(row)
        lines += ["Command:", "", "```", section["command"], "```", ""]
    with open(path, "w") as report:
        report.write("\n".join(lines))


def versions():
    from torch_export import versions as tool_versions
    return tool_versions()


def main():
    import transformers_zoo as zoo
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", choices=zoo.SIZES, default="reduced")
    parser.add_argument("--models", default=",".join(zoo.ZOO))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--latency-runs", type=int, default=20)
    parser.add_argument("--slow", type=float, default=300.0,
                        help="a tool whose first run is slower than this "
                        "many seconds is not run again")
    parser.add_argument("--timeout", type=float, default=3600.0,
                        help="seconds after which a run is stopped")
    parser.add_argument("--scale", action="store_true",
                        help="the Llama-architecture models of 1B, 3B and "
                        "7B parameters in bfloat16 instead of the zoo")
    parser.add_argument("--scale-models", default=",".join(zoo.LLAMA_SCALE),
                        help="with --scale, which of them")
    parser.add_argument("--workdir", help="where the archives and outputs "
                        "go (default: a temporary folder)")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--write", metavar="REPORT.md",
                        help="write the results as a Markdown report")
    parser.add_argument("--merge", metavar="RESULTS.json", action="append",
                        default=[], help="also report the sections of an "
                        "earlier run's results")
    parser.add_argument("--note", default="",
                        help="conditions of the run, for the report")
    parser.add_argument("--report-only", action="store_true",
                        help="run nothing: write --merge's sections to "
                        "--write")
    options = parser.parse_args()
    if options.report_only:
        sections = []
        for path in options.merge:
            with open(path) as file:
                sections.append(json.load(file))
        write_report(options.write, sections)
        return
    if options.scale:
        runs = [("llama", size) for size in options.scale_models.split(",")]
        for _, size in runs:
            if size not in zoo.LLAMA_SCALE:
                parser.error(f"unknown scale model '{size}'")
        title = "Scale: Llama-architecture models in bfloat16"
    else:
        runs = [(name, options.size) for name in options.models.split(",")]
        for name, _ in runs:
            if name not in zoo.ZOO:
                parser.error(f"unknown model '{name}' (expected one of "
                             f"{', '.join(zoo.ZOO)})")
        title = f"The zoo at its {options.size} size"
    command = shlex.join([os.path.relpath(PYTHON, ROOT) if PYTHON.startswith(
        ROOT) else PYTHON, os.path.relpath(WORKER, ROOT)] + sys.argv[1:])
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always",
                             "--dirty"], capture_output=True,
                            text=True).stdout.strip()
    start_load = os.getloadavg()[0]
    workdir = options.workdir or tempfile.mkdtemp(prefix="zoo-bench-")
    os.makedirs(workdir, exist_ok=True)
    # Copies, so that a rebuild during the run does not change them.
    tools = {}
    for key, name in (("compiler", "torch-onnx-compile"),
                      ("floor", "torch-onnx-bench-floor")):
        tools[key] = os.path.join(workdir, name)
        shutil.copy2(os.path.join(options.build, "bin", name), tools[key])
    rows = []
    try:
        for name, size in runs:
            model_dir = os.path.join(workdir, f"{name}-{size}")
            os.makedirs(model_dir, exist_ok=True)
            rows.append(measure(name, size, options, tools, model_dir))
            for archive in ("model.pt", "model.pt2"):
                if os.path.exists(os.path.join(model_dir, archive)):
                    os.remove(os.path.join(model_dir, archive))
    finally:
        setup = (
            f"Measured {datetime.date.today()} on {os.cpu_count()} CPUs "
            f"(load average {start_load:.1f} at the start, "
            f"{os.getloadavg()[0]:.1f} at the end), torch-onnx-compile of "
            f"checkout {commit or '?'}, {versions()}; {options.rounds} "
            f"round{'s' if options.rounds != 1 else ''}, onnxruntime "
            f"latency over {options.latency_runs} runs."
            + (f" {options.note}" if options.note else ""))
        section = {"title": title, "setup": setup, "command": command,
                   "rows": rows}
        results = os.path.join(workdir, "zoo-" + (
            "scale" if options.scale else options.size) + ".json")
        with open(results, "w") as file:
            json.dump(section, file, indent=1)
        print(f"\nresults: {results}")
    sections = []
    for path in options.merge:
        with open(path) as file:
            sections.append(json.load(file))
    sections.append(section)
    if options.write:
        write_report(options.write, sections)
    for line in summary_table(rows):
        print(line)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        kind, args = sys.argv[2], sys.argv[3:]
        {"prepare": prepare, "dynamo": dynamo,
         "torchscript": torchscript}[kind](*args)
    else:
        main()
