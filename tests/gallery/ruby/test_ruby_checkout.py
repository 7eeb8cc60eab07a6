"""Every game of a real 18xx.games checkout, imported statically, against the engine's own
values (the corpus in ../shared was exported by running the engine at the same commit).

Run with TILE_ATLAS_18XX=/path/to/18xx (a checkout, or an export of one: only lib/ is read).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import corpus
import pytest

from gallery.corpus import game_from_corpus
from gallery.game import Game
from gallery.ruby import import_all_18xx

CHECKOUT = os.environ.get("TILE_ATLAS_18XX")

# Games whose map the engine builds with code the static reader does not evaluate, and why.
# (The 1822 Canada family's `merge_hexes` and the `optional_hexes` of 1893 and 18 Rhl are read
# as data helpers now: gallery.ruby.helpers.)
KNOWN_DIFFERENCES: dict[str, str] = {}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHECKOUT,
        reason="set TILE_ATLAS_18XX to a checkout of tobymao/18xx (commit 111f7f69) to compare "
        "the importer with the engine",
    ),
    pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON),
]


def _board_matches(game: Game, data: dict[str, Any]) -> bool:
    """A game that builds its map in a method (`optional_hexes`) has no HEXES constant: the
    map is the board the engine built with default options."""
    overridden = data.get("map_methods_overridden") or {}
    board = (data.get("effective_default") or {}).get("HEXES_board")
    if not board or not {"optional_hexes", "game_hexes"} & set(overridden):
        return False
    expected = {
        coord: (color, group["code"])
        for color, groups in board.items()
        for group in groups
        for coord in group["coords"]
    }
    return {k: (h.color, h.code) for k, h in game.hexes.items()} == expected


def _differences(game: Game, path: Path) -> list[str]:
    expected = game_from_corpus(path)
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    problems = []

    def tiles(g: Game) -> dict[str, tuple[Any, ...]]:
        return {k: (t.count, t.color, t.code, t.hidden) for k, t in g.tiles.items()}

    def hexes(g: Game) -> dict[str, tuple[Any, ...]]:
        return {k: (h.color, h.code, h.name) for k, h in g.hexes.items()}

    if tiles(game) != tiles(expected):
        problems.append("tiles")
    if hexes(game) != hexes(expected) and not _board_matches(game, data):
        problems.append("hexes")
    if game.location_names != expected.location_names:
        problems.append("location names")
    if data["layout"] in ("flat", "pointy") and game.layout != data["layout"]:
        problems.append("layout")
    if game.axes != expected.axes:
        problems.append("axes")
    if (game.title, game.designer, game.subtitle) != (
        expected.title,
        expected.designer,
        expected.subtitle,
    ):
        problems.append("title")
    return problems


@pytest.fixture(scope="module")
def imported() -> dict[str, tuple[Game, list[Any]]]:
    assert CHECKOUT is not None
    return {game.id: (game, diags) for game, diags in import_all_18xx(CHECKOUT)}


def test_every_game_imports_and_an_empty_one_says_why(
    imported: dict[str, tuple[Game, list[Any]]],
) -> None:
    assert len(imported) >= 130
    for game_id, (game, diagnostics) in imported.items():
        if game.tiles or game.hexes:
            continue
        # map built by methods (game_tiles/game_hexes), a Map module the Game class does not
        # include (18ZOO), or no map at all (Rolling Stock: LAYOUT = :none)
        reasons = ("at run time", "does not include", "without a map")
        assert any(r in d.message for d in diagnostics for r in reasons), game_id


def test_games_match_the_engine(
    imported: dict[str, tuple[Game, list[Any]]], capsys: pytest.CaptureFixture[str]
) -> None:
    matched, differing = [], {}
    for path in corpus.game_files():
        game, _ = imported[path.stem]
        problems = _differences(game, path)
        if problems:
            differing[path.stem] = problems
        else:
            matched.append(path.stem)
    with capsys.disabled():
        print(f"\n18xx checkout: {len(matched)} of {len(corpus.game_files())} corpus games match")
        for game_id, problems in differing.items():
            print(f"  {game_id}: {', '.join(problems)} — {KNOWN_DIFFERENCES.get(game_id, '?')}")
    assert set(differing) <= set(KNOWN_DIFFERENCES), differing
    assert len(matched) >= len(corpus.game_files()) - len(KNOWN_DIFFERENCES)


def test_maps_built_by_helper_methods_are_read(
    imported: dict[str, tuple[Game, list[Any]]],
) -> None:
    """merge_hexes (1822 Canada and its two short games) and optional_hexes (1893, 18 Rhl):
    read statically, and no note left saying they could not be."""
    for game_id, count in (("1822_ca", 279), ("1822_ca_ers", 156), ("1822_ca_wrs", 115),
                           ("1893", 80), ("18_rhl", 89)):  # fmt: skip
        game, diagnostics = imported[game_id]
        assert len(game.hexes) == count, game_id
        assert not [d for d in diagnostics if d.field == "HEXES"], game_id
    _, diagnostics = imported["rolling_stock"]
    (layout,) = [d for d in diagnostics if d.field == "LAYOUT"]
    assert layout.severity == "info" and "without a map" in layout.message


def test_a_game_with_an_upstream_typo_is_imported_whole(
    imported: dict[str, tuple[Game, list[Any]]],
) -> None:
    """1840, 18 NY 1E and 22 Mars each have a hex with a missing `;` upstream: the game is
    imported with that hex (the gallery draws it as an error tile) and an error at the Ruby
    literal's file:line:column (the gallery source adds those; see gallery.ruby.locate)."""
    from gallery.ruby import RubyCheckout
    from gallery.ruby.locate import code_diagnostics

    assert CHECKOUT is not None
    checkout = RubyCheckout(CHECKOUT)
    for game_id, coord in (("1840", "F8"), ("18_ny_1e", "A17"), ("22_mars", "B3")):
        game, _ = imported[game_id]
        assert coord in game.hexes, game_id
        errors = [d for d in code_diagnostics(checkout, game_id, game) if d.severity == "error"]
        assert any(d.field == f"HEXES.{coord}" and d.line and d.column for d in errors), game_id
