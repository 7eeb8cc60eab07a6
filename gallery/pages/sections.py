"""Typed contexts of the tile-grid templates (`tile_grid`, `catalog_grid`, `manifest`)."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup


@dataclass(frozen=True)
class TileSection:
    """A heading (with its anchor, when it has one) over a grid of tile cards."""

    title: str
    cards: tuple[Markup, ...]
    anchor: str = ""
    names: tuple[str, ...] = ()
    """The cards' tile names in order (a manifest view whose cards the page's script moves in)."""


@dataclass(frozen=True)
class ManifestView:
    """One grouping of a game's manifest: `number` (the default, shown) or `family`. Only the
    shown view carries cards; each section of every view names its cards, so the page's script
    moves the one set of cards between views (every card twice made a game page half again
    as large)."""

    name: str
    hidden: bool
    sections: tuple[TileSection, ...]
