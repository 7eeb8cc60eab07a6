"""Game definitions and the gallery pages built from them (never imports mkdocs)."""

from gallery.errors import GameDiagnostic, GameLoadError
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade

__all__ = [
    "Axes",
    "Game",
    "GameDiagnostic",
    "GameLoadError",
    "MapHex",
    "TileEntry",
    "TileUpgrade",
]
