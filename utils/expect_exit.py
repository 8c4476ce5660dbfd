#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with the given code.

    expect_exit.py CODE COMMAND [ARGS...]

The command's output passes through, so a test can also FileCheck it. CODE
is 0 to 127: a crash is never an expected outcome, so a death by a signal
never matches, and neither does an exit code above 127, which is how a shell
reports one. A mismatch is reported on stderr, naming the signal of a
crash, and exits with 1; bad usage exits with 2.
"""
import signal
import subprocess
import sys


def describe(returncode):
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"was killed by {name}"
    return f"exited with {returncode}"


def main(argv):
    if len(argv) < 2 or not argv[0].isdigit() or int(argv[0]) > 127:
        print(__doc__, file=sys.stderr)
        return 2
    expected = int(argv[0])
    try:
        returncode = subprocess.run(argv[1:]).returncode
    except OSError as e:
        print(f"expect_exit.py: cannot run '{argv[1]}': {e}", file=sys.stderr)
        return 1
    if returncode != expected:
        print(f"expect_exit.py: '{argv[1]}' {describe(returncode)}, "
              f"expected exit code {expected}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
