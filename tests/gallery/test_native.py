"""Our YAML game format: loading, line-precise errors, round trip, schema, and a fuzz."""

from __future__ import annotations

import json
import string
from pathlib import Path

import corpus
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import gallery
from gallery import GameLoadError
from gallery.corpus import game_from_corpus
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade
from gallery.limits import HEXES_PER_GAME
from gallery.native import (
    check_game_file,
    coord_position,
    dump_game,
    load_game,
    read_game,
    resolve_catalog,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "gallery" / "schema" / "game.schema.json"
DEMO_GAMES = ("1889", "18_chesapeake", "18_mex")


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
id: "1889"
title: Shikoku 1889
designer: Yasutaka Ikeda
layout: flat
meta:
  location: Japan
tiles:
  "57": 2
  "9": unlimited
  "119": {count: 1, hidden: true}
  Beg6: {count: 2, color: yellow, code: "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"}
location_names: {F3: Saijou, I4: Kotohira}
hexes:
  white:
    "": [D3, H3]
    city: [F3]
    "city=revenue:0;label=H;upgrade=cost:80": [I4]
  red:
    "offboard=revenue:yellow_30|brown_60;path=a:0,b:_0": F1
upgrades:
  - {base: "8", to: "16", rotations: [0, 5]}
"""


def test_load_a_game(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, GOOD))
    assert (game.id, game.title, game.layout) == ("1889", "Shikoku 1889", "flat")
    assert game.axes == Axes("letter", "number") and game.meta == {"location": "Japan"}
    assert game.tiles["57"].count == 2 and game.tiles["57"].catalog
    assert (game.tiles["57"].color, game.tiles["57"].code) == resolve_catalog("57")
    assert game.tiles["9"].count is None
    assert game.tiles["119"].hidden and game.tiles["119"].color == "green"
    assert game.tiles["Beg6"].color == "yellow" and not game.tiles["Beg6"].catalog
    assert game.hexes["F3"].code == "city=revenue:0" and game.hexes["F3"].tile == "city"
    assert game.hexes["F3"].name == "Saijou"
    assert game.hexes["F1"].color == "red"  # a single coordinate without brackets
    assert game.upgrades == (TileUpgrade("8", "16", (0, 5)),)
    assert game.source == str(tmp_path / "game.yaml")


def test_public_api_is_on_the_package() -> None:
    assert gallery.load_game is load_game and gallery.dump_game is dump_game
    assert gallery.check_game_file is check_game_file


def test_pointy_games_default_to_number_letter_axes(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, "title: X\nlayout: pointy\n"))
    assert game.axes == Axes("number", "letter")
    game = load_game(write(tmp_path, "title: X\nlayout: pointy\naxes: {x: letter, y: number}\n"))
    assert game.axes == Axes("letter", "number")


@pytest.mark.parametrize(
    ("text", "line", "field", "fragment"),
    [
        ('title: X\ntiles:\n  "57": lots\n', 3, "tiles.57", "expected a whole number"),
        ('title: X\ntiles:\n  "57": {count: -1}\n', 3, "tiles.57.count", "whole number"),
        ("title: X\ntiles:\n  nope: 1\n", 3, "tiles.nope", "'nope' is not a catalog tile"),
        ("title: X\ntiles:\n  X9: {count: 1, code: ''}\n", 3, "tiles.X9.color", "needs `color`"),
        ('title: X\ntiles:\n  "57": {count: 1, color: red}\n', 3, "tiles.57.color", "catalog"),
        (
            "title: X\ntiles:\n  A: {count: 1, color: red, code: '', size: 2}\n",
            3,
            "tiles.A.size",
            "unknown field",
        ),
        ('title: X\ntiles:\n  "57": {hidden: maybe}\n', 3, "tiles.57.hidden", "true or false"),
        (
            'title: X\ntiles:\n  T: {count: 1, color: red, code: "cty=revenue:1"}\n',
            3,
            "tiles.T.code",
            "unknown part type",
        ),
        ("title: X\nlayout: round\n", 2, "layout", "expected flat or pointy"),
        ("title: X\naxes: {x: letter, y: letter}\n", 2, "axes", "must differ"),
        ("title: X\naxes: {x: column}\n", 2, "axes.x", "expected letter or number"),
        ("title: X\nphase_colors: []\n", 2, "phase_colors", "at least one tile colour"),
        ("title: X\nphase_colors: {yellow: 1}\n", 2, "phase_colors", "expected a list"),
        ('title: X\nphase_colors: [yellow, ""]\n', 2, "phase_colors[1]", "found nothing"),
        (
            'title: X\nhexes:\n  white:\n    "citty=revenue:1": [A1]\n',
            4,
            "hexes.white.citty=revenue:1",
            "unknown part type",
        ),
        (
            'title: X\nhexes:\n  white:\n    "": [A1, 12]\n',
            4,
            "hexes.white.(blank)",
            "'12' is not a coordinate",
        ),
        (
            'title: X\nhexes:\n  white:\n    "": [BA1]\n',
            4,
            "hexes.white.(blank)",
            "'BA1' is not a coordinate",
        ),
        (
            'title: X\nhexes:\n  white:\n    "": [A1]\n    city: [A1]\n',
            5,
            "hexes.white.city",
            "already defined on line 4",
        ),
        (
            "title: X\nlocation_names: {Paris: Paris}\n",
            2,
            "location_names.Paris",
            "not a coordinate",
        ),
        ("title: X\ncolour: red\n", 2, "colour", "unknown field"),
        ("title: X\ntitle: Y\n", 2, "title", "duplicate key (first on line 1)"),
        ("title: X\nid: 'a b'\n", 2, "id", "use letters, digits"),
        ("title: X\nupgrades:\n  - {base: '8'}\n", 3, "upgrades.0", "needs `base` and `to`"),
        (
            "title: X\nupgrades:\n  - {base: '8', to: '9', rotations: [6]}\n",
            3,
            "upgrades.0.rotations",
            "rotations are 0–5",
        ),
        ("title: [unclosed\n", 2, "", "YAML"),
        ("tiles: {}\n", 1, "title", "a game needs a title"),
        ("- a list\n", 1, "", "expected a mapping of fields"),
        (
            "a: &x [A1]\nb: *x\ntitle: X\nhexes: {white: {'': *x, 'city': *x}}\n",
            4,
            "hexes.white.city",
            "aliases",
        ),
    ],
)
def test_errors_name_file_line_and_field(
    tmp_path: Path, text: str, line: int, field: str, fragment: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(GameLoadError) as info:
        load_game(path)
    messages = [str(d) for d in info.value.diagnostics]
    prefix = f"{path}:{line}:"
    what = f"{field}: " if field else ""
    assert any(
        m.startswith(prefix) and f"error: {what}" in m and fragment in m for m in messages
    ), messages


def test_the_message_format(tmp_path: Path) -> None:
    path = write(tmp_path, 'title: X\ntiles:\n  "57": lots\n', name="1889.yaml")
    with pytest.raises(GameLoadError) as info:
        load_game(path)
    assert str(info.value) == (
        f"{path}:3:9: error: tiles.57: expected a whole number or 'unlimited', found 'lots'"
    )


def test_all_errors_reported_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, 'title: X\nlayout: round\ntiles:\n  "57": lots\n  nope: 1\n')
    with pytest.raises(GameLoadError) as info:
        load_game(path)
    assert [d.line for d in info.value.diagnostics] == [2, 4, 5]


def test_a_flood_of_errors_is_cut_short(tmp_path: Path) -> None:
    coords = ", ".join(f"Q{n}Q" for n in range(2000))
    _, diagnostics = read_game(write(tmp_path, f'title: X\nhexes:\n  white:\n    "": [{coords}]\n'))
    assert 500 <= len(diagnostics) <= 502 and "stopped listing" in str(diagnostics[-1])


def test_tile_names_are_never_retyped_by_yaml(tmp_path: Path) -> None:
    game = load_game(
        write(tmp_path, "title: X\ntiles:\n  1: 1\n  2: 1\nhexes: {white: {'': A1}}\n")
    )
    assert list(game.tiles) == ["1", "2"]


def test_warnings_do_not_stop_loading(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'title: X\nlocation_names: {B2: Nowhere}\nhexes:\n  mauve:\n    "path=a:0,b:3;": [A1]\n',
    )
    game, diagnostics = read_game(path)
    assert game is not None and load_game(path).hexes["A1"].color == "mauve"
    warnings = [str(d) for d in diagnostics]
    assert all(d.severity == "warning" for d in diagnostics)
    assert any(":2:" in w and "no hex at this coordinate" in w for w in warnings)
    assert any(":4:" in w and "unusual colour 'mauve'" in w for w in warnings)
    assert any(":5:" in w and "trailing `;`" in w for w in warnings)
    assert check_game_file(path) == diagnostics


def test_empty_and_unreadable_files(tmp_path: Path) -> None:
    assert "empty" in str(check_game_file(write(tmp_path, "")))
    assert "cannot read" in str(check_game_file(tmp_path / "missing.yaml"))
    (tmp_path / "latin1.yaml").write_bytes(b"title: caf\xe9\n")
    assert "byte 0xE9 at offset 10 is not UTF-8" in str(check_game_file(tmp_path / "latin1.yaml"))


@pytest.mark.parametrize(
    ("coord", "axes", "position"),
    [
        ("A1", Axes("letter", "number"), (0, 0)),
        ("E12", Axes("letter", "number"), (4, 11)),
        ("E12", Axes("number", "letter"), (11, 4)),
        ("AB3", Axes("letter", "number"), (27, 2)),
        ("a2", Axes("letter", "number"), (-1, 1)),
        ("B-1", Axes("letter", "number"), (1, -2)),
    ],
)
def test_coordinates_as_the_engine_reads_them(
    coord: str, axes: Axes, position: tuple[int, int]
) -> None:
    assert coord_position(coord, axes) == position


@pytest.mark.parametrize("bad", ["12", "A", "BA1", "1A", "A1B", "aa1", ""])
def test_not_coordinates(bad: str) -> None:
    with pytest.raises(ValueError, match="not a coordinate"):
        coord_position(bad)


def test_resolve_catalog_hook() -> None:
    assert resolve_catalog("57") == ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert resolve_catalog("blank") == ("white", "")
    assert resolve_catalog("nope") is None and resolve_catalog("") is None


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
def test_resolve_catalog_agrees_with_the_engine() -> None:
    data = json.loads((corpus.CORPUS_18XX / "tiles-catalog.json").read_text("utf-8"))
    tiles = data["tiles"] if isinstance(data, dict) else data
    checked = 0
    for tile in tiles:
        if tile.get("resolved_code") is None:
            continue  # the NONE group cannot be found by name
        found = resolve_catalog(tile["name"])
        assert found == (tile["resolved_color"], tile["resolved_code"]), tile["name"]
        checked += 1
    assert checked > 400


def test_dump_round_trips(tmp_path: Path) -> None:
    game = load_game(write(tmp_path, GOOD))
    text = dump_game(game)
    again = load_game(write(tmp_path, text, "again.yaml"))
    assert again == Game(**{**game.__dict__, "source": again.source})
    assert dump_game(again) == text  # deterministic


def test_dump_quotes_whatever_would_not_read_back(tmp_path: Path) -> None:
    awkward = Game(
        id="odd",
        title="Title: with # and 'quotes' \"too\"\u2028",
        designer="no",
        layout="pointy",
        axes=Axes("letter", "number"),
        tiles={
            "yes": TileEntry("yes", 3, "#ff0000", "city=revenue:10;label=#", False),
            "57": TileEntry("57", None, *resolve_catalog("57") or ("", ""), catalog=True),
            "9": TileEntry("9", 2, *resolve_catalog("9") or ("", ""), catalog=True, hidden=True),
        },
        hexes={
            "A1": MapHex("A1", "white", "", "Null"),
            "a2": MapHex("a2", "#123", "town=revenue:0", None),
            "B-3": MapHex("B-3", "white", "city=revenue:0", None, "city"),
        },
        location_names={"A1": "Null"},
        meta={"on": "off", "rules": "x: y"},
        upgrades=(TileUpgrade("no", "yes"),),
        phase_colors=("yellow", "no", "#ff0000"),  # a YAML word and a colour code, quoted
    )
    loaded = load_game(write(tmp_path, dump_game(awkward), "odd.yaml"))
    assert loaded == Game(**{**awkward.__dict__, "source": loaded.source})


def test_a_hex_name_missing_from_location_names_is_kept(tmp_path: Path) -> None:
    game = Game(id="g", title="G", hexes={"A1": MapHex("A1", "white", "", "Somewhere")})
    loaded = load_game(write(tmp_path, dump_game(game)))
    assert loaded.hexes["A1"].name == "Somewhere" and loaded.location_names == {"A1": "Somewhere"}


@pytest.mark.parametrize("name", DEMO_GAMES)
def test_demo_games_load_and_validate(name: str) -> None:
    import jsonschema

    path = ROOT / "games" / f"{name}.yaml"
    game = load_game(path)
    assert game.id == name and game.tiles and game.hexes
    assert [d for d in check_game_file(path) if d.severity == "error"] == []
    schema = json.loads(SCHEMA.read_text("utf-8"))
    jsonschema.validate(yaml.safe_load(path.read_text("utf-8")), schema)


@pytest.mark.skipif(not corpus.available(), reason=corpus.SKIP_REASON)
@pytest.mark.parametrize("name", DEMO_GAMES)
def test_demo_games_are_the_corpus_games(name: str) -> None:
    game = load_game(ROOT / "games" / f"{name}.yaml")
    expected = game_from_corpus(corpus.CORPUS_18XX / "games" / f"{name}.json")
    # A demo file leaves out the names of hexes its map does not have (18MEX's H3 exists only
    # with the optional extra hexes): the build would warn about each.
    names = {c: n for c, n in expected.location_names.items() if c in expected.hexes}
    assert game == Game(**{**expected.__dict__, "location_names": names, "source": game.source})


def test_schema_is_valid_and_rejects_mistakes() -> None:
    import jsonschema

    schema = json.loads(SCHEMA.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    good = yaml.safe_load(GOOD)
    assert list(validator.iter_errors(good)) == []
    for bad in (
        {**good, "colour": "red"},
        {**good, "layout": "round"},
        {**good, "tiles": {"57": "lots"}},
        {**good, "tiles": {"X": {"count": 1, "code": ""}}},
        {**good, "hexes": {"white": {"": ["BA1"]}}},
        {"id": "no-title"},
    ):
        assert list(validator.iter_errors(bad)), bad


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
        assert (loaded.title, loaded.layout, loaded.axes) == (game.title, game.layout, game.axes)


_text = st.text(alphabet="abc XYZ019:{}[],'\"-|=;_&*!\n", max_size=40)
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
    letters = [*string.ascii_uppercase, *(f"A{c}" for c in string.ascii_uppercase),
               *string.ascii_lowercase]  # fmt: skip
    coords = [f"{a}{n}" for a in letters for n in range(-99, 1000)][:100_000]
    path = write(tmp_path, 'title: Huge\nhexes:\n  white:\n    "": [' + ", ".join(coords) + "]\n")
    game, diagnostics = read_game(path)
    assert any("map hexes of one game: at most 5,000" in str(d) and str(d).startswith(f"{path}:4")
               for d in diagnostics)  # fmt: skip
    # the limit, less the hexes beyond the map's extent (the coordinates run -99 to 999)
    assert any("columns or rows a map spans" in d.message for d in diagnostics)
    assert game is not None and 0 < len(game.hexes) <= HEXES_PER_GAME.high


def _doc_blocks() -> list[str]:
    import re

    text = (ROOT / "docs" / "game-format.md").read_text("utf-8")
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


def test_the_documented_example_loads(tmp_path: Path) -> None:
    path = write(tmp_path, _doc_blocks()[0], "tiny_island.yaml")
    game = load_game(path)
    assert (game.id, game.layout, len(game.tiles), len(game.hexes)) == ("tiny_island", "pointy",
                                                                         4, 10)  # fmt: skip
    assert check_game_file(path) == []
    import jsonschema

    jsonschema.validate(yaml.safe_load(_doc_blocks()[0]), json.loads(SCHEMA.read_text("utf-8")))


def test_the_documented_errors_are_what_check_says(tmp_path: Path) -> None:
    import re

    text = (ROOT / "docs" / "game-format.md").read_text("utf-8")
    shown = re.search(r"\$ tile-atlas check games/bad.yaml\n(.*?)```", text, re.S)
    assert shown is not None
    bad = next(b for b in _doc_blocks() if b.startswith("id: bad"))
    games = tmp_path / "games"
    games.mkdir()
    (games / "bad.yaml").write_text(bad, encoding="utf-8")
    got = [str(d).replace(str(tmp_path) + "/", "") for d in check_game_file(games / "bad.yaml")]
    assert got == shown.group(1).strip().splitlines()


def test_a_long_tile_string_is_shortened_in_the_field(tmp_path: Path) -> None:
    code = "path=a:0,b:3;" * 5 + "\n  path=a:1,b:4"
    path = write(tmp_path, f"title: X\nhexes:\n  gray:\n    {json.dumps(code)}: [A1]\n")
    fields = [d.field for d in check_game_file(path)]
    assert fields and all(len(f) <= len("hexes.gray.") + 40 and "\n" not in f for f in fields)


def test_game_yaml_in_latin1_is_an_error_with_position_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes('id: g\ntitle: "Zürich"\n'.encode("latin-1"))
    _, found = read_game(path)
    [err] = [d for d in found if d.severity == "error"]
    assert (err.line, err.column) == (2, 10) and "byte 0xFC at offset 15" in err.message


def test_game_yaml_in_utf16_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes('\ufeffid: g\ntitle: "Zürich"\n'.encode("utf-16-le"))
    game, found = read_game(path)
    assert game is not None and game.title == "Zürich"
    assert not [d for d in found if d.severity == "error"]


def test_control_characters_in_titles_and_names_are_errors_with_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'id: c\ntitle: "Bad\\x01Name"\ntiles:\n  "57": 1\nlocation_names: {A1: "a\\x00b"}\n',
    )
    _, found = read_game(path)
    assert [(d.line, d.field, d.severity) for d in found] == [
        (2, "title", "error"),
        (5, "location_names.A1", "error"),
    ]
    assert "U+0001 at character 4" in found[0].message


_hostile_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "[x](javascript:alert(1))",
            "<script>x</script>",
            "a\\nb",
            "\\x01",
            "\\u00e9",
            "1849: K",
            "--8<-- 'x'",
            "&amp;",
            "${x}",
            "%s",
            "\\t",
        ]
    ),
)
_number = st.sampled_from(["0", "-1", "1e999", ".nan", "99999999999999999999999", "0x10", "1.5",
                           "unlimited", "null", "~", "[]", "{}"])  # fmt: skip


def _quoted(text: str) -> str:
    return json.dumps(text)  # a YAML double-quoted string (surrogates as \\ud800 escapes)


@st.composite
def hostile_games(draw: st.DrawFn) -> str:
    """A game file built from hostile pieces: names with markup and control characters,
    counts at numeric extremes, codes with huge numbers, nesting now and then."""
    title, designer, name = (draw(_hostile_text) for _ in range(3))
    count, revenue = draw(_number), draw(st.sampled_from(["20", "99999999999", "-5", "x"]))
    depth = draw(st.sampled_from([0, 0, 0, 10, 70, 3000]))
    nested = "[" * depth + "]" * depth if depth else "[A1]"
    return (
        f"id: g\ntitle: {_quoted(title)}\ndesigner: {_quoted(designer)}\n"
        f'tiles:\n  "57": {count}\n  "X1": {{count: 1, color: green, code: {_quoted(name)}}}\n'
        f"location_names: {{B2: {_quoted(name)}}}\n"
        f'hexes:\n  white:\n    "city=revenue:{revenue}": {nested}\n    "": [B2]\n'
    )


@settings(max_examples=max(20, settings.default.max_examples // 4), deadline=None)
@given(hostile_games())
def test_fuzz_hostile_game_files_give_diagnostics_or_escaped_pages(
    tmp_path_factory: pytest.TempPathFactory, text: str
) -> None:
    """Property: a clear diagnostic (file:line) or a gallery whose pages encode as UTF-8 and
    whose front matter is one title; no exception of any other type."""
    from gallery.site import build_gallery

    path = tmp_path_factory.mktemp("hostile") / "g.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    game, diagnostics = read_game(path)
    for diag in diagnostics:
        assert str(diag).startswith(str(path))
    if game is None:
        assert any(d.severity == "error" for d in diagnostics)
        return
    for f in build_gallery([game], catalog_pages=False):
        f.content.encode("utf-8")
        if f.path.endswith(".md"):
            matter = yaml.safe_load(f.content.split("---\n", 2)[1])
            assert set(matter) <= {"title", "hide", "search"}
            assert set(matter.get("search", {})) <= {"boost"}


def test_a_count_too_long_says_the_limit(tmp_path: Path) -> None:
    _, found = read_game(write(tmp_path, 'id: n\ntitle: N\ntiles:\n  "57": 99999999999999999\n'))
    [err] = found
    assert (err.line, err.field) == (4, "tiles.57") and "at most 999999 (6 digits)" in err.message
