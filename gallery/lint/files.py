"""Which Ruby files of an 18xx.games checkout to lint.

Tile strings live in the game folders (`lib/engine/game/g_<id>/…`, plus shared modules next to
them) and in the engine's catalog (`lib/engine/config/tile.rb`). With no PATH every one of those
files is read; with PATHs (what a commit changed) only those files or folders. Paths are named in
the output relative to the checkout, which is what an editor, pre-commit and GitHub expect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GAME_ROOTS = ("lib/engine/game", "lib/engine/config")


class LintUsageError(ValueError):
    """A CHECKOUT or PATH that cannot be linted; the message says which and why."""


@dataclass(frozen=True)
class SourceFile:
    """A Ruby file to read and the name it goes by in the output."""

    path: Path
    name: str


def _named(path: Path, checkout: Path) -> SourceFile:
    try:
        name = path.resolve().relative_to(checkout.resolve()).as_posix()
    except ValueError:
        name = path.as_posix()
    return SourceFile(path, name)


def _ruby_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.rb") if p.is_file())


def default_files(checkout: Path) -> list[SourceFile]:
    """Every game and catalog file of the checkout."""
    roots = [checkout / root for root in GAME_ROOTS]
    if not roots[0].is_dir():
        raise LintUsageError(
            f"{checkout}: not an 18xx.games checkout (expected a folder {GAME_ROOTS[0]}/)"
        )
    return [_named(p, checkout) for root in roots if root.is_dir() for p in _ruby_files(root)]


def _resolve(checkout: Path, given: Path) -> Path:
    """A PATH as given (relative to the working directory), else relative to the checkout, else
    a game folder named by its id (`g_1893` or `1893`)."""
    candidates = [given, checkout / given, checkout / GAME_ROOTS[0] / given]
    if not given.is_absolute() and len(given.parts) == 1:
        candidates.append(checkout / GAME_ROOTS[0] / f"g_{given}")
    for candidate in candidates:
        if candidate.exists():
            return candidate
    raise LintUsageError(f"{given}: no such file or game folder (in . or in {checkout})")


def select_files(checkout: Path, paths: Sequence[Path]) -> list[SourceFile]:
    """The files to lint: all game files, or those under the given PATHs (each once, in the
    order given). A PATH that is neither a Ruby file nor a folder is an error, not skipped."""
    if not checkout.is_dir():
        raise LintUsageError(f"{checkout}: not a folder")
    if not paths:
        return default_files(checkout)
    chosen: list[SourceFile] = []
    seen: set[Path] = set()
    for given in paths:
        found = _resolve(checkout, given)
        if found.is_dir():
            files = _ruby_files(found)
        elif found.suffix == ".rb":
            files = [found]
        else:
            raise LintUsageError(f"{given}: not a Ruby file (.rb) or a folder")
        for file in files:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                chosen.append(_named(file, checkout))
    return chosen
