"""The ring layout: squares shared evenly among four sides, corners, no overlaps."""

from __future__ import annotations

import pytest

from gallery.boardgame.ring import MIN_SPAN, Slot, ring_layout, side_counts


def test_forty_squares_is_eleven_per_side() -> None:
    assert side_counts(40) == (9, 9, 9, 9)
    ring = ring_layout(40)
    assert [s.index for s in ring.slots if s.corner] == [0, 10, 20, 30]
    assert ring.slots[0].cx > ring.width / 2 and ring.slots[0].cy > ring.height / 2  # bottom right
    assert [ring.slots[i].rotation for i in (1, 11, 21, 31)] == [0, 90, 180, 270]
    # play runs leftwards along the bottom
    assert ring.slots[1].cx > ring.slots[2].cx


def test_uneven_counts_go_bottom_top_left() -> None:
    assert side_counts(41) == (10, 9, 9, 9)
    assert side_counts(42) == (10, 9, 10, 9)
    assert side_counts(43) == (10, 10, 10, 9)
    assert side_counts(3) == (0, 0, 0, 0)
    # too few for four sides: bottom and top only
    assert [side_counts(n) for n in (5, 6, 7, 8)] == [
        (1, 0, 0, 0), (1, 0, 1, 0), (2, 0, 1, 0), (1, 1, 1, 1)]  # fmt: skip


def _box(s: Slot) -> tuple[float, float, float, float]:
    w, d = (s.width, s.depth) if s.rotation in (0, 180) else (s.depth, s.width)
    return s.cx - w / 2, s.cy - d / 2, s.cx + w / 2, s.cy + d / 2


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7, 12, 22, 40, 41, 42, 43, 60, 101])
def test_slots_tile_the_ring(count: int) -> None:
    ring = ring_layout(count)
    assert len(ring.slots) == count
    boxes = [_box(s) for s in ring.slots]
    for x0, y0, x1, y1 in boxes:
        assert -1e-6 <= x0 < x1 <= ring.width + 1e-6 and -1e-6 <= y0 < y1 <= ring.height + 1e-6
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6


@pytest.mark.parametrize("count", [4, 5, 6, 7, 8, 9, 12, 13, 22, 40, 41, 43])
def test_no_side_is_left_empty(count: int) -> None:
    """The squares cover the whole ring: the board less its middle (no gap on any side)."""
    ring = ring_layout(count)
    covered = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in map(_box, ring.slots))
    middle = ring.inner_width * ring.inner_height
    assert covered == pytest.approx(ring.width * ring.height - middle)


@pytest.mark.parametrize("count", [8, 9, 12, 16, 40])
def test_a_board_with_a_middle_is_square_with_room_for_a_title(count: int) -> None:
    ring = ring_layout(count)
    assert ring.width == ring.height
    assert ring.inner_width == ring.inner_height >= MIN_SPAN


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 7])
def test_small_boards_have_no_middle(count: int) -> None:
    ring = ring_layout(count)
    assert ring.inner_width == ring.inner_height == 0
    assert ring.height == 2 * ring.depth


def test_squares_on_corners_face_the_middle() -> None:
    big = ring_layout(12)
    corners = [s for s in big.slots if s.corner]
    assert [s.facing for s in corners] == [0, 90, 180, 270]
    assert all(s.facing == s.rotation for s in big.slots if not s.corner)
    small = ring_layout(6)  # no middle: each row faces the other
    assert [s.facing for s in small.slots if s.corner] == [0, 0, 180, 180]
