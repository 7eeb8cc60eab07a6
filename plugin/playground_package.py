"""The Python the playground runs in the browser, packed into one deterministic zip.

Why a zip built from the importable sources: the browser must run exactly the `tile_lang` that
built the galleries (no second implementation, no drift). tile_lang needs nothing beyond the
standard library (it writes SVG itself, issue #21.2), so no third-party package goes in.
Entries are sorted and dated 1980-01-01, so the same sources give a byte-identical zip (and the
same cache-busting digest).

No MkDocs import here.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

FIXED_DATE = (1980, 1, 1, 0, 0, 0)
#: Packages copied whole (their .py files and package data; no caches or compiled files).
PACKAGES = ("tile_lang",)
#: Single modules of ours: the entry point the worker calls, and its package marker.
MODULES = (("plugin", "__init__.py"), ("plugin", "playground_api.py"))
SKIP_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd")


@dataclass(frozen=True)
class Package:
    """The zip's bytes and a short digest of them (used as `?v=` so browsers refetch it)."""

    data: bytes
    digest: str
    files: tuple[str, ...]
    #: Each source's name, modification time and size when it was packed.
    stamp: tuple[tuple[str, int, int], ...] = ()


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the playground needs the package {name!r}, which is not importable")
    return Path(next(iter(spec.submodule_search_locations)))


def _entries() -> list[tuple[str, Path]]:
    entries: list[tuple[str, Path]] = []
    for name in PACKAGES:
        root = _package_dir(name)
        for path in root.rglob("*"):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if path.suffix in SKIP_SUFFIXES:
                continue
            entries.append((f"{name}/{path.relative_to(root).as_posix()}", path))
    here = Path(__file__).parent
    for package, module in MODULES:
        entries.append((f"{package}/{module}", here / module))
    return sorted(entries)


def build_package(previous: Package | None = None) -> Package:
    """Zip tile_lang and the playground entry point from the importable sources; `previous`
    (the last build's package) when none of them changed since it was packed: `mkdocs serve`
    asks for it on every rebuild, and packing takes a tenth of a second."""
    entries = _entries()
    stamp = tuple((name, *_state(path)) for name, path in entries)
    if previous is not None and previous.stamp == stamp:
        return previous
    buffer = io.BytesIO()
    names = []
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, path in entries:
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
            names.append(name)
    data = buffer.getvalue()
    return Package(data, hashlib.sha256(data).hexdigest()[:12], tuple(names), stamp)


def _state(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size
