"""The 18xx.games Ruby importer: static evaluation on fixtures, and (with TILE_ATLAS_18XX)
every game of a real checkout against the engine's own values in ../shared."""

from __future__ import annotations

import json
import os
from pathlib import Path

import corpus
import pytest

from gallery.corpus import game_from_corpus
from gallery.native import load_game
from gallery.ruby import import_18xx, import_18xx_checkout, list_18xx_games
from tile_lang import catalog

FIXTURES = Path(__file__).parent / "fixtures" / "ruby"
CHECKOUT = os.environ.get("TILE_ATLAS_18XX")


def _import(game_id: str) -> tuple:  # type: ignore[type-arg]
    result = import_18xx(FIXTURES, game_id, with_diagnostics=True)
    assert isinstance(result, tuple)
    return result


def test_literals_and_catalog_names() -> None:
    game, _ = _import("toy")
    assert (game.title, game.designer, game.layout) == ("Toy", "A. Tester", "pointy")
    assert (game.axes.x, game.axes.y) == ("number", "letter")
    assert game.tiles["57"].count == 4 and game.tiles["57"].code == catalog.get("57").code
    assert game.tiles["9"].count is None
    assert game.tiles["T1"].code == "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=T"
    assert game.tiles["T2"].code == catalog.get("57").code + ";label=Z"
    assert game.hexes["A1"].code == "city=revenue:0;upgrade=cost:40,terrain:water"
    assert game.hexes["A1"].name == "Port Town"
    assert game.location_names["B2"] == "O'Hare"
    assert game.hexes["B2"].code == "town=revenue:0" and game.hexes["B2"].tile == "town"
    assert {c for c, h in game.hexes.items() if h.code == ""} == {"A3", "A5", "B4"}
    assert game.hexes["C1"].color == "red"


def test_only_needed_constants_are_evaluated() -> None:
    _, diagnostics = _import("toy")
    assert diagnostics == []  # BROKEN (a method call) is never needed, so never evaluated


def test_inheritance_and_merge() -> None:
    game, diagnostics = _import("toy_variant")
    assert game.title == "Toy Variant"
    assert game.tiles["T1"].count == 2  # TILES from the parent game
    assert game.hexes["D4"].code == "path=a:0,b:3" and game.hexes["A1"].name == "Port Town"
    assert game.layout == "flat"  # LAYOUT = compute_layout cannot be evaluated...
    layout = [str(d) for d in diagnostics if "LAYOUT" in str(d)]
    assert layout and "g_toy_variant/game.rb:12: warning: LAYOUT: cannot evaluate" in layout[0]


def test_checkout_import_writes_yaml(tmp_path: Path) -> None:
    assert list_18xx_games(FIXTURES) == ["toy", "toy_variant"]
    import_18xx_checkout(FIXTURES, tmp_path)
    game = load_game(tmp_path / "toy.yaml")
    assert game.tiles["T1"].code.startswith("town=revenue:10")


@pytest.mark.skipif(not CHECKOUT, reason="set TILE_ATLAS_18XX to an 18xx.games checkout")
@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_real_checkout_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert CHECKOUT is not None
    matched, differing = 0, []
    for path in corpus.game_files():
        expected = game_from_corpus(path)
        data = json.loads(path.read_text("utf-8"))
        result = import_18xx(CHECKOUT, expected.id, with_diagnostics=True)
        assert isinstance(result, tuple)
        game, _ = result
        same = (
            {k: (t.count, t.color, t.code) for k, t in game.tiles.items()}
            == {k: (t.count, t.color, t.code) for k, t in expected.tiles.items()}
            and {k: (h.color, h.code) for k, h in game.hexes.items()}
            == {k: (h.color, h.code) for k, h in expected.hexes.items()}
            and game.location_names == expected.location_names
            and (data["layout"] not in ("flat", "pointy") or game.layout == data["layout"])
        )
        if same:
            matched += 1
        else:
            differing.append(expected.id)
    with capsys.disabled():
        print(f"\n18xx checkout: {matched} of {matched + len(differing)} games match: {differing}")
    assert matched >= len(corpus.game_files()) - 8
    assert len(list_18xx_games(CHECKOUT)) >= 130
