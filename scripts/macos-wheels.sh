#!/usr/bin/env bash
# Cross-builds the tabula Python package's abi3 wheels for macOS on Linux (maturin with
# zig as the linker, the macOS target's standard library from rustup), into target/wheels,
# and checks what it can without a Mac: the wheel's platform tag, the module's files, and
# that the extension is a Mach-O library of that architecture that links only macOS's own
# system libraries. The wheels are artifacts, not published; they cannot be run here.
#
#   scripts/macos-wheels.sh [aarch64|x86_64 ...]      (default: both)
#
# TABULA_PYTHON_VENV: the virtualenv holding maturin and ziglang (default
# target/python-venv, as scripts/python-test.sh makes it; made if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(aarch64 x86_64)
venv="${TABULA_PYTHON_VENV:-target/python-venv}"
if ! [ -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
py="$(cd "$venv" && pwd)/bin/python"
"$py" -m pip install -q "maturin>=1.9,<2" "ziglang>=0.13,<0.14"
mkdir -p target/wheels
for arch in "${archs[@]}"; do
  target="$arch-apple-darwin"
  echo "== $target"
  if ! rustup target add "$target" >/dev/null; then
    # The one thing fetched from outside the package registries (rustup's servers): where
    # they cannot be reached, say so rather than fail the build for the network.
    echo "== SKIPPED $target: rustup could not fetch its standard library (no macOS wheel built)" >&2
    continue
  fi
  rm -f target/wheels/tabula_games-*-macosx_*_"${arch/aarch64/arm64}".whl
  PATH="$(dirname "$py"):$PATH" "$py" -m maturin build -q --release --target "$target" --zig \
    -m crates/python/Cargo.toml -o target/wheels
  "$py" - "$arch" <<'PY'
import glob, struct, sys, zipfile
arch = sys.argv[1]
tag = {"aarch64": "arm64", "x86_64": "x86_64"}[arch]
cpu = {"aarch64": 0x0100000C, "x86_64": 0x01000007}[arch]
[wheel] = glob.glob(f"target/wheels/tabula_games-*-cp39-abi3-macosx_*_{tag}.whl")
with zipfile.ZipFile(wheel) as z:
    names = set(z.namelist())
    for need in ("tabula/__init__.py", "tabula/_tabula.pyi", "tabula/py.typed", "tabula/_tabula.abi3.so"):
        assert need in names, f"{wheel} lacks {need}"
    so = z.read("tabula/_tabula.abi3.so")
magic, cputype = struct.unpack("<II", so[:8])
assert magic == 0xFEEDFACF and cputype == cpu, f"not a 64-bit Mach-O for {arch}: {magic:#x} {cputype:#x}"
# The libraries it loads (LC_LOAD_DYLIB, 0xC): only macOS's own.
ncmds = struct.unpack("<I", so[16:20])[0]
at, dylibs = 32, []
for _ in range(ncmds):
    cmd, size = struct.unpack("<II", so[at:at + 8])
    if cmd == 0xC:
        offset = struct.unpack("<I", so[at + 8:at + 12])[0]
        dylibs.append(so[at + offset:at + size].split(b"\0")[0].decode())
    at += size
assert dylibs and all(d.startswith("/usr/lib/") for d in dylibs), dylibs
print(f"{wheel}: Mach-O {arch}, loads {', '.join(dylibs)}")
PY
done
