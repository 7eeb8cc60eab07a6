"""Game definitions and the gallery pages built from them (never imports mkdocs)."""

from gallery.errors import GameLoadError
from gallery.game import Axes, Game, MapHex, TileEntry, TileUpgrade
from gallery.ge18xx import import_ge18xx, import_ge18xx_folder, read_ge18xx
from gallery.native import check_game_file, dump_game, load_game, resolve_catalog
from gallery.ruby import import_18xx, import_18xx_checkout
from gallery.upgrades import UpgradeTables, upgrade_table, upgrade_tables

__all__ = [
    "Axes",
    "Game",
    "GameLoadError",
    "MapHex",
    "TileEntry",
    "TileUpgrade",
    "UpgradeTables",
    "check_game_file",
    "dump_game",
    "import_18xx",
    "import_18xx_checkout",
    "import_ge18xx",
    "import_ge18xx_folder",
    "load_game",
    "read_ge18xx",
    "resolve_catalog",
    "upgrade_table",
    "upgrade_tables",
]
