"""Where the playground's Python runtime (Pyodide) comes from, and a cache of it for offline use.

The playground runs our own `tile_lang` in the reader's browser with Pyodide. An online site loads
Pyodide's core from its public CDN (nothing to ship); an offline bundle must carry the runtime, so
the plugin copies a local copy into the site. That local copy is the `pyodide` package of the npm
registry, fetched once into a cache outside the repository (`~/.cache/tile-atlas/pyodide-<ver>/`)
by `python -m plugin.playground_runtime`, the tests and `nox -s offline`, and never committed.

No MkDocs import here: the tests and nox call it directly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

#: The Pyodide release the playground is built and tested against (Python 3.13 in WebAssembly).
PYODIDE_VERSION = "0.29.5"
#: Its public CDN: the default runtime location of an online site.
CDN_URL = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
#: The files of the npm package that `loadPyodide()` fetches for the core interpreter (no
#: optional packages: tile_lang is pure Python and shipped by the plugin).
CORE_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


def cache_dir() -> Path:
    """The runtime cache: `$TILE_ATLAS_CACHE` or `~/.cache/tile-atlas`, one folder per version."""
    base = os.environ.get("TILE_ATLAS_CACHE") or Path.home() / ".cache" / "tile-atlas"
    return Path(base) / f"pyodide-{PYODIDE_VERSION}"


def is_runtime(folder: Path) -> bool:
    """True when `folder` holds every core file of a Pyodide release."""
    return all((folder / name).is_file() for name in CORE_FILES)


def missing_files(folder: Path) -> list[str]:
    return [name for name in CORE_FILES if not (folder / name).is_file()]


def ensure_runtime(target: Path | None = None) -> Path:
    """The cached runtime folder, fetched with `npm pack pyodide@<version>` when absent.

    Raises RuntimeError naming what failed (npm missing, no network, a broken package).
    Concurrent callers are safe: the files are unpacked into a temporary sibling folder that
    is renamed into place.
    """
    target = target or cache_dir()
    if is_runtime(target):
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch the Pyodide runtime (apt-get install npm)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".pyodide-") as tmp:
        work = Path(tmp)
        done = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination",
             str(work)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        tarballs = list(work.glob("pyodide-*.tgz"))
        if done.returncode != 0 or not tarballs:
            raise RuntimeError(
                f"npm pack pyodide@{PYODIDE_VERSION} failed: {done.stderr.strip() or done.stdout}"
            )
        unpacked = work / "runtime"
        unpacked.mkdir()
        with tarfile.open(tarballs[0]) as tar:
            for name in CORE_FILES:
                member = tar.getmember(f"package/{name}")
                source = tar.extractfile(member)
                if source is None:
                    raise RuntimeError(f"the pyodide package has no file {name}")
                (unpacked / name).write_bytes(source.read())
        try:
            unpacked.rename(target)
        except OSError:
            if not is_runtime(target):  # another process won the race with a complete copy
                raise
    return target


def main(argv: list[str]) -> int:
    """`python -m plugin.playground_runtime [FOLDER]`: fetch the runtime, print its folder."""
    try:
        folder = ensure_runtime(Path(argv[0]) if argv else None)
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
