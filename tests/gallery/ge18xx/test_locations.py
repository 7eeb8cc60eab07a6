"""GE18XX sides and inner points -> tile-language edges and `loc` (no corpus needed)."""

from __future__ import annotations

import math

import pytest

from gallery.ge18xx.locations import POINTS, point_loc, rotate_location, side_to_edge


def _ge_screen_angle(side: float, layout: str) -> float:
    """Screen direction (degrees clockwise from 'up') of GE18XX side `side` (may be fractional).

    GE18XX: side 0 at the top of a flat hex, clockwise; an EW (pointy) map turns that diagram
    90° counter-clockwise (its documentation).
    """
    return (60 * side - (90 if layout == "pointy" else 0)) % 360


def _edge_screen_angle(edge: float, layout: str) -> float:
    """Screen direction of 18xx.games edge `edge`: edge 0 at the bottom, clockwise (facts §2.1);
    pointy = the flat drawing turned 30° clockwise (facts §2.2)."""
    return (180 + 60 * edge + (30 if layout == "pointy" else 0)) % 360


def test_side_mapping_table() -> None:
    assert [side_to_edge(s, "flat") for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert [side_to_edge(s, "pointy") for s in range(6)] == [1, 2, 3, 4, 5, 0]


@pytest.mark.parametrize("layout", ["flat", "pointy"])
@pytest.mark.parametrize("side", range(6))
def test_a_side_leaves_the_hex_where_ge18xx_draws_it(layout: str, side: int) -> None:
    edge = side_to_edge(side, layout)
    assert _edge_screen_angle(edge, layout) == _ge_screen_angle(side, layout)


@pytest.mark.parametrize("layout", ["flat", "pointy"])
@pytest.mark.parametrize("location", sorted(POINTS))
def test_inner_points_snap_to_the_nearest_edge_or_corner(layout: str, location: int) -> None:
    loc = point_loc(location, layout)
    direction, distance = POINTS[location]
    if loc == "center":
        assert distance < 0.25
        return
    assert loc is not None
    wanted = _ge_screen_angle(direction, layout)
    got = _edge_screen_angle(float(loc), layout)
    gap = abs((wanted - got + 180) % 360 - 180)
    assert gap <= 15.0 + 1e-9  # the nearest of the twelve edge and corner directions


def test_named_points() -> None:
    # flat: GE18XX 12 is the top-left corner = 18xx.games corner between edges 2 and 3
    assert point_loc(12, "flat") == "2.5"
    assert point_loc(13, "flat") == "3.5"
    assert point_loc(6, "flat") == "3"  # near the top side
    assert point_loc(9, "flat") == "0"  # near the bottom side
    assert point_loc(43, "pointy") == "4"  # adjacent to side 3 (right on a pointy map)
    assert point_loc(50, "flat") == point_loc(18, "flat") == "center"
    assert point_loc(3, "flat") is None and point_loc(99, "flat") is None


def test_rotation_moves_points_within_their_group() -> None:
    assert [rotate_location(s, 1) for s in range(6)] == [1, 2, 3, 4, 5, 0]
    assert rotate_location(11, 1) == 6 and rotate_location(17, 2) == 13
    assert rotate_location(45, 3) == 42 and rotate_location(29, 1) == 24
    assert rotate_location(50, 4) == 50 and rotate_location(99, 2) == 99
    assert rotate_location(92, 1) == 92  # dead ends follow the off-board node, not the side
    assert rotate_location(37, 1) == 38 and rotate_location(37, 5) == 37  # GE18XX's 4 points


def test_point_table_is_a_flat_hex() -> None:
    for location, (direction, distance) in POINTS.items():
        assert 0 <= direction < 6 and 0 <= distance < math.sqrt(3) / 2 + 0.01, location
