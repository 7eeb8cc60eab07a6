"""Where each square of a board goes: the classic ring, for any number of squares.

The first square (Salida) is the bottom-right corner and play runs clockwise on screen:
leftwards along the bottom, up the left side, rightwards along the top, down the right side —
the Monopoly layout. Four squares are corners (big, drawn upright); the others are shared
evenly among the four sides, extra ones going to the bottom, then the top, then the left side
(40 squares: corners at 0, 10, 20, 30 and 9 per side, i.e. 11 per side counting corners).

Each edge square is described in its own frame — as if it sat on the bottom side, centred on
the origin, its inner edge (towards the middle of the board) at the top — plus a rotation,
so one drawing routine serves all four sides. Pure geometry: no SVG here.
"""

from __future__ import annotations

from dataclasses import dataclass

EDGE_WIDTH = 80.0
"""Width of an edge square along its side on the longest side (user units)."""
DEPTH = 130.0
"""Depth of the ring; corners are DEPTH x DEPTH."""

SIDE_ROTATION = (0, 90, 180, 270)
"""Rotation of an edge square's frame on the bottom, left, top and right side."""


@dataclass(frozen=True)
class Slot:
    """One square's place: centre, size in its own frame, and rotation (degrees, clockwise)."""

    index: int
    side: int
    corner: bool
    cx: float
    cy: float
    width: float
    depth: float
    rotation: int


@dataclass(frozen=True)
class Ring:
    """All slots of a board of `size` x `size` user units; the middle is free for a title."""

    size: float
    depth: float
    slots: tuple[Slot, ...]


def side_counts(count: int) -> tuple[int, int, int, int]:
    """Edge squares (corners excluded) on the bottom, left, top and right side."""
    edges = max(count - 4, 0)
    base, extra = divmod(edges, 4)
    counts = [base] * 4
    for side in (0, 2, 1)[:extra]:
        counts[side] += 1
    return counts[0], counts[1], counts[2], counts[3]


def ring_layout(count: int, *, edge_width: float = EDGE_WIDTH, depth: float = DEPTH) -> Ring:
    """The slots for `count` squares in playing order."""
    counts = side_counts(count)
    longest = max(counts)
    size = 2 * depth + longest * edge_width
    span = size - 2 * depth
    corner_centres = (
        (size - depth / 2, size - depth / 2),
        (depth / 2, size - depth / 2),
        (depth / 2, depth / 2),
        (size - depth / 2, depth / 2),
    )
    slots: list[Slot] = []
    for side in range(4):
        cx, cy = corner_centres[side]
        slots.append(Slot(len(slots), side, True, cx, cy, depth, depth, 0))
        n = counts[side]
        if not n:
            continue
        width = span / n
        for j in range(n):
            along = depth + (j + 0.5) * width
            x, y = {
                0: (size - along, size - depth / 2),
                1: (depth / 2, size - along),
                2: (along, depth / 2),
                3: (size - depth / 2, along),
            }[side]
            slots.append(Slot(len(slots), side, False, x, y, width, depth, SIDE_ROTATION[side]))
    return Ring(size, depth, tuple(slots[:count]))
