#!/usr/bin/env bash
#===- install-deps.sh - Install the packages torch-onnx needs -------------===#
#
# Idempotent. Debian packages: the toolchain, LLVM/MLIR 22 and protobuf.
# Python packages (PyTorch, whose wheel also holds the LibTorch the compiler
# links, onnx, onnxruntime, transformers, lit) go into the project-local
# virtual environment .venv, made with the Python 3.11 first on PATH. ONNX's
# C++ library is built from the source distribution of the pinned onnx into
# .deps/, so that the compiler knows the same opsets as the Python package.
# Works on Debian 12 and 13.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"

pkgs=(
  cmake ninja-build ccache g++ git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libprotobuf-dev protobuf-compiler curl ca-certificates
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
  # The lines marked "# --no-deps" go in afterwards, without dependencies.
  marker='#[[:space:]]*--no-deps[[:space:]]*$'
  requirements=$(mktemp)
  grep -v -- "$marker" "$root/utils/requirements.txt" >"$requirements"
  "$venv/bin/python" -m pip install --no-build-isolation --disable-pip-version-check \
    -q -r "$requirements"
  rm -f "$requirements"
  no_deps=$(sed -n "s/^\([^#[:space:]]*\)[[:space:]]*$marker/\1/p" \
    "$root/utils/requirements.txt")
  if [ -n "$no_deps" ]; then
    # shellcheck disable=SC2086  # one requirement a word
    "$venv/bin/python" -m pip install --no-deps --no-build-isolation \
      --disable-pip-version-check -q $no_deps
  fi
  cp "$root/utils/requirements.txt" "$stamp"
fi

# libonnx from the onnx release in requirements.txt, with Debian's protobuf.
# Its CMake needs 3.26, newer than Debian 12's: the venv's cmake builds it.
onnx_version=$(sed -n 's/^onnx==//p' "$root/utils/requirements.txt")
onnx_sha256=008cb0467b2bbee41448acc7da8b6f4e704624cb0d327a2d5adafc7ce19bc5b8
onnx_url=https://files.pythonhosted.org/packages/3f/62/bc2dfadb63ecf04cb2d65a6b17751863039d36c65de51d6a3128ab35f1e7/onnx-$onnx_version.tar.gz
deps="$root/.deps"
onnx_prefix="$deps/onnx-$onnx_version"
if [ ! -f "$onnx_prefix/.installed" ]; then
  mkdir -p "$deps"
  tarball="$deps/onnx-$onnx_version.tar.gz"
  if ! echo "$onnx_sha256  $tarball" | sha256sum -c --status 2>/dev/null; then
    curl -fsSL --retry 3 -o "$tarball.part" "$onnx_url"
    echo "$onnx_sha256  $tarball.part" | sha256sum -c --status || {
      echo "error: $onnx_url does not have the pinned sha256" >&2
      exit 1
    }
    mv "$tarball.part" "$tarball"
  fi
  rm -rf "$deps/onnx-src" "$deps/onnx-build" "$onnx_prefix"
  mkdir -p "$deps/onnx-src"
  tar -xzf "$tarball" -C "$deps/onnx-src" --strip-components=1
  launcher=()
  command -v ccache >/dev/null &&
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  echo "Building libonnx $onnx_version into $onnx_prefix"
  CCACHE_BASEDIR="$deps" CCACHE_NOHASHDIR=1 \
    "$venv/bin/cmake" -G Ninja -S "$deps/onnx-src" -B "$deps/onnx-build" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$onnx_prefix" \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF \
    -DONNX_ML=ON -DONNX_NAMESPACE=onnx -DONNX_USE_PROTOBUF_SHARED_LIBS=ON \
    -DONNX_BUILD_PYTHON=OFF -DONNX_BUILD_TESTS=OFF \
    -DONNX_GEN_PB_TYPE_STUBS=OFF "${launcher[@]}" >/dev/null
  CCACHE_BASEDIR="$deps" CCACHE_NOHASHDIR=1 \
    "$venv/bin/cmake" --build "$deps/onnx-build" --target install >/dev/null
  rm -rf "$deps/onnx-src" "$deps/onnx-build"
  touch "$onnx_prefix/.installed"
fi
# The generators of onnx's backend node tests, which its wheel leaves out:
# utils/onnx_conformance.py makes the test data with them.
cases="$onnx_prefix/share/backend-test-cases"
if [ ! -d "$cases/node" ]; then
  rm -rf "$cases.part"
  mkdir -p "$cases.part"
  tar -xzf "$deps/onnx-$onnx_version.tar.gz" -C "$cases.part" \
    --strip-components=5 "onnx-$onnx_version/onnx/backend/test/case/node"
  mv "$cases.part" "$cases"
fi
