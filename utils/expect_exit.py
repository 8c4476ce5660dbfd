#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with the given code.

    expect_exit.py CODE COMMAND [ARGS...]

The command's output passes through, so a test can also FileCheck it. A
death by signal never matches.
"""
import subprocess
import sys


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    expected = int(argv[0])
    result = subprocess.run(argv[1:])
    if result.returncode != expected:
        print(f"expect_exit: '{argv[1]}' exited with {result.returncode}, "
              f"expected {expected}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
