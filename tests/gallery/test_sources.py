"""One small 18xx game written in each 18xx format (our YAML, 18xx.games Ruby, GE18XX XML) read
through the one source protocol: the same model, the same diagnostic shape, the same policy.

Each version has one hex with a problem (a misspelt part in YAML and Ruby; a revenue centre at
an unknown location in GE18XX, the drift the GE18XX map reader used to hide): the game is still
loaded, the bad hex is still on the map, and the problem is a Diagnostic at file:line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from source_fixtures import write_ge18xx, write_ruby, write_yaml

from gallery.game import MapHex, TileEntry
from gallery.loader import load_gallery
from gallery.sources import GameRef, Ge18xxSource, NativeSource, RubySource
from tile_lang import Diagnostic

SOURCES = {
    "yaml": (NativeSource(), write_yaml, "mini.yaml"),
    "18xx": (RubySource(), write_ruby, "game.rb"),
    "ge18xx": (Ge18xxSource(), write_ge18xx, "mini-Map.xml"),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_one_game_through_each_source(name: str, tmp_path: Path) -> None:
    source, write, bad_file = SOURCES[name]
    (ref,) = source.find(write(tmp_path))
    assert ref == GameRef(ref.path, ref.game_id) and source.name == name
    loaded = source.read(ref)
    game = loaded.model
    assert game is not None and game.id == "mini" and game.layout == "flat"
    # the same model
    assert game.tiles == {"8": TileEntry("8", 2, "yellow", "path=a:4,b:0")}
    assert game.hexes["A1"] == MapHex("A1", "white", "city=revenue:0", "Springfield")
    assert game.location_names == {"A1": "Springfield"}
    # the same policy: the bad hex is kept (the gallery draws what it can, or an error tile)
    assert "A3" in game.hexes
    # the same diagnostic shape: one project type, at the file and line of the problem
    problems = [d for d in loaded.diagnostics if d.file.endswith(bad_file)]
    assert problems, [str(d) for d in loaded.diagnostics]
    for diag in problems:
        assert isinstance(diag, Diagnostic) and diag.code and diag.line > 0
        assert str(diag).startswith(f"{diag.file}:{diag.line}")


def test_the_loader_keeps_games_with_errors_and_reports_them(tmp_path: Path) -> None:
    yaml_only = tmp_path / "yaml"
    yaml_only.mkdir()
    write_yaml(yaml_only)
    loaded = load_gallery([yaml_only])
    (game,) = loaded.games  # an error in one hex does not drop the game
    assert game.source is not None and game.source.endswith("mini.yaml")
    assert "A3" in game.hexes  # shown, drawn as an error tile
    (problem,) = loaded.diagnostics
    assert problem.severity == "error" and problem.code == "unknown-part"
    assert str(problem).startswith(f"{yaml_only / 'mini.yaml'}:9:5: error: ")

    both = tmp_path / "both"
    both.mkdir()
    write_yaml(both)
    write_ge18xx(both)
    loaded = load_gallery([both])
    # `ge/` sorts first; the YAML game of the same id is published beside it, renamed
    assert [g.id for g in loaded.games] == ["mini", "mini-yaml"]
    messages = [str(d) for d in loaded.diagnostics]
    assert any("mini-Map.xml:10:" in m and "unknown location 77; centred" in m for m in messages)
    assert any("both are published, this one as 'mini-yaml'" in m for m in messages)
