"""Whole GE18XX games: the four corpus games, upgrades, the demo folder, YAML export, CLI."""

from __future__ import annotations

import shutil
from dataclasses import replace
from functools import cache
from pathlib import Path

import corpus
import pytest
from click.testing import CliRunner

from gallery.cli import main
from gallery.errors import GameLoadError
from gallery.game import Game
from gallery.ge18xx import (
    game_slug,
    import_ge18xx,
    import_ge18xx_folder,
    list_ge18xx_games,
    load_tile_definitions,
    read_ge18xx,
    tile_code,
)
from gallery.native import load_game
from tile_lang import parse, rotate
from tile_lang.model import EdgeRef

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
MINI = HERE / "fixtures" / "mini"
GE = corpus.CORPUS_GE18XX
needs_ge = pytest.mark.skipif(
    not (GE / "Tiles").is_dir(), reason=f"GE18XX corpus not found at {GE} (set TILE_ATLAS_SHARED)"
)
GAMES = ["1830", "1830+", "1835", "1853"]


@cache
def _game(game_id: str) -> Game:
    game, diagnostics = read_ge18xx(GE, game_id)
    assert diagnostics == []
    return game


@needs_ge
def test_the_corpus_holds_four_games() -> None:
    assert list_ge18xx_games(GE) == GAMES


@needs_ge
@pytest.mark.parametrize(
    ("game_id", "tiles", "hexes", "upgrades"),
    [("1830", 45, 93, 63), ("1830+", 45, 114, 63), ("1835", 63, 127, 119), ("1853", 59, 225, 131)],
)
def test_games_import_cleanly(game_id: str, tiles: int, hexes: int, upgrades: int) -> None:
    game = _game(game_id)
    assert import_ge18xx(GE, game_id) == game
    assert (len(game.tiles), len(game.hexes), len(game.upgrades)) == (tiles, hexes, upgrades)
    assert game.layout == "pointy" and (game.axes.x, game.axes.y) == ("number", "letter")
    assert game.title == game_id and game.id == game_slug(game_id)
    for entry in game.tiles.values():
        parse(entry.code)
    for hex_ in game.hexes.values():
        parse(hex_.code)


@needs_ge
def test_1830_details() -> None:
    game = _game("1830")
    assert game.tiles["8"].count == 8 and game.tiles["8"].color == "yellow"
    assert game.tiles["57"].code == "city=revenue:20;path=a:3,b:_0;path=a:0,b:_0"
    assert "9801" not in game.tiles  # preprinted ("Other") tiles live on the map only
    assert game.hexes["F2"].code == (
        "offboard=revenue:yellow_40|brown_70;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"
    )
    eight_to_16 = next(u for u in game.upgrades if (u.base, u.to) == ("8", "16"))
    assert eight_to_16.rotations == (0, 5)


@needs_ge
def test_1830_plus_names_and_id() -> None:
    game = _game("1830+")
    assert (game.id, game.title) == ("1830plus", "1830+")
    assert game.location_names == {"M13": "Deep South", "L2": "St. Louis"}


def _exits(code: str, rotation: int = 0) -> set[int]:
    tile = rotate(parse(code), rotation)
    return {e.edge % 6 for p in tile.paths for e in (p.a, p.b) if isinstance(e, EdgeRef)}


# Upgrade rotations of GE18XX's files that do not keep the old tile's exits (its data).
KNOWN_LOSSY_UPGRADES = {
    "1830": {("53", "61", 1), ("53", "61", 5)},
    "1830+": {("53", "61", 1), ("53", "61", 5)},
    "1835": {("18", "43", 4), ("210", "217", 5)},
    "1853": {
        ("5", "94", 0), ("5", "94", 1), ("5", "95", 1), ("5", "95", 2),
        ("6", "14", 1), ("6", "14", 4), ("6", "15", 1), ("6", "15", 2),
        ("6", "94", 2), ("6", "94", 5), ("6", "95", 2), ("6", "95", 5),
        ("105", "111", 2), ("105", "111", 5), ("106", "112", 1),
    },
}  # fmt: skip


@needs_ge
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_upgrade_rotations_keep_the_old_track(game_id: str, layout: str) -> None:
    """A GE18XX rotation r, applied clockwise as 18xx.games does, keeps every exit of the old
    tile: this checks the sense of rotation and that both tiles use the same side mapping."""
    definitions = load_tile_definitions(GE / "Tiles")
    lossy = set()
    checked = 0
    for up in _game(game_id).upgrades:
        old = tile_code(definitions[up.base], layout)
        new = tile_code(definitions[up.to], layout)
        for r in up.rotations or ():
            checked += 1
            if not _exits(old) <= _exits(new, r):
                lossy.add((up.base, up.to, r))
    assert checked > 90
    assert lossy == KNOWN_LOSSY_UPGRADES[game_id]


def test_demo_folder_is_ge18xx_1830() -> None:
    demo = ROOT / "games" / "ge18xx"
    assert list_ge18xx_games(demo) == ["1830"]
    game, diagnostics = read_ge18xx(demo, "1830")
    assert diagnostics == []
    assert len(game.hexes) == 93 and len(game.tiles) == 45
    assert "MIT License" in (demo / "LICENSE.md").read_text("utf-8")
    # the demo ships 1830-Cities.xml: its places are named (the shared corpus lacks the file)
    assert game.hexes["J2"].name == "Gulf" and game.location_names["J14"] == "Washington"
    if (GE / "Tiles").is_dir():
        unnamed = {c: replace(h, name=None) for c, h in game.hexes.items()}
        assert unnamed == {c: replace(h, name=None) for c, h in _game("1830").hexes.items()}
        assert game.tiles == _game("1830").tiles


def test_yaml_export_round_trips(tmp_path: Path) -> None:
    diagnostics = import_ge18xx_folder(MINI, tmp_path)
    assert [d.severity for d in diagnostics] == ["warning"] * 4
    game = import_ge18xx(MINI, "mini")
    loaded = load_game(tmp_path / "mini.yaml")
    assert loaded.tiles == game.tiles and loaded.hexes == game.hexes
    assert loaded.upgrades == game.upgrades and loaded.location_names == game.location_names
    assert (loaded.layout, loaded.axes, loaded.title) == (game.layout, game.axes, game.title)


@needs_ge
def test_yaml_export_of_the_corpus(tmp_path: Path) -> None:
    diagnostics = import_ge18xx_folder(GE, tmp_path)
    assert diagnostics == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".yaml") == [
        "1830.yaml", "1830plus.yaml", "1835.yaml", "1853.yaml"
    ]  # fmt: skip
    for game_id in GAMES:
        loaded = load_game(tmp_path / f"{game_slug(game_id)}.yaml")
        assert loaded.hexes == _game(game_id).hexes and loaded.tiles == _game(game_id).tiles


def test_cli_import(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["import", "ge18xx", str(MINI), str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "mini.yaml").is_file()
    assert "mini-Map.xml:33:4: warning: Castle: unknown element" in result.output


def test_broken_files_are_errors_not_crashes(tmp_path: Path) -> None:
    folder = tmp_path / "ge"
    shutil.copytree(MINI, folder)
    (folder / "mini" / "mini-Map.xml").write_text("<Map>\n<Row>\n</Map>\n", encoding="utf-8")
    game, diagnostics = read_ge18xx(folder, "mini")
    errors = [str(d) for d in diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "mini-Map.xml:3:" in errors[0] and "cannot read XML" in errors[0]
    assert game.tiles and not game.hexes  # the rest still imports
    with pytest.raises(GameLoadError):
        import_ge18xx(folder, "mini")
    (folder / "mini" / "mini-TileSet.xml").unlink()
    _, diagnostics = read_ge18xx(folder, "mini")
    assert any(d.severity == "error" and "file not found" in d.message for d in diagnostics)
    assert list_ge18xx_games(folder) == []


def test_game_slug() -> None:
    assert game_slug("1830+") == "1830plus"
    assert game_slug("18 Los Angeles") == "18-Los-Angeles"
    assert game_slug("+++") == "plusplusplus" and game_slug("!!") == "ge18xx"


def test_cli_import_ge18xx_with_malformed_xml_exits_1(tmp_path: Path) -> None:
    folder = tmp_path / "ge"
    shutil.copytree(MINI, folder)
    (folder / "mini" / "mini-Map.xml").write_text("<Map>\n<Row>\n</Map>\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["import", "ge18xx", str(folder), str(tmp_path / "out")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "mini-Map.xml:3:" in result.output and "error: cannot read XML" in result.output


def test_cli_import_ge18xx_never_overwrites_a_hand_edited_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["import", "ge18xx", str(MINI), str(out)]).exit_code == 0
    assert CliRunner().invoke(main, ["import", "ge18xx", str(MINI), str(out)]).exit_code == 0
    edited = (out / "mini.yaml").read_text("utf-8") + "# fixed by hand\n"
    (out / "mini.yaml").write_text(edited, "utf-8")
    result = CliRunner().invoke(main, ["import", "ge18xx", str(MINI), str(out)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "mini.yaml: edited since tile-atlas wrote it: not overwritten" in result.output
    assert (out / "mini.yaml").read_text("utf-8") == edited
    forced = CliRunner().invoke(main, ["import", "ge18xx", str(MINI), str(out), "--force"])
    assert forced.exit_code == 0, forced.output
    assert "warning: overwritten (--force): edited since tile-atlas wrote it" in forced.output
    assert "# fixed by hand" not in (out / "mini.yaml").read_text("utf-8")
