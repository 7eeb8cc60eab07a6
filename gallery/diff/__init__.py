"""`tile-atlas diff`: what changed in each game between two versions of its files.

`compare` reads both sides (`sides`) and compares them game by game into the model of `model`;
`text` (terminal, Markdown), `jsonout` and `html` (a standalone page drawing every change)
present it. Nothing here executes game files.
"""

from gallery.diff.compare import diff_paths, diff_sides
from gallery.diff.model import DiffReport, GameDiff, HexChange, TileChange
from gallery.diff.sides import Side, SideError, read_side

__all__ = [
    "DiffReport",
    "GameDiff",
    "HexChange",
    "Side",
    "SideError",
    "TileChange",
    "diff_paths",
    "diff_sides",
    "read_side",
]
