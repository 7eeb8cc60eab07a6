"""Map sheets read back from the PDF: page size, true hex size, overlap with registration
marks that coincide on neighbouring pages, coordinates on the edges, the index page."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from gallery import load_game
from gallery.game import Game
from gallery.printing.mapsheet import BAND_MM, MARK_RADIUS_MM, map_sheet_pages, plan_map
from gallery.printing.options import MapSheetOptions
from gallery.printing.pdf import pages_to_pdf

MM_PER_PT = 25.4 / 72
WHITE_HEX = (0xEA / 255, 0xE0 / 255, 0xC8 / 255)


@pytest.fixture
def mini(mini_game_file: Path) -> Game:
    return load_game(mini_game_file)


@pytest.fixture
def mini_pdf(mini: Game) -> bytes:
    return pages_to_pdf(map_sheet_pages(mini, MapSheetOptions()), title="map")


def _close(a: Any, b: tuple[float, ...], tol: float = 0.01) -> bool:
    return (
        isinstance(a, tuple)
        and len(a) == len(b)
        and all(abs(x - y) < tol for x, y in zip(a, b, strict=True))
    )


def _marks(page: Any) -> list[tuple[float, float]]:
    """Centres (pt) of the registration circles: black, unfilled, 2·MARK_RADIUS_MM across."""
    size = 2 * MARK_RADIUS_MM / MM_PER_PT
    return [
        ((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)
        for c in page.curves
        if not c.get("fill")
        and _close(c.get("stroking_color"), (0.0, 0.0, 0.0))
        and abs(c["width"] - size) < 0.5
        and abs(c["height"] - size) < 0.5
    ]


def test_index_then_one_page_per_sheet_landscape_when_that_needs_fewer(mini_pdf: bytes) -> None:
    with pdfplumber.open(io.BytesIO(mini_pdf)) as pdf:
        assert len(pdf.pages) == 3  # index + 2 sheets: the map is 11 hexes wide
        for page in pdf.pages:
            assert (page.width * MM_PER_PT, page.height * MM_PER_PT) == (
                pytest.approx(297, abs=0.05),
                pytest.approx(210, abs=0.05),
            )
        index = PdfReader(io.BytesIO(mini_pdf)).pages[0].extract_text()
    assert "Mini <&> Test · map in 2 sheets" in index


def test_hexes_are_true_size(mini_pdf: bytes) -> None:
    with pdfplumber.open(io.BytesIO(mini_pdf)) as pdf:
        hexes = [
            c
            for c in pdf.pages[1].curves
            if c.get("fill")
            and _close(c.get("non_stroking_color"), WHITE_HEX)
            and len({(round(x), round(y)) for x, y in c["pts"]}) == 6
        ]
        assert len(hexes) >= 5
        for h in hexes:
            assert h["height"] * MM_PER_PT == pytest.approx(38.0, abs=0.2)


def test_neighbouring_sheets_overlap_and_share_registration_marks(
    mini: Game, mini_pdf: bytes
) -> None:
    plan = plan_map(mini, MapSheetOptions())
    step_pt = (plan.window[0] - 10.0) / MM_PER_PT  # default overlap 10 mm
    with pdfplumber.open(io.BytesIO(mini_pdf)) as pdf:
        left, right = _marks(pdf.pages[1]), _marks(pdf.pages[2])
    assert left and right
    shifted = {(round(x - step_pt), round(y)) for x, y in left}
    assert shifted & {(round(x), round(y)) for x, y in right}  # the same mark on both pages
    assert all(
        abs(x - (10 + BAND_MM + plan.window[0] - 5) / MM_PER_PT) < 1 for x, _ in left
    )  # in the middle of the overlap strip


def test_coordinates_on_the_edges_and_names_as_text(mini_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(mini_pdf))
    first, second = reader.pages[1].extract_text(), reader.pages[2].extract_text()
    assert "map sheet 1 of 2 (row 1, column 1)" in first and "next sheets right: 2" in first
    assert "next sheets left: 1" in second
    with pdfplumber.open(io.BytesIO(mini_pdf)) as pdf:
        words = pdf.pages[1].extract_words()
        height = pdf.pages[1].height
    columns = [w for w in words if w["text"] in "ABCDEFGHIJK" and len(w["text"]) == 1]
    top = {w["text"] for w in columns if w["top"] < height / 2}
    bottom = {w["text"] for w in columns if w["top"] > height / 2}
    assert top == bottom and {"A", "B", "C"} <= top
    rows = [w for w in words if w["text"] in ("1", "2")]
    assert len(rows) >= 4  # rows 1 and 2, left and right
    assert "Alpha &" in first and "<Beta>" in first


def test_a_game_without_hexes_is_a_clear_error(mini: Game) -> None:
    empty = Game(id="none", title="None", tiles=mini.tiles)
    with pytest.raises(ValueError, match="none: the game has no map hexes"):
        map_sheet_pages(empty, MapSheetOptions())


def test_a_small_map_is_one_sheet_without_index(mini: Game) -> None:
    pages = map_sheet_pages(mini, MapSheetOptions(hex_mm=15))
    assert len(pages) == 1 and "map sheet 1 of 1" in pages[0]
