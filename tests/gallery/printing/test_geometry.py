"""Hex geometry in millimetres: true size, shared edges, how many hexes fit a page."""

from __future__ import annotations

import itertools
import math

import pytest

from gallery.printing.geometry import (
    FLATS_UNITS,
    PAPER_SIZES,
    Layout,
    Paper,
    Point,
    hex_corners,
    sheet_grid,
    sheet_position,
)

UNIT = 38 / FLATS_UNITS


def _flats(corners: list[Point], k: int) -> float:
    """Distance between the opposite edges k-(k+1) and (k+3)-(k+4) of a hexagon."""
    (x1, y1), (x2, y2) = corners[k], corners[k + 1]
    px, py = corners[k + 3]
    return abs((y2 - y1) * px - (x2 - x1) * py + x2 * y1 - y2 * x1) / math.hypot(x2 - x1, y2 - y1)


def _corners(layout: Layout, col: int, row: int) -> set[Point]:
    cx, cy = sheet_position(layout, col, row)
    return {
        (round(x, 6), round(y, 6)) for x, y in hex_corners(layout, UNIT, (cx * UNIT, cy * UNIT))
    }


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_a_38_mm_hex_is_38_mm_between_flats(layout: Layout) -> None:
    corners = hex_corners(layout, UNIT)
    # the renderer's hex is 174 units across its top and bottom flats and 173.4 across the
    # slanted ones (corners at y = ±87, not ±86.6): all three within the ±0.2 mm asked for
    assert _flats(corners, 1) == pytest.approx(38.0, abs=1e-9)
    assert [_flats(corners, k) for k in (0, 2)] == [pytest.approx(38.0, abs=0.2)] * 2


@pytest.mark.parametrize(
    ("layout", "neighbours"),
    [
        ("flat", [((0, 0), (1, 0)), ((1, 0), (2, 0)), ((0, 0), (0, 1)), ((1, 0), (1, 1))]),
        ("pointy", [((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 1), (0, 2))]),
    ],
)
def test_neighbours_on_a_sheet_share_an_edge_and_nothing_overlaps(
    layout: Layout, neighbours: list[tuple[tuple[int, int], tuple[int, int]]]
) -> None:
    for a, b in neighbours:
        assert len(_corners(layout, *a) & _corners(layout, *b)) == 2, (a, b)
    for a, b in itertools.combinations(itertools.product(range(3), range(3)), 2):
        pa, pb = sheet_position(layout, *a), sheet_position(layout, *b)
        assert math.dist(pa, pb) >= FLATS_UNITS - 1, (a, b)  # never closer than neighbours


@pytest.mark.parametrize(
    ("layout", "paper", "expected"),
    [("flat", "a4", 30), ("pointy", "a4", 32), ("flat", "letter", 30)],
)
def test_hexes_per_page(layout: Layout, paper: Paper, expected: int) -> None:
    w, h = PAPER_SIZES[paper]
    assert sheet_grid(layout, 38.0, (w - 20, h - 20)).per_page == expected


def test_a_hex_larger_than_the_page_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        sheet_grid("flat", 120.0, (100.0, 100.0))
