"""Runs a command and succeeds only if it exits with the given code.

Usage: expect_exit.py CODE COMMAND [ARGS...]

The command's output passes through, so a test can FileCheck it as well.
A crash (a signal, or an abort's exit code) never matches.
"""

import subprocess
import sys


def main():
    expected = int(sys.argv[1])
    result = subprocess.run(sys.argv[2:])
    if result.returncode != expected:
        print(f"expect_exit.py: exit code {result.returncode}, expected {expected}",
              file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
