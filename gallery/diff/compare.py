"""Two sides compared game by game: `diff_paths(OLD, NEW)` is what `tile-atlas diff` computes."""

from __future__ import annotations

from collections.abc import Collection
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
        return Side(side.path, games, {} if games else why, True, side.icon_dirs)

    return rekey(old), rekey(new)


def _compare_one(game_id: str, old: Side, new: Side) -> GameDiff:
    problems = old.unreadable.get(game_id, ()) + new.unreadable.get(game_id, ())
    before: Game | None = old.games.get(game_id)
    after: Game | None = new.games.get(game_id)
    if problems:
        return GameDiff(game_id, "unreadable", before, after, problems=problems)
    if before is not None and after is not None:
        return compare_games(game_id, before, after)
    return one_sided(game_id, before, after)


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
    old_side, new_side = read_side(old, chosen), read_side(new, chosen)
    return diff_sides(old_side, new_side, wanted=chosen, labels=labels), old_side, new_side
