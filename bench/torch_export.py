#!/usr/bin/env python3
"""Times torch-onnx-compile on a torch.export archive against
torch.onnx.export of the same ExportedProgram.

    .venv/bin/python bench/torch_export.py [--models gpt2,llama,bert]
        [--repeats 3] [--small] [--compiler build/bin/torch-onnx-compile]
        [--write docs/benchmarks-torch-export.md]

Each model is built from a transformers config with random weights, wrapped
to return its logits, exported once with torch.export.export (dynamic batch
and sequence) and saved once with torch.export.save; both steps are timed
and reported apart. Then three tools take turns on that .pt2, `--repeats`
rounds of one run each, every run in a fresh process started after the last
run's output is removed and the page cache is written back:

  ours   torch-onnx-compile model.pt2 -o model.onnx
  peer   a Python process that loads the .pt2 with torch.export.load and
         calls torch.onnx.export(ep, (), f, dynamo=True) (optimize at its
         default); it times the load, the imports of the exporter's
         dependencies and the export call apart
  floor  a Python process that loads the .pt2 and writes every weight once

The report gives medians of wall time and peak RSS, the ONNX node count, the
largest error against eager PyTorch in onnxruntime at the example size and
at a second size, onnxruntime latency, and each figure's ratio to the peer.
"""
import argparse
import datetime
import glob
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# bench/run_bench.py's helpers are imported where they are used, so that the
# worker processes below import torch alone.
PYTHON = sys.executable
WORKER = os.path.abspath(__file__)


# --- the peer and the floor, run as `torch_export.py --worker KIND ...` ---
# They import torch and nothing else of this script's.

def worker(kind, pt2, out, stats_path):
    """Loads `pt2` and either exports it with torch.onnx.export (`peer`) or
    writes its weights to `out` (`floor`); writes the phase times to
    `stats_path` as JSON."""
    stats = {}
    try:
        start = time.perf_counter()
        import torch
        stats["import_torch_s"] = time.perf_counter() - start
        start = time.perf_counter()
        program = torch.export.load(pt2)
        stats["load_s"] = time.perf_counter() - start
        if kind == "peer":
            # Imported before the export call, so that it times the
            # conversion alone.
            start = time.perf_counter()
            import logging
            import warnings
            import onnx  # noqa: F401
            import onnxscript  # noqa: F401
            import torch.onnx._internal.exporter._compat  # noqa: F401
            logging.getLogger("torch.onnx").setLevel(logging.ERROR)
            warnings.simplefilter("ignore")
            stats["import_exporter_s"] = time.perf_counter() - start
            start = time.perf_counter()
            torch.onnx.export(program, (), out, dynamo=True)
            stats["export_s"] = time.perf_counter() - start
        else:
            start = time.perf_counter()
            tensors = dict(program.state_dict)
            tensors.update(program.constants)
            with open(out, "wb") as file:
                for tensor in tensors.values():
                    if isinstance(tensor, torch.Tensor):
                        data = tensor.detach().contiguous()
                        file.write(data.view(torch.uint8).numpy().data
                                   if data.numel() else b"")
            stats["write_s"] = time.perf_counter() - start
    except BaseException as error:
        stats["error"] = error_line(error)
        with open(stats_path, "w") as file:
            json.dump(stats, file)
        raise
    with open(stats_path, "w") as file:
        json.dump(stats, file)


# --- the models ---

def wrappers():
    import torch

    class Decoder(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids):
            return self.model(input_ids=input_ids, use_cache=False).logits

    class Classifier(torch.nn.Module):
        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask):
            return self.model(input_ids=input_ids,
                              attention_mask=attention_mask).logits

    return Decoder, Classifier


# With --small, tiny configs of the same architectures.
SMALL = dict(vocab_size=128, hidden_size=64, num_hidden_layers=2,
             num_attention_heads=4, intermediate_size=128,
             max_position_embeddings=64)


def build_gpt2(small):
    """GPT-2 small: GPT2LMHeadModel with GPT2Config's defaults."""
    import transformers
    config = transformers.GPT2Config(
        vocab_size=128, n_embd=64, n_layer=2, n_head=4, n_positions=64,
        use_cache=False) if small else transformers.GPT2Config(
        use_cache=False)  # GPT-2 small
    return "decoder", transformers.GPT2LMHeadModel(config), config.vocab_size


def build_llama(small):
    """A Llama of about 100M parameters, with grouped-query attention."""
    import transformers
    config = transformers.LlamaConfig(
        **SMALL, num_key_value_heads=2, use_cache=False
    ) if small else transformers.LlamaConfig(
        hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
        num_key_value_heads=4, intermediate_size=2048, vocab_size=32000,
        use_cache=False)
    return "decoder", transformers.LlamaForCausalLM(config), config.vocab_size


def build_bert(small):
    """BERT-base: BertForSequenceClassification with BertConfig's defaults,
    fed input_ids and attention_mask."""
    import transformers
    config = transformers.BertConfig(**SMALL) if small else \
        transformers.BertConfig()  # BERT-base
    return ("classifier", transformers.BertForSequenceClassification(config),
            config.vocab_size)


MODELS = {"gpt2": build_gpt2, "llama": build_llama, "bert": build_bert}


def example_inputs(kind, vocab, batch, seq, generator):
    import torch
    inputs = {"input_ids": torch.randint(0, vocab, (batch, seq),
                                         generator=generator)}
    if kind == "classifier":
        mask = torch.ones(batch, seq, dtype=torch.long)
        mask[-1, -(seq // 3):] = 0  # one padded row
        inputs["attention_mask"] = mask
    return inputs


# --- running and measuring ---

def run(cmd, timeout):
    """Runs `cmd` under /usr/bin/time in its own session, after writing back
    the page cache; returns (seconds, peak RSS in MB, first error line or
    None). /usr/bin/time forks the command from a small process: a child
    forked from this one would report this one's peak RSS as its own."""
    import signal
    os.sync()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as rss, \
            tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            ["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd,
            stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            return timeout, float("nan"), f"stopped after {timeout:.0f} s"
        seconds = time.perf_counter() - start
        fields = rss.read().split()
        error = None
        if process.returncode != 0:
            err.seek(0)
            lines = [line.strip() for line in err if line.strip()
                     and not line.startswith("Command exited with")]
            marked = [line for line in lines if "error" in line.lower()]
            error = (marked or lines or [
                f"exit status {process.returncode}"])[0]
    mb = int(fields[-1]) / 1024.0 if fields else float("nan")
    return seconds, mb, error


def ort_session(path):
    import onnxruntime
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    return onnxruntime.InferenceSession(path, options,
                                        providers=["CPUExecutionProvider"])


def check_onnx(path, cases):
    """Opens `path` in onnxruntime on one thread and runs it on each case
    (inputs, expected). Returns the session, the feed of the first case and
    the largest error of each, max|onnx - eager| / max|eager|; or raises."""
    import numpy as np
    session = ort_session(path)
    errors, feeds = [], []
    for inputs, expected in cases:
        feed = {}
        for value in session.get_inputs():
            if value.name not in inputs:
                raise KeyError(f"unexpected input name '{value.name}'")
            feed[value.name] = inputs[value.name].numpy()
        feeds.append(feed)
        got = session.run(None, feed)[0]
        if got.shape != expected.shape:
            raise ValueError(f"output shape {got.shape}, expected "
                             f"{expected.shape}")
        errors.append(float(np.abs(got - expected).max()
                            / np.abs(expected).max()))
    return session, feeds[0], errors


def latencies(sessions, runs=10):
    """The median milliseconds of `runs` runs of each (session, feed) of
    `sessions`, taking turns, so that a change of load hits all alike."""
    times = {name: [] for name in sessions}
    for _ in range(runs):
        for name, (session, feed) in sessions.items():
            start = time.perf_counter()
            session.run(None, feed)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) * 1000.0 for name, t in times.items()}


def error_line(error):
    text = str(error).strip().splitlines()
    return type(error).__name__ + (f": {text[0]}" if text else "")


def opset(path):
    import onnx
    model = onnx.load(path, load_external_data=False)
    return next((o.version for o in model.opset_import if o.domain in
                 ("", "ai.onnx")), None)


def measure(name, options, workdir):
    import torch
    from run_bench import node_count
    from torch.export import Dim
    torch.manual_seed(0)
    kind, model, vocab = MODELS[name](options.small)
    Decoder, Classifier = wrappers()
    module = (Decoder if kind == "decoder" else Classifier)(model.eval())
    params = sum(p.numel() for p in module.parameters())
    generator = torch.Generator().manual_seed(0)
    small = options.small
    sizes = [(2, 8), (3, 11)] if small else [(2, 128), (3, 37)]
    cases = [example_inputs(kind, vocab, b, s, generator) for b, s in sizes]
    batch = Dim("batch", min=1, max=16)
    seq = Dim("seq", min=2, max=32 if small else 512)
    dynamic = {key: {0: batch, 1: seq} for key in cases[0]}
    about = " ".join(MODELS[name].__doc__.split())
    row = {"model": name,
           "about": f"{about[:-1]}, here a tiny config." if small else about,
           "params_m": params / 1e6, "sizes": sizes, "seq_max": seq.max}
    with torch.no_grad():
        expected = [module(**inputs).numpy() for inputs in cases]
        start = time.perf_counter()
        program = torch.export.export(module, (), kwargs=cases[0],
                                      dynamic_shapes=dynamic)
        row["torch_export_s"] = time.perf_counter() - start
    pt2 = os.path.join(workdir, f"{name}.pt2")
    start = time.perf_counter()
    torch.export.save(program, pt2)
    row["save_s"] = time.perf_counter() - start
    row["pt2_mb"] = os.path.getsize(pt2) / 2**20
    del program, model, module
    print(f"\n{name}: {params / 1e6:.1f}M parameters, torch.export.export "
          f"{row['torch_export_s']:.2f} s, torch.export.save "
          f"{row['save_s']:.2f} s, {row['pt2_mb']:.0f} MB", flush=True)

    outs = {"ours": os.path.join(workdir, f"{name}.ours.onnx"),
            "peer": os.path.join(workdir, f"{name}.peer.onnx"),
            "floor": os.path.join(workdir, f"{name}.floor.bin")}
    stats = os.path.join(workdir, f"{name}.stats.json")
    commands = {
        "ours": [options.compiler, pt2, "-o", outs["ours"]],
        "peer": [PYTHON, WORKER, "--worker", "peer", pt2, outs["peer"],
                 stats],
        "floor": [PYTHON, WORKER, "--worker", "floor", pt2, outs["floor"],
                  stats],
    }
    samples = {tool: [] for tool in commands}
    errors = {tool: None for tool in commands}
    for round_ in range(options.repeats):
        for tool, cmd in commands.items():
            # Each run writes a new file, as the first does: replacing the
            # last run's output would add the freeing of its blocks.
            for path in glob.glob(glob.escape(outs[tool]) + "*") + [stats]:
                if os.path.exists(path):
                    os.remove(path)
            seconds, mb, error = run(cmd, options.timeout)
            inner = {}
            if os.path.exists(stats):
                with open(stats) as file:
                    inner = json.load(file)
            error = inner.get("error") or error
            errors[tool] = errors[tool] or error
            samples[tool].append(dict(inner, wall_s=seconds, rss_mb=mb))
            print(f"  round {round_ + 1} {tool:5s} {seconds:8.2f} s "
                  f"{mb:7.0f} MB" + (f"  {error}" if error else "") +
                  "".join(f"  {k} {v:.2f}" for k, v in inner.items()
                          if k.endswith("_s")), flush=True)
    for tool, runs in samples.items():
        result = {"ok": errors[tool] is None, "error": errors[tool],
                  "runs": len(runs)}
        for key in {key for r in runs for key in r}:
            if key != "error":
                values = [r[key] for r in runs if key in r]
                result[key] = statistics.median(values)
                result[key + "_range"] = (min(values), max(values))
        if tool != "floor" and result["ok"]:
            result["nodes"] = node_count(outs[tool])
            result["opset"] = opset(outs[tool])
        row[tool] = result
    sessions = {}
    for tool in ("ours", "peer"):
        if row[tool]["ok"]:
            try:
                session, feed, row[tool]["max_err"] = check_onnx(
                    outs[tool], list(zip(cases, expected)))
                sessions[tool] = (session, feed)
            except Exception as error:
                row[tool]["ort_error"] = error_line(error)
    for tool, ms in latencies(sessions).items():
        row[tool]["ort_ms"] = ms
    return row


# --- the report ---


def ratio(a, b):
    """a / b, NaN when either is missing."""
    from run_bench import ratio as bench_ratio
    if a is None or b is None:
        return float("nan")
    return bench_ratio(a, b)


def fmt(value, digits=2):
    if value is None or value != value:
        return "-"
    return f"{value:.{digits}f}"


def tool_rows(row):
    """(label, result, time) for each line of a model's table; times are
    compared with the peer's export call."""
    ours, peer, floor = row["ours"], row["peer"], row["floor"]
    return [
        ("`torch-onnx-compile model.pt2` (process)", ours,
         ours.get("wall_s")),
        ("`torch.onnx.export(ep, dynamo=True)` (export call)", peer,
         peer.get("export_s")),
        ("`torch.onnx.export(ep, dynamo=True)` (process)", peer,
         peer.get("wall_s")),
        ("floor: `torch.export.load` + write weights (process)", floor,
         floor.get("wall_s")),
    ]


def spread(result, key, unit, digits=2):
    low, high = result.get(key + "_range", (None, None))
    return f"{fmt(low, digits)} to {fmt(high, digits)} {unit}"


def accuracy(result):
    if result.get("ort_error"):
        return f"onnxruntime: {result['ort_error']}"
    errors = result.get("max_err")
    if not errors:
        return "-"
    mark = "ok" if max(errors) < 1e-3 else "MISMATCH"
    return " / ".join(f"{e:.1e}" for e in errors) + f" ({mark})"


def print_summary(row):
    peer = row["peer"]
    base_s, base_mb = peer.get("export_s"), peer.get("rss_mb")
    for label, result, seconds in tool_rows(row):
        print(f"  {label:56s} {'ok' if result['ok'] else 'FAIL':4s} "
              f"{fmt(seconds):>8s} s {fmt(ratio(seconds, base_s)):>6s}x "
              f"{fmt(result.get('rss_mb'), 0):>6s} MB "
              f"{fmt(ratio(result.get('rss_mb'), base_mb)):>5s}x "
              f"nodes {result.get('nodes', '-')} "
              f"ORT {fmt(result.get('ort_ms'))} ms "
              f"err {accuracy(result)}")
        if result.get("error"):
            print(f"    error: {result['error']}")
    if not (row["ours"]["ok"] and peer["ok"]):
        return
    print(f"  speedup (peer export call / ours): "
          f"{fmt(ratio(base_s, row['ours'].get('wall_s')), 1)}x, "
          f"(peer process / ours): "
          f"{fmt(ratio(peer.get('wall_s'), row['ours'].get('wall_s')), 1)}x",
          flush=True)


def write_report(path, rows, setup, command):
    lines = [
        "# Benchmarks: torch-onnx-compile on torch.export archives",
        "",
        f"Measured {datetime.date.today()} by `bench/torch_export.py`: "
        f"{setup}.",
        "",
        "Each model is built from a transformers config with random weights, "
        "wrapped so that `forward` returns the logits (`use_cache=False`), "
        "and exported once with `torch.export.export` with dynamic batch "
        f"(1 to 16) and sequence (2 to {rows[0]['seq_max']}); that "
        "ExportedProgram is saved "
        "once with `torch.export.save`, and every tool compiles the same "
        ".pt2. The tools take turns, one run each per round, each run a "
        "fresh process started after the last run's output is removed and "
        "the page cache is written back; "
        "figures are medians over the rounds. The peer's process loads the "
        ".pt2 with `torch.export.load`, imports onnx and onnxscript, then "
        "calls `torch.onnx.export(ep, (), f, dynamo=True)` (optimize at its "
        "default, external data at its default); its *export call* row "
        "times that call alone, its *process* row the whole process. Our "
        "row is the whole `torch-onnx-compile` process, start-up and "
        "loading included. Time ratios are to the peer's export call, RSS "
        "ratios to the peer's process; *floor* loads the .pt2 in Python "
        "and writes every weight once.",
        "",
        "Nodes are those of the main graph. *max error* is "
        "max|onnxruntime - eager PyTorch| / max|eager PyTorch| of the "
        "logits, at the example size / at a second size (ok below 1e-3), "
        "inputs fed by name; ORT ms is onnxruntime on one thread at the "
        "example size, median of 10 runs after one, ours and the peer's "
        "taking turns.",
        "",
    ]
    for row in rows:
        ours, peer = row["ours"], row["peer"]
        base_s, base_mb = peer.get("export_s"), peer.get("rss_mb")
        sizes = " and ".join(f"{b}x{s}" for b, s in row["sizes"])
        lines += [
            f"## {row['model']}",
            "",
            f"{row['about']} {row['params_m']:.1f}M parameters; inputs "
            f"{sizes} (batch x sequence); `torch.export.export` "
            f"{row['torch_export_s']:.2f} s, `torch.export.save` "
            f"{row['save_s']:.2f} s ({row['pt2_mb']:.0f} MB .pt2, done "
            "once, in no tool's time).",
            "",
            "| tool | ok | time s | x peer | peak RSS MB | x peer | nodes "
            "| x peer | ORT ms | x peer | max error |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for label, result, seconds in tool_rows(row):
            has_model = "nodes" in result
            good = result["ok"] and peer["ok"]
            lines.append(" | ".join([
                f"| {label}", "yes" if result["ok"] else "**no**",
                fmt(seconds), fmt(ratio(seconds, base_s)) if good else "-",
                fmt(result.get("rss_mb"), 0),
                fmt(ratio(result.get("rss_mb"), base_mb)) if good else "-",
                str(result["nodes"]) if has_model else "-",
                fmt(ratio(result.get("nodes"), peer.get("nodes")))
                if has_model else "-",
                fmt(result.get("ort_ms")) if has_model else "-",
                fmt(ratio(result.get("ort_ms"), peer.get("ort_ms")))
                if has_model else "-",
                accuracy(result) if has_model else "-"]) + " |")
        notes = []
        if "load_s" in peer:
            notes.append(
                f"The peer's process: import torch "
                f"{fmt(peer.get('import_torch_s'))} s, `torch.export.load` "
                f"{fmt(peer.get('load_s'))} s, imports of the exporter "
                f"{fmt(peer.get('import_exporter_s'))} s, export call "
                f"{fmt(peer.get('export_s'))} s"
                + (f"; it writes opset {peer['opset']}" if peer.get("opset")
                   else "")
                + (f", ours opset {ours['opset']}" if ours.get("opset")
                   else "") + ".")
        if ours["ok"] and peer["ok"]:
            notes.append(
                f"Ours is {ratio(base_s, ours['wall_s']):.1f}x faster than "
                f"the peer's export call and "
                f"{ratio(peer['wall_s'], ours['wall_s']):.1f}x faster than "
                f"its process, in {ratio(ours['rss_mb'], base_mb):.2f}x its "
                f"peak RSS.")
        if ours["runs"] > 1:
            floor = row["floor"]
            notes.append(
                f"Over the rounds: ours {spread(ours, 'wall_s', 's')}, "
                f"{spread(ours, 'rss_mb', 'MB', 0)}; the peer's export call "
                f"{spread(peer, 'export_s', 's')}, its process "
                f"{spread(peer, 'wall_s', 's')}, "
                f"{spread(peer, 'rss_mb', 'MB', 0)}; the floor "
                f"{spread(floor, 'wall_s', 's')}, "
                f"{spread(floor, 'rss_mb', 'MB', 0)}.")
        for tool, result in (("ours", ours), ("peer", peer),
                             ("floor", row["floor"])):
            if result.get("error"):
                notes.append(f"{tool} failed: `{result['error']}`")
        if notes:
            lines += [""] + [" ".join(notes)]
        lines.append("")
    lines += ["Command:", "", "```", command, "```", ""]
    with open(path, "w") as report:
        report.write("\n".join(lines))


def versions():
    import onnx
    import onnxruntime
    import onnxscript
    import torch
    import transformers
    return (f"torch {torch.__version__}, onnx {onnx.__version__}, "
            f"onnxruntime {onnxruntime.__version__}, onnxscript "
            f"{onnxscript.__version__}, transformers "
            f"{transformers.__version__}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--small", action="store_true",
                        help="tiny configs of the same models, for a check")
    parser.add_argument("--compiler", default=os.path.join(
        ROOT, "build", "bin", "torch-onnx-compile"))
    parser.add_argument("--timeout", type=float, default=3600.0,
                        help="seconds after which a run is stopped")
    parser.add_argument("--write", metavar="REPORT.md",
                        help="also write the results as a Markdown report")
    options = parser.parse_args()
    import transformers
    transformers.logging.set_verbosity_error()
    for name in options.models.split(","):
        if name not in MODELS:
            parser.error(f"unknown model '{name}' (expected one of "
                         f"{', '.join(MODELS)})")
    command = shlex.join([os.path.relpath(PYTHON, ROOT) if PYTHON.startswith(
        ROOT) else PYTHON, os.path.relpath(os.path.abspath(__file__), ROOT)]
        + sys.argv[1:])
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always",
                             "--dirty"], capture_output=True,
                            text=True).stdout.strip()

    def setup(load):
        return (f"{os.cpu_count()} CPUs (load average {load}), "
                f"torch-onnx-compile of checkout {commit or '?'}, "
                f"{versions()}; {options.repeats} round"
                + ("s" if options.repeats != 1 else "")
                + (", tiny configs (--small)" if options.small else ""))
    start_load = f"{os.getloadavg()[0]:.1f}"
    print(setup(start_load), flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        # A copy, so that a rebuild during the run does not change it.
        shutil.copy2(options.compiler, os.path.join(workdir, "compiler"))
        options.compiler = os.path.join(workdir, "compiler")
        for name in options.models.split(","):
            rows.append(measure(name, options, workdir))
            print_summary(rows[-1])
    if options.write:
        load = f"{start_load} at the start, {os.getloadavg()[0]:.1f} at " \
            "the end"
        write_report(options.write, rows, setup(load), command)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        worker(*sys.argv[2:])
    else:
        main()
