"""The whole-game checks: which games a run covers, each check over each game, one finding per
place.

A finding in a file several games share (a parent game's entities, a shared map module) is
reported once, naming every game it concerns; an inline `# tile-atlas: ignore[code]` on its
line silences it as it does a tile-string finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from gallery.lint.check_map import border_findings, grid_findings, name_findings, twice_findings
from gallery.lint.check_refs import COORDINATE_KEYS, reference_findings
from gallery.lint.findings import sort_key
from gallery.lint.gamefiles import CheckoutFiles, FileFacts
from gallery.lint.gameview import GameView, Written, game_view
from gallery.lint.places import SourceText, Spot
from gallery.lint.rubytree import FileSyntax
from tile_lang import Diagnostic

GAME_DIR = "lib/engine/game"
WANTED_KEYS = COORDINATE_KEYS | {"tiles"}
_GAME_FOLDER = re.compile(r"lib/engine/game/g_(\w+)/")
_MODULE = re.compile(rb"^[ \t]*module (G(?!ame\b)\w+)[ \t]*$", re.M)

# a check: one game's findings, each with the file facts of where it is written
GameCheck = Callable[[GameView], Iterable[tuple[Diagnostic, Written | FileFacts]]]


def _checks() -> tuple[GameCheck, ...]:
    return (reference_findings, twice_findings, grid_findings, name_findings, border_findings)


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
            yield replace(undecided, message=undecided.message + f" ({view.id})"), _no_file()
    for check in checks:
        for finding, where in check(view):
            yield finding, _facts(where)


def _no_file() -> FileFacts:
    return FileFacts("", SourceText.of(b""), {}, FileSyntax((), ()))


def lint_games(
    checkout: Path, game_ids: Sequence[str]
) -> tuple[list[Diagnostic], dict[tuple[str, int], str]]:
    """Every whole-game finding of the games `game_ids`, one per place, and the Ruby line
    each is on."""
    files = CheckoutFiles(checkout, WANTED_KEYS)
    checks = _checks()
    merged: dict[tuple[str, int, int, str, str], tuple[Diagnostic, list[str], FileFacts]] = {}
    for game_id in game_ids:
        view = game_view(files, game_id)
        if view is None:
            continue
        for finding, facts in _game_findings(view, checks):
            key = (finding.file, finding.line, finding.column, finding.code, finding.message)
            entry = merged.setdefault(key, (finding, [], facts))
            if game_id not in entry[1]:
                entry[1].append(game_id)
    findings: list[Diagnostic] = []
    lines: dict[tuple[str, int], str] = {}
    for finding, games, facts in merged.values():
        spot_line = finding.line - 1
        if facts.name and not facts.keeps(finding, _spot(finding)):
            continue
        findings.append(
            replace(finding, message=finding.message.replace("{games}", ", ".join(games)))
        )
        if facts.name and 0 <= spot_line < len(facts.text.line_starts):
            lines[(finding.file, finding.line)] = facts.text.line_text(spot_line)
    findings.sort(key=sort_key)
    return findings, lines


def _spot(finding: Diagnostic) -> Spot:
    return Spot(finding.file, finding.line, finding.column, finding.width, finding.line - 1)
