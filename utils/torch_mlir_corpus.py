#!/usr/bin/env python3
"""Measures how much of torch-mlir's test IR torch-onnx parses and lowers.

Reads the lit tests of a torch-mlir checkout (or of its git directory, read
with `git show`, so no work tree is needed), splits each test file at
`// -----` into single functions, keeps the Torch-dialect functions on value
tensors, and runs each through

  torch-onnx-opt FILE -o /dev/null              (parse and verify)
  torch-onnx-compile FILE -o OUT.onnx           (lowering and onnx's checker)

It prints the parse rate, the lower rate (of the functions that parse) and
the most common reasons for the rest: the first error line, with names,
numbers and types blurred so that equal causes count together. torch-mlir's
files are read in place; nothing of them is copied or written.

Usage:
  torch_mlir_corpus.py TORCH_MLIR [--build DIR] [--jobs N] [--top N]
                       [--json FILE] [--list-failures]

TORCH_MLIR is a checkout (holding test/) or a bare git directory.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Test directories whose functions are in the Torch dialect.
TEST_DIRS = [
    "test/Conversion/TorchToLinalg",
    "test/Conversion/TorchToTosa",
    "test/Conversion/TorchToStablehlo",
    "test/Conversion/TorchToArith",
    "test/Conversion/TorchToSCF",
    "test/Conversion/TorchToTMTensor",
    "test/Conversion/TorchToTensor",
    "test/Conversion/TorchOnnxToTorch",
    "test/Conversion/TorchConversionToMLProgram",
    "test/Dialect/Torch",
    "test/Dialect/TorchConversion",
]

# Dialects that torch-onnx does not have: a function that uses one of their
# ops or types is not a Torch-dialect function (the CHECK lines are comments
# and do not count). An attribute of theirs on a Torch type, such as a
# tensor's `#sparse_tensor.encoding`, is torch-mlir's syntax and counts.
FOREIGN = re.compile(
    r"(?<![\w.!#])(linalg|tensor|arith|tosa|stablehlo|chlo|scf|tm_tensor|"
    r"ml_program|torch_c|memref|cf|math|shape|bufferization|sparse_tensor|util|"
    r"flow|hal)\.[a-z_]+[ .(<%{\"]")


class Source:
    """The test files of a checkout or of a git directory."""

    def __init__(self, path):
        self.path = path
        self.git_dir = None
        if not os.path.isdir(os.path.join(path, "test")):
            self.git_dir = path

    def files(self):
        if self.git_dir is None:
            for d in TEST_DIRS:
                root = os.path.join(self.path, d)
                for dirpath, _, names in os.walk(root):
                    for n in sorted(names):
                        if n.endswith(".mlir"):
                            full = os.path.join(dirpath, n)
                            yield os.path.relpath(full, self.path)
            return
        out = subprocess.run(
            ["git", "--git-dir", self.git_dir, "ls-tree", "-r",
             "--name-only", "HEAD", "--"] + TEST_DIRS,
            check=True, capture_output=True, text=True).stdout
        for line in sorted(out.splitlines()):
            if line.endswith(".mlir"):
                yield line

    def read(self, rel):
        if self.git_dir is None:
            with open(os.path.join(self.path, rel)) as f:
                return f.read()
        return subprocess.run(
            ["git", "--git-dir", self.git_dir, "show", "HEAD:" + rel],
            check=True, capture_output=True, text=True).stdout


def strip_comments(text):
    return "\n".join(line.split("//", 1)[0] if not line.lstrip()
                     .startswith("//") else "" for line in text.splitlines())


def is_candidate(chunk):
    """A chunk holding Torch-dialect functions on value tensors only."""
    if "expected-error" in chunk or "expected-warning" in chunk:
        return False
    code = strip_comments(chunk)
    if "func.func" not in code or "!torch.vtensor" not in code:
        return False
    if FOREIGN.search(code) or "!torch.tensor" in code:
        return False
    # Functions of a module of classes and slots are not plain functions.
    if "torch.nn_module" in code or "torch.class_type" in code:
        return False
    return True


PUBLIC_FUNC = re.compile(r"func\.func\s+(?:public\s+)?@([\w.$-]+)")


def split_functions(source):
    cases = []
    for rel in source.files():
        text = source.read(rel)
        first = text.splitlines()[0] if text else ""
        # Files whose RUN line expects the whole file to fail.
        if "not " in first and "RUN:" in first:
            continue
        for index, chunk in enumerate(re.split(r"^// -----.*$", text,
                                               flags=re.M)):
            if not is_candidate(chunk):
                continue
            # One case per public function, chosen with --entry when the
            # chunk has several.
            entries = PUBLIC_FUNC.findall(strip_comments(chunk))
            for entry in entries:
                suffix = f"@{entry}" if len(entries) > 1 else ""
                cases.append((f"{rel}#{index}{suffix}", chunk,
                              entry if len(entries) > 1 else None))
    return cases


BLURS = [
    (re.compile(r"^[^:]*:\d+:\d+: "), ""),
    (re.compile(r"!torch\.vtensor<[^>]*>"), "!torch.vtensor<...>"),
    (re.compile(r"tensor<[^>]*>"), "tensor<...>"),
    (re.compile(r"'(torch|onnx)\.operator' op"), r"'\1.operator' op"),
    (re.compile(r"@[\w.$-]+"), "@F"),
    (re.compile(r"%[\w#.-]+"), "%V"),
    (re.compile(r"(?<![A-Za-z_])-?\d+(\.\d+)?(e[-+]?\d+)?"), "N"),
    (re.compile(r"\s+"), " "),
]


def reason(stderr, returncode):
    """The first error line with names, numbers and types blurred."""
    if returncode is None:
        return "timeout"
    for line in stderr.splitlines():
        if "error:" in line:
            text = line[line.index("error:") + len("error:"):].strip()
            for pattern, repl in BLURS:
                text = pattern.sub(repl, text)
            return text[:160]
    if returncode < 0:
        return f"crash (signal {-returncode})"
    lines = [l for l in stderr.splitlines() if l.strip()]
    return (lines[0][:160] if lines else f"exit {returncode}")


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return None, ""


def measure(case, build, tmp, timeout):
    name, chunk, entry = case
    stem = os.path.join(tmp, re.sub(r"[^\w.-]", "_", name))
    path = stem + ".mlir"
    with open(path, "w") as f:
        f.write(chunk)
    result = {"name": name}
    rc, err = run([os.path.join(build, "bin", "torch-onnx-opt"), path,
                   "-o", os.devnull], timeout)
    result["parse"] = rc == 0
    if rc != 0:
        result["reason"] = reason(err, rc)
        return result
    cmd = [os.path.join(build, "bin", "torch-onnx-compile"), path,
           "-o", stem + ".onnx"]
    if entry:
        cmd.append("--entry=" + entry)
    rc, err = run(cmd, timeout)
    result["lower"] = rc == 0
    if rc != 0:
        result["reason"] = reason(err, rc)
    for suffix in (".mlir", ".onnx", ".onnx.data"):
        if os.path.exists(stem + suffix):
            os.remove(stem + suffix)
    return result


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("torch_mlir", help="checkout or git directory")
    parser.add_argument("--build", default=os.path.join(here, "..", "build"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--json", help="write every case's result here")
    parser.add_argument("--list-failures", action="store_true",
                        help="print each failing case with its reason")
    args = parser.parse_args()

    cases = split_functions(Source(args.torch_mlir))
    with tempfile.TemporaryDirectory() as tmp:
        # Copies of the tools, so that a build running meanwhile does not
        # replace them halfway.
        tools = os.path.join(tmp, "tools")
        os.makedirs(os.path.join(tools, "bin"))
        for tool in ("torch-onnx-opt", "torch-onnx-compile"):
            shutil.copy2(os.path.join(args.build, "bin", tool),
                         os.path.join(tools, "bin", tool))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(
                lambda c: measure(c, tools, tmp, args.timeout), cases))

    parsed = [r for r in results if r["parse"]]
    lowered = [r for r in parsed if r.get("lower")]
    total = len(results)
    print(f"functions: {total}")
    print(f"parse: {len(parsed)} of {total} "
          f"({100.0 * len(parsed) / max(total, 1):.1f}%)")
    print(f"lower: {len(lowered)} of {len(parsed)} parsed "
          f"({100.0 * len(lowered) / max(len(parsed), 1):.1f}%)")
    for stage, subset in (("parse", [r for r in results if not r["parse"]]),
                          ("lower", [r for r in parsed
                                     if not r.get("lower")])):
        counts = collections.Counter(r["reason"] for r in subset)
        print(f"\ntop {stage} failures ({len(subset)}):")
        for text, n in counts.most_common(args.top):
            print(f"  {n:5d}  {text}")
    if args.list_failures:
        print()
        for r in results:
            if "reason" in r:
                stage = "lower" if r["parse"] else "parse"
                print(f"{r['name']}\t{stage}\t{r['reason']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"functions": total, "parsed": len(parsed),
                       "lowered": len(lowered), "results": results}, f,
                      indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
