"""The whole-game checks: which games a run covers, each check over each game, one finding per
place.

A finding in a file several games share (a parent game's entities, a shared map module) is
reported once, naming every game it concerns, with the surest severity any of them gives it (an
error in another game's folder is only a warning for a game built on it); an inline
`# tile-atlas: ignore[code]` on its line silences it as it does a tile-string finding. The games
can be checked in several processes (`collect_games`) and their places merged after
(`merge_places`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gallery.lint.check_map import border_findings, grid_findings, name_findings, twice_findings
from gallery.lint.check_refs import COORDINATE_KEYS, reference_findings
from gallery.lint.check_tiles import dead_end_findings, tile_name_findings
from gallery.lint.findings import NOT_DECIDED, sort_key
from gallery.lint.gamefiles import CheckoutFiles, FileFacts
from gallery.lint.gameview import GameView, Written, game_view
from gallery.lint.places import Spot
from tile_lang import Diagnostic

GAME_DIR = "lib/engine/game"
WANTED_KEYS = COORDINATE_KEYS | {"tiles"}
_GAME_FOLDER = re.compile(r"lib/engine/game/g_(\w+)/")
_MODULE = re.compile(rb"^[ \t]*module (G(?!ame\b)\w+)[ \t]*$", re.M)

# a check: one game's findings, each with the file facts of where it is written
GameCheck = Callable[[GameView], Iterable[tuple[Diagnostic, Written | FileFacts]]]


def _checks() -> tuple[GameCheck, ...]:
    mentions: dict[Path, Counter[str]] = {}

    def dead_ends(view: GameView) -> Iterable[tuple[Diagnostic, FileFacts]]:
        return dead_end_findings(view, mentions)

    return (
        reference_findings,
        twice_findings,
        grid_findings,
        name_findings,
        border_findings,
        tile_name_findings,
        dead_ends,
    )


def _module_names(folder: Path) -> set[bytes]:
    names: set[bytes] = set()
    for name in ("game.rb", "map.rb", "meta.rb"):
        path = folder / name
        if path.is_file():
            names.update(_MODULE.findall(path.read_bytes()))
    return names


def games_touched(checkout: Path, names: Sequence[str]) -> list[str]:
    """The games whose checks a change of the files `names` may alter: the games the files
    belong to, and every game whose files name one of those games' modules (a child game
    inherits its parent's map and entities)."""
    direct = sorted({m.group(1) for n in names if (m := _GAME_FOLDER.match(n))})
    if not direct:
        return []
    root = checkout / GAME_DIR
    modules = set().union(*(_module_names(root / f"g_{g}") for g in direct))
    pattern = re.compile(rb"\b(" + b"|".join(sorted(modules)) + rb")::") if modules else None
    found = set(direct)
    for folder in sorted(root.glob("g_*")):
        if pattern is None or folder.name[2:] in found or not folder.is_dir():
            continue
        if any(pattern.search(p.read_bytes()) for p in folder.glob("*.rb")):
            found.add(folder.name[2:])
    return sorted(found)


def _facts(where: Written | FileFacts) -> FileFacts:
    return where.file if isinstance(where, Written) else where


def _game_findings(
    view: GameView, checks: Sequence[GameCheck]
) -> Iterator[tuple[Diagnostic, FileFacts]]:
    for undecided in (view.map_undecided, view.tiles_undecided):
        if undecided is not None:
            yield (
                replace(undecided, message=undecided.message + f" ({view.id})"),
                FileFacts.nowhere(),
            )
    own = f"{GAME_DIR}/g_{view.id}/"
    for check in checks:
        for finding, where in check(view):
            facts = _facts(where)
            if finding.severity == "error" and facts.name and not facts.name.startswith(own):
                # another game's file: this game may drop that entry in code (child games
                # often filter their parent's companies), so it is not sure to be a bug here
                finding = replace(
                    finding,
                    severity="warning",
                    message=finding.message + " (inherited from another game's files)",
                )
            yield finding, facts


def _one_game(
    files: CheckoutFiles, game_id: str, checks: Sequence[GameCheck]
) -> list[tuple[Diagnostic, FileFacts]]:
    """One game's findings. A game the checks cannot read (a bug of ours on data no game had
    before) costs that game's checks, said in one line, not the run."""
    try:
        view = game_view(files, game_id)
        return list(_game_findings(view, checks)) if view is not None else []
    except (
        OSError,
        RecursionError,
        ValueError,
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
    ) as exc:
        failed = Diagnostic(
            severity="warning",
            message=f"the whole-game checks of {game_id} stopped: {type(exc).__name__}: {exc}",
            code=NOT_DECIDED,
            file=f"{GAME_DIR}/g_{game_id}",
            hint="a bug in tile-atlas: please report it with the game's files",
        )
        return [(failed, FileFacts.nowhere())]


_RANK = {"error": 0, "warning": 1, "info": 2}


Key = tuple[str, int, int, str] | tuple[str, int, int, str, str]


@dataclass
class Placed:
    """One place's finding, the games it concerns and the Ruby line it is on: plain values,
    so the games can be checked in several processes and their places merged after."""

    finding: Diagnostic
    line_text: str
    games: list[str] = field(default_factory=list)

    def add(self, finding: Diagnostic, games: Iterable[str]) -> None:
        if _RANK[finding.severity] < _RANK[self.finding.severity]:
            self.finding = finding  # the surest reading of the place wins
        self.games.extend(g for g in games if g not in self.games)

    def final(self, order: dict[str, int]) -> Diagnostic:
        """The finding naming its games: where the message says, or at its end when the
        games are not just the one whose folder holds the file."""
        ordered = sorted(self.games, key=lambda g: order.get(g, len(order)))
        games = ", ".join(ordered)
        message = self.finding.message
        if "{games}" in message:
            return replace(self.finding, message=message.replace("{games}", games))
        if ordered != [_owner(self.finding.file)] and self.finding.code != NOT_DECIDED:
            return replace(self.finding, message=f"{message} (in {games})")
        return self.finding


def _owner(name: str) -> str | None:
    """The game whose folder holds the file `name` (None for a shared file)."""
    found = _GAME_FOLDER.match(name)
    return found.group(1) if found else None


def collect_games(checkout: Path, game_ids: Sequence[str]) -> dict[Key, Placed]:
    """The whole-game findings of the games `game_ids` by place (inline ignore comments
    applied), not yet merged with other games' (`merge_places`)."""
    files = CheckoutFiles(checkout, WANTED_KEYS)
    checks = _checks()
    places: dict[Key, Placed] = {}
    for game_id in game_ids:
        for finding, facts in _one_game(files, game_id, checks):
            if facts.name and not facts.keeps(finding, _spot(finding)):
                continue
            key: Key = (finding.file, finding.line, finding.column, finding.code)
            if finding.code == NOT_DECIDED:
                key = (*key, game_id)
            if key not in places:
                line = ""
                if facts.name and 0 < finding.line <= len(facts.text.line_starts):
                    line = facts.text.line_text(finding.line - 1)
                places[key] = Placed(finding, line)
            places[key].add(finding, [game_id])
    return places


def merge_places(
    parts: Iterable[dict[Key, Placed]], game_ids: Sequence[str]
) -> tuple[list[Diagnostic], dict[tuple[str, int], str]]:
    """One finding per place over every part, naming its games in the order given, and the
    Ruby line each is on."""
    merged: dict[Key, Placed] = {}
    for part in parts:
        for key, placed in part.items():
            if key in merged:
                merged[key].add(placed.finding, placed.games)
            else:
                merged[key] = placed
    order = {game: index for index, game in enumerate(game_ids)}
    findings = sorted((p.final(order) for p in merged.values()), key=sort_key)
    lines = {(p.finding.file, p.finding.line): p.line_text for p in merged.values()}
    return findings, lines


def lint_games(
    checkout: Path, game_ids: Sequence[str]
) -> tuple[list[Diagnostic], dict[tuple[str, int], str]]:
    """Every whole-game finding of the games `game_ids`, one per place (naming every game it
    concerns), and the Ruby line each is on."""
    return merge_places([collect_games(checkout, game_ids)], game_ids)


def _spot(finding: Diagnostic) -> Spot:
    return Spot(finding.file, finding.line, finding.column, finding.width, finding.line - 1)
