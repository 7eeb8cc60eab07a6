"""Rendering options shared by every layer and by the packages built on tile_lang.

The hex layout is the one option whose spelling crosses layers (layout geometry, the SVG writer,
the fence, the gallery's game files, the CLI), so its literal type and the tuple of its values
are defined here once; everyone else imports them (`from tile_lang import Layout, LAYOUTS`).
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
