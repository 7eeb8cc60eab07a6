"""A game's legal upgrades as published data: `games/<id>/upgrades.json`.

Other tools (a game designer's checker, a bot, a map viewer) want the same answers the upgrade
chart draws without scraping HTML. The document holds both tables `gallery.upgrades` infers:
tile level (every supply tile and preprinted hex, all edges open) and on the map (preprinted
hexes where they lie, edges leading off the map or into impassable neighbours closed). Rows are
lists, not objects keyed by name, so that their order (the game's own order) survives every JSON
reader. `gallery/schema/upgrades.schema.json` describes it; its `version` changes whenever a
field's meaning does.
"""

from __future__ import annotations

import json
from typing import Any

from gallery.game import Game
from gallery.upgrades import Table, UpgradeTables

#: The document format's version (the schema's `version` const).
FORMAT_VERSION = 1

#: The rules the tables follow: 18xx.games' base rules as read at this engine commit
#: (the upgrade-rules page says what they cover and what a game may override).
RULES = {
    "engine": "18xx.games",
    "commit": "111f7f698005a057d68877682486da3f1705e551",
    "scope": "base rules (Game#upgrades_to?, Tracker#legal_tile_rotation?)",
}


def _rows(table: Table) -> list[dict[str, Any]]:
    return [
        {"from": origin, "to": [{"tile": new, "rotations": list(rot)} for new, rot in row.items()]}
        for origin, row in table.items()
    ]


def _table(tables: UpgradeTables) -> dict[str, Any]:
    return {
        "legal": _rows(tables.legal),
        "blocks_lay": _rows(tables.blocks_lay),
        "unreadable": list(tables.unreadable),
    }


def upgrades_document(
    game: Game, tile_level: UpgradeTables, on_map: UpgradeTables
) -> dict[str, Any]:
    """The published document of `game`'s two tables (as `upgrade_tables_both` gives them)."""
    return {
        "version": FORMAT_VERSION,
        "rules": dict(RULES),
        "game": {"id": game.id, "title": game.title, "layout": game.layout},
        "phase_colors": list(game.phase_colors) if game.phase_colors is not None else None,
        "tile_level": _table(tile_level),
        "on_map": _table(on_map),
    }


def upgrades_json(game: Game, tile_level: UpgradeTables, on_map: UpgradeTables) -> str:
    """`upgrades_document` as deterministic JSON text (sorted keys, one row a line)."""
    return (
        json.dumps(
            upgrades_document(game, tile_level, on_map),
            ensure_ascii=False,
            sort_keys=True,
            indent=1,
        )
        + "\n"
    )
