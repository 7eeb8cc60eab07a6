"""Tile identity across games and the conflicts report (`gallery.conflicts`, its page, its CLI)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from gallery.cli import main
from gallery.conflicts import CATALOG, find_conflicts, identity, same_tile
from gallery.conflicts_page import PAGE, build_conflicts_page
from gallery.game import Game, TileEntry
from gallery.loader import load_games_dirs
from gallery.site import GalleryBuild, _catalog_usage
from gallery.templates import Templates
from tile_lang import catalog, parse, rotate
from tile_lang.upgrades import normalise_color, picture

ROOT = Path(__file__).resolve().parents[2]
C57 = catalog.get("57")


def game(game_id: str, **tiles: tuple[str, str]) -> Game:
    entries = {n: TileEntry(n, 1, color, code) for n, (color, code) in tiles.items()}
    return Game(game_id, f"Game <{game_id}>", tiles=entries)


def test_same_tile_up_to_rotation_and_stop_position() -> None:
    # GE18XX draws 57 with its straight on other edges and may pin the city to a corner.
    assert same_tile(C57.code, "yellow", "city=revenue:20;path=a:1,b:_0;path=a:4,b:_0", "yellow")
    assert same_tile(C57.code, "yellow", "city=revenue:20,loc:center;path=a:2,b:_0;path=a:5,b:_0",
                     "yellow")  # fmt: skip
    assert same_tile("path=a:0,b:3", "greenbrown", "path=a:0,b:3", "green")  # group = colour
    assert not same_tile("stripes=color:brown;path=a:0,b:3", "green", "path=a:0,b:3", "green")


def test_different_revenue_track_label_or_colour_is_another_tile() -> None:
    other = (
        "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0",  # revenue
        "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0",  # track
        "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0;label=Y",  # label
        "city=revenue:20,slots:2;path=a:0,b:_0;path=a:3,b:_0",  # slots
    )
    for code in other:
        assert not same_tile(C57.code, "yellow", code, "yellow"), code
    assert not same_tile(C57.code, "yellow", C57.code, "green")
    assert identity("path=a:0", "yellow") != identity("path=a:0,b:1", "yellow")  # unreadable


def _turned(code: str, r: int) -> str:
    """`code` with its track turned by `r` sixths, written as another game would write it."""
    return re.sub(r"\b([ab]):(\d+)\b", lambda m: f"{m[1]}:{(int(m[2]) + r) % 6}", code)


def _all_six(code: str, color: str) -> tuple[str, str]:
    """Identity by its definition: the least picture of all six rotations (stops unpinned)."""
    tile = parse(re.sub(r",loc:[^;,]*", "", code))
    return normalise_color(color), min(repr(picture(rotate(tile, r))) for r in range(6))


def test_identity_tells_tiles_apart_as_all_six_rotations_do() -> None:
    # identity pictures only the rotations whose track comes first, not all six: over the
    # catalog, each written at all six rotations, it must split tiles exactly as the definition
    new_of: dict[tuple[str, str], set[tuple[str, str]]] = {}
    full_of: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for name in catalog.names():
        tile = catalog.get(name)
        for r in range(6):
            code = _turned(tile.code, r)
            new, full = identity(code, tile.color), _all_six(code, tile.color)
            new_of.setdefault(new, set()).add(full)
            full_of.setdefault(full, set()).add(new)
    assert all(len(v) == 1 for v in new_of.values())
    assert all(len(v) == 1 for v in full_of.values())
    assert len(new_of) > 400  # most catalog numbers are tiles of their own


def test_conflicts_list_each_tile_with_its_users() -> None:
    games = [
        game("a", **{"57": ("yellow", C57.code), "X1": ("green", "path=a:0,b:3")}),
        game("b", **{"57": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0")}),
        game(
            "c",
            **{
                "57": ("yellow", "city=revenue:20;path=a:2,b:_0;path=a:5,b:_0"),
                "X1": ("green", "path=a:0,b:3;path=a:1,b:4"),
            },
        ),
    ]
    found = {c.name: c for c in find_conflicts(games)}
    assert list(found) == ["57", "X1"]
    assert [v.users for v in found["57"].variants] == [(CATALOG, "a", "c"), ("b",)]
    assert [v.users for v in found["X1"].variants] == [("a",), ("c",)]
    assert [c.name for c in find_conflicts(games[:1])] == []
    assert [v.users for v in find_conflicts(games, with_catalog=False)[0].variants] == [
        ("a", "c"),
        ("b",),
    ]


def test_ge18xx_1830_uses_catalog_57() -> None:
    games, _ = load_games_dirs([ROOT / "games"])
    ge = next(g for g in games if g.source and "ge18xx" in g.source)
    assert not ge.tiles["57"].catalog  # GE's own drawing, not a catalog reference
    assert ge.id in [g.id for g, _ in _catalog_usage(games)["57"]]


def test_page_draws_variants_side_by_side_and_escapes() -> None:
    build = GalleryBuild(templates=Templates())
    games = [
        game("a", **{"57": ("yellow", C57.code)}),
        game("b", **{"57": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0")}),
    ]
    build_conflicts_page(build, games)
    page = next(f.content for f in build.files if f.path == PAGE)
    assert page.startswith("---\ntitle: Tile number conflicts\n---\n")
    assert "One tile number means different tiles" in page
    assert page.count('<figure class="tile-figure tile-conflict__variant">') == 2
    assert "Game &lt;b&gt;" in page and "<b>" not in page
    assert 'href="../../games/b/"' in page and 'href="../../tiles/57/"' in page
    assert sum(f.path.endswith(".svg") for f in build.files) == 2


def test_a_site_template_overrides_the_package_one(tmp_path: Path) -> None:
    (tmp_path / "conflict.html.j2").write_text("[{{ c.name }}]", encoding="utf-8")
    build = GalleryBuild(templates=Templates([tmp_path]))
    build_conflicts_page(build, [game("b", **{"57": ("green", C57.code)})])
    assert "[57]" in build.files[-1].content
    (tmp_path / "conflicts.html.j2").write_text("<main>{{ rows | join }}</main>", "utf-8")
    build = GalleryBuild(templates=Templates([tmp_path]))
    build_conflicts_page(build, [game("b", **{"57": ("green", C57.code)})])
    assert "<main>[57]</main>" in build.files[-1].content


def test_cli_conflicts_text_and_json(tmp_path: Path) -> None:
    (tmp_path / "g.yaml").write_text(
        'id: g\ntitle: G\ntiles:\n  "57": {count: 1, color: yellow, code: "city=revenue:90;'
        'path=a:0,b:_0"}\n',
        encoding="utf-8",
    )
    runner = CliRunner()
    text = runner.invoke(main, ["conflicts", str(tmp_path)])
    assert text.exit_code == 0, text.output
    assert "57: 2 different tiles" in text.output and "used by g" in text.output
    data = runner.invoke(main, ["conflicts", str(tmp_path), "--format", "json"])
    rows = json.loads(data.stdout)
    assert rows[0]["name"] == "57" and rows[0]["tiles"][1]["used_by"] == ["g"]
    missing = runner.invoke(main, ["conflicts", str(tmp_path / "nope")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output


def test_template_text_is_escaped_and_one_line() -> None:
    templates = Templates()
    games = [
        game("a\n--8<-- x", **{"57": ("yellow", C57.code)}),
        game("b", **{"57": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:3,b:_0")}),
    ]
    build = GalleryBuild(templates=templates)
    build_conflicts_page(build, games)
    page = build.files[-1].content
    assert "\n--8<--" not in page and "Game &lt;a --8&lt;-- x&gt;" in page
