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


@dataclass(frozen=True)
class ManifestView:
    """One grouping of a game's manifest: `number` (the default, shown) or `family`."""

    name: str
    hidden: bool
    sections: tuple[TileSection, ...]
