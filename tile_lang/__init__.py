"""tile_lang: the 18xx tile language — parse, model, check, lay out and draw tiles.

No MkDocs import anywhere in this package: the fence and the renderer must work in any
Python-Markdown host.
"""

from typing import TYPE_CHECKING

from tile_lang.check import check
from tile_lang.describe import describe
from tile_lang.diagnostic import (
    Collector,
    Diagnostic,
    Severity,
    caret_lines,
    closest,
    did_you_mean,
    has_errors,
)
from tile_lang.errors import TileSyntaxError
from tile_lang.lanes import expand_paths
from tile_lang.model import Tile
from tile_lang.options import (
    CUE_MODES,
    GRIDS,
    LAYOUTS,
    CueMode,
    Grid,
    Layout,
    cue_mode,
    grid_mode,
    is_layout,
)
from tile_lang.parse import parse
from tile_lang.rotation import rotate
from tile_lang.serialise import serialise
from tile_lang.upgrades import legal_rotations

if TYPE_CHECKING:  # typed for mypy; imported lazily at run time (see __getattr__)
    from tile_lang.svg import render_svg

__all__ = [
    "CUE_MODES",
    "GRIDS",
    "LAYOUTS",
    "Collector",
    "CueMode",
    "Diagnostic",
    "Grid",
    "Layout",
    "Severity",
    "Tile",
    "TileSyntaxError",
    "caret_lines",
    "check",
    "closest",
    "cue_mode",
    "describe",
    "did_you_mean",
    "expand_paths",
    "grid_mode",
    "has_errors",
    "is_layout",
    "legal_rotations",
    "parse",
    "render_svg",
    "rotate",
    "serialise",
]


def __getattr__(name: str) -> object:
    # Lazy on purpose (start-up time): parsing and checking must not pay for importing the SVG
    # writer and the layout stages; `tile-atlas check` and the fence validator only parse.
    if name == "render_svg":
        from tile_lang.svg import render_svg

        return render_svg
    raise AttributeError(name)
