"""Layout stage: grid (not drawn yet)."""

from __future__ import annotations

from tile_lang.layout.context import TileContext


def draw(ctx: TileContext) -> None:
    """Placeholder until this stage is implemented."""
