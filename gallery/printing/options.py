"""The choices a user makes for a print, checked once with messages that name the option.

Frozen dataclasses rather than keyword soup: the CLI, the tests and any later caller (a
"printable page per game") build one value and every stage reads the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from gallery.printing.geometry import (
    MAX_BLEED_MM,
    MAX_HEX_MM,
    MAX_MARGIN_MM,
    MIN_HEX_MM,
    PAPER_SIZES,
    Layout,
    Paper,
)

#: Copies printed of a tile whose supply is unlimited, by default and at most.
DEFAULT_UNLIMITED = 1
MAX_UNLIMITED = 50
MAX_OVERLAP_MM = 40.0


def _between(option: str, value: float, low: float, high: float, unit: str = "mm") -> None:
    if not low <= value <= high:
        raise ValueError(f"{option} must be between {low:g} and {high:g} {unit}, not {value:g}")


@dataclass(frozen=True)
class PageOptions:
    """What every sheet shares: paper, margins and the hex size (between flats, in mm)."""

    hex_mm: float = 38.0
    layout: Layout | None = None  # None: the game's own layout
    paper: Paper = "a4"
    margin_mm: float = 10.0

    def __post_init__(self) -> None:
        _between("--hex-mm", self.hex_mm, MIN_HEX_MM, MAX_HEX_MM)
        _between("--margin", self.margin_mm, 0.0, MAX_MARGIN_MM)
        if self.paper not in PAPER_SIZES:
            raise ValueError(f"--paper must be one of {', '.join(PAPER_SIZES)}, not {self.paper!r}")
        if self.layout not in (None, "flat", "pointy"):
            raise ValueError(f"--layout must be flat or pointy, not {self.layout!r}")

    @property
    def page_mm(self) -> tuple[float, float]:
        return PAPER_SIZES[self.paper]


@dataclass(frozen=True)
class TileSheetOptions(PageOptions):
    """Counter sheets: bleed around each hex, printed tile numbers, duplex backs, ∞ copies."""

    bleed_mm: float = 0.0
    numbers: bool = True
    backs: bool = False
    unlimited: int = DEFAULT_UNLIMITED
    #: A symbol per tile colour (`tile_lang.layout.color_cue`), beside the number's corner.
    color_cues: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        _between("--bleed", self.bleed_mm, 0.0, MAX_BLEED_MM)
        _between("--unlimited", self.unlimited, 0, MAX_UNLIMITED, "copies")


@dataclass(frozen=True)
class MapSheetOptions(PageOptions):
    """Map sheets: how much neighbouring pages overlap (mm) for gluing them together."""

    overlap_mm: float = 10.0

    def __post_init__(self) -> None:
        super().__post_init__()
        _between("--overlap", self.overlap_mm, 0.0, MAX_OVERLAP_MM)
