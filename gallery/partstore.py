"""Built gallery parts kept on disk, so that a new build does not build them again.

A part (a game's pages and drawings, or a run of catalog tile pages: `gallery.parts`) depends
only on its inputs, and its key is a digest of them. The same key in a later build, in
another process, means the same files, provided the code that builds them is the same too:
so an entry's name is a digest of the part's key, of every file of the `gallery` and
`tile_lang` packages (their code, templates, stylesheets and tile catalog) and of the versions
of Python and of the libraries that write the files (`code_digest`). Any change there,
or to a game, a template override or an icon file, is a new name, never a stale page.

Why: a whole-world site is 145 parts, and building them is half of its cold build on two
cores; a site rebuilt with few changed games (a CI job whose cache folder is kept, a second
`mkdocs build` after editing one game) builds only those. The folder is the user's cache
folder by default (`~/.cache/tile-atlas/parts` on Linux, via platformdirs), bounded in bytes
like the import cache (`gallery.jsonstore`).
"""

from __future__ import annotations

import hashlib
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import platformdirs

from gallery.jsonstore import JsonFolder
from gallery.pages.context import GeneratedFile
from gallery.parts import PartResult

FORMAT = 1
"""Bumped when the stored layout changes (old entries are then simply not found)."""

DEFAULT_MAX_BYTES = 512 * 2**20

_PACKAGES = (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "tile_lang")


def default_parts_dir() -> Path:
    """The user's cache folder for built parts (`~/.cache/tile-atlas/parts` on Linux)."""
    return platformdirs.user_cache_path("tile-atlas") / "parts"


#: The libraries whose output is part of a part's files (templates filled, escaping, front
#: matter written): a new version of one may write them otherwise.
_LIBRARIES = ("jinja2", "markupsafe", "pyyaml")


def code_digest(packages: tuple[Path, ...] = _PACKAGES) -> str:
    """A digest of every file of `packages` (compiled files aside) and of the versions of
    Python and of `_LIBRARIES`: what builds a part."""
    digest = hashlib.sha256(f"format {FORMAT}\0{sys.version}".encode())
    for library in _LIBRARIES:
        try:
            digest.update(f"{library} {metadata.version(library)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} none\0".encode())
    for package in packages:
        for path in sorted(package.rglob("*")):
            if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(package)).encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


class PartStore:
    """Finished parts by key, in a bounded folder. The code digest is taken once, when the
    store is made (the plugin makes one per `mkdocs` command)."""

    def __init__(self, folder: Path, max_bytes: int = DEFAULT_MAX_BYTES,
                 version: str | None = None) -> None:  # fmt: skip
        self.files = JsonFolder(folder, max_bytes)
        self.version = version if version is not None else code_digest()

    def _name(self, key: str) -> str:
        return hashlib.sha256(f"{self.version}\0{key}".encode()).hexdigest()

    def load(self, key: str) -> PartResult | None:
        """The part stored under `key`, or None (absent, unreadable, of another format)."""
        data = self.files.read(self._name(key))
        try:
            return _from_json(data) if data is not None and data["format"] == FORMAT else None
        except (KeyError, TypeError, ValueError):
            return None

    def save(self, results: dict[str, PartResult]) -> int:
        """Keep the finished ones of `results` (by key; a result whose drawings are still
        being made, `PartResult.later`, is not finished), then trim the folder once. Returns
        how many were kept."""
        kept = 0
        for key, result in results.items():
            if not result.later:
                self.files.write(self._name(key), _to_json(result), trim=False)
                kept += 1
        if kept:
            self.files.trim()
        return kept


def _to_json(result: PartResult) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "files": [[f.path, f.content, [list(b) for b in f.blocks]] for f in result.files],
        "svgs": [[list(key), path] for key, path in result.svgs],
        "written": list(result.written),
        "missing_icons": [list(pair) for pair in result.missing_icons],
    }


def _from_json(data: dict[str, Any]) -> PartResult:
    files = tuple(
        GeneratedFile(str(path), str(content), tuple((str(m), str(h)) for m, h in blocks))
        for path, content, blocks in data["files"]
    )
    return PartResult(
        files=files,
        svgs=tuple((tuple(key), str(path)) for key, path in data["svgs"]),
        written=tuple(str(w) for w in data["written"]),
        missing_icons=tuple((str(name), int(count)) for name, count in data["missing_icons"]),
    )
