"""Counter sheets, checked in the PDF itself: a PDF reader (pdfplumber) reads back page sizes,
drawn hex sizes, the printed tile numbers and the cut lines; pdfium rasterises a page so that
one tile cut out of it can be compared pixel by pixel with `render_svg`'s drawing of it."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import cairosvg
import numpy as np
import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from gallery import load_game
from gallery.game import Game, TileEntry
from gallery.loader import load_games_dirs
from gallery.printing.options import TileSheetOptions
from gallery.printing.pdf import pages_to_pdf
from gallery.printing.tiles import NUMBER_SPOTS, numbered_tile_svg, tile_copies, tile_sheet_pages
from tile_lang import render_svg

ROOT = Path(__file__).resolve().parents[3]
MM_PER_PT = 25.4 / 72
NUMBER_PT = 13 * 38 / 174 / MM_PER_PT  # tile numbers: 13 tile units on a 38 mm hex


def _pdf(game: Game, **options: Any) -> pdfplumber.PDF:
    pages = tile_sheet_pages(game, TileSheetOptions(**options))
    return pdfplumber.open(io.BytesIO(pages_to_pdf(pages, title="t")))


def _numbers(page: Any) -> list[str]:
    """Words printed at the tile-number size (the tiles' own text is larger)."""
    return [
        w["text"]
        for w in page.extract_words(extra_attrs=["size"])
        if abs(w["size"] - NUMBER_PT) < 0.05
    ]


def _hexes(page: Any, color: tuple[float, ...] | None = None) -> list[dict[str, Any]]:
    """Drawn hexagons: closed six-corner paths filled with a colour (tile bodies, bleeds)."""
    out = []
    for curve in page.curves:
        fill = curve.get("non_stroking_color")
        if curve.get("fill") and len(curve["pts"]) >= 6 and isinstance(fill, tuple):
            corners = {(round(x, 1), round(y, 1)) for x, y in curve["pts"]}
            if len(corners) == 6 and (color is None or _close(fill, color)):
                out.append(curve)
    return out


def _close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))


YELLOW = (0xFD / 255, 0xE9 / 255, 0.0)
GREEN = (0x71 / 255, 0xBF / 255, 0x44 / 255)
GREY_CUT = (0x40 / 255,) * 3


@pytest.fixture
def mini(mini_game_file: Path) -> Game:
    return load_game(mini_game_file)


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_pages_have_the_paper_size(mini: Game, paper: str, size_mm: tuple[float, float]) -> None:
    with _pdf(mini, paper=paper) as pdf:
        page = pdf.pages[0]
        assert (page.width * MM_PER_PT, page.height * MM_PER_PT) == (
            pytest.approx(size_mm[0], abs=0.05),
            pytest.approx(size_mm[1], abs=0.05),
        )


def test_every_copy_of_every_tile_is_printed_with_its_number(mini: Game) -> None:
    with _pdf(mini, unlimited=4) as pdf:
        printed = Counter(n for page in pdf.pages for n in _numbers(page))
    manifest = {name: (4 if e.count is None else e.count) for name, e in mini.tiles.items()}
    assert printed == Counter(manifest) == Counter({"57": 2, "9": 3, "X1": 4})


def test_tiles_per_page_and_order(mini: Game) -> None:
    with _pdf(mini, unlimited=30) as pdf:  # 35 tiles: a full A4 sheet of 30, then 5
        per_page = [_numbers(page) for page in pdf.pages]
    assert [len(n) for n in per_page] == [30, 5]
    assert sorted(per_page[0][:5]) == ["57", "57", "9", "9", "9"]  # yellow before green


@pytest.mark.parametrize(("layout", "axis"), [("flat", "height"), ("pointy", "width")])
def test_a_38_mm_hex_measures_38_mm_in_the_pdf(mini: Game, layout: str, axis: str) -> None:
    with _pdf(mini, layout=layout) as pdf:
        hexes = _hexes(pdf.pages[0], YELLOW) + _hexes(pdf.pages[0], GREEN)
        assert hexes
        for h in hexes:
            assert h[axis] * MM_PER_PT == pytest.approx(38.0, abs=0.2)


def test_cut_lines_run_along_every_tile_outline(mini: Game) -> None:
    with _pdf(mini) as pdf:
        page = pdf.pages[0]
        cuts = [seg for seg in page.lines if _close(seg["stroking_color"], GREY_CUT)]
        assert cuts, "no cut lines"
        cut_ends = {(round(x), round(y)) for seg in cuts for x, y in seg["pts"]}
        corners = {(round(x), round(y)) for h in _hexes(page) for x, y in h["pts"]}
        assert len(corners) > 6 and corners == cut_ends
        tiles = len(_numbers(page))
        assert len(cuts) < 6 * tiles  # shared edges are cut once


def test_bleed_extends_the_colour_beyond_the_cut_and_backs_follow_each_sheet(mini: Game) -> None:
    with _pdf(mini, bleed_mm=2.0, backs=True) as pdf:
        front, back = pdf.pages
        sizes = sorted(round(h["height"] * MM_PER_PT, 1) for h in _hexes(front, YELLOW))
        assert sizes[0] == pytest.approx(38.0, abs=0.2)  # the tile itself
        assert sizes[-1] == pytest.approx(42.0, abs=0.2)  # its bleed: 2 mm each side
        assert not _numbers(back)
        backs = _hexes(back, YELLOW) + _hexes(back, GREEN)
        assert len(backs) == len(_numbers(front)) == 6
        # long-edge duplex: the back of the left-most tile is the right-most back
        xs_front = sorted(h["x0"] for h in _hexes(front, YELLOW) if h["height"] * MM_PER_PT > 40)
        xs_back = sorted(h["x1"] for h in _hexes(back, YELLOW))
        assert xs_front[0] == pytest.approx(front.width - xs_back[-1], abs=0.5)


def test_text_is_text_and_data_is_not_markup(mini: Game) -> None:
    data = pages_to_pdf(tile_sheet_pages(mini, TileSheetOptions()), title="Mini <&> Test")
    reader = PdfReader(io.BytesIO(data))
    text = reader.pages[0].extract_text()
    assert "Mini <&> Test · tiles, sheet 1 of 1 · 38 mm hex (flat), A4" in text
    assert reader.metadata is not None and reader.metadata.title == "Mini <&> Test"
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert pdf.pages[0].images == []  # nothing rasterised


def test_number_goes_to_a_free_corner() -> None:
    spots = {s.name: (s.x, s.y) for s in NUMBER_SPOTS}

    def spot(code: str) -> tuple[float, float]:
        svg = numbered_tile_svg(code, "yellow", "flat", number="7", scale=1, id_prefix="x-")
        match = re.search(
            r'transform="translate\(([-\d.]+) ([-\d.]+)\)"><text class="tile-number', svg
        )
        assert match, svg
        return (float(match[1]), float(match[2]))

    assert spot("path=a:2,b:3") == spots["bottom-left"]  # nothing there: 18xx.games' corner
    town_in_corner = "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"
    assert spot(town_in_corner) == spots["bottom-right"]  # the town's regions are taken


def test_unlimited_copies_and_a_bad_tile_is_drawn_as_an_error(mini_game_file: Path) -> None:
    game = Game(
        id="bad",
        title="Bad",
        tiles={
            "Z": TileEntry("Z", None, "yellow", "city=revenue:x"),
            "57": TileEntry("57", 1, "yellow", "city=revenue:20;path=a:0,b:_0;path=a:3,b:_0"),
        },
    )
    assert [c.name for c in tile_copies(game, 3)] == ["57", "Z", "Z", "Z"]
    reports: list[str] = []
    pages = tile_sheet_pages(game, TileSheetOptions(unlimited=2), reports.append)
    assert len(reports) == 1 and reports[0].startswith("tiles.Z: drawn as an error tile")
    assert pages[0].count('stroke="#c62828"') == 2  # both copies visible, as error tiles


def _raster(svg: str, size: int) -> np.ndarray:
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=size, output_height=size)
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    white = Image.new("RGBA", image.size, "white")
    return np.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=np.int16)


def test_a_tile_cut_from_the_printed_page_matches_render_svg(mini: Game) -> None:
    """tilediff-style: the first tile of the sheet (9), rasterised by pdfium from the PDF, against
    the same tile drawn by render_svg; a wrong rotation must score clearly worse."""
    dpi = 200
    with _pdf(mini, numbers=False) as pdf:
        page = pdf.pages[0]
        first = min(_hexes(page, YELLOW), key=lambda h: (round(h["top"]), h["x0"]))
        raster = page.to_image(resolution=dpi).original.convert("RGB")
    k = dpi / 72
    cx, cy = (first["x0"] + first["x1"]) / 2 * k, (first["top"] + first["bottom"]) / 2 * k
    box = round((first["x1"] - first["x0"]) * k)  # the flat hex is as wide as its 200-unit box
    crop = raster.crop(
        (
            round(cx - box / 2),
            round(cy - box / 2),
            round(cx - box / 2) + box,
            round(cy - box / 2) + box,
        )
    )
    ours = np.asarray(crop, dtype=np.int16)
    code = mini.tiles["9"].code  # the first tile: yellow, then by number
    # inside the hex only (the neighbours' outlines and the cut lines sit on the edge)
    yy, xx = np.mgrid[0:box, 0:box]
    u = (xx + 0.5 - box / 2) / (box / 2) * 100
    v = (yy + 0.5 - box / 2) / (box / 2) * 100
    inside = (np.abs(v) < 80) & (np.abs(v) * 50 / 87 + np.abs(u) < 92)

    def score(rotation: int) -> float:
        """Share of pixels inside the hex that differ clearly from every reference pixel
        within one pixel of them (two rasterisers put anti-aliased edges a pixel apart)."""
        ref = _raster(render_svg(code, color="yellow", rotation=rotation), box)
        padded = np.pad(ref, ((1, 1), (1, 1), (0, 0)), mode="edge")
        nearest = np.min(
            [
                np.abs(padded[1 + dy : 1 + dy + box, 1 + dx : 1 + dx + box] - ours).max(axis=2)
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
            ],
            axis=0,
        )
        return float((nearest > 64)[inside].mean())

    assert score(0) < 0.01
    assert score(1) > 0.05


def test_each_demo_game_prints_its_whole_manifest() -> None:
    """Every game of the default site (YAML and GE18XX alike), read back from its PDF: each
    tile number printed as often as the manifest counts it (∞ tiles: `unlimited` copies)."""
    games, _ = load_games_dirs([ROOT / "games"])
    printable = [g for g in games if g.tiles]
    assert len(printable) >= 4
    for game in printable:
        with _pdf(game, unlimited=2) as pdf:
            printed = Counter(n for page in pdf.pages for n in _numbers(page))
            per_page = [len(_numbers(page)) for page in pdf.pages]
        manifest = {n: 2 if e.count is None else e.count for n, e in game.tiles.items()}
        assert printed == Counter(manifest), game.id
        full = 32 if game.layout == "pointy" else 30  # a 38 mm hex on A4 (the Print page)
        assert all(n == full for n in per_page[:-1]) and 0 < per_page[-1] <= full, game.id


def test_color_cues_print_in_a_corner_the_number_leaves_free() -> None:
    code = "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"
    plain = numbered_tile_svg(code, "yellow", "flat", number="7", scale=1, id_prefix="x-")
    assert "data-color-cue" not in plain
    cued = numbered_tile_svg(
        code, "yellow", "flat", number="7", scale=1, id_prefix="x-", color_cues=True
    )
    cue = re.search(
        r'data-color-cue="yellow" transform="translate\(([-\d.]+) ([-\d.]+)\)"',
        cued,
    )
    number = re.search(
        r'transform="translate\(([-\d.]+) ([-\d.]+)\)"><text class="tile-number', cued
    )
    assert cue and number
    assert (cue[1], cue[2]) != (number[1], number[2])
    assert float(cue[2]) * float(number[2]) < 0 or float(cue[1]) * float(number[1]) < 0
