"""Where each square of a board goes: the classic ring, for any number of squares.

The first square (Salida) is the bottom-right corner and play runs clockwise on screen:
leftwards along the bottom, up the left side, rightwards along the top, down the right side —
the Monopoly layout. Four squares are corners (big, drawn upright); the others are shared
among the sides (40 squares: corners at 0, 10, 20, 30 and 9 per side, 11 counting corners).

Small boards must still look like boards, not like a big board with squares missing:

* from 8 squares up the board is square and every side has at least one square; a side is
  never shorter than `MIN_SPAN` (so the middle has room for the title and the card piles):
  on a side with few squares each square is wider;
* from 5 to 7 squares the edge squares go on the bottom and top only: the board is a
  rectangle two corners deep with no middle (the left and right sides have length 0); when
  the bottom has one square more than the top, the top corners widen to close the gap;
* up to 4 squares the board is its corners alone.

A board with no middle (`Ring.inner_width == 0`) gets its title outside the ring.

Each edge square is described in its own frame — as if it sat on the bottom side, centred on
the origin, its inner edge (towards the middle of the board) at the top — plus a rotation,
so one drawing routine serves all four sides. Corners are upright rectangles in screen
coordinates (`width` across, `depth` down). Pure geometry: no SVG here.
"""

from __future__ import annotations

from dataclasses import dataclass

EDGE_WIDTH = 80.0
"""Width of an edge square along its side on the longest side (user units)."""
DEPTH = 130.0
"""Depth of the ring; corners are DEPTH x DEPTH (wider where a side has no square)."""
MIN_SPAN = 3 * EDGE_WIDTH
"""Shortest side (between its corners) of a board with a middle: room for a title."""

SIDE_ROTATION = (0, 90, 180, 270)
"""Rotation of an edge square's frame on the bottom, left, top and right side."""


@dataclass(frozen=True)
class Slot:
    """One square's place: centre, size in its own frame, and rotation (degrees, clockwise).

    `facing` is the turn that puts the frame's top towards the middle of the board: the
    rotation for an edge square; for a corner, the turn of the side it starts (so a street on
    a corner shows its colour band inwards), or, on a board with no middle, towards the other
    row."""

    index: int
    side: int
    corner: bool
    cx: float
    cy: float
    width: float
    depth: float
    rotation: int
    facing: int = 0


@dataclass(frozen=True)
class Ring:
    """All slots of a board `width` x `height` user units; the middle is free for a title."""

    width: float
    height: float
    depth: float
    slots: tuple[Slot, ...]

    @property
    def inner_width(self) -> float:
        """Width of the free middle (0 for a board with no middle)."""
        return max(self.width - 2 * self.depth, 0.0) if self.height > 2 * self.depth else 0.0

    @property
    def inner_height(self) -> float:
        """Height of the free middle (0 for a board with no middle)."""
        return max(self.height - 2 * self.depth, 0.0) if self.width > 2 * self.depth else 0.0


def side_counts(count: int) -> tuple[int, int, int, int]:
    """Edge squares (corners excluded) on the bottom, left, top and right side."""
    edges = max(count - 4, 0)
    if edges < 4:
        # too few for every side: bottom and top only (a board two corners deep)
        return (edges + 1) // 2, 0, edges // 2, 0
    base, extra = divmod(edges, 4)
    counts = [base] * 4
    for side in (0, 2, 1)[:extra]:
        counts[side] += 1
    return counts[0], counts[1], counts[2], counts[3]


def ring_layout(count: int, *, edge_width: float = EDGE_WIDTH, depth: float = DEPTH) -> Ring:
    """The slots for `count` squares in playing order."""
    counts = side_counts(count)
    span_x = max(counts[0], counts[2]) * edge_width
    span_y = max(counts[1], counts[3]) * edge_width
    if span_y:  # a board with a middle: square, and roomy enough for a title
        span_x = span_y = max(span_x, span_y, MIN_SPAN)
    width, height = 2 * depth + span_x, 2 * depth + span_y
    spans = (span_x, span_y, span_x, span_y)
    # corners in playing order: bottom right, bottom left, top left, top right; a side with
    # no square but some length (bottom 1, top 0) is closed by widening its two corners
    grow = [spans[side] / 2 if not counts[side] else 0.0 for side in range(4)]
    corners = (
        (width - depth / 2 - grow[0] / 2, height - depth / 2, depth + grow[0]),
        (depth / 2 + grow[0] / 2, height - depth / 2, depth + grow[0]),
        (depth / 2 + grow[2] / 2, depth / 2, depth + grow[2]),
        (width - depth / 2 - grow[2] / 2, depth / 2, depth + grow[2]),
    )
    slots: list[Slot] = []
    for side in range(4):
        cx, cy, across = corners[side]
        facing = SIDE_ROTATION[side] if span_y else (0, 0, 180, 180)[side]
        slots.append(Slot(len(slots), side, True, cx, cy, across, depth, 0, facing))
        n = counts[side]
        if not n:
            continue
        span = spans[side]
        square = span / n
        for j in range(n):
            along = depth + (j + 0.5) * square
            x, y = {
                0: (width - along, height - depth / 2),
                1: (depth / 2, height - along),
                2: (along, depth / 2),
                3: (width - depth / 2, along),
            }[side]
            turn = SIDE_ROTATION[side]
            slots.append(Slot(len(slots), side, False, x, y, square, depth, turn, turn))
    return Ring(width, height, depth, tuple(slots[:count]))
