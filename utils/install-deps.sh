#!/usr/bin/env bash
#===- install-deps.sh - Install the packages torch-onnx needs -------------===#
#
# Idempotent. Debian packages: the toolchain, LLVM/MLIR 22, ONNX's C++ library
# and protobuf. Python packages (PyTorch, whose wheel also holds the LibTorch
# the compiler links, onnx, onnxruntime, transformers, lit) go into the
# project-local virtual environment .venv, made with the Python 3.11 first on
# PATH. Works on Debian 12 and 13.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"

pkgs=(
  cmake ninja-build ccache g++ git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libonnx-dev libonnx-testdata libprotobuf-dev protobuf-compiler
  libjemalloc-dev zlib1g-dev time nlohmann-json3-dev
  clang-22 libclang-rt-22-dev
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update
  for p in llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools; do
    if ! apt-cache show "$p" >/dev/null 2>&1; then
      debian=$(cat /etc/debian_version 2>/dev/null || echo unknown)
      echo "error: apt cannot find $p on Debian $debian. LLVM/MLIR 22 come from" \
        "bookworm-security on Debian 12 and from trixie-updates on Debian 13;" \
        "add that suite to the apt sources and run this script again." >&2
      exit 1
    fi
  done
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The wheels are built for CPython 3.11; /usr/bin/python3 may be another one.
python=""
for candidate in python3.11 python3; do
  if command -v "$candidate" >/dev/null &&
    "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
    python=$(command -v "$candidate")
    break
  fi
done
if [ -z "$python" ]; then
  echo "error: no Python 3.11 on PATH; the pinned wheels (torch==2.13.0) need it" >&2
  exit 1
fi
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$root/utils/requirements.txt" "$stamp"; then
  [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
  # No isolated build environments: one would pull an unpinned torch.
  "$venv/bin/python" -m pip install --no-build-isolation --disable-pip-version-check \
    -q -r "$root/utils/requirements.txt"
  cp "$root/utils/requirements.txt" "$stamp"
fi
