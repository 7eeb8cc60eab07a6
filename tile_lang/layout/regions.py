"""The 24-region triangular grid and the region-use table that keeps parts from colliding.

18xx.games cuts the hex into 24 triangles (facts §2.5). Every part that is placed automatically
offers candidate locations with region weights; the cheapest location given what earlier parts
already claimed wins, ties going to the earliest candidate (facts §2.6). Reproducing this exactly
is what makes labels, revenues and icons land where players expect them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tile_lang.layout.shapes import Point

#: Triangle vertices of each region, tile frame (flat view).
REGION_TRIANGLES: dict[int, tuple[Point, Point, Point]] = {
    0: ((-50, -87), (-75, -43.5), (-25, -43.5)),
    1: ((-50, -87), (0, -87), (-25, -43.5)),
    2: ((0, -87), (-25, -43.5), (25, -43.5)),
    3: ((0, -87), (50, -87), (25, -43.5)),
    4: ((50, -87), (25, -43.5), (75, -43.5)),
    5: ((-75, -43.5), (-100, 0), (-50, 0)),
    6: ((-75, -43.5), (-25, -43.5), (-50, 0)),
    7: ((-25, -43.5), (-50, 0), (0, 0)),
    8: ((-25, -43.5), (25, -43.5), (0, 0)),
    9: ((25, -43.5), (0, 0), (50, 0)),
    10: ((25, -43.5), (75, -43.5), (50, 0)),
    11: ((75, -43.5), (50, 0), (100, 0)),
    12: ((-100, 0), (-50, 0), (-75, 43.5)),
    13: ((-50, 0), (-75, 43.5), (-25, 43.5)),
    14: ((-50, 0), (0, 0), (-25, 43.5)),
    15: ((0, 0), (-25, 43.5), (25, 43.5)),
    16: ((0, 0), (50, 0), (25, 43.5)),
    17: ((50, 0), (25, 43.5), (75, 43.5)),
    18: ((50, 0), (100, 0), (75, 43.5)),
    19: ((-75, 43.5), (-25, 43.5), (-50, 87)),
    20: ((-25, 43.5), (-50, 87), (0, 87)),
    21: ((-25, 43.5), (25, 43.5), (0, 87)),
    22: ((25, 43.5), (0, 87), (50, 87)),
    23: ((25, 43.5), (75, 43.5), (50, 87)),
}

#: Where the grid overlay writes each region's number (flat, tile frame).
REGION_LABEL_CENTERS: dict[int, Point] = {
    0: (-50, -58.25), 1: (-25, -72.25), 2: (0, -58.25), 3: (25, -72.25), 4: (50, -58.25),
    5: (-75, -14.75), 6: (-50, -28.75), 7: (-25, -14.75), 8: (0, -28.75), 9: (25, -14.75),
    10: (50, -28.75), 11: (75, -14.75), 12: (-75, 14.75), 13: (-50, 28.75), 14: (-25, 14.75),
    15: (0, 28.75), 16: (25, 14.75), 17: (50, 28.75), 18: (75, 14.75), 19: (-50, 58.25),
    20: (-25, 72.25), 21: (0, 58.25), 22: (25, 72.25), 23: (50, 58.25),
}  # fmt: skip

#: Region -> the region it becomes after one clockwise edge step.
ROTATED_ONCE: dict[int, int] = {
    0: 3, 1: 4, 2: 10, 3: 11, 4: 18, 5: 1, 6: 2, 7: 8, 8: 9, 9: 16, 10: 17, 11: 23,
    12: 0, 13: 6, 14: 7, 15: 14, 16: 15, 17: 21, 18: 22, 19: 5, 20: 12, 21: 13, 22: 19, 23: 20,
}  # fmt: skip

CENTER = (7, 8, 9, 14, 15, 16)
UPPER_CENTER = (7, 8, 9)
LOWER_CENTER = (14, 15, 16)
LEFT_CENTER = (7, 14)
RIGHT_CENTER = (9, 16)
LEFT_MID = (6, 13)
RIGHT_MID = (10, 17)
LEFT_CORNER = (5, 12)
RIGHT_CORNER = (11, 18)
UPPER_LEFT_CORNER = (0, 1)
UPPER_RIGHT_CORNER = (3, 4)
BOTTOM_LEFT_CORNER = (19, 20)
BOTTOM_RIGHT_CORNER = (22, 23)
TOP_ROW = (0, 1, 2, 3, 4)
TOP_MIDDLE_ROW = (6, 7, 8, 9, 10)
BOTTOM_MIDDLE_ROW = (13, 14, 15, 16, 17)
BOTTOM_ROW = (19, 20, 21, 22, 23)
UPPER_LEFT = (0, 1, 2)
UPPER_RIGHT = (2, 3, 4)
UPPER_CENTER_LEFT = (6, 7, 8)
UPPER_CENTER_RIGHT = (8, 9, 10)

#: Regions crossed by track from the centre to each edge (and half-edge corner position).
TRACK_TO_EDGE: dict[float, tuple[int, ...]] = {
    0: (15, 21), 1: (13, 14), 2: (6, 7), 3: (2, 8), 4: (9, 10), 5: (16, 17),
    0.5: (14, 15, 19, 20), 1.5: (5, 7, 12, 4), 2.5: (0, 1, 7, 8), 3.5: (3, 4, 8, 9),
    4.5: (9, 11, 16, 18), 5.5: (15, 16, 22, 23),
}  # fmt: skip

#: The region touching each edge's midpoint.
EDGE_REGION = {0: 21, 1: 13, 2: 6, 3: 2, 4: 10, 5: 17}


def rotate_regions(regions: Iterable[int], steps: int) -> tuple[int, ...]:
    """Regions turned clockwise by `steps` edges."""
    out = []
    for region in regions:
        for _ in range(steps % 6):
            region = ROTATED_ONCE[region]
        out.append(region)
    return tuple(out)


#: Region weights of a location: a plain list (weight 1 each) or {regions: weight}.
Weights = Sequence[int] | Mapping[tuple[int, ...], float]


@dataclass(frozen=True)
class Location:
    """A candidate position for a part, with the regions it would cover.

    `weights_in` price the location; `weights_out` are added once it is chosen (defaults to
    `weights` for both). `angle` and `scale` are carried through for the part's own use.
    """

    x: float
    y: float
    weights: Weights = ()
    weights_in: Weights | None = None
    weights_out: Weights | None = None
    angle: float = 0.0
    scale: float = 1.0
    name: str = ""


@dataclass
class RegionUse:
    """The shared per-tile table region -> use, and the engine's choose-and-claim rule."""

    use: dict[int, float] = field(default_factory=lambda: dict.fromkeys(range(24), 0.0))

    def cost(self, weights: Weights) -> float:
        """Σ weight · Σ use[r] (a region listed twice counts twice; a plain list weighs 1).

        Summed term by term in the weights' order with `sum`, always the same way: equal
        costs must stay exactly equal, as ties decide placements. No pairs list is built, as
        every candidate of every placed part is priced (the commonest call of a layout)."""
        use = self.use.__getitem__
        if isinstance(weights, Mapping):
            return sum([float(w) * sum(map(use, regions)) for regions, w in weights.items()])
        return 1.0 * sum(map(use, weights))

    def claim(self, weights: Weights) -> None:
        use = self.use
        if isinstance(weights, Mapping):
            for regions, w in weights.items():
                for r in regions:
                    use[r] += float(w)
        else:
            for r in weights:
                use[r] += 1.0

    def choose(self, candidates: Sequence[Location]) -> Location:
        """The cheapest candidate (ties -> earliest); its out-weights are claimed."""
        best = self.best(candidates)
        out = best.weights_out if best.weights_out is not None else best.weights
        self.claim(out)
        return best

    def best(self, candidates: Sequence[Location]) -> Location:
        """The cheapest candidate (ties -> earliest), claiming nothing."""
        if not candidates:
            raise ValueError("no candidate locations")
        return min(
            enumerate(candidates),
            key=lambda ic: (
                self.cost(ic[1].weights_in if ic[1].weights_in is not None else ic[1].weights),
                ic[0],
            ),
        )[1]
