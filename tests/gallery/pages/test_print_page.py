"""The printable tile sheets page: the command's own sheets (same plan, same number corners)
as inline SVG over the site's tile drawings, no file of its own, the command named, data
escaped, and a clear line instead of sheets when there is nothing (or too much) to print."""

from __future__ import annotations

import math
import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser

import pytest

from gallery.game import Game, TileEntry
from gallery.nav import GAME_PAGES
from gallery.pages.context import GalleryBuild
from gallery.pages.game import build_game_pages
from gallery.pages.print_page import OPTIONS, build_print_page, print_page
from gallery.printing.geometry import Layout, hex_corners, turn
from gallery.printing.tiles import numbered_tile_svg, sheet_plans


@dataclass
class Sheet:
    """What one inline sheet holds, read back from the page's HTML."""

    attrs: dict[str, str]
    tiles: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> image/number
    copies: list[tuple[str, float, float]] = field(default_factory=list)
    cut: dict[str, str] = field(default_factory=dict)


class Sheets(HTMLParser):
    """The page's `svg.print-sheet`s: each defined tile (its image and number), each copy."""

    def __init__(self) -> None:
        super().__init__()
        self.sheets: list[Sheet] = []
        self._tile: dict[str, str] | None = None
        self._in_number = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "svg" and a.get("class") == "print-sheet":
            self.sheets.append(Sheet(a))
        elif tag == "g" and "id" in a:
            self._tile = self.sheets[-1].tiles[a["id"]] = {}
        elif tag == "image" and self._tile is not None:
            self._tile.update(href=a["href"], x=a["x"], width=a["width"])
        elif tag == "text" and a.get("class") == "tile-number" and self._tile is not None:
            self._tile.update(nx=a["x"], ny=a["y"])
            self._in_number = True
        elif tag == "g" and "font-size" in a:  # the copies' group: the numbers' style
            self.sheets[-1].attrs["number-size"] = a["font-size"]
        elif tag == "use" and self._tile is not None:  # a tile's cut line
            self._tile["cut"] = a["href"]
        elif tag == "use":  # a copy
            self.sheets[-1].copies.append((a["href"].lstrip("#"), float(a["x"]), float(a["y"])))
        elif tag == "polygon" and a.get("class") == "cut-line":
            self.sheets[-1].cut = a

    def handle_endtag(self, tag: str) -> None:
        if tag == "g":
            self._tile = None
        self._in_number = False

    def handle_data(self, data: str) -> None:
        if self._in_number and self._tile is not None:
            self._tile["number"] = self._tile.get("number", "") + data


def _sheets(page: str) -> list[Sheet]:
    parser = Sheets()
    parser.feed(page)
    return parser.sheets


def _files(game: Game) -> dict[str, str]:
    build = GalleryBuild()
    build_print_page(build, game)
    return {f.path: f.content for f in build.files}


@pytest.fixture
def many(mini: Game) -> Game:
    """Enough copies for two sheets (30 hexes to a full A4 sheet at 38 mm)."""
    tiles = dict(mini.tiles)
    tiles["57"] = replace(tiles["57"], count=31)
    return replace(mini, tiles=tiles)


def test_the_sheets_carry_the_manifest_where_the_command_puts_it(many: Game) -> None:
    files = _files(many)
    sheets = _sheets(files[print_page("mini")])
    geometry, plans = sheet_plans(many, OPTIONS)
    assert len(sheets) == len(plans) == 2
    names: Counter[str] = Counter()
    for sheet, plan in zip(sheets, plans, strict=True):
        assert (sheet.attrs["width"], sheet.attrs["height"]) == ("210mm", "297mm")
        assert sheet.attrs["viewbox"] == "0 0 210 297"  # 1 unit = 1 mm: true size
        assert sheet.attrs["aria-label"] == f"Mini: tile sheet {plan.number} of 2"
        # every copy at its hex's centre as the PDF places it, tile for tile
        assert len(sheet.copies) == len(plan.placements)
        for (ref, x, y), placed in zip(sheet.copies, plan.placements, strict=True):
            assert sheet.tiles[ref]["number"] == placed.copy.name
            assert (x, y) == (pytest.approx(placed.centre[0], abs=1e-3),
                              pytest.approx(placed.centre[1], abs=1e-3))  # fmt: skip
            names[placed.copy.name] += 1
        # each copy's cut line: its hex outline as the PDF's cut lines run
        assert {t["cut"] for t in sheet.tiles.values()} == {"#" + sheet.cut["id"]}
        corners = [tuple(map(float, p.split(","))) for p in sheet.cut["points"].split()]
        assert corners == [(pytest.approx(x, abs=1e-3), pytest.approx(y, abs=1e-3))
                           for x, y in hex_corners("flat", geometry.unit)]  # fmt: skip
        assert (sheet.cut["stroke"], sheet.cut["stroke-width"]) == ("#404040", "0.15")
    # the manifest's counts, one copy of the unlimited tile
    assert names == {"57": 31, "15": 1, "X1": 1}


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_numbers_sit_where_the_pdf_prints_them(many: Game, layout: Layout) -> None:
    town_in_corner = TileEntry("T", 1, "yellow", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1")
    game = replace(many, layout=layout, tiles={**many.tiles, "T": town_in_corner})
    unit = sheet_plans(game, OPTIONS)[0].unit
    corners = set()
    for tile in (t for s in _sheets(_files(game)[print_page("mini")]) for t in s.tiles.values()):
        entry = game.tiles[tile["number"]]
        pdf_tile = numbered_tile_svg(entry.code, entry.color, layout, number=entry.name,
                                     scale=1, id_prefix="x-")  # fmt: skip
        # the PDF's tile: the number's group in the tile frame, inside the hex group that
        # turns the picture +30° in pointy layout
        at = re.search(r'translate\(([-\d.]+) ([-\d.]+)\)[^"]*"><text class="tile-number',
                       pdf_tile)  # fmt: skip
        assert at, pdf_tile
        x, y = turn((float(at[1]), float(at[2])), layout)
        assert float(tile["nx"]) == pytest.approx(x * unit, abs=1e-3)
        assert float(tile["ny"]) == pytest.approx(y * unit, abs=1e-3)
        assert math.hypot(float(tile["nx"]), float(tile["ny"])) < 87 * unit  # on the tile
        corners.add((tile["nx"], tile["ny"]))
        # the drawing's square box is centred on the hex, 200 tile units wide
        assert float(tile["width"]) == pytest.approx(200 * unit, abs=1e-3)
        assert float(tile["x"]) == pytest.approx(-100 * unit, abs=1e-3)
    for sheet in _sheets(_files(game)[print_page("mini")]):
        assert float(sheet.attrs["number-size"]) == pytest.approx(13 * unit, abs=1e-3)  # 2.8 mm
    assert len(corners) == 2  # T's town takes the bottom-left corner: a choice per tile


def test_the_page_uses_the_sites_own_drawings_and_writes_no_other_file(many: Game) -> None:
    build = GalleryBuild()
    build_game_pages(build, many)
    before = {f.path for f in build.files}
    build_print_page(build, many)
    added = [f for f in build.files if f.path not in before]
    assert [f.path for f in added] == [print_page("mini")]  # no sheet files, no new drawing
    page = added[0].content
    hrefs = {t["href"] for s in _sheets(page) for t in s.tiles.values()}
    assert len(hrefs) == 3
    for href in hrefs:
        path = posixpath.normpath(posixpath.join("games/mini/print", href))
        assert path.startswith("assets/tiles/") and path in before, href
    assert not [p for p in before if p.startswith("assets/print/")]


def test_the_command_and_names_are_escaped(mini: Game) -> None:
    tiles = dict(mini.tiles)
    tiles['<b>"&'] = TileEntry('<b>"&', 1, "yellow", "path=a:0,b:3")
    game = replace(mini, title="Mini <&> *Test*", source="/somewhere/mini.yaml", tiles=tiles)
    page = _files(game)[print_page("mini")]
    assert "$ tile-atlas print tiles mini.yaml -o mini-tiles.pdf" in page
    assert "title: Mini &lt;&amp;&gt; *Test* — printable tiles" in page
    assert "# Mini &lt;&amp;&gt; \\*Test\\* — printable tiles" in page
    assert 'aria-label="Mini &lt;&amp;&gt; *Test*: tile sheet 1 of 1"' in page
    assert "<title>Mini &lt;&amp;&gt; *Test* · tiles, sheet 1 of 1" in page
    assert ">&lt;b&gt;&#34;&amp;</text>" in page and "<b>" not in page
    numbers = {t["number"] for s in _sheets(page) for t in s.tiles.values()}
    assert '<b>"&' in numbers  # the name comes back as the text it was
    assert "\n\n" not in page.split("```", 2)[2].strip()  # one HTML block for Markdown
    assert ("Printable tiles", "print/index.md") in GAME_PAGES


def test_a_bad_tile_is_the_sites_error_drawing_without_a_number(mini: Game) -> None:
    tiles = dict(mini.tiles)
    tiles["Z"] = TileEntry("Z", 1, "yellow", "city=revenue:x")
    build = GalleryBuild()
    build_print_page(build, replace(mini, tiles=tiles))
    files = {f.path: f.content for f in build.files}
    sheet = _sheets(files[print_page("mini")])[0]
    bad = [t for t in sheet.tiles.values() if "number" not in t]
    assert len(bad) == 1 and len(sheet.tiles) == 4
    drawing = posixpath.normpath(posixpath.join("games/mini/print", bad[0]["href"]))
    assert 'stroke-dasharray="10 6"' in files[drawing]  # the visible error tile


def test_odd_file_names_and_other_sources_get_a_generic_command(mini: Game) -> None:
    odd = _files(replace(mini, source="/x/my game`;rm.yaml"))[print_page("mini")]
    assert "$ tile-atlas print tiles GAME_FILE.yaml -o mini-tiles.pdf" in odd
    ge = _files(replace(mini, source="/x/ge18xx/1830/1830-TileSet.xml"))[print_page("mini")]
    assert "$ tile-atlas print tiles GAMES_DIR -o prints/" in ge


def test_nothing_or_too_much_to_print_is_said(mini: Game) -> None:
    empty = _files(replace(mini, tiles={}))
    assert "This game has no tiles to print." in empty[print_page("mini")]
    huge = replace(mini, tiles={"9": TileEntry("9", 999_999, "yellow", "path=a:0,b:3")})
    page = _files(huge)[print_page("mini")]
    assert "more than" in page and "tiles to print" in page and "<svg" not in page
