"""Two sides compared game by game: `diff_paths(OLD, NEW)` is what `tile-atlas diff` computes."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path

from gallery.diff.model import DiffReport, GameDiff, compare_games, natural_key, one_sided
from gallery.diff.sides import Side, read_side
from gallery.game import Game
from tile_lang import Diagnostic


def _pairs(old: Side, new: Side) -> list[str]:
    """The ids to compare: both sides' ids, or the one game each when both named one game."""
    return sorted(old.ids() | new.ids(), key=natural_key)


def _single_pair(old: Side, new: Side) -> tuple[Side, Side]:
    """Two single games under one id (a file compared with a renamed copy of itself)."""
    ids = sorted(new.ids()) or sorted(old.ids())
    if not ids:
        return old, new
    game_id = ids[0]

    def rekey(side: Side) -> Side:
        # a single side holds its one game, or why it could not be read
        games = dict(zip([game_id], side.games.values(), strict=False))
        why = dict(zip([game_id], side.unreadable.values(), strict=False))
        unseen = dict(zip([game_id], side.unseen.values(), strict=False))
        return Side(side.path, games, {} if games else why, True, side.icon_dirs, unseen)

    return rekey(old), rekey(new)


def _compare_one(game_id: str, old: Side, new: Side) -> GameDiff:
    # the same file on both sides says the same once
    problems = tuple(
        dict.fromkeys(old.unreadable.get(game_id, ()) + new.unreadable.get(game_id, ()))
    )
    before: Game | None = old.games.get(game_id)
    after: Game | None = new.games.get(game_id)
    if problems:
        return GameDiff(game_id, "unreadable", before, after, problems=problems)
    if before is not None and after is not None:
        found = compare_games(game_id, before, after)
        notes = unseen_changes(game_id, old, new)
        if notes:
            return replace(found, status="changed", notes=notes)
        return found
    return one_sided(game_id, before, after)


def unseen_changes(game_id: str, old: Side, new: Side) -> tuple[str, ...]:
    """A note for each method that builds the game's map or tiles in code the diff does not
    run (`def optional_hexes`, `def game_tiles`) and whose text differs between the sides:
    what changed there is not shown, so a reviewer must read it."""
    notes: dict[tuple[str, str], str] = {}
    for side, other in ((new, old), (old, new)):
        for d in side.unseen.get(game_id, ()):
            found = _METHOD.search(d.message)
            path = Path(d.file)
            try:
                relative = path.relative_to(side.path)
            except ValueError:
                continue
            name = found.group(1) if found else ""
            mine = method_text(path, name, d.line)
            theirs = method_text(other.path / relative, name, None)
            key = (str(relative), name)
            if mine != theirs and key not in notes:
                notes[key] = f"{relative}:{d.line}: {d.message}; this code changed, read it"
    return tuple(notes.values())


_METHOD = re.compile(r"`def (\w+[?!]?)`")


def method_text(path: Path, name: str, near: int | None) -> str | None:
    """The lines of `def name` in `path` (the one around line `near`, or the first), from the
    `def` to the `end` at its indentation (rubocop keeps them aligned in 18xx.games); the
    whole file when the method is not found, None when there is no file."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    header = re.compile(rf"^(\s*)def (?:self\.)?{re.escape(name)}\b") if name else None
    starts = [i for i, line in enumerate(lines) if header is not None and header.match(line)]
    if not starts:
        return "\n".join(lines)
    start = max((i for i in starts if near is None or i < near), default=starts[0])
    indent = len(lines[start]) - len(lines[start].lstrip())
    for end in range(start + 1, len(lines)):
        line = lines[end]
        if line.strip() == "end" and len(line) - len(line.lstrip()) == indent:
            return "\n".join(lines[start : end + 1])
    return "\n".join(lines[start:])


def diff_sides(
    old: Side,
    new: Side,
    *,
    wanted: Collection[str] | None = None,
    labels: tuple[str, str] | None = None,
) -> DiffReport:
    """Every game of either side compared; `wanted` ids that neither side has are trouble."""
    if old.single and new.single:
        old, new = _single_pair(old, new)
    games: list[GameDiff] = []
    same = 0
    for game_id in _pairs(old, new):
        found = _compare_one(game_id, old, new)
        if found.status == "same":
            same += 1
        else:
            games.append(found)
    problems = [
        Diagnostic(
            severity="error",
            message=f"no game {game_id!r} in {old.path} or {new.path}",
            code="diff",
        )
        for game_id in sorted(wanted or (), key=natural_key)
        if not (old.single and new.single) and game_id not in old.ids() | new.ids()
    ]
    old_label, new_label = labels or (str(old.path), str(new.path))
    return DiffReport(old_label, new_label, tuple(games), same, tuple(problems))


def _only(side: Side, ids: set[str]) -> Side:
    """`side` with only the games of `ids`."""
    return replace(
        side,
        games={k: g for k, g in side.games.items() if k in ids},
        unreadable={k: d for k, d in side.unreadable.items() if k in ids},
        unseen={k: d for k, d in side.unseen.items() if k in ids},
    )


def diff_paths(
    old: Path,
    new: Path,
    *,
    wanted: Collection[str] | None = None,
    labels: tuple[str, str] | None = None,
) -> tuple[DiffReport, Side, Side]:
    """Read both sides and compare them (raises `SideError` for a path that is no side). The
    sides come back too: the HTML page draws with their icon folders."""
    chosen = set(wanted) if wanted else None
    old_side = read_side(old, chosen)
    # one game against a whole checkout or folder: that game on the other side, not all
    new_side = read_side(new, old_side.ids() if old_side.single else chosen)
    if new_side.single and not old_side.single:
        old_side = _only(old_side, new_side.ids())
    return diff_sides(old_side, new_side, wanted=chosen, labels=labels), old_side, new_side
