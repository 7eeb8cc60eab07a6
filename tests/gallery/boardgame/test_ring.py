"""The ring layout: squares shared evenly among four sides, corners, no overlaps."""

from __future__ import annotations

import pytest

from gallery.boardgame.ring import Slot, ring_layout, side_counts


def test_forty_squares_is_eleven_per_side() -> None:
    assert side_counts(40) == (9, 9, 9, 9)
    ring = ring_layout(40)
    assert [s.index for s in ring.slots if s.corner] == [0, 10, 20, 30]
    assert ring.slots[0].cx > ring.size / 2 and ring.slots[0].cy > ring.size / 2  # bottom right
    assert [ring.slots[i].rotation for i in (1, 11, 21, 31)] == [0, 90, 180, 270]
    # play runs leftwards along the bottom
    assert ring.slots[1].cx > ring.slots[2].cx


def test_uneven_counts_go_bottom_top_left() -> None:
    assert side_counts(41) == (10, 9, 9, 9)
    assert side_counts(42) == (10, 9, 10, 9)
    assert side_counts(43) == (10, 10, 10, 9)
    assert side_counts(3) == (0, 0, 0, 0)


def _box(s: Slot) -> tuple[float, float, float, float]:
    w, d = (s.width, s.depth) if s.rotation in (0, 180) else (s.depth, s.width)
    return s.cx - w / 2, s.cy - d / 2, s.cx + w / 2, s.cy + d / 2


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 7, 12, 22, 40, 41, 42, 43, 60, 101])
def test_slots_tile_the_ring(count: int) -> None:
    ring = ring_layout(count)
    assert len(ring.slots) == count
    boxes = [_box(s) for s in ring.slots]
    for x0, y0, x1, y1 in boxes:
        assert -1e-6 <= x0 < x1 <= ring.size + 1e-6 and -1e-6 <= y0 < y1 <= ring.size + 1e-6
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 1e-6 or overlap_y <= 1e-6
