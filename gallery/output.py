"""Writing a command's output folder safely: never over a file the tool did not write (or wrote
and someone edited since), and never half a folder.

`tile-atlas import … OUT` and `tile-atlas gallery GAMES OUT` write into folders people also
edit by hand (`docs/`, a folder of game files they then fix up). So every command that writes
a folder goes through `write_files`:

* **A manifest of what we wrote.** `OUT/.tile-atlas-manifest.json` maps each file written to
  the SHA-256 of its content. A file that exists and is not in it was not written by us; a
  file in it whose content no longer matches was edited since. Either is a conflict, and
  with any conflict nothing at all is written (`OutputConflict` lists them all) unless the
  caller passes `force=True` — then the result names each file overwritten anyway, so the
  command can say so. A file whose content would not change is left alone.
* **Staged, then moved.** Everything is first written into a temporary folder beside OUT (same
  file system), then moved into place file by file with `os.replace`, which is atomic; a new
  OUT is moved in whole. A crash while generating (the slow part) leaves OUT untouched, and
  no file is ever left half written. The manifest is replaced last.

A command that writes one file (`tile-atlas print tiles GAME -o tiles.pdf`, `export … -o FILE`)
goes through `write_file`: the same rules, with the manifest of the file's own folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from tile_lang import Diagnostic

MANIFEST = ".tile-atlas-manifest.json"

Reason = Literal["not written by tile-atlas", "edited since tile-atlas wrote it", "is a folder"]


@dataclass(frozen=True)
class Conflict:
    """A file in the output folder that writing would overwrite, and why that is not ours."""

    path: Path
    reason: Reason

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


class OutputConflict(Exception):
    """Writing was refused: the conflicts, each with its path and reason. Nothing was written."""

    def __init__(self, conflicts: list[Conflict]) -> None:
        self.conflicts = conflicts
        lines = [f"{c}: not overwritten" for c in conflicts]
        lines.append(
            f"nothing written: {len(conflicts)} file(s) would be overwritten; "
            "check them, then run again with --force to overwrite"
        )
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class WriteResult:
    """What `write_files` did: files written (new or changed), files left as they were, and the
    conflicting files overwritten because of `force`."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    forced: tuple[Conflict, ...]


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _bytes(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


def _relative(name: str) -> str:
    """A file name inside the output folder, or ValueError (no absolute paths, no `..`)."""
    pure = PurePosixPath(name.replace("\\", "/"))
    if pure.is_absolute() or ".." in pure.parts or not pure.parts or str(pure) == MANIFEST:
        raise ValueError(f"{name!r} is not a file name inside the output folder")
    return pure.as_posix()


def read_manifest(out_dir: str | Path) -> dict[str, str]:
    """File (relative, `/`-separated) -> SHA-256 of what we wrote there; {} when there is no
    readable manifest (then no existing file counts as ours)."""
    try:
        data = json.loads((Path(out_dir) / MANIFEST).read_text("utf-8"))
        files = data["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def conflicts_of(out_dir: str | Path, files: Mapping[str, str | bytes]) -> list[Conflict]:
    """The files of `files` that exist in `out_dir` with other content and are not ours."""
    out = Path(out_dir)
    manifest = read_manifest(out)
    found: list[Conflict] = []
    for name, content in sorted(files.items()):
        rel = _relative(name)
        target = out / rel
        if target.is_dir():
            found.append(Conflict(target, "is a folder"))
        elif target.exists():
            current = _digest(target.read_bytes())
            if current == _digest(_bytes(content)):
                continue
            if rel not in manifest:
                found.append(Conflict(target, "not written by tile-atlas"))
            elif manifest[rel] != current:
                found.append(Conflict(target, "edited since tile-atlas wrote it"))
    return found


def write_files(
    out_dir: str | Path, files: Mapping[str, str | bytes], *, force: bool = False
) -> WriteResult:
    """Write `files` (relative name -> text or bytes) into `out_dir` by the rules above.

    Raises `OutputConflict` (writing nothing) when a file would overwrite one that is not ours,
    unless `force`; raises ValueError for a name outside the folder.
    """
    out = Path(out_dir)
    contents = {_relative(name): _bytes(content) for name, content in files.items()}
    conflicts = conflicts_of(out, contents)
    if any(c.reason == "is a folder" for c in conflicts) or (conflicts and not force):
        raise OutputConflict(conflicts)
    manifest = read_manifest(out)
    changed = {
        rel: data
        for rel, data in contents.items()
        if not (out / rel).is_file() or _digest((out / rel).read_bytes()) != _digest(data)
    }
    manifest.update({rel: _digest(data) for rel, data in contents.items()})
    manifest_text = _manifest_text(manifest)
    out.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".partial", dir=out.parent))
    try:
        for rel, data in changed.items():
            path = stage / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        (stage / MANIFEST).write_text(manifest_text, encoding="utf-8")
        if not out.exists():
            os.replace(stage, out)  # a new folder appears whole
        else:
            for rel in changed:
                target = out / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(stage / rel, target)
            os.replace(stage / MANIFEST, out / MANIFEST)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    unchanged = tuple(sorted(set(contents) - set(changed)))
    return WriteResult(tuple(sorted(changed)), unchanged, tuple(conflicts))


def _manifest_text(manifest: Mapping[str, str]) -> str:
    return json.dumps({"tool": "tile-atlas", "files": manifest}, indent=1, sort_keys=True) + "\n"


def _replace_atomically(target: Path, data: bytes) -> None:
    """Write `data` under a temporary name beside `target`, then rename it over `target`."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_file(path: str | Path, content: str | bytes, *, force: bool = False) -> WriteResult:
    """Write one file by the rules of `write_files`, recorded in the manifest of its folder.

    A re-run replaces the file it wrote; a file that is not ours, or ours but edited since,
    raises `OutputConflict` (nothing written) unless `force`; a folder at `path` always does.
    The file is written under a temporary name in the same folder and renamed into place, so
    an interrupted run never leaves half a file under the real name.
    """
    target = Path(path)
    folder, name = target.parent, target.name
    data = _bytes(content)
    conflicts = conflicts_of(folder, {name: data})
    if any(c.reason == "is a folder" for c in conflicts) or (conflicts and not force):
        raise OutputConflict(conflicts)
    folder.mkdir(parents=True, exist_ok=True)
    unchanged = target.is_file() and _digest(target.read_bytes()) == _digest(data)
    if not unchanged:
        _replace_atomically(target, data)
    manifest = read_manifest(folder)
    if manifest.get(name) != _digest(data):
        manifest[name] = _digest(data)
        _replace_atomically(folder / MANIFEST, _manifest_text(manifest).encode("utf-8"))
    return WriteResult(() if unchanged else (name,), (name,) if unchanged else (), tuple(conflicts))


def forced_warnings(result: WriteResult) -> list[Diagnostic]:
    """One warning per file overwritten only because of `force`, for the command to print."""
    return [
        Diagnostic(
            severity="warning",
            message=f"overwritten (--force): {c.reason}",
            code="output",
            file=str(c.path),
        )
        for c in result.forced
    ]
