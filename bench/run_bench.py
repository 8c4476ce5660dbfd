#!/usr/bin/env python3
"""Benchmarks torch-onnx-compile against torch.onnx.export.

    .venv/bin/python bench/run_bench.py [--build build] [--runs 3]

For each model it measures, as the median of alternating runs, the whole
process wall time and peak RSS of torch-onnx-compile, of a one-process
torch.onnx.export (utils/peer_export.py, opset 17, the TorchScript-based
exporter) of the same TorchScript file, and of the floor (bench/floor.cpp: load the archive and write every
weight once). Each run starts after the page cache is written back. It
also counts the nodes of both outputs and times both in
onnxruntime (one thread, median of at least 20 runs and 1 s after 10
warm-up runs). It prints the ratios and writes docs/benchmarks.md and
docs/benchmarks-scaling.png.
"""
import argparse
import datetime
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import onnx

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The benchmark runs from a checkout, not under lit: it finds utils/ itself.
sys.path.insert(0, os.path.join(ROOT, "utils"))
import input_shape  # noqa: E402

# The model zoo and the peer run with this script's Python (.venv's).
PYTHON = sys.executable
PEER_EXPORT = os.path.join(ROOT, "utils", "peer_export.py")
MODELS = ["resnet18", "resnet50", "mobilenet_v2", "vgg11_bn", "swin_t",
          "convnext_tiny"]
SCALING = [100, 200, 400, 800, 1600]


def timed(cmd, timeout=None):
    """Runs cmd under /usr/bin/time; returns (seconds, peak RSS in MB, ok).

    A run killed at `timeout` seconds reports the timeout as its time (a
    lower bound) and no RSS. The page cache is written back first, so that
    no run pays for writing back the output of the run before it.
    """
    os.sync()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as stats:
        # Its own session, so that a timeout stops the whole process tree.
        process = subprocess.Popen(["/usr/bin/time", "-f", "%e %M", "-o",
                                    stats.name] + cmd,
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        try:
            _, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            sys.stderr.write(f"timed out after {timeout} s: {cmd[0]}\n")
            return float(timeout), float("nan"), False
        result = subprocess.CompletedProcess(cmd, process.returncode, None,
                                             stderr)
        fields = stats.read().split()
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-2000:])
    seconds, kbytes = float(fields[-2]), int(fields[-1])
    return seconds, kbytes / 1024.0, result.returncode == 0


def zoo(*args):
    return subprocess.run([PYTHON, os.path.join(ROOT, "utils", "model_zoo.py")]
                          + list(args), check=True, capture_output=True,
                          text=True).stdout.split()


def node_count(path):
    model = onnx.load(path, load_external_data=False)
    return len(model.graph.node)


def weight_bytes(path):
    model = onnx.load(path, load_external_data=False)
    total = 0
    for init in model.graph.initializer:
        n = int(np.prod(init.dims)) if init.dims else 1
        total += n * onnx.helper.tensor_dtype_to_np_dtype(
            init.data_type).itemsize
    return total


def ort_latency(path, shapes):
    """Median milliseconds of one onnxruntime run of `path` on one thread,
    over at least 20 runs and 1 s of runs after 10 warm-up runs; NaN when
    onnxruntime cannot run it."""
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    try:
        session = onnxruntime.InferenceSession(
            path, options, providers=["CPUExecutionProvider"])
        rng = np.random.default_rng(0)
        feeds = {value.name: input_shape.numpy_example(shape, rng)
                 for value, shape in zip(session.get_inputs(), shapes)}
        for _ in range(10):
            session.run(None, feeds)
        times = []
        while len(times) < 20 or (sum(times) < 1.0 and len(times) < 100000):
            start = time.perf_counter()
            session.run(None, feeds)
            times.append(time.perf_counter() - start)
    except Exception as error:
        sys.stderr.write(f"onnxruntime: {error}\n")
        return float("nan")
    return statistics.median(times) * 1000.0


def measure(name, build, runs, workdir, slow_peer=120.0, peer_timeout=900.0,
            reuse=None, startup_cmd=None):
    """Times our compiler, the peer and the floor on model `name`, in
    alternating rounds. With `startup_cmd` (our compile of deep_mlp_3), each
    round also times it just before our run: a start-up measured alongside
    the model, which drift over the run cannot separate from it."""
    pt = os.path.join(workdir, f"{name}.pt")
    if not os.path.exists(pt):
        zoo(name, pt)
    shapes = zoo(name, "--shapes")
    flags = zoo(name, "--flags")
    ours_onnx = os.path.join(workdir, f"{name}.ours.onnx")
    peer_onnx = os.path.join(workdir, f"{name}.peer.onnx")
    floor_out = os.path.join(workdir, f"{name}.floor.bin")
    compile_cmd = [os.path.join(build, "bin", "torch-onnx-compile"), pt, "-o",
                   ours_onnx] + flags
    peer_cmd = [PYTHON, PEER_EXPORT, pt, peer_onnx] + shapes
    floor_cmd = [os.path.join(build, "bin", "torch-onnx-bench-floor"), pt,
                 floor_out]
    samples = {"ours": [], "peer": [], "floor": []}
    ok = {"ours": True, "peer": True, "floor": True}
    commands = [("ours", compile_cmd), ("peer", peer_cmd),
                ("floor", floor_cmd)]
    if startup_cmd:
        samples["startup"], ok["startup"] = [], True
        commands.insert(0, ("startup", startup_cmd))
    for _ in range(runs):
        for key, cmd in commands:
            # A peer run slower than slow_peer seconds is not repeated, and
            # one slower than peer_timeout is stopped.
            if key == "peer" and (reuse or samples["peer"] and (
                    samples["peer"][0][0] > slow_peer)):
                continue
            seconds, rss, good = timed(cmd, peer_timeout if key == "peer"
                                       else None)
            ok[key] &= good
            samples[key].append((seconds, rss))
    row = {"model": name, "peer_runs": len(samples["peer"])}
    if reuse:
        # The peer's figures come from an earlier run of this harness.
        for key in ("peer_s", "peer_mb", "peer_ok", "peer_runs", "peer_nodes",
                    "peer_ms", "weights_mb"):
            row[key] = reuse[key]
        row["peer_reused"] = True
        del samples["peer"]
    for key, values in samples.items():
        row[f"{key}_s"] = statistics.median(v[0] for v in values)
        row[f"{key}_mb"] = statistics.median(v[1] for v in values)
        row[f"{key}_ok"] = ok[key]
    row["ours_nodes"] = node_count(ours_onnx) if ok["ours"] else None
    if reuse:
        row["ours_ms"] = ort_latency(ours_onnx, shapes) if ok[
            "ours"] else float("nan")
        return row
    row["peer_nodes"] = node_count(peer_onnx) if ok["peer"] else None
    row["weights_mb"] = (weight_bytes(peer_onnx) / 2**20) if ok["peer"] else (
        os.path.getsize(floor_out) / 2**20 if ok["floor"] else float("nan"))
    row["ours_ms"] = ort_latency(ours_onnx, shapes) if ok["ours"] \
        else float("nan")
    row["peer_ms"] = ort_latency(peer_onnx, shapes) if ok["peer"] \
        else float("nan")
    return row


def ratio(a, b):
    return a / b if b and not math.isnan(a) and not math.isnan(b) else \
        float("nan")


def fit_exponent(ns, times, startups):
    """The slope of log(time - start-up) against log(N); `startups` is one
    start-up for all sizes or one per size."""
    if not isinstance(startups, list):
        startups = [startups] * len(ns)
    points = [(math.log(n), math.log(t - s))
              for n, t, s in zip(ns, times, startups) if t - s > 0]
    if len(points) < 2:
        return float("nan")
    xs, ys = zip(*points)
    return float(np.polyfit(xs, ys, 1)[0])


def startup_commands(build, workdir):
    """Each tool compiling deep_mlp_3, the series at almost no size: the
    fixed cost that every compile pays (process start, LibTorch, the
    dialects or torch.onnx, writing a file, exiting)."""
    pt = os.path.join(workdir, "deep_mlp_3.pt")
    if not os.path.exists(pt):
        zoo("deep_mlp_3", pt)
    return {
        "ours": [os.path.join(build, "bin", "torch-onnx-compile"), pt, "-o",
                 os.path.join(workdir, "deep_mlp_3.ours.onnx")] +
        zoo("deep_mlp_3", "--flags"),
        "peer": [PYTHON, PEER_EXPORT, pt,
                 os.path.join(workdir, "deep_mlp_3.peer.onnx")] +
        zoo("deep_mlp_3", "--shapes"),
    }


def measure_startup(commands, runs=3):
    """Median wall time of each of `commands`."""
    return {key: statistics.median(timed(cmd)[0] for _ in range(runs))
            for key, cmd in commands.items()}


def write_report(rows, scaling, startup, path, plot_path):
    lines = [
        "# Benchmarks: torch-onnx-compile against torch.onnx.export",
        "",
        f"Measured {datetime.date.today().isoformat()} on this machine by "
        "`bench/run_bench.py`: whole-process wall time and peak RSS, medians "
        "of alternating runs, each started after the page cache is written "
        "back; the peer is `torch.onnx.export` (opset 17) of "
        "the same TorchScript file in one process; the floor loads the "
        "archive with LibTorch and writes every weight once. Latency is "
        "onnxruntime on one thread, median of at least 20 runs and at least "
        "1 s of runs, after 10 warm-up runs.",
        "",
        "| model | ours s | peer s | floor s | ours/peer | ours/floor | "
        "ours MB | peer MB | floor MB | weights MB | nodes ours/peer | "
        "ORT ms ours/peer |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows + scaling:
        status = "" if r["ours_ok"] else " (failed)"
        peer_s = f"{r['peer_s']:.2f}"
        if not r["peer_ok"]:
            peer_s = f"> {r['peer_s']:.0f} (stopped)" if math.isnan(
                r["peer_mb"]) else f"{peer_s} (failed)"
        elif r.get("peer_runs", 0) == 1:
            peer_s += " (1 run)"
        if r.get("peer_reused"):
            peer_s += " *"
        lines.append(
            f"| {r['model']}{status} | {r['ours_s']:.2f} | {peer_s} | "
            f"{r['floor_s']:.2f} | {ratio(r['ours_s'], r['peer_s']):.2f} | "
            f"{ratio(r['ours_s'], r['floor_s']):.2f} | {r['ours_mb']:.0f} | "
            f"{r['peer_mb']:.0f} | {r['floor_mb']:.0f} | "
            f"{r['weights_mb']:.0f} | {r['ours_nodes']}/{r['peer_nodes']} | "
            f"{r['ours_ms']:.2f}/{r['peer_ms']:.2f} |")
    if any(r.get("peer_reused") for r in rows + scaling):
        lines += ["", "\\* the peer's figures come from an earlier run of "
                  "the harness on the same day (`--reuse-peer`)."]
    if scaling:
        ns = [int(r["model"].rsplit("_", 1)[1]) for r in scaling]
        ours = [r["ours_s"] for r in scaling]
        # Our start-up was timed alongside each size.
        ours_startups = [r.get("startup_s", startup["ours"]) for r in scaling]
        local = float("nan")
        if len(ns) >= 2 and min(ours[-2] - ours_startups[-2],
                                ours[-1] - ours_startups[-1]) > 0:
            local = math.log((ours[-1] - ours_startups[-1]) /
                             (ours[-2] - ours_startups[-2])) / math.log(
                                 ns[-1] / ns[-2])
        # A stopped peer run is only a lower bound; it is left out of the fit.
        peer_ns = [n for n, r in zip(ns, scaling) if r["peer_ok"]]
        peer = [r["peer_s"] for r in scaling if r["peer_ok"]]
        lines += [
            "",
            "## Scaling: deep_mlp_N (N blocks of Linear(16,16) + LayerNorm(16) "
            "+ GELU)",
            "",
            f"Fitted exponent of time above each tool's start-up, the "
            f"median time to compile deep_mlp_3: ours "
            f"{fit_exponent(ns, ours, ours_startups):.2f}, with its "
            f"start-up timed in the same rounds as each size "
            f"({min(ours_startups):.2f}-{max(ours_startups):.2f} s); peer "
            f"{fit_exponent(peer_ns, peer, startup['peer']):.2f}, with "
            f"{startup['peer']:.2f} s timed after the series (runs the "
            f"harness stopped are left out). Between the two largest sizes, "
            f"N={ns[-2]} and N={ns[-1]}, our time above start-up grows as "
            f"N^{local:.2f}.",
            "",
            f"![time against N]({os.path.basename(plot_path)})",
        ]
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            plt.figure(figsize=(6, 4))
            plt.loglog(ns, ours, "o-", label="torch-onnx-compile")
            plt.loglog(peer_ns, peer, "s-", label="torch.onnx.export")
            plt.xlabel("blocks N")
            plt.ylabel("wall time (s)")
            plt.legend()
            plt.grid(True, which="both", alpha=0.3)
            plt.tight_layout()
            plt.savefig(plot_path, dpi=100)
        except ImportError:
            lines.append("(matplotlib is missing: no plot)")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--models", nargs="*", default=MODELS)
    parser.add_argument("--scaling", nargs="*", type=int, default=SCALING)
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--reuse-peer", metavar="RESULTS_JSON",
                        help="take the peer's figures from an earlier run's "
                        "results.json instead of measuring them again")
    parser.add_argument("--peer-timeout", type=float, default=900.0,
                        help="stop a peer export after this many seconds "
                        "and report it as at least that long")
    args = parser.parse_args(argv)
    previous = {}
    if args.reuse_peer:
        with open(args.reuse_peer) as f:
            previous = {r["model"]: r for r in json.load(f)}
    workdir = args.workdir or os.path.join(args.build, "bench-work")
    os.makedirs(workdir, exist_ok=True)
    rows, scaling = [], []
    for name in args.models:
        rows.append(measure(name, args.build, args.runs, workdir,
                            peer_timeout=args.peer_timeout,
                            reuse=previous.get(name)))
        print(json.dumps(rows[-1]), flush=True)
    startup_cmds = startup_commands(args.build, workdir)
    for n in args.scaling:
        scaling.append(measure(f"deep_mlp_{n}", args.build, args.runs,
                               workdir, peer_timeout=args.peer_timeout,
                               reuse=previous.get(f"deep_mlp_{n}"),
                               startup_cmd=startup_cmds["ours"]))
        print(json.dumps(scaling[-1]), flush=True)
    with open(os.path.join(workdir, "results.json"), "w") as f:
        json.dump(rows + scaling, f, indent=1)
    startup = measure_startup(startup_cmds)
    print("\nmodel              ours/peer  ours/floor  RSS-floor/weights  "
          "nodes ours/peer  ORT ours/peer")
    for r in rows + scaling:
        extra = ratio(r["ours_mb"] - r["floor_mb"], r["weights_mb"])
        print(f"{r['model']:<18} {ratio(r['ours_s'], r['peer_s']):9.2f} "
              f"{ratio(r['ours_s'], r['floor_s']):11.2f} {extra:18.2f} "
              f"{r['ours_nodes']}/{str(r['peer_nodes']):<10} "
              f"{ratio(r['ours_ms'], r['peer_ms']):.2f}")
    write_report(rows, scaling, startup,
                 os.path.join(ROOT, "docs", "benchmarks.md"),
                 os.path.join(ROOT, "docs", "benchmarks-scaling.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
