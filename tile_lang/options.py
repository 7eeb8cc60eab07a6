"""Rendering options shared by every layer and by the packages built on tile_lang.

The hex layout and the grid overlay are the options whose spelling crosses layers (layout
geometry, the SVG writer, the fence, the gallery's game files, the CLI), so their literal types
and the tuples of their values are defined here once; everyone else imports them
(`from tile_lang import Layout, LAYOUTS`).
"""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

#: How hexes stand: `flat` (a flat edge at the top, edge 0 at the bottom) or `pointy` (the flat
#: drawing rotated +30°, text kept upright).
Layout = Literal["flat", "pointy"]

#: Every layout, in documentation order (for CLI choices, config choices, error messages).
LAYOUTS: tuple[Layout, ...] = get_args(Layout)


def is_layout(value: object) -> TypeGuard[Layout]:
    """True when `value` is a layout name; narrows a `str` read from a file or option."""
    return value in LAYOUTS


#: What the `grid` overlay shows. `regions`: the lines that cut the hex into its 24 regions and
#: each region's number (what `grid` means everywhere: fences, tile pages' `?grid`, the CLI);
#: `usage`: the same lines with how much each region is used by the tile's parts (18xx.games'
#: own `?grid` debug view); `anatomy`: the teaching figure: regions, edges 0-5, corners
#: 0.5-5.5 and the centre, labelled.
Grid = Literal["regions", "usage", "anatomy"]

#: Every grid mode, in documentation order.
GRIDS: tuple[Grid, ...] = get_args(Grid)


def is_grid(value: object) -> TypeGuard[Grid]:
    """True when `value` is a grid mode name."""
    return value in GRIDS


def grid_mode(value: bool | str | None) -> Grid | None:
    """`True` means `regions`, `False`/None no grid; ValueError for an unknown mode."""
    if value is None or value is False:
        return None
    if value is True:
        return "regions"
    if is_grid(value):
        return value
    choices = ", ".join(repr(g) for g in GRIDS)
    raise ValueError(f"grid must be one of {choices} (or a flag), not {value!r}")


#: How colour cues (`tile_lang.layout.color_cue`) are drawn: not at all (the default: the
#: drawing is byte-identical to one made without the option), shown, or emitted hidden for a
#: page or an SVG file to reveal (`toggle`, for a site-wide colour-blind switch).
CueMode = Literal["off", "on", "toggle"]

#: Every cue mode, in documentation order.
CUE_MODES: tuple[CueMode, ...] = get_args(CueMode)


def is_cue_mode(value: object) -> TypeGuard[CueMode]:
    """True when `value` is a cue mode name."""
    return value in CUE_MODES


def cue_mode(value: bool | str | None) -> CueMode:
    """`True` means `on`, `False`/None `off`; ValueError for an unknown mode."""
    if value is None or value is False:
        return "off"
    if value is True:
        return "on"
    if is_cue_mode(value):
        return value
    raise ValueError(f"color_cues must be a flag, 'on', 'off' or 'toggle', not {value!r}")
