"""Our YAML game format: loading, line-precise errors, round trip, and a fuzz over game files."""

from __future__ import annotations

from pathlib import Path

import corpus
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gallery import GameLoadError
from gallery.corpus import game_from_corpus
from gallery.native import dump_game, load_game, read_game

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
id: "1889"
title: Shikoku 1889
designer: Yasutaka Ikeda
layout: flat
tiles:
  "57": 2
  "9": unlimited
  Beg6: {count: 2, color: yellow, code: "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"}
location_names: {F3: Saijou, I4: Kotohira}
hexes:
  white:
    "": [D3, H3]
    city: [F3]
    "city=revenue:0;label=H;upgrade=cost:80": [I4]
  red:
    "offboard=revenue:yellow_30|brown_60;path=a:0,b:_0": [F1]
upgrades:
  - {base: "8", to: "16", rotations: [0, 5]}
"""


def test_load_a_game(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, GOOD))
    assert (game.id, game.title, game.layout) == ("1889", "Shikoku 1889", "flat")
    assert game.tiles["57"].count == 2 and game.tiles["57"].catalog
    assert game.tiles["9"].count is None
    assert game.tiles["Beg6"].color == "yellow" and not game.tiles["Beg6"].catalog
    assert game.hexes["F3"].code == "city=revenue:0" and game.hexes["F3"].tile == "city"
    assert game.hexes["F3"].name == "Saijou"
    assert game.hexes["F1"].color == "red"
    assert game.upgrades[0].rotations == (0, 5)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ('title: X\ntiles:\n  "57": lots\n', 3, "tiles.57: expected a whole number"),
        ("title: X\ntiles:\n  nope: 1\n", 3, "'nope' is not a catalog tile"),
        ("title: X\nlayout: round\n", 2, "expected flat or pointy"),
        ('title: X\nhexes:\n  white:\n    "citty=revenue:1": [A1]\n', 4, "unknown part type"),
        ('title: X\nhexes:\n  white:\n    "": [A1, 12]\n', 4, "'12' is not a coordinate"),
        (
            'title: X\nhexes:\n  white:\n    "": [A1]\n    city: [A1]\n',
            5,
            "already defined on line 4",
        ),
        ("title: X\ncolour: red\n", 2, "unknown field"),
        ("title: [unclosed\n", 2, "YAML"),
        ("tiles: {}\n", 1, "a game needs a title"),
    ],
)
def test_errors_name_file_line_and_field(
    tmp_path: Path, text: str, line: int, fragment: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(GameLoadError) as info:
        load_game(path)
    messages = [str(d) for d in info.value.diagnostics]
    assert any(m.startswith(f"{path}:{line}") and fragment in m for m in messages), messages


def test_all_errors_reported_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, 'title: X\nlayout: round\ntiles:\n  "57": lots\n  nope: 1\n')
    with pytest.raises(GameLoadError) as info:
        load_game(path)
    assert len(info.value.diagnostics) == 3


def test_tile_names_are_never_retyped_by_yaml(tmp_path: Path) -> None:
    game = load_game(
        write(tmp_path, 'title: X\ntiles:\n  "1": 1\nhexes:\n  white:\n    "": [A1]\n')
    )
    assert list(game.tiles) == ["1"]


def test_warnings_do_not_stop_loading(tmp_path: Path) -> None:
    path = write(tmp_path, 'title: X\nhexes:\n  white:\n    "path=a:0,b:3;": [A1]\n')
    game, diagnostics = read_game(path)
    assert game is not None
    assert any(d.severity == "warning" and "trailing `;`" in d.message for d in diagnostics)


def test_dump_round_trips(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, GOOD))
    again = load_game(write(tmp_path, dump_game(game), "again.yaml"))
    assert again.tiles == game.tiles and again.hexes == game.hexes
    assert again.upgrades == game.upgrades and again.location_names == game.location_names


@pytest.mark.parametrize("name", ["1889", "18_chesapeake", "18_mex"])
def test_demo_games_load(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml")
    assert game.tiles and game.hexes


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_every_corpus_game_round_trips_through_our_yaml(tmp_path: Path) -> None:
    for path in corpus.game_files():
        game = game_from_corpus(path)
        loaded, diagnostics = read_game(write(tmp_path, dump_game(game), f"{game.id}.yaml"))
        assert loaded is not None, [str(d) for d in diagnostics][:3]
        assert loaded.tiles == game.tiles, game.id
        assert {c: (h.color, h.code, h.name) for c, h in loaded.hexes.items()} == {
            c: (h.color, h.code, h.name) for c, h in game.hexes.items()
        }, game.id


_text = st.text(alphabet="abc XYZ019:{}[],'\"-|=;_\n", max_size=40)
_yaml_docs = st.one_of(
    _text,
    st.builds(
        lambda title, tiles, code, coords: (
            f"title: {title}\ntiles: {tiles}\nhexes:\n  white:\n    {code}: [{coords}]\n"
        ),
        _text,
        _text,
        _text,
        _text,
    ),
)


@settings(max_examples=200, deadline=None)
@given(_yaml_docs)
def test_fuzz_game_files_never_crash(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "g.yaml"
    path.write_text(text, encoding="utf-8")
    game, diagnostics = read_game(path)
    assert game is not None or diagnostics
    for diag in diagnostics:
        assert str(diag).startswith(str(path))


def test_a_map_of_100000_hexes_is_refused_clearly(tmp_path: Path) -> None:
    import string

    letters = [*string.ascii_uppercase, *(f"A{c}" for c in string.ascii_uppercase),
               *string.ascii_lowercase]  # fmt: skip
    coords = [f"{a}{n}" for a in letters for n in range(-99, 1000)][:100_000]
    path = write(tmp_path, 'title: Huge\nhexes:\n  white:\n    "": [' + ", ".join(coords) + "]\n")
    game, diagnostics = read_game(path)
    assert any("more than 20000 hexes" in str(d) and str(d).startswith(f"{path}:4") for d in
               diagnostics)  # fmt: skip
    assert game is not None and len(game.hexes) == 20_000
